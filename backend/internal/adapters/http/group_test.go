package http_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type groupOut struct {
	GroupID       int64  `json:"groupId"`
	ParentGroupID *int64 `json:"parentGroupId"`
	Path          string `json:"path"`
	Depth         int    `json:"depth"`
	GroupName     string `json:"groupName"`
	ChildCount    int    `json:"childCount"`
	FacilityCount int    `json:"facilityCount"`
	Version       int64  `json:"version"`
}

func TestGroupTreeCreateMoveRenameDelete(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		var page struct {
			Items []groupOut `json:"items"`
			Total int        `json:"total"`
		}
		cl.Get("/api/group?size=100").Decode(t, &page)
		if page.Total != 7 || page.Items[0].GroupName != "本部" || page.Items[0].Depth != 0 || page.Items[0].ChildCount != 2 {
			t.Fatalf("tree: %+v", page)
		}
		cl.Get("/api/group?searchText=%E3%81%8B%E3%82%93%E3%81%A8%E3%81%86").Decode(t, &page) // かんとう
		if page.Total != 1 || page.Items[0].GroupName != "関東ブロック" || page.Items[0].FacilityCount != 3 {
			t.Errorf("search by kana: %+v", page)
		}

		east, west := c.GroupID(t, 2, "東日本エリア"), c.GroupID(t, 2, "西日本エリア")
		a := cl.Do(http.MethodPost, "/api/group", map[string]any{"parentGroupId": east, "groupName": "北関東ブロック", "groupNameKana": "キタカントウブロック", "jkCode": "NK01"})
		if a.Status != 200 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var id struct {
			GroupID int64 `json:"groupId"`
		}
		a.Decode(t, &id)
		// A sub-group under the new one, then move the new one (with it) to 西日本.
		a = cl.Do(http.MethodPost, "/api/group", map[string]any{"parentGroupId": id.GroupID, "groupName": "栃木", "groupNameKana": "", "jkCode": ""})
		var child struct {
			GroupID int64 `json:"groupId"`
		}
		a.Decode(t, &child)
		var g groupOut
		cl.Get("/api/group/"+itoa(int(id.GroupID))).Decode(t, &g)
		if a := cl.Do(http.MethodPut, "/api/group/"+itoa(int(id.GroupID)), map[string]any{"parentGroupId": west, "groupName": "北関東ブロック(移管)", "groupNameKana": "", "jkCode": "NK01", "version": g.Version}); a.Status != 200 {
			t.Fatalf("move: %d %s", a.Status, a.Body)
		}
		var moved, movedChild groupOut
		cl.Get("/api/group/"+itoa(int(id.GroupID))).Decode(t, &moved)
		cl.Get("/api/group/"+itoa(int(child.GroupID))).Decode(t, &movedChild)
		westPath := "/" + itoa(int(c.GroupID(t, 2, "本部"))) + "/" + itoa(int(west)) + "/"
		if !strings.HasPrefix(moved.Path, westPath) || !strings.HasPrefix(movedChild.Path, moved.Path) || movedChild.Depth != 3 {
			t.Errorf("after the move: %+v / %+v", moved, movedChild)
		}
		// Never under itself or its own subtree.
		if a := cl.Do(http.MethodPut, "/api/group/"+itoa(int(id.GroupID)), map[string]any{"parentGroupId": child.GroupID, "groupName": "x", "groupNameKana": "", "jkCode": "", "version": moved.Version}); a.Status != 400 || a.FieldError("parentGroupId") == "" {
			t.Errorf("cycle: %d %s", a.Status, a.Body)
		}
		// Stale version.
		if a := cl.Do(http.MethodPut, "/api/group/"+itoa(int(id.GroupID)), map[string]any{"parentGroupId": west, "groupName": "y", "groupNameKana": "", "jkCode": "", "version": g.Version}); a.Status != 409 {
			t.Errorf("stale: %d %s", a.Status, a.Body)
		}
		// Delete refuses a group with a child, then works bottom-up.
		if a := cl.Do(http.MethodDelete, "/api/group/"+itoa(int(id.GroupID)), nil); a.Status != 422 || !strings.Contains(a.Message, "削除できません") {
			t.Errorf("delete with a child: %d %s", a.Status, a.Body)
		}
		if a := cl.Do(http.MethodDelete, "/api/group/"+itoa(int(c.GroupID(t, 2, "関東ブロック"))), nil); a.Status != 422 {
			t.Errorf("delete with stores: %d %s", a.Status, a.Body)
		}
		for _, gid := range []int64{child.GroupID, id.GroupID} {
			if a := cl.Do(http.MethodDelete, "/api/group/"+itoa(int(gid)), nil); a.Status != 200 {
				t.Errorf("delete %d: %d %s", gid, a.Status, a.Body)
			}
		}
	})
}

