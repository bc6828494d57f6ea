package http_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

// foreignBody is one write of organization 2 whose body names an object of
// organization 3. as is who sends it (default demoadmin, organization 2's
// administrator); path may name organization 2's own object. The refusal
// must name the foreign field, so a body refused for another reason cannot
// pass for a tenancy check.
type foreignBody struct {
	name    string
	field   string // the field the refusal must name; "" for a whole-request message
	message string // with field "", the refusal's message
	as      string
	path    func(t *testing.T, c *consoletest.Console) string
	body    func(t *testing.T, c *consoletest.Console) any
}

// bodyCase lists the foreign-id writes for one route, or says why its body
// names no other object.
type bodyCase struct {
	writes []foreignBody
	why    string
}

func fixed(p string) func(*testing.T, *consoletest.Console) string {
	return func(*testing.T, *consoletest.Console) string { return p }
}

// with returns base's body with the fields changed.
func with(base func(t *testing.T, c *consoletest.Console) map[string]any, fields func(t *testing.T, c *consoletest.Console) map[string]any) func(*testing.T, *consoletest.Console) any {
	return func(t *testing.T, c *consoletest.Console) any {
		b := base(t, c)
		for k, v := range fields(t, c) {
			b[k] = v
		}
		return b
	}
}

func versioned(base func(t *testing.T, c *consoletest.Console) map[string]any, version int) func(t *testing.T, c *consoletest.Console) map[string]any {
	return func(t *testing.T, c *consoletest.Console) map[string]any {
		b := base(t, c)
		b["version"] = version
		return b
	}
}

// Organization 3's objects, as a body would name them.
func theirGroup(t *testing.T, c *consoletest.Console) int64 { return c.GroupID(t, 3, "本社") }
func theirStore(t *testing.T, c *consoletest.Console) int64 { return c.FacilityID(t, 3, "本店") }
func theirTag(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT facility_attribute_id FROM facility_attributes WHERE organization_id = 3"))
}
func theirUserTag(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT user_attribute_id FROM user_attributes WHERE organization_id = 3"))
}
func theirUser(t *testing.T, c *consoletest.Console) int64 { return userID(t, c, 3, "mfauser") }
func theirList(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT check_list_id FROM check_lists WHERE organization_id = 3"))
}
func ourList(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2 AND deleted_at IS NULL"))
}
func theirSurvey(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT survey_id FROM surveys WHERE organization_id = 3"))
}

// exportNaming is an export request of organization 2 whose filter names
// organization 3's object.
func exportNaming(historyType, field string, id func(*testing.T, *consoletest.Console) int64) foreignBody {
	return foreignBody{name: "their " + field, field: field, path: fixed("/api/history_export/file"),
		body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"historyType": historyType, "historyDateFrom": "2026-11-01", "historyDateTo": "2026-11-30", field: id(t, c)}
		}}
}
func theirPhoto(t *testing.T, c *consoletest.Console) int64 {
	return int64(c.Count(t, "SELECT photo_id FROM photos WHERE organization_id = 3"))
}

// ourOpenImprovementID is organization 2's first report still open.
func ourOpenImprovementID(t *testing.T, c *consoletest.Console) int {
	return c.Count(t, "SELECT MIN(improvement_id) FROM improvements WHERE organization_id = 2 AND status <> 'COMPLETED'")
}

func ourOpenImprovementPath(t *testing.T, c *consoletest.Console) string {
	return "/api/improvement/" + itoa(ourOpenImprovementID(t, c))
}

func ourOpenImprovementVersion(t *testing.T, c *consoletest.Console) int {
	return c.Count(t, "SELECT version FROM improvements WHERE improvement_id = ?", ourOpenImprovementID(t, c))
}

func ourStoreBody(t *testing.T, c *consoletest.Console) map[string]any {
	return map[string]any{
		"groupId": c.GroupID(t, 2, "関東ブロック"), "facilityName": "越境店", "facilityNameKana": "エッキョウテン",
		"address": "", "tel": "", "managerName": "", "externalDataId": "", "externalDataValue": "",
		"availableAdvancedReport": false, "availableSurvey": false, "attributeIdList": []int64{},
	}
}

