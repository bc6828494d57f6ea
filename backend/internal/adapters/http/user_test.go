package http_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type userPage struct {
	Items []struct {
		UserID       int64    `json:"userId"`
		UserAccount  string   `json:"userAccount"`
		GroupName    string   `json:"groupName"`
		FacilityName string   `json:"facilityName"`
		SubAuth      []string `json:"subAuthorityNameList"`
	} `json:"items"`
	Total int `json:"total"`
}

func newUser(c *consoletest.Console, t *testing.T, account string) map[string]any {
	return map[string]any{
		"userAccount": account, "lastName": "山田", "firstName": "花子", "password": "Hanako#2026",
		"mainAuthorityName": "GROUP_STAFF", "subAuthorityNameList": []string{}, "groupId": c.GroupID(t, 2, "関東ブロック"),
		"facilityId": c.FacilityID(t, 2, "渋谷公園通り店"), "attributeIdList": []int64{}, "ipAddressRestriction": true,
		"mfaType": "NONE", "mailAddress": account + "@rouder.example", "disabled": false,
	}
}

func TestUserLifecycle(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		var p userPage
		admin.Get("/api/user").Decode(t, &p)
		if p.Total != 2 {
			t.Fatalf("demo users: %+v", p)
		}
		a := admin.Do(http.MethodPost, "/api/user", newUser(c, t, "hanako01"))
		if a.Status != 200 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		var id struct {
			UserID int64 `json:"userId"`
		}
		a.Decode(t, &id)
		if a := admin.Do(http.MethodPost, "/api/user", newUser(c, t, "HANAKO01")); a.Status != 400 || a.FieldError("userAccount") != "このユーザーアカウントはすでに使われています。" {
			t.Errorf("duplicate account: %d %s", a.Status, a.Body)
		}
		admin.Get("/api/user?searchText=HANAKO").Decode(t, &p)
		if p.Total != 1 || p.Items[0].FacilityName != "渋谷公園通り店" || p.Items[0].GroupName != "関東ブロック" {
			t.Errorf("search: %+v", p)
		}
		admin.Get("/api/user?authorityName=ORGANIZATION_ADMIN").Decode(t, &p)
		if p.Total != 1 || p.Items[0].UserAccount != "demoadmin" {
			t.Errorf("by authority: %+v", p)
		}
		// A wildcard is no authority: it names nobody (it matched everyone once).
		for _, wild := range []string{"%25", "_%25", "ROLE%25"} {
			admin.Get("/api/user?authorityName="+wild).Decode(t, &p)
			if p.Total != 0 {
				t.Errorf("authority %q matched %d users", wild, p.Total)
			}
		}

		hanako := c.Client(t)
		hanako.Login(2, "hanako01", "Hanako#2026")
		path := "/api/user/" + itoa(int(id.UserID))
		var u struct {
			Version int64 `json:"version"`
		}
		admin.Get(path).Decode(t, &u)
		edit := newUser(c, t, "hanako01")
		edit["password"] = "Reset#2026x"
		edit["subAuthorityNameList"] = []string{"MASTER_IMPORTER"}
		edit["version"] = u.Version
		if a := admin.Do(http.MethodPut, path, edit); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		if a := hanako.Get("/api/login_user"); a.Status != 401 {
			t.Errorf("a reset password leaves the old session open: %d", a.Status)
		}
		hanako.Login(2, "hanako01", "Reset#2026x")
		var lu loginUser
		hanako.Get("/api/login_user").Decode(t, &lu)
		if !strings.Contains(strings.Join(lu.RoleList, ","), "ROLE_MASTER_IMPORT") {
			t.Errorf("sub authority not applied: %v", lu.RoleList)
		}
		if a := admin.Do(http.MethodPut, path, edit); a.Status != 409 {
			t.Errorf("stale version: %d", a.Status)
		}
		edit["version"] = u.Version + 1
		edit["password"] = ""
		edit["disabled"] = true
		if a := admin.Do(http.MethodPut, path, edit); a.Status != 200 {
			t.Fatalf("disable: %d %s", a.Status, a.Body)
		}
		if a := hanako.Get("/api/login_user"); a.Status != 401 {
			t.Errorf("a disabled user's session: %d", a.Status)
		}
		if a := admin.Do(http.MethodDelete, path, nil); a.Status != 200 {
			t.Errorf("delete: %d %s", a.Status, a.Body)
		}
		if a := admin.Get(path); a.Status != 404 {
			t.Errorf("deleted user: %d", a.Status)
		}
		var me loginUser
		admin.Get("/api/login_user").Decode(t, &me)
		if a := admin.Do(http.MethodDelete, "/api/user/"+itoa(int(me.UserID)), nil); a.Status != 422 || a.Message != "自分自身は削除できません。" {
			t.Errorf("delete oneself: %d %s", a.Status, a.Body)
		}
	})
}