func TestGroupValidationAndScope(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		cl.OrgID = 2
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM org_groups")
		east := c.GroupID(t, 2, "東日本エリア")
		for _, cs := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"parentGroupId": east, "groupName": "", "groupNameKana": "", "jkCode": ""}, "groupName", "グループ名は必須です"},
			{map[string]any{"parentGroupId": east, "groupName": strings.Repeat("g", 51), "groupNameKana": "", "jkCode": ""}, "groupName", "グループ名は50文字以内です。"},
			{map[string]any{"parentGroupId": east, "groupName": "g", "groupNameKana": strings.Repeat("カ", 51), "jkCode": ""}, "groupNameKana", "グループ名カナは50文字以内です。"},
			{map[string]any{"parentGroupId": east, "groupName": "g", "groupNameKana": "", "jkCode": strings.Repeat("J", 17)}, "jkCode", "JKコードは16文字以内です。"},
			{map[string]any{"parentGroupId": c.GroupID(t, 3, "本社"), "groupName": "g", "groupNameKana": "", "jkCode": ""}, "parentGroupId", "親グループが見つかりません。"},
		} {
			a := cl.Do(http.MethodPost, "/api/group", cs.body)
			if a.Status != 400 || a.FieldError(cs.field) != cs.msg {
				t.Errorf("%v: %d %s", cs.body, a.Status, a.Body)
			}
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM org_groups"); after != before {
			t.Errorf("invalid input wrote %d groups", after-before)
		}

		// A group administrator of 東日本エリア manages only that subtree.
		c.AddUser(t, 2, "eastadmin", "Eastadmin#2026", access.GroupAdmin, east)
		ga := c.Client(t)
		ga.OrgID = 2
		ga.Login(2, "eastadmin", "Eastadmin#2026")
		var page struct {
			Total int `json:"total"`
		}
		ga.Get("/api/group?size=100").Decode(t, &page)
		if page.Total != 3 {
			t.Errorf("east admin sees %d groups", page.Total)
		}
		if a := ga.Get("/api/group/" + itoa(int(c.GroupID(t, 2, "関西ブロック")))); a.Status != 404 {
			t.Errorf("a group outside the subtree: %d", a.Status)
		}
		if a := ga.Do(http.MethodPost, "/api/group", map[string]any{"parentGroupId": nil, "groupName": "新本部", "groupNameKana": "", "jkCode": ""}); a.Status != 400 || a.FieldError("parentGroupId") == "" {
			t.Errorf("a top group from a subtree user: %d %s", a.Status, a.Body)
		}
		if a := ga.Do(http.MethodPost, "/api/group", map[string]any{"parentGroupId": c.GroupID(t, 2, "西日本エリア"), "groupName": "越境", "groupNameKana": "", "jkCode": ""}); a.Status != 400 {
			t.Errorf("a group under another subtree: %d %s", a.Status, a.Body)
		}
		// store001 (GROUP_STAFF) has no ROLE_GROUP_REFERENCE_ALL.
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/group"); a.Status != 403 {
			t.Errorf("group list without the role: %d", a.Status)
		}
	})
}
