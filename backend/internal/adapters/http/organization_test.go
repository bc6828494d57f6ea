package http_test

import (
	"github.com/rouder/console/internal/domain/report"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

func organizationInput(name string) map[string]any {
	return map[string]any{
		"organizationName": name, "jkCode": "NEW001", "personInCharge": "営業 次郎", "serviceStartDate": "2026-12-01",
		"mobileAppEndDate": nil, "serviceEndDate": nil, "demo": false, "checkinType": "NO_TERMINAL", "allowPhotoLibrary": true,
		"availableImprovement": true, "improvementDueDays": 7, "externalDataIdLabel": "店舗番号", "externalDataValueLabel": "POS",
		"ipAddressRestriction": false, "allowIpAddresses": "", "storageSize": 1073741824, "maxStorageUsage": 1073741824,
		"billingType": "MONTHLY", "availableAdvancedReport": false, "availableSurvey": true, "surveyStartDate": "2027-01-01",
		"availableMfaMail": false, "availableOpeHistoryExport": false, "chargedForUser": true, "chargedForUserAtEndOfMonth": false,
		"chargedForFacility": true, "chargedForAdvancedReport": false, "chargedForSurvey": false, "chargedByGroup": false,
	}
}

type orgOut struct {
	OrganizationID       int64  `json:"organizationId"`
	OrganizationName     string `json:"organizationName"`
	ExternalDataIDLabel  string `json:"externalDataIdLabel"`
	AvailableSurvey      bool   `json:"availableSurvey"`
	SurveyStartDate      string `json:"surveyStartDate"`
	IPAddressRestriction bool   `json:"ipAddressRestriction"`
	AllowIPAddresses     string `json:"allowIpAddresses"`
	ImprovementDueDays   int    `json:"improvementDueDays"`
	Version              int64  `json:"version"`
}

func TestOrganizationsBySystemAdministrator(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		sys := c.Client(t)
		sys.Login(1, "sysadmin", "Sysadmin#2026")
		var page struct {
			Items []orgOut `json:"items"`
			Total int      `json:"total"`
		}
		sys.Get("/api/organization").Decode(t, &page)
		if page.Total != 3 {
			t.Fatalf("organizations: %+v", page)
		}
		var found struct {
			Items []orgOut `json:"items"`
			Total int      `json:"total"`
		}
		sys.Get("/api/organization?searchText=demo0001").Decode(t, &found) // JK code, any case
		if found.Total != 1 || found.Items[0].OrganizationName != "デモ株式会社" {
			t.Errorf("search: %+v", found)
		}
		a := sys.Do(http.MethodPost, "/api/organization", organizationInput("新規株式会社"))
		if a.Status != 200 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var id struct {
			ID int64 `json:"organizationId"`
		}
		a.Decode(t, &id)
		var o orgOut
		sys.Get("/api/organization/"+itoa(int(id.ID))).Decode(t, &o)
		if o.OrganizationName != "新規株式会社" || o.SurveyStartDate != "2027-01-01" || o.Version != 1 {
			t.Errorf("read back: %+v", o)
		}
		if c.Count(t, "SELECT COUNT(*) FROM org_groups WHERE organization_id = ? AND parent_group_id IS NULL", id.ID) != 1 {
			t.Error("the new organization has no top group")
		}
		// Ended organizations are hidden unless asked for.
		c.Exec(t, "UPDATE organizations SET service_start_date = '2020-01-01', service_end_date = '2021-03-31' WHERE organization_id = ?", id.ID)
		sys.Get("/api/organization").Decode(t, &page)
		if page.Total != 3 {
			t.Errorf("ended organization listed: %d", page.Total)
		}
		sys.Get("/api/organization?showServiceEnd=true").Decode(t, &page)
		if page.Total != 4 {
			t.Errorf("showServiceEnd: %d", page.Total)
		}
		upd := organizationInput("新規株式会社(改)")
		upd["version"] = 1
		if a := sys.Do(http.MethodPut, "/api/organization/"+itoa(int(id.ID)), upd); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		if a := sys.Do(http.MethodPut, "/api/organization/"+itoa(int(id.ID)), upd); a.Status != 409 {
			t.Errorf("stale: %d", a.Status)
		}
	})
}