func TestUserValidation(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM users")
		pw := "パスワードは8文字以上で英大文字、英小文字、数字、記号(!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~)の中から三種類を含む必要があります"
		for _, cs := range []struct {
			set   map[string]any
			field string
			msg   string
		}{
			{map[string]any{"userAccount": ""}, "userAccount", "ユーザーアカウントは必須です"},
			{map[string]any{"userAccount": "abcd"}, "userAccount", "ユーザーアカウントは5文字以上です。"},
			{map[string]any{"userAccount": strings.Repeat("a", 51)}, "userAccount", "ユーザーアカウントは50文字以内です。"},
			{map[string]any{"lastName": ""}, "lastName", "姓は必須です"},
			{map[string]any{"firstName": strings.Repeat("名", 21)}, "firstName", "名は20文字以内です。"},
			{map[string]any{"password": ""}, "password", "パスワードは必須です"},
			{map[string]any{"password": "password"}, "password", pw},
			{map[string]any{"mailAddress": ""}, "mailAddress", "メールアドレスは必須です"},
			{map[string]any{"mailAddress": "not-mail"}, "mailAddress", "メールアドレスの形式で入力してください。"},
			{map[string]any{"groupId": 0}, "groupId", "所属グループは必須です"},
			{map[string]any{"facilityId": 0}, "facilityId", "所属店舗は必須です"},
			{map[string]any{"facilityId": c.FacilityID(t, 3, "本店")}, "facilityId", "所属店舗が見つかりません。"},
			{map[string]any{"facilityId": c.FacilityID(t, 2, "梅田茶屋町店")}, "facilityId", "所属店舗は所属グループ（またはその配下）の店舗から選んでください。"},
			{map[string]any{"mainAuthorityName": "SYSTEM_ADMIN"}, "mainAuthorityName", "自分が持っていない権限は付与できません。"},
			{map[string]any{"mainAuthorityName": "CHECK_ITEM_EDITOR"}, "mainAuthorityName", "権限が正しくありません。"},
			{map[string]any{"subAuthorityNameList": []string{"SYSTEM_ADMIN"}}, "subAuthorityNameList", ""},
			{map[string]any{"mfaType": "SMS"}, "mfaType", ""},
		} {
			in := newUser(c, t, "valid01")
			for k, v := range cs.set {
				in[k] = v
			}
			a := admin.Do(http.MethodPost, "/api/user", in)
			if a.Status != 400 || a.FieldError(cs.field) == "" || (cs.msg != "" && a.FieldError(cs.field) != cs.msg) {
				t.Errorf("%v: %d %s", cs.set, a.Status, a.Body)
			}
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM users"); after != before {
			t.Errorf("invalid input wrote %d users", after-before)
		}
	})
}

func TestUserScopeAndRoles(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		east := c.GroupID(t, 2, "東日本エリア")
		c.AddUser(t, 2, "eastadmin", "Eastadmin#2026", access.GroupAdmin, east)
		ga := c.Client(t)
		ga.OrgID = 2
		ga.Login(2, "eastadmin", "Eastadmin#2026")
		var p userPage
		ga.Get("/api/user").Decode(t, &p)
		if p.Total != 2 { // store001 (関東ブロック) and itself
			t.Errorf("east admin sees %d users", p.Total)
		}
		in := newUser(c, t, "westuser1")
		in["groupId"] = c.GroupID(t, 2, "関西ブロック")
		if a := ga.Do(http.MethodPost, "/api/user", in); a.Status != 400 || a.FieldError("groupId") == "" {
			t.Errorf("a user outside the subtree: %d %s", a.Status, a.Body)
		}
		in = newUser(c, t, "boss00001")
		in["mainAuthorityName"] = "ORGANIZATION_ADMIN"
		if a := ga.Do(http.MethodPost, "/api/user", in); a.Status != 400 || a.FieldError("mainAuthorityName") == "" {
			t.Errorf("granting more than one holds: %d %s", a.Status, a.Body)
		}
		if a := ga.Do(http.MethodDelete, "/api/user/"+itoa(int(userID(t, c, 2, "demoadmin"))), nil); a.Status != 404 {
			t.Errorf("deleting a user outside the subtree: %d", a.Status)
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/user"); a.Status != 403 {
			t.Errorf("user list without the role: %d", a.Status)
		}
		if a := staff.Get("/api/user/attribute"); a.Status != 403 {
			t.Errorf("user tags without the role: %d", a.Status)
		}
	})
}

