package http_test

import (
	"net/http"
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

func TestTerminals(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		shinjuku := c.FacilityID(t, 2, "新宿駅前店")
		if a := admin.Get("/api/terminal"); a.Status != 422 || a.Message != "この組織は端末を使用しない設定です。" {
			t.Fatalf("with NO_TERMINAL: %d %s", a.Status, a.Body)
		}
		c.Exec(t, "UPDATE organizations SET checkin_type = 'TERMINAL' WHERE organization_id = 2")
		a := admin.Do(http.MethodPost, "/api/terminal", map[string]any{"facilityId": shinjuku, "terminalId": "TAB-0001", "terminalName": "レジ横タブレット"})
		if a.Status != 200 {
			t.Fatalf("register: %d %s", a.Status, a.Body)
		}
		var id struct {
			ID int64 `json:"terminalRowId"`
		}
		a.Decode(t, &id)
		if a := admin.Do(http.MethodPost, "/api/terminal", map[string]any{"facilityId": shinjuku, "terminalId": "TAB-0001", "terminalName": ""}); a.FieldError("terminalId") != "この端末IDはすでに登録されています。" {
			t.Errorf("duplicate: %s", a.Body)
		}
		if a := admin.Do(http.MethodPost, "/api/terminal", map[string]any{"facilityId": shinjuku, "terminalId": "", "terminalName": ""}); a.FieldError("terminalId") != "端末IDは必須です" {
			t.Errorf("empty: %s", a.Body)
		}
		if a := admin.Do(http.MethodPost, "/api/terminal", map[string]any{"facilityId": c.FacilityID(t, 3, "本店"), "terminalId": "TAB-9", "terminalName": ""}); a.FieldError("facilityId") == "" {
			t.Errorf("another organization's store: %s", a.Body)
		}
		var page struct {
			Items []struct {
				FacilityName string `json:"facilityName"`
				TerminalID   string `json:"terminalId"`
			} `json:"items"`
			Total int `json:"total"`
		}
		admin.Get("/api/terminal?searchText=tab").Decode(t, &page)
		if page.Total != 1 || page.Items[0].FacilityName != "新宿駅前店" {
			t.Errorf("list: %+v", page)
		}
		var f struct {
			TerminalIDList []string `json:"terminalIdList"`
		}
		admin.Get("/api/facility/"+itoa(int(shinjuku))).Decode(t, &f)
		if len(f.TerminalIDList) != 1 || f.TerminalIDList[0] != "TAB-0001" {
			t.Errorf("store's terminals: %+v", f)
		}
		if a := admin.Do(http.MethodDelete, "/api/terminal/"+itoa(int(id.ID)), nil); a.Status != 200 {
			t.Errorf("remove: %d %s", a.Status, a.Body)
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/terminal"); a.Status != 403 {
			t.Errorf("without ROLE_FACILITY_EDIT: %d", a.Status)
		}
	})
}
