package http_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

type facilityPage struct {
	Items []struct {
		FacilityID    int64  `json:"facilityId"`
		FacilityName  string `json:"facilityName"`
		GroupName     string `json:"groupName"`
		AttributeList []struct {
			Label string `json:"label"`
		} `json:"attributeList"`
	} `json:"items"`
	Total int `json:"total"`
	Page  int `json:"page"`
	Size  int `json:"size"`
}

func (p facilityPage) names() string {
	var n []string
	for _, it := range p.Items {
		n = append(n, it.FacilityName)
	}
	return strings.Join(n, ",")
}

func TestFacilityListSearchFilterSortAndPage(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		var p facilityPage
		cl.Get("/api/facility").Decode(t, &p)
		if p.Total != 10 || len(p.Items) != 10 || p.Page != 1 || p.Size != 10 {
			t.Fatalf("first page: total %d items %d", p.Total, len(p.Items))
		}
		// Default order is the kana reading: ウメダ… comes before キョウト….
		if !strings.HasPrefix(p.names(), "梅田茶屋町店,京都四条店") {
			t.Errorf("kana order: %s", p.names())
		}
		cl.Get("/api/facility?size=3&page=2&sortBy=facilityNameKana&descending=true").Decode(t, &p)
		if p.Total != 10 || len(p.Items) != 3 || p.Page != 2 {
			t.Errorf("page 2 of 3: %+v", p)
		}
		for query, want := range map[string]string{
			"searchText=%EF%BD%BC%EF%BE%9D%EF%BD%BC%EF%BE%9E%EF%BD%AD%EF%BD%B8": "新宿駅前店", // ｼﾝｼﾞｭｸ (half-width)
			"searchText=%E3%81%97%E3%82%93%E3%81%98%E3%82%85%E3%81%8F":          "新宿駅前店", // しんじゅく
			"searchText=s009":               "博多駅東店", // external id, case-insensitive
			"searchText=%E5%9B%9B%E6%9D%A1": "京都四条店", // 四条
		} {
			cl.Get("/api/facility?"+query).Decode(t, &p)
			if p.names() != want {
				t.Errorf("%s: got %s, want %s", query, p.names(), want)
			}
		}
		// A search box pasted full: a thousand words, or one word of 50,000 characters (SQLite
		// refused such a statement: a 500). The first words still decide.
		for name, query := range map[string]string{
			"a thousand words": strings.Repeat("%E5%9B%9B%E6%9D%A1+", 1000), // 四条 …
			"one long word":    strings.Repeat("x", 50_010),
		} {
			a := cl.Get("/api/facility?searchText=" + query)
			if a.Status != http.StatusOK {
				t.Errorf("%s: %d %s", name, a.Status, a.Body)
			}
		}
		cl.Get("/api/facility?searchText="+strings.Repeat("%E5%9B%9B%E6%9D%A1+", 1000)).Decode(t, &p)
		if p.names() != "京都四条店" {
			t.Errorf("a thousand times 四条: %s", p.names())
		}
		kanto := c.GroupID(t, 2, "関東ブロック")
		east := c.GroupID(t, 2, "東日本エリア")
		cl.Get("/api/facility?groupId="+itoa(int(kanto))).Decode(t, &p)
		if p.Total != 3 {
			t.Errorf("関東ブロック: %s", p.names())
		}
		cl.Get("/api/facility?groupId="+itoa(int(east))).Decode(t, &p)
		if p.Total != 5 {
			t.Errorf("東日本エリア and its subtree: %s", p.names())
		}
		var tags []struct {
			ID    int64  `json:"facilityAttributeId"`
			Label string `json:"label"`
			Count int    `json:"facilityCount"`
		}
		cl.Get("/api/facility/attribute").Decode(t, &tags)
		var ekimae int64
		for _, tg := range tags {
			if tg.Label == "駅前" {
				ekimae = tg.ID
				if tg.Count != 6 {
					t.Errorf("駅前 count %d", tg.Count)
				}
			}
		}
		cl.Get("/api/facility?attributeId="+itoa(int(ekimae))+"&groupId="+itoa(int(kanto))).Decode(t, &p)
		if p.Total != 2 {
			t.Errorf("駅前 in 関東: %s", p.names())
		}
		if a := cl.Get("/api/facility?size=abc"); a.Status != 400 {
			t.Errorf("bad size: %d", a.Status)
		}
	})
}

