package http_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

// listCase says how organization 3's administrator calls one list route
// (a GET without a path parameter): the query strings to try — {group},
// {store}, {tag}, {userTag}, {list} and {survey} stand for organization 2's
// ids, so a filter naming another organization's object is tried too — and
// the status expected. A route whose answer is not tenant data says why.
type listCase struct {
	queries []string
	status  int
	why     string // set when the answer is not tenant data (nothing to look for)
}

// listCases covers every signed-in list route. A list route added without a
// case here fails TestNoListShowsAnotherOrganizationsRows.
var listCases = map[string]listCase{
	"GET /api/facility":              {queries: []string{"?size=100", "?groupId={group}", "?facilityAttributeId={tag}", "?searchText=新宿"}},
	"GET /api/facility/attribute":    {queries: []string{""}},
	"GET /api/group":                 {queries: []string{"", "?searchText=関東"}},
	"GET /api/user":                  {queries: []string{"?size=100", "?groupId={group}", "?userAttributeId={userTag}", "?facilityId={store}", "?searchText=store"}},
	"GET /api/user/attribute":        {queries: []string{""}},
	"GET /api/terminal":              {queries: []string{"", "?facilityId={store}"}},
	"GET /api/check/open":            {queries: []string{""}},
	"GET /api/check_list_master":     {queries: []string{"?size=100", "?searchText=点検"}},
	"GET /api/status":                {queries: []string{"?size=100", "?checkListMasterId={list}", "?groupId={group}", "?facilityAttributeId={tag}"}},
	"GET /api/status/check_lists":    {queries: []string{""}},
	"GET /api/survey":                {queries: []string{"?size=100", "?searchText=アンケート"}},
	"GET /api/survey_result":         {queries: []string{"?size=100", "?surveyId={survey}", "?groupId={group}", "?facilityAttributeId={tag}"}},
	"GET /api/survey_result/surveys": {queries: []string{""}},
	"GET /api/improvement":           {queries: []string{"?size=100", "?facilityId={store}", "?includesUnrelated=true&size=100", "?searchText=店"}},
	"GET /api/improvement/waiting":   {queries: []string{""}},
	"GET /api/history_export/file":   {queries: []string{"?size=100", "?historyType=CHECK_RESULT"}},
	"GET /api/report/file":           {queries: []string{"?size=100", "?reportType=BASIC"}},
	"GET /api/master/import":         {queries: []string{"?size=100"}},
	"GET /api/notification_setting":  {queries: []string{""}},
	"GET /api/notification_calendar": {queries: []string{""}},
	"GET /api/system/schedule": {
		queries: []string{""}, status: http.StatusForbidden,
		why: "the scheduled tasks are the system administrator's; an organization administrator is refused",
	},
	"GET /api/system/check_history": {
		queries: []string{"?historyDateFrom=2026-11-01&historyDateTo=2026-11-30"}, status: http.StatusForbidden,
		why: "the check history is the system administrator's; an organization administrator is refused",
	},
	"GET /api/system/check_history/sheets": {
		queries: []string{"?organizationId=2&date=2026-11-20"}, status: http.StatusForbidden,
		why: "the check history is the system administrator's; an organization administrator is refused",
	},
	"GET /api/system/push_history": {
		queries: []string{""}, status: http.StatusForbidden,
		why: "the delivery history is the system administrator's; an organization administrator is refused",
	},
	"GET /api/system/maintenance": {
		queries: []string{""}, status: http.StatusForbidden,
		why: "the maintenance plan is the system administrator's; an organization administrator is refused",
	},
	"GET /api/system/support_file": {
		queries: []string{""}, status: http.StatusForbidden,
		why: "the manuals screen is the system administrator's; an organization administrator is refused",
	},
	// The workbook is compressed, so this case only checks the status; the
	// masters API test reads its cells for organization 2's names.
	"GET /api/master/workbook": {queries: []string{"", "?template=true"}},
	"GET /api/organization": {
		queries: []string{""}, status: http.StatusForbidden,
		why: "the organization list is the system administrator's; an organization administrator is refused",
	},
	"GET /api/login_user":                 {queries: []string{""}},
	"GET /api/login_user/organization":    {queries: []string{""}},
	"GET /api/enums":                      {queries: []string{""}, why: "the installation's fixed values"},
	"GET /api/const":                      {queries: []string{""}, why: "the installation's constants"},
	"GET /api/support/file":               {queries: []string{""}, why: "manuals are installation-wide"},
	"GET /api/check_list_master/defaults": {queries: []string{""}, why: "a new list's default values"},
	"GET /api/survey/defaults":            {queries: []string{""}, why: "a new survey's default values"},
}

// notListRoutes are GET routes without a path parameter that are not lists
// of tenant data at all (public, probes, redirects).
var notListRoutes = map[string]bool{
	"GET /": true, "GET /home": true, "GET /healthz": true, "GET /readyz": true, "GET /metrics": true,
	"GET /unique_range": true, "GET /mfa_required": true, "GET /session_state": true, "GET /maintenance": true,
}