func ourStorePath(t *testing.T, c *consoletest.Console) string {
	return "/api/facility/" + itoa(int(c.FacilityID(t, 2, "新宿駅前店")))
}

func ourGroupBody(t *testing.T, c *consoletest.Console) map[string]any {
	return map[string]any{"parentGroupId": c.GroupID(t, 2, "東日本エリア"), "groupName": "越境グループ", "groupNameKana": "", "jkCode": ""}
}

func ourUserBody(t *testing.T, c *consoletest.Console) map[string]any {
	return newUser(c, t, "border01")
}

func ourUserPath(t *testing.T, c *consoletest.Console) string {
	return "/api/user/" + itoa(int(userID(t, c, 2, "store001")))
}

func ourListBody(t *testing.T, c *consoletest.Console) map[string]any {
	return checkListInput(c, t, "越境リスト")
}

func ourListPath(t *testing.T, c *consoletest.Console) string {
	return "/api/check_list_master/" + itoa(c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2 AND deleted_at IS NULL"))
}

func ourSurveyBody(t *testing.T, c *consoletest.Console) map[string]any {
	return surveyInput(c, t, "越境アンケート")
}

// bodyCases covers every signed-in POST and PUT route. A write route added
// without a case here fails TestNoWriteNamesAnotherOrganizationsObjects.
var bodyCases = map[string]bodyCase{
	"POST /api/facility": {writes: []foreignBody{
		{name: "their group", field: "groupId", path: fixed("/api/facility"), body: with(ourStoreBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"groupId": theirGroup(t, c)}
		})},
		{name: "their store tag", field: "attributeIdList", path: fixed("/api/facility"), body: with(ourStoreBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"attributeIdList": []int64{theirTag(t, c)}}
		})},
	}},
	"PUT /api/facility/:facilityId": {writes: []foreignBody{
		{name: "their group", field: "groupId", path: ourStorePath, body: with(versioned(ourStoreBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"groupId": theirGroup(t, c)}
		})},
		{name: "their store tag", field: "attributeIdList", path: ourStorePath, body: with(versioned(ourStoreBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"attributeIdList": []int64{theirTag(t, c)}}
		})},
	}},
	"POST /api/group": {writes: []foreignBody{
		{name: "their parent group", field: "parentGroupId", path: fixed("/api/group"), body: with(ourGroupBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"parentGroupId": theirGroup(t, c)}
		})},
	}},
	"PUT /api/group/:groupId": {writes: []foreignBody{
		{name: "their parent group", field: "parentGroupId", path: func(t *testing.T, c *consoletest.Console) string {
			return "/api/group/" + itoa(int(c.GroupID(t, 2, "関東ブロック")))
		}, body: with(versioned(ourGroupBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"parentGroupId": theirGroup(t, c), "groupName": "関東ブロック"}
		})},
	}},
	"POST /api/user": {writes: []foreignBody{
		{name: "their group", field: "groupId", path: fixed("/api/user"), body: with(ourUserBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"groupId": theirGroup(t, c)}
		})},
		{name: "their store", field: "facilityId", path: fixed("/api/user"), body: with(ourUserBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"facilityId": theirStore(t, c)}
		})},
		{name: "their user tag", field: "attributeIdList", path: fixed("/api/user"), body: with(ourUserBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"attributeIdList": []int64{theirUserTag(t, c)}}
		})},
	}},
	"PUT /api/user/:userId": {writes: []foreignBody{
		{name: "their store", field: "facilityId", path: ourUserPath, body: with(versioned(ourUserBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"userAccount": "store001", "password": "", "facilityId": theirStore(t, c)}
		})},
		{name: "their user tag", field: "attributeIdList", path: ourUserPath, body: with(versioned(ourUserBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"userAccount": "store001", "password": "", "attributeIdList": []int64{theirUserTag(t, c)}}
		})},
	}},
	"POST /api/terminal": {writes: []foreignBody{
		{name: "their store", field: "facilityId", path: fixed("/api/terminal"), body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"facilityId": theirStore(t, c), "terminalId": "TAB-X", "terminalName": ""}
		}},
	}},
	"POST /api/check_list_master": {writes: []foreignBody{
		{name: "their target store", field: "targetFacilityList", path: fixed("/api/check_list_master"), body: with(ourListBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"targetFacilityList": []int64{theirStore(t, c)}}
		})},
		{name: "their target user", field: "targetUserList", path: fixed("/api/check_list_master"), body: with(ourListBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"targetUserList": []int64{theirUser(t, c)}}
		})},
	}},
	"PUT /api/check_list_master/:checkListMasterId": {writes: []foreignBody{
		{name: "their target store", field: "targetFacilityList", path: ourListPath, body: with(versioned(ourListBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"targetFacilityList": []int64{theirStore(t, c)}}
		})},
		{name: "their target user", field: "targetUserList", path: ourListPath, body: with(versioned(ourListBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"targetUserList": []int64{theirUser(t, c)}}
		})},
	}},
	"PUT /api/check/sheet/:periodId": {writes: []foreignBody{
		{name: "their photo", message: "存在しない写真が含まれています。", as: "store001", path: func(t *testing.T, c *consoletest.Console) string {
			return "/api/check/sheet/" + itoa(c.Count(t, `SELECT MIN(p.period_id) FROM check_periods p JOIN check_list_facilities t ON t.check_list_id = p.check_list_id
				JOIN facilities f ON f.facility_id = t.facility_id WHERE p.organization_id = 2 AND f.facility_name = '新宿駅前店' AND p.from_date <= CURRENT_DATE AND p.to_date >= CURRENT_DATE`))
		}, body: func(t *testing.T, c *consoletest.Console) any {
			item := c.Count(t, `SELECT MIN(i.item_id) FROM check_items i JOIN check_periods p ON p.check_list_id = i.check_list_id
				JOIN check_list_facilities t ON t.check_list_id = p.check_list_id JOIN facilities f ON f.facility_id = t.facility_id
				WHERE p.organization_id = 2 AND f.facility_name = '新宿駅前店' AND p.from_date <= CURRENT_DATE AND p.to_date >= CURRENT_DATE AND i.archived_at IS NULL`)
			return map[string]any{"version": 0, "submit": false, "answerList": []any{map[string]any{
				"itemId": item, "choice": "", "comment": "", "inapplicable": false, "photoIdList": []int64{theirPhoto(t, c)}, "inputDate": thisMonth()[0],
			}}}
		}},
	}},
	"POST /api/survey": {writes: []foreignBody{
		{name: "their target store", field: "targetFacilityList", path: fixed("/api/survey"), body: with(ourSurveyBody, func(t *testing.T, c *consoletest.Console) map[string]any {
			return map[string]any{"targetFacilityList": []int64{theirStore(t, c)}}
		})},
	}},
	"PUT /api/survey/:surveyId": {writes: []foreignBody{
		{name: "their target store", field: "targetFacilityList", path: func(t *testing.T, c *consoletest.Console) string { return surveyPath(t, c) },
			body: with(versioned(ourSurveyBody, 1), func(t *testing.T, c *consoletest.Console) map[string]any {
				return map[string]any{"targetFacilityList": []int64{theirStore(t, c)}}
			})},
	}},
	"POST /api/history_export/file": {writes: []foreignBody{
		exportNaming("CHECK_RESULT", "groupId", theirGroup),
		exportNaming("CHECK_RESULT", "facilityAttributeId", theirTag),
		exportNaming("CHECK_RESULT", "checkListMasterId", theirList),
		exportNaming("SURVEY_ANSWER", "surveyId", theirSurvey),
	}},
	"POST /api/report/file": {writes: []foreignBody{
		{name: "their store", field: "facilityIdList", path: fixed("/api/report/file"), body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"reportType": "BASIC", "checkListMasterId": ourList(t, c), "fromDate": "2026-11-01", "toDate": "2026-11-30",
				"facilityIdList": []int64{c.FacilityID(t, 2, "新宿駅前店"), theirStore(t, c)}}
		}},
		{name: "their survey", field: "surveyId", path: fixed("/api/report/file"), body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"reportType": "SURVEY", "surveyId": theirSurvey(t, c), "fromDate": "2026-11-01", "toDate": "2026-11-30",
				"facilityIdList": []int64{c.FacilityID(t, 2, "新宿駅前店")}}
		}},
		{name: "their check list", field: "checkListMasterId", path: fixed("/api/report/file"), body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"reportType": "BASIC", "checkListMasterId": theirList(t, c), "fromDate": "2026-11-01", "toDate": "2026-11-30",
				"facilityIdList": []int64{c.FacilityID(t, 2, "新宿駅前店")}}
		}},
	}},
	"POST /api/master/import": {why: "the body is a workbook file; an id of another organization in a sheet is an error row of the " +
		"preview and changes nothing (masters_test.go TestAnotherOrganizationsIDInASheetIsAnError)"},
	"POST /api/master/import/:importId/apply":          {why: "no body: applies the organization's own previewed import"},
	"POST /api/system/support_file":                    {why: "a file upload to the installation's manuals, by the system administrator only"},
	"POST /api/system/schedule/:taskKey/run":           {why: "no body: runs the installation's task named in the path (system administrator only)"},
	"PUT /api/notification_setting":                    {why: "the user's own channels: two switches, no object"},
	"POST /api/push_subscription":                      {why: "a browser's push endpoint and keys for the user itself, no object of the organization"},
	"POST /api/check_list_master/notification_preview": {why: "dates, times and rules of a list being edited; names no object"},
	"PUT /api/notification_calendar": {writes: []foreignBody{
		{name: "their store's closing day", field: "closingDayList", path: fixed("/api/notification_calendar"), body: func(t *testing.T, c *consoletest.Console) any {
			store := theirStore(t, c)
			return map[string]any{"escalationDays": 3, "version": 0, "closingDayList": []map[string]any{{"facilityId": store, "weekday": 3, "label": "定休日"}}}
		}},
	}},
	"PUT /api/system/maintenance":          {why: "the installation's maintenance plan names no object, and is the system administrator's"},
	"PUT /api/system/support_file/:fileId": {why: "names no object but the manual in the path, installation-wide and the system administrator's"},
	"POST /api/improvement": {writes: []foreignBody{
		{name: "their store", field: "facilityId", path: fixed("/api/improvement"), body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"facilityId": theirStore(t, c), "subject": "越境"}
		}},
	}},
	"PUT /api/improvement/:improvementId": {writes: []foreignBody{
		{name: "their user as assignee", field: "assigneeUserId", path: ourOpenImprovementPath, body: func(t *testing.T, c *consoletest.Console) any {
			return map[string]any{"assigneeUserId": theirUser(t, c), "version": ourOpenImprovementVersion(t, c)}
		}},
	}},
	"POST /api/improvement/:improvementId/event": {writes: []foreignBody{
		{name: "their photo", field: "photoIdList", path: func(t *testing.T, c *consoletest.Console) string { return ourOpenImprovementPath(t, c) + "/event" },
			body: func(t *testing.T, c *consoletest.Console) any {
				return map[string]any{"action": "COMMENT", "text": "写真", "photoIdList": []int64{theirPhoto(t, c)}, "version": ourOpenImprovementVersion(t, c)}
			}},
	}},
	"POST /api/improvement/:improvementId/read":           {why: "no body: marks the report in the path read (TestNoOrganizationReachesAnothers)"},
	"POST /api/check_list_master/:checkListMasterId/copy": {why: "no body: copies the list named in the path (TestNoOrganizationReachesAnothers)"},
	"POST /api/photo":                                  {why: "a file upload; the photo is stored in the uploader's organization"},
	"POST /api/facility/attribute":                     {why: "a label only"},
	"PUT /api/facility/attribute/:facilityAttributeId": {why: "a label only"},
	"POST /api/user/attribute":                         {why: "a label only"},
	"PUT /api/user/attribute/:userAttributeId":         {why: "a label only"},
	"POST /api/organization":                           {why: "the system administrator's: an organization's own settings, no ids"},
	"PUT /api/organization/:organizationId":            {why: "an organization's own settings, no ids of other objects"},
	"PUT /api/user/:userId/password":                   {why: "passwords only"},
	"POST /api/mfa/authenticate":                       {why: "a code only"},
	"POST /api/mfa/resend":                             {why: "no body: the session's own code"},
	"POST /api/public/survey/:surveyKey/answer":        {why: "the survey is found by its key; answers naming another survey's questions are refused (survey bad-input tests)"},
}

