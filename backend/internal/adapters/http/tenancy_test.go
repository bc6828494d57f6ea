package http_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// tenantCase says how to reach one organization-2 object through a route
// with a path parameter, and what an administrator of organization 3 must
// get: 404 for tenant data (as if it did not exist), or the documented
// answer for routes that are not tenant data.
type tenantCase struct {
	path   func(t *testing.T, c *consoletest.Console) string
	body   func(t *testing.T, c *consoletest.Console) any // for PUT/POST: valid in organization 3
	status int
	why    string
}

// tenantCases covers every route with a path parameter. A route added
// without a case here fails TestNoOrganizationReachesAnothers.
var tenantCases = map[string]tenantCase{
	"PUT /api/user/:userId/password": {
		path: func(t *testing.T, c *consoletest.Console) string {
			return "/api/user/" + itoa(int(userID(t, c, 2, "demoadmin"))) + "/password"
		},
		body: func(*testing.T, *consoletest.Console) any {
			return map[string]string{"currentPassword": "Intruder#2026", "password": "Intruder#2027", "confirmPassword": "Intruder#2027"}
		},
		status: http.StatusForbidden, why: "only one's own password; anyone else's is refused",
	},
	"GET /support/file/:fileId": {
		path:   func(*testing.T, *consoletest.Console) string { return "/support/file/1" },
		status: http.StatusOK, why: "manuals are installation-wide, not tenant data",
	},
	"PUT /api/system/support_file/:fileId": {
		path: manualPath, body: func(*testing.T, *consoletest.Console) any {
			return map[string]any{"supportFileType": "MANUAL", "published": false}
		},
		status: http.StatusForbidden, why: "manuals are the installation's, kept by the system administrator only",
	},
	"DELETE /api/system/support_file/:fileId": {path: manualPath, status: http.StatusForbidden, why: "the system administrator's only"},
	"POST /api/system/schedule/:taskKey/run": {
		path:   func(*testing.T, *consoletest.Console) string { return "/api/system/schedule/open_check_periods/run" },
		status: http.StatusForbidden, why: "the installation's scheduled tasks are the system administrator's",
	},
	"GET /api/system/support_file/:fileId/download": {
		path:   func(t *testing.T, c *consoletest.Console) string { return manualPath(t, c) + "/download" },
		status: http.StatusForbidden, why: "the system administrator's only (users download published manuals from /support/file/)",
	},
	"GET /api/facility/:facilityId":           {path: facilityPath, status: http.StatusNotFound},
	"GET /api/history_export/file/:fileId":    {path: exportFilePath, status: http.StatusNotFound},
	"DELETE /api/history_export/file/:fileId": {path: exportFilePath, status: http.StatusNotFound},
	"GET /api/report/file/:fileId":            {path: reportFilePath, status: http.StatusNotFound},
	"DELETE /api/report/file/:fileId":         {path: reportFilePath, status: http.StatusNotFound},
	"GET /api/report/file/:fileId/download": {
		path: func(t *testing.T, c *consoletest.Console) string { return reportFilePath(t, c) + "/download" }, status: http.StatusNotFound,
	},
	"GET /api/master/import/:importId": {path: importPath, status: http.StatusNotFound},
	"POST /api/master/import/:importId/apply": {
		path: func(t *testing.T, c *consoletest.Console) string { return importPath(t, c) + "/apply" }, status: http.StatusNotFound,
	},
	"GET /api/master/import/:importId/rows": {
		path: func(t *testing.T, c *consoletest.Console) string { return importPath(t, c) + "/rows" }, status: http.StatusNotFound,
	},
	"GET /api/master/import/:importId/preview": {
		path: func(t *testing.T, c *consoletest.Console) string { return importPath(t, c) + "/preview" }, status: http.StatusNotFound,
	},
	"GET /api/master/import/:importId/file": {
		path: func(t *testing.T, c *consoletest.Console) string { return importPath(t, c) + "/file" }, status: http.StatusNotFound,
	},
	"GET /api/master/import/:importId/passwords": {
		path: func(t *testing.T, c *consoletest.Console) string { return importPath(t, c) + "/passwords" }, status: http.StatusNotFound,
	},
	"GET /api/history_export/file/:fileId/download": {
		path: func(t *testing.T, c *consoletest.Console) string { return exportFilePath(t, c) + "/download" }, status: http.StatusNotFound,
	},
	"PUT /api/facility/:facilityId":    {path: facilityPath, body: facilityBody, status: http.StatusNotFound},
	"DELETE /api/facility/:facilityId": {path: facilityPath, status: http.StatusNotFound},
	"PUT /api/facility/attribute/:facilityAttributeId": {
		path: tagPath, body: func(*testing.T, *consoletest.Console) any { return map[string]string{"label": "乗っ取り"} },
		status: http.StatusNotFound,
	},
	"DELETE /api/facility/attribute/:facilityAttributeId": {
		path: tagPath, status: http.StatusNotFound,
	},
	"GET /api/organization/:organizationId": {path: orgPath, status: http.StatusNotFound},
	"PUT /api/organization/:organizationId": {
		path: orgPath, body: func(*testing.T, *consoletest.Console) any {
			in := organizationInput("乗っ取り")
			in["version"] = 1
			return in
		},
		status: http.StatusNotFound,
	},
	"DELETE /api/terminal/:terminalId": {path: terminalPath, status: http.StatusNotFound},
	"GET /api/check/sheet/:periodId":   {path: sheetPath, status: http.StatusNotFound},
	"PUT /api/check/sheet/:periodId": {
		path: sheetPath, body: func(*testing.T, *consoletest.Console) any {
			return map[string]any{"version": 0, "submit": false, "answerList": []any{}}
		},
		status: http.StatusNotFound,
	},
	"GET /api/photo/:photoId":           {path: photoPath, status: http.StatusNotFound},
	"GET /api/photo/:photoId/thumbnail": {path: func(t *testing.T, c *consoletest.Console) string { return photoPath(t, c) + "/thumbnail" }, status: http.StatusNotFound},
	"GET /api/status/:facilityId/:checkListMasterId": {
		path: func(t *testing.T, c *consoletest.Console) string {
			return "/api/status/" + itoa(int(c.FacilityID(t, 2, "新宿駅前店"))) + "/" + itoa(c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2"))
		},
		status: http.StatusNotFound,
	},
	"GET /api/check_list_master/:checkListMasterId":       {path: checkListPath, status: http.StatusNotFound},
	"DELETE /api/check_list_master/:checkListMasterId":    {path: checkListPath, status: http.StatusNotFound},
	"POST /api/check_list_master/:checkListMasterId/copy": {path: func(t *testing.T, c *consoletest.Console) string { return checkListPath(t, c) + "/copy" }, body: func(*testing.T, *consoletest.Console) any { return nil }, status: http.StatusNotFound},
	"PUT /api/check_list_master/:checkListMasterId": {
		path: checkListPath, body: func(t *testing.T, c *consoletest.Console) any {
			in := checkListInput(c, t, "乗っ取り")
			in["targetFacilityList"] = []int64{c.FacilityID(t, 3, "本店")}
			in["version"] = 1
			return in
		},
		status: http.StatusNotFound,
	},
	"GET /api/user/:userId":    {path: userPath, status: http.StatusNotFound},
	"PUT /api/user/:userId":    {path: userPath, body: userBody, status: http.StatusNotFound},
	"DELETE /api/user/:userId": {path: userPath, status: http.StatusNotFound},
	"PUT /api/user/attribute/:userAttributeId": {
		path: userTagPath, body: func(*testing.T, *consoletest.Console) any { return map[string]string{"label": "乗っ取り"} },
		status: http.StatusNotFound,
	},
	"DELETE /api/user/attribute/:userAttributeId": {path: userTagPath, status: http.StatusNotFound},
	"GET /api/survey/:surveyId":                   {path: surveyPath, status: http.StatusNotFound},
	"DELETE /api/survey/:surveyId":                {path: surveyPath, status: http.StatusNotFound},
	"PUT /api/survey/:surveyId": {
		path: surveyPath, body: func(t *testing.T, c *consoletest.Console) any {
			in := surveyInput(c, t, "乗っ取り", c.FacilityID(t, 3, "本店"))
			in["version"] = 1
			return in
		},
		status: http.StatusNotFound,
	},
	"GET /api/survey/:surveyId/preview": {path: func(t *testing.T, c *consoletest.Console) string { return surveyPath(t, c) + "/preview" }, status: http.StatusNotFound},
	"GET /api/survey/:surveyId/links":   {path: func(t *testing.T, c *consoletest.Console) string { return surveyPath(t, c) + "/links" }, status: http.StatusNotFound},
	"GET /api/survey/:surveyId/links/:facilityId/qr": {
		path: func(t *testing.T, c *consoletest.Console) string {
			return surveyPath(t, c) + "/links/" + itoa(int(c.FacilityID(t, 2, "新宿駅前店"))) + "/qr"
		},
		status: http.StatusNotFound,
	},
	"GET /api/survey_result/:surveyId": {
		path: func(t *testing.T, c *consoletest.Console) string { return "/api/survey_result/" + surveyID(t, c) }, status: http.StatusNotFound,
	},
	"GET /api/survey_result/:surveyId/comments": {
		path: func(t *testing.T, c *consoletest.Console) string {
			return "/api/survey_result/" + surveyID(t, c) + "/comments"
		},
		status: http.StatusNotFound,
	},
	"GET /api/public/survey/:surveyKey": {
		path: publicSurveyPath, status: http.StatusOK,
		why: "the public answer page: the unguessable key is the credential, whoever holds it (signed in anywhere or not)",
	},
	"POST /api/public/survey/:surveyKey/answer": {
		path: func(t *testing.T, c *consoletest.Console) string { return publicSurveyPath(t, c) + "/answer" },
		body: func(*testing.T, *consoletest.Console) any {
			return map[string]any{"idempotencyKey": "x", "answerList": []any{}}
		},
		status: http.StatusBadRequest, why: "public, like the page; an answer is checked like anyone's (this one is refused, so nothing is written)",
	},
	"GET /api/improvement/:improvementId": {path: improvementPath, status: http.StatusNotFound},
	"PUT /api/improvement/:improvementId": {
		path: improvementPath, body: func(*testing.T, *consoletest.Console) any {
			return map[string]any{"dueDate": "2030-01-01", "version": 1}
		},
		status: http.StatusNotFound,
	},
	"GET /api/improvement/:improvementId/assignee": {path: func(t *testing.T, c *consoletest.Console) string { return improvementPath(t, c) + "/assignee" }, status: http.StatusNotFound},
	"POST /api/improvement/:improvementId/read":    {path: func(t *testing.T, c *consoletest.Console) string { return improvementPath(t, c) + "/read" }, body: func(*testing.T, *consoletest.Console) any { return nil }, status: http.StatusNotFound},
	"POST /api/improvement/:improvementId/event": {
		path: func(t *testing.T, c *consoletest.Console) string { return improvementPath(t, c) + "/event" },
		body: func(*testing.T, *consoletest.Console) any {
			return map[string]any{"action": "COMMENT", "text": "乗っ取り", "version": 1}
		},
		status: http.StatusNotFound,
	},
	"GET /api/group/:groupId":    {path: groupPath, status: http.StatusNotFound},
	"PUT /api/group/:groupId":    {path: groupPath, body: groupBody, status: http.StatusNotFound},
	"DELETE /api/group/:groupId": {path: emptyGroupPath, status: http.StatusNotFound},
}

func facilityBody(t *testing.T, c *consoletest.Console) any {
	return map[string]any{
		"groupId": c.GroupID(t, 3, "本社"), "facilityName": "乗っ取り", "facilityNameKana": "ノットリ",
		"address": "", "tel": "", "managerName": "", "externalDataId": "", "externalDataValue": "",
		"availableAdvancedReport": false, "availableSurvey": false, "attributeIdList": []int64{}, "version": 1,
	}
}

func improvementPath(t *testing.T, c *consoletest.Console) string {
	return "/api/improvement/" + itoa(c.Count(t, "SELECT MIN(improvement_id) FROM improvements WHERE organization_id = 2"))
}

func orgPath(*testing.T, *consoletest.Console) string { return "/api/organization/2" }

func surveyID(t *testing.T, c *consoletest.Console) string {
	return itoa(c.Count(t, "SELECT MIN(survey_id) FROM surveys WHERE organization_id = 2"))
}

func surveyPath(t *testing.T, c *consoletest.Console) string { return "/api/survey/" + surveyID(t, c) }

func publicSurveyPath(t *testing.T, c *consoletest.Console) string {
	var key string
	if err := c.DB.NewRaw("SELECT MIN(t.survey_key) FROM survey_facilities t JOIN surveys s ON s.survey_id = t.survey_id WHERE s.organization_id = 2").
		Scan(context.Background(), &key); err != nil {
		t.Fatal(err)
	}
	return "/api/public/survey/" + key
}

func checkListPath(t *testing.T, c *consoletest.Console) string {
	return "/api/check_list_master/" + itoa(c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2"))
}

func sheetPath(t *testing.T, c *consoletest.Console) string {
	return "/api/check/sheet/" + itoa(c.Count(t, "SELECT MIN(period_id) FROM check_periods WHERE organization_id = 2"))
}

func photoPath(t *testing.T, c *consoletest.Console) string {
	return "/api/photo/" + itoa(c.Count(t, "SELECT MIN(photo_id) FROM photos WHERE organization_id = 2"))
}

func terminalPath(t *testing.T, c *consoletest.Console) string {
	return "/api/terminal/" + itoa(c.Count(t, "SELECT terminal_id FROM terminals WHERE organization_id = 2"))
}

func userPath(t *testing.T, c *consoletest.Console) string {
	return "/api/user/" + itoa(int(userID(t, c, 2, "store001")))
}

func userTagPath(t *testing.T, c *consoletest.Console) string {
	return "/api/user/attribute/" + itoa(c.Count(t, "SELECT MIN(user_attribute_id) FROM user_attributes WHERE organization_id = 2"))
}

func userBody(t *testing.T, c *consoletest.Console) any {
	return map[string]any{
		"userAccount": "store001", "lastName": "乗", "firstName": "取", "password": "", "mainAuthorityName": "GROUP_STAFF",
		"subAuthorityNameList": []string{}, "groupId": c.GroupID(t, 3, "本社"), "facilityId": c.FacilityID(t, 3, "本店"),
		"attributeIdList": []int64{}, "ipAddressRestriction": false, "mfaType": "NONE", "mailAddress": "x@rouder.example",
		"disabled": false, "version": 1,
	}
}

func groupPath(t *testing.T, c *consoletest.Console) string {
	return "/api/group/" + itoa(int(c.GroupID(t, 2, "関東ブロック")))
}

// emptyGroupPath names a group that could be deleted, were it one's own
// (made before the snapshot by prepareOrganization2).
func emptyGroupPath(t *testing.T, c *consoletest.Console) string {
	return "/api/group/" + itoa(int(c.GroupID(t, 2, "空グループ")))
}

// intruderOf3 signs in an administrator of organization 3, holding every
// organization role, with a store of its own (so the answering routes get
// as far as the organization check).
func intruderOf3(t *testing.T, c *consoletest.Console) *consoletest.Client {
	t.Helper()
	intruder := c.AddUser(t, 3, "intruder", "Intruder#2026", access.OrganizationAdmin, c.GroupID(t, 3, "本社"))
	c.Exec(t, "UPDATE users SET facility_id = ? WHERE user_id = ?", c.FacilityID(t, 3, "本店"), intruder)
	cl := c.Client(t)
	cl.OrgID = 3
	cl.Login(3, "intruder", "Intruder#2026")
	return cl
}

// prepareOrganization2 adds what some cases need to exist in organization 2.
func prepareOrganization2(t *testing.T, c *consoletest.Console) {
	c.Exec(t, "INSERT INTO check_lists (organization_id, name, from_date, to_date) VALUES (2, '他社の点検', '2026-11-01', '2026-11-30')")
	c.Exec(t, "INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date) SELECT 2, check_list_id, 1, '2026-11-01', '2026-11-30' FROM check_lists WHERE name = '他社の点検'")
	c.Exec(t, "INSERT INTO check_list_facilities (organization_id, check_list_id, facility_id) SELECT 2, c.check_list_id, f.facility_id FROM check_lists c, facilities f WHERE c.name = '他社の点検' AND f.facility_name = '新宿駅前店'")
	c.Exec(t, "INSERT INTO photos (organization_id, storage_key, thumbnail_key, content_type, byte_size, created_at) VALUES (2, 'x', 'y', 'image/jpeg', 1, '2026-11-01 00:00:00')")
	// Both organizations use terminals, so only the organization boundary refuses.
	c.Exec(t, "UPDATE organizations SET checkin_type = 'TERMINAL' WHERE organization_id IN (2, 3)")
	c.Exec(t, "INSERT INTO terminals (organization_id, facility_id, terminal_code, terminal_name) SELECT 2, facility_id, 'T-2', '' FROM facilities WHERE facility_name = '新宿駅前店'")
	c.Exec(t, "INSERT INTO org_groups (organization_id, parent_group_id, path, group_name) VALUES (2, NULL, '/x/', '空グループ')")
	// Both organizations use surveys (the demo's organization 2 has one), so only the organization boundary refuses.
	c.Exec(t, "UPDATE organizations SET available_survey = TRUE, survey_start_date = '2026-01-01' WHERE organization_id = 3")
	// Both use improvement reports (the demo's organization 2 has some).
	c.Exec(t, "UPDATE organizations SET available_improvement = TRUE WHERE organization_id = 3")
	// An import of organization 2, previewed and holding a passwords file
	// (its bytes need not exist: reaching the record is the leak).
	c.Exec(t, `INSERT INTO master_imports (organization_id, scope, requested_by, requester_account, roles, file_name, file_key,
		status, counts, plan_key, passwords_key, created_at)
		VALUES (2, '', 1, 'demoadmin', 'ROLE_MASTER_IMPORT', '他社の取込.xlsx', 'imports/2/1/upload.xlsx', 'PREVIEWED',
		'[{"set":"FACILITIES","sheet":"店舗","create":1,"update":0,"delete":0,"unchanged":0,"error":0,"deleting":false}]',
		'imports/2/1/plan.json', 'imports/2/1/passwords.xlsx', '2026-11-20 00:00:00')`)
	// A made export of organization 2 (its bytes need not exist: reaching
	// the record is already the leak).
	c.Exec(t, `INSERT INTO export_files (organization_id, file_kind, history_type, params, scope, requested_by, requester_account,
		status, file_name, storage_key, file_size, created_at, expires_at)
		VALUES (2, 'HISTORY', 'CHECK_RESULT', '{"historyType":"CHECK_RESULT","historyDateFrom":"2026-11-01T00:00:00+09:00","historyDateTo":"2026-11-30T00:00:00+09:00","historyFileType":"XLSX"}',
		'', 1, 'demoadmin', 'DONE', '他社のエクスポート.xlsx', 'exports/2/1.xlsx', 10, '2026-11-20 00:00:00', '2099-01-01 00:00:00')`)
	c.Exec(t, `INSERT INTO export_files (organization_id, file_kind, history_type, params, scope, requested_by, requester_account,
		status, file_name, storage_key, file_size, created_at, expires_at)
		VALUES (2, 'REPORT', 'BASIC', '{"reportType":"BASIC","fromDate":"2026-11-01T00:00:00+09:00","toDate":"2026-11-30T00:00:00+09:00","facilityIdList":[1]}',
		'', 1, 'demoadmin', 'DONE', '他社のレポート.pdf', 'exports/2/2.pdf', 10, '2026-11-20 00:00:00', '2099-01-01 00:00:00')`)
}

// manualPath is the demo's manual, on the system administrator's screen.
func manualPath(t *testing.T, c *consoletest.Console) string {
	return "/api/system/support_file/" + itoa(c.Count(t, "SELECT MIN(file_id) FROM support_files"))
}

// importPath is organization 2's import (prepareOrganization2).
func importPath(t *testing.T, c *consoletest.Console) string {
	return "/api/master/import/" + itoa(c.Count(t, "SELECT MIN(import_id) FROM master_imports WHERE organization_id = 2"))
}

func reportFilePath(t *testing.T, c *consoletest.Console) string {
	return "/api/report/file/" + itoa(c.Count(t, "SELECT MIN(file_id) FROM export_files WHERE organization_id = 2 AND file_kind = 'REPORT'"))
}

func exportFilePath(t *testing.T, c *consoletest.Console) string {
	return "/api/history_export/file/" + itoa(c.Count(t, "SELECT MIN(file_id) FROM export_files WHERE organization_id = 2 AND file_kind = 'HISTORY'"))
}

func groupBody(t *testing.T, c *consoletest.Console) any {
	return map[string]any{"parentGroupId": c.GroupID(t, 3, "本社"), "groupName": "乗っ取り", "groupNameKana": "", "jkCode": "", "version": 1}
}

func facilityPath(t *testing.T, c *consoletest.Console) string {
	return "/api/facility/" + itoa(int(c.FacilityID(t, 2, "新宿駅前店")))
}

func tagPath(t *testing.T, c *consoletest.Console) string {
	return "/api/facility/attribute/" + itoa(c.Count(t, "SELECT MIN(facility_attribute_id) FROM facility_attributes WHERE organization_id = 2"))
}

func userID(t *testing.T, c *consoletest.Console, org int64, account string) int64 {
	return int64(c.Count(t, "SELECT user_id FROM users WHERE organization_id = ? AND user_account = ?", org, account))
}

// An administrator of organization 3, holding every organization role,
// tries every route with a path parameter on organization 2's objects,
// with bodies that would be valid in its own organization. Nothing of
// organization 2 may be read or changed.
func TestNoOrganizationReachesAnothers(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := intruderOf3(t, c)
			prepareOrganization2(t, c)
			snapshot := func() string {
				return itoa(c.Count(t, "SELECT COUNT(*) FROM facilities WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT SUM(version) FROM facilities WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM facility_attributes WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM facility_attribute_links")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM org_groups WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT SUM(version) FROM org_groups WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM users WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT SUM(version) FROM users WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM user_attributes WHERE organization_id = 2"))
			}
			snapshot0 := snapshot
			snapshot = func() string {
				return snapshot0() + "/" + itoa(c.Count(t, "SELECT version FROM organizations WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM terminals WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM check_lists WHERE organization_id = 2 AND deleted_at IS NULL")) + "/" +
					itoa(c.Count(t, "SELECT SUM(version) FROM check_lists")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM check_sheets")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM surveys WHERE organization_id = 2 AND deleted_at IS NULL")) + "/" +
					itoa(c.Count(t, "SELECT SUM(version) FROM surveys")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM survey_facilities")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM survey_answers")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM export_files WHERE organization_id = 2")) + "/" +
					itoa(c.Count(t, "SELECT COUNT(*) FROM master_imports WHERE organization_id = 2 AND status = 'PREVIEWED' AND passwords_key <> ''"))
			}
			before := snapshot()
			seen := 0
			for _, r := range c.App.Server.Echo().Routes() {
				if !strings.Contains(r.Path, ":") || strings.HasPrefix(r.Path, "/home") {
					continue
				}
				key := r.Method + " " + r.Path
				tc, ok := tenantCases[key]
				if !ok {
					t.Errorf("%s has no tenant-isolation case: add one to tenantCases", key)
					continue
				}
				seen++
				var b any
				if tc.body != nil {
					b = tc.body(t, c)
				} else if r.Method == http.MethodPut {
					t.Errorf("%s: the case needs a body", key)
				}
				a := cl.Do(r.Method, tc.path(t, c), b)
				if a.Status != tc.status {
					t.Errorf("%s on organization 2's object: %d %s, want %d", key, a.Status, a.Body, tc.status)
				}
			}
			if seen != len(tenantCases) {
				t.Errorf("%d cases for %d routes: a case names a route that no longer exists", len(tenantCases), seen)
			}
			if after := snapshot(); after != before {
				t.Errorf("organization 2 changed: %s -> %s", before, after)
			}
			// Lists never show another organization's rows.
			var p facilityPage
			cl.Get("/api/facility").Decode(t, &p)
			if p.Total != 1 || p.Items[0].FacilityName != "本店" {
				t.Errorf("organization 3's store list: %s", p.names())
			}
		})
	}
}