func TestOrganizationValidation(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		sys := c.Client(t)
		sys.Login(1, "sysadmin", "Sysadmin#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM organizations")
		for _, cs := range []struct {
			set   map[string]any
			field string
			msg   string
		}{
			{map[string]any{"organizationName": ""}, "organizationName", "組織名は必須です"},
			{map[string]any{"organizationName": strings.Repeat("組", 51)}, "organizationName", "組織名は50文字以内です。"},
			{map[string]any{"jkCode": strings.Repeat("J", 17)}, "jkCode", "JKコードは16文字以内です。"},
			{map[string]any{"personInCharge": strings.Repeat("営", 21)}, "personInCharge", "営業担当は20文字以内です。"},
			{map[string]any{"externalDataIdLabel": ""}, "externalDataIdLabel", "主キー名は必須です"},
			{map[string]any{"externalDataValueLabel": strings.Repeat("x", 21)}, "externalDataValueLabel", "外部データ名は20文字以内です。"},
			{map[string]any{"ipAddressRestriction": true, "allowIpAddresses": ""}, "allowIpAddresses", "許可IPアドレスは必須です"},
			{map[string]any{"allowIpAddresses": "10.0.0.0/8, not-an-ip"}, "allowIpAddresses", ""},
			{map[string]any{"storageSize": -1}, "storageSize", "ストレージ容量は0以上で入力してください。"},
			{map[string]any{"serviceEndDate": "2026-01-01"}, "serviceEndDate", ""},
			{map[string]any{"checkinType": "BEACON"}, "checkinType", ""},
			{map[string]any{"checkinType": ""}, "checkinType", "チェックイン方式が正しくありません。"},
			{map[string]any{"billingType": nil}, "billingType", "この項目を送信してください。"},
			{map[string]any{"improvementDueDays": 0}, "improvementDueDays", "改善報告の期限日数は1以上で入力してください。"},
			{map[string]any{"improvementDueDays": 366}, "improvementDueDays", "改善報告の期限日数は365以下で入力してください。"},
			{map[string]any{"reportRanks": "S:50,A:60,B:0"}, "reportRanks", report.MsgRanks},
		} {
			in := organizationInput("検証株式会社")
			for k, v := range cs.set {
				in[k] = v
			}
			a := sys.Do(http.MethodPost, "/api/organization", in)
			if a.Status != 400 || a.FieldError(cs.field) == "" || (cs.msg != "" && a.FieldError(cs.field) != cs.msg) {
				t.Errorf("%v: %d %s", cs.set, a.Status, a.Body)
			}
		}
		if a := sys.Do(http.MethodPost, "/api/organization", `{"organizationName": "x", "serviceStartDate": "2026-13-45"}`); a.Status != 400 {
			t.Errorf("a bad date: %d %s", a.Status, a.Body)
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM organizations"); after != before {
			t.Errorf("invalid input wrote %d organizations", after-before)
		}
	})
}

func TestOrganizationAdministratorEditsOnlyItsOwnAllowedFields(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		if a := admin.Get("/api/organization"); a.Status != 403 {
			t.Errorf("organization list for a non-system user: %d", a.Status)
		}
		if a := admin.Get("/api/organization/3"); a.Status != 404 {
			t.Errorf("another organization: %d", a.Status)
		}
		var o orgOut
		admin.Get("/api/organization/2").Decode(t, &o)
		in := organizationInput("乗っ取り株式会社") // name and capabilities are not the admin's to change
		in["availableSurvey"] = false
		in["externalDataIdLabel"] = "店番"
		in["ipAddressRestriction"] = true
		in["allowIpAddresses"] = "127.0.0.1, 10.0.0.0/8"
		in["improvementDueDays"] = 14
		in["version"] = o.Version
		// A list that leaves out where the administrator, bound by it, is
		// would shut them out: refused, naming the address.
		c.Exec(t, "UPDATE users SET ip_address_restriction = TRUE WHERE organization_id = 2 AND user_account = 'demoadmin'")
		away := admin.Via(c)
		away.IP = "198.51.100.7"
		if a := away.Do(http.MethodPut, "/api/organization/2", in); a.Status != 400 ||
			a.FieldError("allowIpAddresses") != "この設定では、いま接続しているIPアドレス（198.51.100.7）から操作できなくなります。許可IPアドレスに含めてください。" {
			t.Errorf("a list without the saver's address: %d %s", a.Status, a.Body)
		}
		if a := admin.Do(http.MethodPut, "/api/organization/2", in); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		var after orgOut
		admin.Get("/api/organization/2").Decode(t, &after)
		if after.OrganizationName != "デモ株式会社" || !after.AvailableSurvey || after.ExternalDataIDLabel != "店番" ||
			!after.IPAddressRestriction || after.AllowIPAddresses != "127.0.0.1, 10.0.0.0/8" || after.ImprovementDueDays != 14 {
			t.Errorf("after an organization administrator's edit: %+v", after)
		}
		// A report head office makes by hand is due that many days from today.
		a := admin.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": c.FacilityID(t, 2, "新宿駅前店"), "subject": "看板の清掃"})
		var made struct {
			ID int64 `json:"improvementId"`
		}
		a.Decode(t, &made)
		var d improvementDetail
		admin.Get("/api/improvement/"+itoa(int(made.ID))).Decode(t, &d)
		if want := time.Now().In(clock.Tokyo).AddDate(0, 0, 14).Format(time.DateOnly); d.Improvement.DueDate != want {
			t.Errorf("due date of a report by hand: %s, want %s", d.Improvement.DueDate, want)
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.IP = "127.0.0.1"
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/organization/2"); a.Status != 403 {
			t.Errorf("without ROLE_ORGANIZATION_REFERENCE: %d", a.Status)
		}
	})
}
