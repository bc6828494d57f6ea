package http_test

import (
	"net/http"
	"strings"
	"testing"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// Every route that changes something is either recorded in the operation
// history by the one audit step, or exempt with a reason (its use case
// records it itself, or it changes nothing anyone audits). A new
// state-changing route fails here until it says which.
func TestEveryChangeIsAudited(t *testing.T) {
	t.Parallel()
	c := consoletest.Start(t, "sqlite")
	seen := 0
	for _, r := range c.App.Server.Echo().Routes() {
		if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == "echo_route_not_found" ||
			strings.HasPrefix(r.Path, "/home") {
			continue
		}
		seen++
		audited, exempt := httpadapter.AuditedRoute(r.Method, r.Path)
		switch {
		case audited && exempt != "":
			t.Errorf("%s %s is both audited and exempt", r.Method, r.Path)
		case !audited && exempt == "":
			t.Errorf("%s %s changes something but records nothing: add it to auditRules (or auditExempt, with the reason)", r.Method, r.Path)
		}
	}
	if want := httpadapter.AuditTableSize(); seen != want {
		t.Errorf("%d state-changing routes, %d audit entries: an entry names a route that no longer exists", seen, want)
	}
}

// A change is recorded once, with who, from where, what and which object;
// a refused change records nothing.
func TestAChangeIsRecordedWithItsTarget(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		cl.IP = "203.0.113.7"
		count := func() int {
			return c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation IN ('CREATE', 'UPDATE', 'DELETE')")
		}
		before := count()
		body := ourStoreBody(t, c)
		body["facilityName"] = ""
		if a := cl.Do(http.MethodPut, ourStorePath(t, c), body); a.Status != http.StatusBadRequest {
			t.Fatalf("a bad update: %d %s", a.Status, a.Body)
		}
		if n := count(); n != before {
			t.Errorf("a refused change recorded %d rows", n-before)
		}
		body = ourStoreBody(t, c)
		body["version"] = c.Count(t, "SELECT version FROM facilities WHERE facility_id = ?", c.FacilityID(t, 2, "新宿駅前店"))
		if a := cl.Do(http.MethodPut, ourStorePath(t, c), body); a.Status != http.StatusOK {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		if n := count(); n != before+1 {
			t.Fatalf("an update recorded %d rows, want 1", n-before)
		}
		store := c.FacilityID(t, 2, "越境店")
		if n := c.Count(t, `SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation = 'UPDATE'
			AND target_type = '店舗' AND target_id = ? AND user_account = 'demoadmin' AND ip_address = '203.0.113.7'
			AND detail = '店舗を更新しました'`, store); n != 1 {
			t.Error("the update's record lacks its user, address, target or summary")
		}
		// A creation names the object it made.
		body = ourStoreBody(t, c)
		body["facilityName"] = "監査店"
		if a := cl.Do(http.MethodPost, "/api/facility", body); a.Status != http.StatusOK {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, `SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation = 'CREATE'
			AND target_type = '店舗' AND target_id = ?`, c.FacilityID(t, 2, "監査店")); n != 1 {
			t.Error("the creation's record does not name the new store")
		}
	})
}
