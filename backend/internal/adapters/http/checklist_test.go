package http_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type checkListOut struct {
	ID       int64   `json:"checkListMasterId"`
	Name     string  `json:"checkListMasterName"`
	FromDate string  `json:"fromDate"`
	ToDate   string  `json:"toDate"`
	Interval int     `json:"nextInterval"`
	Duration string  `json:"nextDuration"`
	Targets  []int64 `json:"targetFacilityList"`
	Closing  string  `json:"closingDayRule"`
	Business bool    `json:"businessDays"`
	Cats     []struct {
		ID    int64  `json:"categoryId"`
		Name  string `json:"categoryName"`
		Items []struct {
			ID       int64  `json:"itemId"`
			Question string `json:"question"`
		} `json:"itemList"`
	} `json:"categoryList"`
	Version int64 `json:"version"`
}

var circle = []map[string]any{{"label": "○", "score": 2, "bad": false}, {"label": "△", "score": 1, "bad": true}, {"label": "×", "score": 0, "bad": true}}

func checkListInput(c *consoletest.Console, t *testing.T, name string) map[string]any {
	return map[string]any{
		"checkListMasterName": name, "fromDate": "2026-11-01", "toDate": "2026-11-30", "nextInterval": 1, "nextDuration": "MONTHS",
		"startNotificationTime": "09:00", "reminderNotificationTime": "18:00", "reminderDaysBefore": 3, "availableImprovement": true,
		"improvementReminderNotificationTime": "", "improvementReminderDaysBefore": 0,
		"targetFacilityList": []int64{c.FacilityID(t, 2, "新宿駅前店"), c.FacilityID(t, 2, "梅田茶屋町店")}, "targetUserList": []int64{},
		"categoryList": []map[string]any{
			{"categoryId": 0, "categoryName": "店内清掃", "itemList": []map[string]any{
				{"itemId": 0, "question": "床にごみが落ちていないか", "explanation": "", "choiceList": circle, "photoRequired": false, "inapplicableAllowed": false},
				{"itemId": 0, "question": "トイレは清潔か", "explanation": "便器・床・鏡", "choiceList": circle, "photoRequired": true, "inapplicableAllowed": true},
			}},
			{"categoryId": 0, "categoryName": "接客", "itemList": []map[string]any{
				{"itemId": 0, "question": "笑顔で挨拶しているか", "explanation": "", "choiceList": circle, "photoRequired": false, "inapplicableAllowed": false},
			}},
		},
	}
}

