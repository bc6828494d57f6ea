package http_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

func TestThePurgeTaskDeletesOnlySpentSignInRecords(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		now := time.Now().UTC()
		old, recent := now.Add(-48*time.Hour), now.Add(-5*time.Minute)
		c.Exec(t, `INSERT INTO login_throttle (throttle_key, failures, window_started_at) VALUES ('ip:spent', 3, ?), ('ip:counting', 3, ?)`, old, recent)
		c.Exec(t, `INSERT INTO login_throttle (throttle_key, failures, window_started_at, locked_until) VALUES ('ip:locked', 30, ?, ?)`, old, now.Add(time.Hour))
		c.Exec(t, `INSERT INTO sessions (session_hash, user_id, organization_id, created_at, last_seen_at, expires_at)
			SELECT 'ended-long-ago', user_id, organization_id, ?, ?, ? FROM users WHERE user_account = 'demoadmin'`, now.Add(-60*24*time.Hour), now.Add(-60*24*time.Hour), now.Add(-59*24*time.Hour))
		c.Exec(t, `INSERT INTO sessions (session_hash, user_id, organization_id, created_at, last_seen_at, expires_at)
			SELECT 'ended-yesterday', user_id, organization_id, ?, ?, ? FROM users WHERE user_account = 'demoadmin'`, old, old, now.Add(-24*time.Hour))

		if a := sysadmin(t, c).Do(http.MethodPost, "/api/system/schedule/purge_sign_in_records/run", nil); a.Status != http.StatusOK {
			t.Fatalf("run now: %d %s", a.Status, a.Body)
		}
		deadline := time.Now().Add(15 * time.Second)
		for c.Count(t, "SELECT COUNT(*) FROM login_throttle WHERE throttle_key = 'ip:spent'") > 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		for c.Count(t, "SELECT COUNT(*) FROM sessions WHERE session_hash = 'ended-long-ago'") > 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM login_throttle WHERE throttle_key = 'ip:spent'"); n != 0 {
			t.Error("a spent counter was kept")
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM login_throttle WHERE throttle_key IN ('ip:counting', 'ip:locked')"); n != 2 {
			t.Errorf("a counting or locking counter was deleted: %d left", n)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM sessions WHERE session_hash = 'ended-long-ago'"); n != 0 {
			t.Error("a session ended two months ago was kept")
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM sessions WHERE session_hash = 'ended-yesterday'"); n != 1 {
			t.Error("a session ended yesterday was deleted")
		}
	})
}