// notBodyRoutes are writes outside the signed-in API.
var notBodyRoutes = map[string]bool{"POST /login": true, "POST /logout": true}

// Organization 2's administrator (and its store staff, for the answer
// sheet) sends writes that are valid but for one id naming organization 3's
// group, store, tag, user tag, user or photo. Each is refused with a 4xx,
// and neither organization changes.
func TestNoWriteNamesAnotherOrganizationsObjects(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			c.Exec(t, "INSERT INTO facility_attributes (organization_id, label, created_at) VALUES (3, '他社タグ', CURRENT_TIMESTAMP)")
			c.Exec(t, "INSERT INTO user_attributes (organization_id, label, created_at) VALUES (3, '他社ユーザータグ', CURRENT_TIMESTAMP)")
			c.Exec(t, "INSERT INTO photos (organization_id, storage_key, thumbnail_key, content_type, byte_size, created_at) VALUES (3, 'x', 'y', 'image/jpeg', 1, '2026-11-01 00:00:00')")
			c.Exec(t, "UPDATE organizations SET checkin_type = 'TERMINAL' WHERE organization_id IN (2, 3)")
			c.Exec(t, "INSERT INTO check_lists (organization_id, name, from_date, to_date) VALUES (3, '他社の点検', '2026-11-01', '2026-11-30')")
			c.Exec(t, "INSERT INTO surveys (organization_id, name, title, from_date) VALUES (3, '他社アンケート', '他社', '2026-11-01')")
			clients := map[string]*consoletest.Client{}
			for account, password := range map[string]string{"demoadmin": "Demoadmin#2026", "store001": "Store001#2026"} {
				cl := c.Client(t)
				cl.OrgID = 2
				cl.Login(2, account, password)
				clients[account] = cl
			}
			snapshot := func() string {
				var b strings.Builder
				for _, table := range []string{"facilities", "facility_attribute_links", "org_groups", "users", "user_attribute_links",
					"terminals", "check_lists", "check_list_facilities", "check_list_users", "check_answers", "check_answer_photos",
					"surveys", "survey_facilities", "improvements", "improvement_events", "improvement_event_photos", "export_files"} {
					b.WriteString(table + ":" + itoa(c.Count(t, "SELECT COUNT(*) FROM "+table)) + " ")
				}
				for _, table := range []string{"facilities", "org_groups", "users", "check_lists", "surveys", "check_sheets", "improvements"} {
					b.WriteString(table + "@" + itoa(c.Count(t, "SELECT COALESCE(SUM(version), 0) FROM "+table)) + " ")
				}
				return b.String()
			}
			before := snapshot()
			seen := 0
			for _, r := range c.App.Server.Echo().Routes() {
				key := r.Method + " " + r.Path
				if r.Method != http.MethodPost && r.Method != http.MethodPut || notBodyRoutes[key] || strings.HasPrefix(r.Path, "/home/") {
					continue
				}
				bc, ok := bodyCases[key]
				if !ok {
					t.Errorf("%s has no foreign-id case: add one to bodyCases", key)
					continue
				}
				seen++
				for _, w := range bc.writes {
					as := w.as
					if as == "" {
						as = "demoadmin"
					}
					a := clients[as].Do(r.Method, w.path(t, c), w.body(t, c))
					switch {
					case a.Status == http.StatusNotFound:
					case a.Status != http.StatusBadRequest:
						t.Errorf("%s naming %s: %d %s, want 400 or 404", key, w.name, a.Status, a.Body)
					case w.field != "" && a.FieldError(w.field) == "":
						t.Errorf("%s naming %s: refused, but not for %s: %s", key, w.name, w.field, a.Body)
					case w.field == "" && a.Message != w.message:
						t.Errorf("%s naming %s: refused with %q, want %q", key, w.name, a.Message, w.message)
					}
				}
			}
			if seen != len(bodyCases) {
				t.Errorf("%d body cases for %d routes: a case names a route that no longer exists", len(bodyCases), seen)
			}
			if after := snapshot(); after != before {
				t.Errorf("something was written:\n before %s\n after  %s", before, after)
			}
		})
	}
}