func TestCheckListMasterLifecycle(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		var defaults checkListOut
		cl.Get("/api/check_list_master/defaults").Decode(t, &defaults)
		today := time.Now().In(clock.Tokyo)
		if defaults.Interval != 1 || defaults.Duration != "MONTHS" || defaults.FromDate != today.Format("2006-01")+"-01" {
			t.Errorf("defaults: %+v", defaults)
		}
		a := cl.Do(http.MethodPost, "/api/check_list_master", checkListInput(c, t, "月次店舗点検"))
		if a.Status != 200 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var id struct {
			ID int64 `json:"checkListMasterId"`
		}
		a.Decode(t, &id)
		path := "/api/check_list_master/" + itoa(int(id.ID))
		var got checkListOut
		cl.Get(path).Decode(t, &got)
		if got.Name != "月次店舗点検" || len(got.Cats) != 2 || len(got.Cats[0].Items) != 2 || got.Cats[1].Items[0].Question != "笑顔で挨拶しているか" || len(got.Targets) != 2 {
			t.Fatalf("read back: %+v", got)
		}
		if c.Count(t, "SELECT item_count FROM check_periods WHERE check_list_id = ? AND seq = 1", id.ID) != 3 {
			t.Error("first period not opened with 3 items")
		}

		// An item that has answers is archived when removed, and its answer kept.
		answered := got.Cats[0].Items[0].ID
		c.Exec(t, "INSERT INTO check_sheets (organization_id, period_id, check_list_id, facility_id, total_count) SELECT 2, period_id, check_list_id, ?, 3 FROM check_periods WHERE check_list_id = ?", c.FacilityID(t, 2, "新宿駅前店"), id.ID)
		c.Exec(t, `INSERT INTO check_answers (organization_id, sheet_id, item_id, category_name, question, scale, choice, check_score, updated_at)
			SELECT 2, s.sheet_id, ?, '店内清掃', '床にごみが落ちていないか', '[]', '○', 2, ? FROM check_sheets AS s
			JOIN check_periods AS p ON p.period_id = s.period_id WHERE p.check_list_id = ?`, answered, time.Now().UTC(), id.ID)

		// Reorder: 接客 first, rename an item, drop the answered one, add one.
		upd := checkListInput(c, t, "月次店舗点検(改)")
		upd["version"] = got.Version
		upd["closingDayRule"], upd["businessDays"] = "AFTER", true
		upd["categoryList"] = []map[string]any{
			{"categoryId": got.Cats[1].ID, "categoryName": "接客", "itemList": []map[string]any{
				{"itemId": got.Cats[1].Items[0].ID, "question": "笑顔で挨拶できているか", "explanation": "", "choiceList": circle, "photoRequired": false, "inapplicableAllowed": false},
			}},
			{"categoryId": got.Cats[0].ID, "categoryName": "店内清掃", "itemList": []map[string]any{
				{"itemId": got.Cats[0].Items[1].ID, "question": "トイレは清潔か", "explanation": "", "choiceList": circle, "photoRequired": true, "inapplicableAllowed": true},
				{"itemId": 0, "question": "窓は拭かれているか", "explanation": "", "choiceList": circle, "photoRequired": false, "inapplicableAllowed": false},
			}},
		}
		if a := cl.Do(http.MethodPut, path, upd); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		var after checkListOut
		cl.Get(path).Decode(t, &after)
		if after.Cats[0].Name != "接客" || after.Cats[0].Items[0].ID != got.Cats[1].Items[0].ID || after.Cats[0].Items[0].Question != "笑顔で挨拶できているか" ||
			len(after.Cats[1].Items) != 2 || after.Cats[1].Items[1].Question != "窓は拭かれているか" {
			t.Errorf("after the edit: %+v", after)
		}
		// An edit keeps the closing-day rule and business days it sends (it once dropped both).
		if after.Closing != "AFTER" || !after.Business {
			t.Errorf("closing-day rule %q, business days %v after the edit, want AFTER and true", after.Closing, after.Business)
		}
		if c.Count(t, "SELECT COUNT(*) FROM check_items WHERE item_id = ? AND archived_at IS NOT NULL", answered) != 1 ||
			c.Count(t, "SELECT COUNT(*) FROM check_answers WHERE item_id = ? AND question = '床にごみが落ちていないか'", answered) != 1 {
			t.Error("the answered item was not archived with its answer intact")
		}
		if a := cl.Do(http.MethodPut, path, upd); a.Status != 409 {
			t.Errorf("stale version: %d", a.Status)
		}
		a = cl.Do(http.MethodPost, path+"/copy", nil)
		var cp struct {
			ID int64 `json:"checkListMasterId"`
		}
		a.Decode(t, &cp)
		var copied checkListOut
		cl.Get("/api/check_list_master/"+itoa(int(cp.ID))).Decode(t, &copied)
		if copied.Name != "月次店舗点検(改)のコピー" || len(copied.Cats) != 2 || copied.Cats[0].Items[0].ID == after.Cats[0].Items[0].ID {
			t.Errorf("copy: %+v", copied)
		}
		var page struct {
			Total int `json:"total"`
		}
		cl.Get("/api/check_list_master?searchText=%E3%82%B3%E3%83%94%E3%83%BC").Decode(t, &page) // コピー
		if page.Total != 1 {
			t.Errorf("search: %d", page.Total)
		}
		if a := cl.Do(http.MethodDelete, path, nil); a.Status != 200 {
			t.Errorf("delete: %d", a.Status)
		}
		if a := cl.Get(path); a.Status != 404 {
			t.Errorf("deleted: %d", a.Status)
		}
		if c.Count(t, "SELECT COUNT(*) FROM check_answers WHERE item_id = ?", answered) != 1 {
			t.Error("deleting a check list lost its answers")
		}
	})
}