func TestUserTags(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		a := admin.Do(http.MethodPost, "/api/user/attribute", map[string]string{"label": "研修中"})
		if a.Status != 200 {
			t.Fatalf("%d %s", a.Status, a.Body)
		}
		var tg struct {
			ID int64 `json:"userAttributeId"`
		}
		a.Decode(t, &tg)
		in := newUser(c, t, "tagged01")
		in["attributeIdList"] = []int64{tg.ID}
		admin.Do(http.MethodPost, "/api/user", in)
		var tags []struct {
			Label string `json:"label"`
			Count int    `json:"userCount"`
		}
		admin.Get("/api/user/attribute").Decode(t, &tags)
		found := false
		for _, x := range tags {
			if x.Label == "研修中" && x.Count == 1 {
				found = true
			}
		}
		if !found {
			t.Errorf("tags: %+v", tags)
		}
		var p userPage
		admin.Get("/api/user?attributeId="+itoa(int(tg.ID))).Decode(t, &p)
		if p.Total != 1 {
			t.Errorf("by tag: %+v", p)
		}
		if a := admin.Do(http.MethodPut, "/api/user/attribute/"+itoa(int(tg.ID)), map[string]string{"label": "店長"}); a.Status != 400 {
			t.Errorf("rename to a taken label: %d", a.Status)
		}
		if a := admin.Do(http.MethodDelete, "/api/user/attribute/"+itoa(int(tg.ID)), nil); a.Status != 200 {
			t.Errorf("delete: %d", a.Status)
		}
	})
}

// The rule for a user's store (domain/user.StoreRequired): store staff
// (GROUP_STAFF) need one when their group has a store to choose; anyone
// else, and staff of a group without stores, may have none. Every demo
// user can be saved as it is read, the head office's administrator
// (demoadmin, no store) included.
func TestUserStoreRule(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")

		var p userPage
		admin.Get("/api/user").Decode(t, &p)
		if p.Total != 2 {
			t.Fatalf("demo users: %+v", p)
		}
		for _, it := range p.Items {
			path := "/api/user/" + itoa(int(it.UserID))
			var u map[string]any
			admin.Get(path).Decode(t, &u)
			body := map[string]any{"password": "", "attributeIdList": []int64{}}
			for _, k := range []string{"userAccount", "lastName", "firstName", "mainAuthorityName", "subAuthorityNameList",
				"groupId", "facilityId", "ipAddressRestriction", "mfaType", "mailAddress", "disabled", "version"} {
				body[k] = u[k]
			}
			if body["facilityId"] == nil {
				body["facilityId"] = 0 // no store, as the form sends it
			}
			if a := admin.Do(http.MethodPut, path, body); a.Status != 200 {
				t.Errorf("%s saved unchanged: %d %s", it.UserAccount, a.Status, a.Body)
			}
		}

		// Store staff of a block with stores: a store is required.
		staff := newUser(c, t, "staff0001")
		staff["facilityId"] = 0
		if a := admin.Do(http.MethodPost, "/api/user", staff); a.Status != 400 || a.FieldError("facilityId") != "所属店舗は必須です" {
			t.Errorf("store staff without a store: %d %s", a.Status, a.Body)
		}
		// An administrator of the same block may have none.
		area := newUser(c, t, "kantoadm1")
		area["facilityId"], area["mainAuthorityName"] = 0, access.GroupAdmin
		if a := admin.Do(http.MethodPost, "/api/user", area); a.Status != 200 {
			t.Errorf("group administrator without a store: %d %s", a.Status, a.Body)
		}
		// Staff of a group with no store under it have nothing to choose.
		a := admin.Do(http.MethodPost, "/api/group", map[string]any{"parentGroupId": c.GroupID(t, 2, "本部"),
			"groupName": "経理部", "groupNameKana": "ケイリブ", "jkCode": ""})
		var g struct {
			GroupID int64 `json:"groupId"`
		}
		a.Decode(t, &g)
		clerk := newUser(c, t, "clerk0001")
		clerk["groupId"], clerk["facilityId"] = g.GroupID, 0
		if a := admin.Do(http.MethodPost, "/api/user", clerk); a.Status != 200 {
			t.Errorf("staff of a group without stores: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM users WHERE organization_id = 2 AND facility_id IS NULL"); n != 3 {
			t.Errorf("users without a store: %d, want demoadmin, kantoadm1 and clerk0001", n)
		}
	})
}