func TestFacilityCreateEditDelete(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		kanto := c.GroupID(t, 2, "関東ブロック")
		input := map[string]any{
			"groupId": kanto, "facilityName": "池袋東口店", "facilityNameKana": "イケブクロヒガシグチテン",
			"address": "東京都豊島区南池袋1-1-1", "tel": "03-1234-9999", "managerName": "池袋 太郎",
			"externalDataId": "S100", "externalDataValue": "", "availableAdvancedReport": true, "availableSurvey": false,
			"attributeIdList": []int64{},
		}
		a := cl.Do(http.MethodPost, "/api/facility", input)
		if a.Status != 200 || a.Message != "保存しました。" {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var created struct {
			FacilityID int64 `json:"facilityId"`
		}
		a.Decode(t, &created)
		path := "/api/facility/" + itoa(int(created.FacilityID))
		var f struct {
			FacilityName string `json:"facilityName"`
			GroupName    string `json:"groupName"`
			Version      int64  `json:"version"`
		}
		cl.Get(path).Decode(t, &f)
		if f.FacilityName != "池袋東口店" || f.GroupName != "関東ブロック" || f.Version != 1 {
			t.Fatalf("read back: %+v", f)
		}

		input["facilityName"] = "池袋西口店"
		input["version"] = f.Version
		if a := cl.Do(http.MethodPut, path, input); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		// A second editor who read version 1 gets a conflict, not a silent overwrite.
		input["facilityName"] = "上書き"
		if a := cl.Do(http.MethodPut, path, input); a.Status != 409 || a.Message != "ほかのユーザーが先に更新しました。画面を再読み込みしてからやり直してください。" {
			t.Errorf("stale update: %d %s", a.Status, a.Body)
		}
		cl.Get(path).Decode(t, &f)
		if f.FacilityName != "池袋西口店" || f.Version != 2 {
			t.Errorf("after the conflict: %+v", f)
		}
		if a := cl.Do(http.MethodDelete, path, nil); a.Status != 200 || a.Message != "削除しました。" {
			t.Fatalf("delete: %d %s", a.Status, a.Body)
		}
		if a := cl.Get(path); a.Status != 404 {
			t.Errorf("deleted store: %d", a.Status)
		}
		// A store users belong to stays.
		if a := cl.Do(http.MethodDelete, "/api/facility/"+itoa(int(c.FacilityID(t, 2, "新宿駅前店"))), nil); a.Status != 422 || !strings.Contains(a.Message, "ユーザーがいるため") {
			t.Errorf("delete a store in use: %d %s", a.Status, a.Body)
		}
	})
}

func TestFacilityValidation(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM facilities")
		base := func() map[string]any {
			return map[string]any{"groupId": c.GroupID(t, 2, "関東ブロック"), "facilityName": "店", "facilityNameKana": "テン",
				"address": "", "tel": "", "managerName": "", "externalDataId": "", "externalDataValue": "",
				"availableAdvancedReport": false, "availableSurvey": false, "attributeIdList": []int64{}}
		}
		cases := []struct {
			set   map[string]any
			field string
			msg   string
		}{
			{map[string]any{"facilityName": ""}, "facilityName", "店舗名は必須です"},
			{map[string]any{"facilityName": strings.Repeat("店", 51)}, "facilityName", "店舗名は50文字以内です。"},
			{map[string]any{"facilityNameKana": ""}, "facilityNameKana", "店舗名カナは必須です"},
			{map[string]any{"managerName": strings.Repeat("あ", 41)}, "managerName", "店長名は40文字以内です。"},
			{map[string]any{"address": strings.Repeat("あ", 201)}, "address", "住所は200文字以内です。"},
			{map[string]any{"tel": "03(1234)5678"}, "tel", "電話番号の形式で入力してください"},
			{map[string]any{"tel": strings.Repeat("1", 21)}, "tel", "電話番号は20文字以内です。"},
			{map[string]any{"externalDataId": strings.Repeat("x", 31)}, "externalDataId", "店舗コードは30文字以内です。"},
			{map[string]any{"groupId": 0}, "groupId", "グループは必須です"},
			{map[string]any{"groupId": c.GroupID(t, 3, "本社")}, "groupId", "グループが見つかりません。"},
			{map[string]any{"attributeIdList": []int64{999999}}, "attributeIdList", "存在しないタグが含まれています。"},
			{map[string]any{"facilityName": 12}, "facilityName", ""},
		}
		for _, cs := range cases {
			in := base()
			for k, v := range cs.set {
				in[k] = v
			}
			a := cl.Do(http.MethodPost, "/api/facility", in)
			if a.Status != 400 || a.FieldError(cs.field) == "" || (cs.msg != "" && a.FieldError(cs.field) != cs.msg) {
				t.Errorf("%v: %d %s", cs.set, a.Status, a.Body)
			}
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM facilities"); after != before {
			t.Errorf("invalid input wrote %d stores", after-before)
		}
	})
}