func TestCheckListMasterValidation(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM check_lists")
		for _, cs := range []struct {
			set   map[string]any
			field string
			want  string
		}{
			{map[string]any{"checkListMasterName": ""}, "checkListMasterName", "チェックリスト名は必須です"},
			{map[string]any{"checkListMasterName": strings.Repeat("点", 101)}, "checkListMasterName", "チェックリスト名は100文字以内です。"},
			{map[string]any{"toDate": "2026-10-31"}, "toDate", "終了日は開始日以降の日付にしてください。"},
			{map[string]any{"nextInterval": 0}, "nextInterval", "繰り返し間隔は1以上で入力してください。"},
			{map[string]any{"nextDuration": "YEARS"}, "nextDuration", ""},
			{map[string]any{"nextDuration": ""}, "nextDuration", "繰り返しの単位が正しくありません。"},
			{map[string]any{"startNotificationTime": "25:00"}, "startNotificationTime", "時刻はHH:MMの形式で入力してください。"},
			{map[string]any{"reminderDaysBefore": 40}, "reminderDaysBefore", ""},
			{map[string]any{"categoryList": []map[string]any{}}, "categoryList", "カテゴリを1つ以上追加してください。"},
			{map[string]any{"categoryList": []map[string]any{{"categoryId": 0, "categoryName": "空", "itemList": []map[string]any{}}}}, "categoryList", "カテゴリ1に項目を1つ以上追加してください。"},
			{map[string]any{"categoryList": []map[string]any{{"categoryId": 0, "categoryName": "c", "itemList": []map[string]any{
				{"itemId": 0, "question": "q", "explanation": "", "choiceList": []map[string]any{{"label": "only", "score": 1, "bad": false}}, "photoRequired": false, "inapplicableAllowed": false}}}}}, "categoryList", "カテゴリ1の項目1の選択肢は2〜10個の異なる名前にしてください。"},
			{map[string]any{"categoryList": []map[string]any{{"categoryId": 0, "categoryName": "c", "itemList": []map[string]any{
				{"itemId": 0, "question": "q", "explanation": "", "choiceList": []map[string]any{{"label": "○", "score": int64(1) << 62, "bad": false}, {"label": "×", "score": 0, "bad": true}},
					"photoRequired": false, "inapplicableAllowed": false}}}}}, "categoryList", "カテゴリ1の項目1の点数は-999〜999で入力してください。"},
			{map[string]any{"targetFacilityList": []int64{c.FacilityID(t, 3, "本店")}}, "targetFacilityList", "存在しない店舗が含まれています。"},
			{map[string]any{"targetFacilityList": []int64{1 << 40}}, "targetFacilityList", "存在しない店舗が含まれています。"},
		} {
			in := checkListInput(c, t, "検証")
			for k, v := range cs.set {
				in[k] = v
			}
			a := cl.Do(http.MethodPost, "/api/check_list_master", in)
			if a.Status != 400 || a.FieldError(cs.field) == "" || (cs.want != "" && a.FieldError(cs.field) != cs.want) {
				t.Errorf("%v: %d %s", cs.set, a.Status, a.Body)
			}
		}
		// Dates left out are refused by binding, field by field (the contract
		// requires them; the editor always sends them).
		in := checkListInput(c, t, "日付なし")
		delete(in, "fromDate")
		delete(in, "toDate")
		if a := cl.Do(http.MethodPost, "/api/check_list_master", in); a.Status != 400 ||
			a.FieldError("fromDate") != "この項目を送信してください。" || a.FieldError("toDate") != "この項目を送信してください。" {
			t.Errorf("without dates: %d %s", a.Status, a.Body)
		}
		// Target users are reported under targetUserList, the field that
		// sent them: another organization's user is as unknown as one that
		// never was, and the stores are not blamed for them.
		own := userID(t, c, 2, "store001")
		for name, users := range map[string][]int64{
			"another organization's user": {own, theirUser(t, c)},
			"a user that does not exist":  {1 << 40},
		} {
			in := checkListInput(c, t, "対象ユーザー")
			in["targetUserList"] = users
			a := cl.Do(http.MethodPost, "/api/check_list_master", in)
			if a.Status != 400 || a.FieldError("targetUserList") != "存在しないユーザーが含まれています。" || a.FieldError("targetFacilityList") != "" {
				t.Errorf("%s: %d %s", name, a.Status, a.Body)
			}
		}
		in = checkListInput(c, t, "対象なし")
		in["targetFacilityList"], in["targetUserList"] = []int64{c.FacilityID(t, 3, "本店")}, []int64{theirUser(t, c)}
		if a := cl.Do(http.MethodPost, "/api/check_list_master", in); a.Status != 400 ||
			a.FieldError("targetFacilityList") != "存在しない店舗が含まれています。" || a.FieldError("targetUserList") != "存在しないユーザーが含まれています。" {
			t.Errorf("another organization's store and user: %d %s", a.Status, a.Body)
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM check_lists"); after != before {
			t.Errorf("invalid input wrote %d check lists", after-before)
		}
		in = checkListInput(c, t, "自組織のユーザー")
		in["targetUserList"] = []int64{own}
		if a := cl.Do(http.MethodPost, "/api/check_list_master", in); a.Status != 200 {
			t.Errorf("the organization's own user: %d %s", a.Status, a.Body)
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/check_list_master"); a.Status != 403 {
			t.Errorf("without ROLE_CHECK_ITEM_EDIT: %d", a.Status)
		}
	})
}