// organization2Names are strings only organization 2's rows contain: the
// names of its stores, groups, users, tags, lists, surveys and terminals,
// less any that is part of organization 3's own (デモ株式会社 is part of
// メール認証デモ株式会社).
func organization2Names(t *testing.T, c *consoletest.Console) []string {
	t.Helper()
	names := func(org int64) map[string]bool {
		var out []string
		err := c.DB.NewRaw(`
			SELECT facility_name FROM facilities WHERE organization_id = ?0
			UNION SELECT group_name FROM org_groups WHERE organization_id = ?0
			UNION SELECT user_account FROM users WHERE organization_id = ?0
			UNION SELECT mail_address FROM users WHERE organization_id = ?0 AND mail_address <> ''
			UNION SELECT label FROM facility_attributes WHERE organization_id = ?0
			UNION SELECT label FROM user_attributes WHERE organization_id = ?0
			UNION SELECT name FROM check_lists WHERE organization_id = ?0
			UNION SELECT name FROM surveys WHERE organization_id = ?0
			UNION SELECT terminal_code FROM terminals WHERE organization_id = ?0
			UNION SELECT organization_name FROM organizations WHERE organization_id = ?0
			UNION SELECT file_name FROM export_files WHERE organization_id = ?0
			UNION SELECT file_name FROM master_imports WHERE organization_id = ?0`, org).Scan(context.Background(), &out)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]bool{}
		for _, n := range out {
			m[n] = true
		}
		return m
	}
	theirs, ours := names(2), names(3)
	var out []string
	for n := range theirs {
		if n != "" && !partOfAny(n, ours) {
			out = append(out, n)
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d names of organization 2 to look for: %v", len(out), out)
	}
	return out
}

// Organization 3's administrator, holding every organization role and a
// store of its own, calls every list route — plain, and with filters that
// name organization 2's group, store, tags, list and survey. No answer may
// contain anything of organization 2.
func TestNoListShowsAnotherOrganizationsRows(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := intruderOf3(t, c)
			prepareOrganization2(t, c)
			// Organization 3 gets rows of every kind too, so an empty list proves nothing by itself.
			c.Exec(t, "INSERT INTO facility_attributes (organization_id, label, created_at) VALUES (3, '自社タグ', CURRENT_TIMESTAMP)")
			c.Exec(t, "INSERT INTO user_attributes (organization_id, label, created_at) VALUES (3, '自社ユーザータグ', CURRENT_TIMESTAMP)")
			c.Exec(t, `INSERT INTO improvements (organization_id, facility_id, source_kind, source, subject, status, due_date, created_at,
				content_modify_date, event_count, last_office_event) VALUES (3, ?, 'MANUAL', '{"kind":"MANUAL"}', '自社の改善', 'IN_PROGRESS',
				'2026-12-01', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1, 1)`, c.FacilityID(t, 3, "本店"))
			ids := strings.NewReplacer(
				"{group}", itoa(int(c.GroupID(t, 2, "関東ブロック"))),
				"{store}", itoa(int(c.FacilityID(t, 2, "新宿駅前店"))),
				"{tag}", itoa(c.Count(t, "SELECT MIN(facility_attribute_id) FROM facility_attributes WHERE organization_id = 2")),
				"{userTag}", itoa(c.Count(t, "SELECT MIN(user_attribute_id) FROM user_attributes WHERE organization_id = 2")),
				"{list}", itoa(c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2")),
				"{survey}", surveyID(t, c),
			)
			theirs := organization2Names(t, c)

			seen := 0
			for _, r := range c.App.Server.Echo().Routes() {
				key := r.Method + " " + r.Path
				if r.Method != http.MethodGet || strings.Contains(r.Path, ":") || strings.HasPrefix(r.Path, "/home/") ||
					notListRoutes[key] || strings.HasPrefix(r.Path, "/api/public/") {
					continue
				}
				lc, ok := listCases[key]
				if !ok {
					t.Errorf("%s has no list case: add one to listCases", key)
					continue
				}
				seen++
				want := lc.status
				if want == 0 {
					want = http.StatusOK
				}
				for _, q := range lc.queries {
					path := r.Path + ids.Replace(q)
					a := cl.Get(path)
					if a.Status != want {
						t.Errorf("%s: %d %s, want %d", path, a.Status, a.Body, want)
						continue
					}
					if lc.why != "" {
						continue
					}
					for _, name := range theirs {
						if strings.Contains(string(a.Body), name) {
							t.Errorf("%s shows organization 2's %q:\n%s", path, name, a.Body)
						}
					}
				}
			}
			if seen != len(listCases) {
				t.Errorf("%d list cases for %d routes: a case names a route that no longer exists", len(listCases), seen)
			}
			// The plain store list shows organization 3's own store: the
			// checks above ran on a working list, not on an error.
			var p facilityPage
			cl.Get("/api/facility").Decode(t, &p)
			if p.Total != 1 || p.Items[0].FacilityName != "本店" {
				t.Errorf("organization 3's store list: %s", p.names())
			}
		})
	}
}

func partOfAny(s string, in map[string]bool) bool {
	for o := range in {
		if strings.Contains(o, s) {
			return true
		}
	}
	return false
}