func TestFacilityScopeAndRoles(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		staff := c.Client(t) // store001: GROUP_STAFF in 関東ブロック, no ROLE_FACILITY_EDIT
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		var p facilityPage
		staff.Get("/api/facility").Decode(t, &p)
		if p.Total != 3 {
			t.Errorf("a 関東ブロック user sees %d stores: %s", p.Total, p.names())
		}
		if a := staff.Get("/api/facility/" + itoa(int(c.FacilityID(t, 2, "梅田茶屋町店")))); a.Status != 404 {
			t.Errorf("a store outside the subtree: %d", a.Status)
		}
		if a := staff.Do(http.MethodPost, "/api/facility/attribute", map[string]string{"label": "新タグ"}); a.Status != 403 {
			t.Errorf("tag without ROLE_FACILITY_EDIT: %d", a.Status)
		}
		if a := staff.Do(http.MethodDelete, "/api/facility/"+itoa(int(c.FacilityID(t, 2, "横浜港北店"))), nil); a.Status != 403 {
			t.Errorf("delete without ROLE_FACILITY_EDIT: %d", a.Status)
		}
	})
}

func TestFacilityTags(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		a := cl.Do(http.MethodPost, "/api/facility/attribute", map[string]string{"label": "改装中"})
		if a.Status != 200 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var id struct {
			ID int64 `json:"facilityAttributeId"`
		}
		a.Decode(t, &id)
		if a := cl.Do(http.MethodPost, "/api/facility/attribute", map[string]string{"label": "駅前"}); a.Status != 400 || a.FieldError("label") != "同じ名前のタグがすでにあります。" {
			t.Errorf("duplicate: %d %s", a.Status, a.Body)
		}
		if a := cl.Do(http.MethodPost, "/api/facility/attribute", map[string]string{"label": ""}); a.FieldError("label") != "タグ名は必須です" {
			t.Errorf("empty: %s", a.Body)
		}
		path := "/api/facility/attribute/" + itoa(int(id.ID))
		if a := cl.Do(http.MethodPut, path, map[string]string{"label": "リニューアル中"}); a.Status != 200 {
			t.Errorf("rename: %d %s", a.Status, a.Body)
		}
		if a := cl.Do(http.MethodDelete, path, nil); a.Status != 200 {
			t.Errorf("delete: %d %s", a.Status, a.Body)
		}
		if a := cl.Do(http.MethodDelete, path, nil); a.Status != 404 {
			t.Errorf("delete again: %d", a.Status)
		}
		// Deleting a tag in use takes it off its stores.
		var tags []struct {
			ID    int64  `json:"facilityAttributeId"`
			Label string `json:"label"`
		}
		cl.Get("/api/facility/attribute").Decode(t, &tags)
		for _, tg := range tags {
			if tg.Label == "郊外" {
				cl.Do(http.MethodDelete, "/api/facility/attribute/"+itoa(int(tg.ID)), nil)
			}
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM facility_attribute_links l JOIN facility_attributes a ON a.facility_attribute_id = l.facility_attribute_id WHERE a.label = '郊外'"); n != 0 {
			t.Errorf("%d links to a deleted tag", n)
		}
	})
}