// An administrator whose own record is not bound by the organization's
// allow-list may work from outside it. Binding themselves there would
// shut them out at their next request, so it is refused under the flag,
// naming the address, as the organization form refuses a list that
// leaves them out. Binding someone else from there, or oneself from an
// allowed address, saves.
func TestBindingOneselfFromOutsideTheAllowListIsRefused(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		c.Exec(t, "UPDATE users SET ip_address_restriction = FALSE WHERE organization_id = 2 AND user_account = 'store001'")
		admin := unboundAdminOutside(t, c)
		bound := func(id int64) map[string]any {
			var u map[string]any
			admin.Get("/api/user/"+itoa(int(id))).Decode(t, &u)
			body := map[string]any{"password": "", "attributeIdList": []int64{}, "ipAddressRestriction": true}
			for _, k := range []string{"userAccount", "lastName", "firstName", "mainAuthorityName", "subAuthorityNameList",
				"groupId", "facilityId", "mfaType", "mailAddress", "disabled", "version"} {
				body[k] = u[k]
			}
			if body["facilityId"] == nil {
				body["facilityId"] = 0
			}
			return body
		}
		me := userID(t, c, 2, "demoadmin")
		a := admin.Do(http.MethodPut, "/api/user/"+itoa(int(me)), bound(me))
		if a.Status != 400 || a.FieldError("ipAddressRestriction") !=
			"この設定では、いま接続しているIPアドレス（198.51.100.7）から操作できなくなります。組織の許可IPアドレスに含めてから設定してください。" {
			t.Errorf("binding oneself from outside the list: %d %s", a.Status, a.Body)
		}
		if c.Count(t, "SELECT COUNT(*) FROM users WHERE user_id = ? AND ip_address_restriction", me) != 0 {
			t.Fatal("the refused binding was saved")
		}
		staff := userID(t, c, 2, "store001")
		if a := admin.Do(http.MethodPut, "/api/user/"+itoa(int(staff)), bound(staff)); a.Status != 200 {
			t.Errorf("binding someone else from outside the list: %d %s", a.Status, a.Body)
		}
		inside := admin.Via(c)
		inside.IP = "10.1.2.3"
		if a := inside.Do(http.MethodPut, "/api/user/"+itoa(int(me)), bound(me)); a.Status != 200 {
			t.Fatalf("binding oneself from an allowed address: %d %s", a.Status, a.Body)
		}
		// What the refusal spared them: bound now, the address outside is refused.
		if a := admin.Get("/api/login_user"); a.Status != 403 {
			t.Errorf("a bound administrator from outside the list: %d %s", a.Status, a.Body)
		}
		if a := inside.Get("/api/login_user"); a.Status != 200 {
			t.Errorf("a bound administrator from inside the list: %d %s", a.Status, a.Body)
		}
	})
}

// unboundAdminOutside restricts organization 2 to 10.0.0.0/8, leaves
// demoadmin unbound by it, and signs demoadmin in from 198.51.100.7,
// outside the list: free to work there until they bind themselves.
func unboundAdminOutside(t *testing.T, c *consoletest.Console) *consoletest.Client {
	t.Helper()
	c.Exec(t, "UPDATE organizations SET ip_address_restriction = TRUE, allow_ip_addresses = '10.0.0.0/8' WHERE organization_id = 2")
	c.Exec(t, "UPDATE users SET ip_address_restriction = FALSE WHERE organization_id = 2 AND user_account = 'demoadmin'")
	admin := c.Client(t)
	admin.OrgID, admin.IP = 2, "198.51.100.7"
	admin.Login(2, "demoadmin", "Demoadmin#2026")
	return admin
}
