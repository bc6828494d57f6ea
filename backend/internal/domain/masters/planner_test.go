package masters

import (
	"slices"
	"strconv"
	"testing"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/domain/validation"
)

// A small chain: 本部 (1) → 東 (2) → 関東 (3), 本部 → 西 (4); a store in 関東
// with one user; one store tag.
func chain() Snapshot {
	p := func(id int64) *int64 { return &id }
	store := int64(10)
	return Snapshot{
		Groups: []group.Group{
			{ID: 1, Path: "/1/", Name: "本部", Version: 1},
			{ID: 2, ParentID: p(1), Path: "/1/2/", Name: "東", Version: 1},
			{ID: 3, ParentID: p(2), Path: "/1/2/3/", Name: "関東", Version: 1},
			{ID: 4, ParentID: p(1), Path: "/1/4/", Name: "西", Version: 1},
		},
		FacilityTags: []tag.Tag{{ID: 7, Label: "駅前"}},
		Facilities: []facility.Facility{{ID: 10, GroupID: 3, Name: "新宿店", NameKana: "シンジュクテン", ExternalDataID: "S001",
			Tags: []tag.Tag{{ID: 7, Label: "駅前"}}, Version: 1}},
		Users: []user.User{{ID: 20, Account: "store001", LastName: "山田", FirstName: "花子", MainAuthority: access.GroupStaff,
			GroupID: 3, FacilityID: &store, IPAddressRestriction: true, MfaType: user.MfaNone, MailAddress: "s@example.com", Version: 1}},
	}
}

func options() Options {
	return Options{Labels: Labels{ExternalDataID: "店舗コード", ExternalDataValue: "外部データ"},
		Importer:    Importer{UserID: 99, Roles: access.RolesOf(access.OrganizationAdmin, nil)},
		NewPassword: func() string { return "Abcd1234" }}
}

// workbookOf is the snapshot as the download writes it, with edit applied.
func workbookOf(s Snapshot, edit func(map[Set][][]string)) Workbook {
	rows := Render(s)
	if edit != nil {
		edit(rows)
	}
	wb := Workbook{}
	for _, set := range Sets {
		lines := []Line{}
		for i, r := range rows[set] {
			lines = append(lines, Line{Number: i + 2, Cells: r})
		}
		wb[set] = lines
	}
	return wb
}

func opsOf(p Plan, set Set) []Op {
	var out []Op
	for _, r := range p.Rows {
		if r.Set == set {
			out = append(out, r.Op)
		}
	}
	return out
}

func TestTheRenderedSnapshotPlansUnchanged(t *testing.T) {
	p := Build(chain(), workbookOf(chain(), nil), options())
	if p.Changes() != 0 || p.Errors() != 0 {
		t.Fatalf("round trip: %+v", p.Rows)
	}
	if p.Base != Base(chain()) || p.Base == "" {
		t.Fatal("the plan's base is not the snapshot's")
	}
}

// A version bump alone (someone saved the same values) changes the base:
// the apply refuses a plan built before it.
func TestTheBaseFollowsVersions(t *testing.T) {
	s := chain()
	s.Facilities[0].Version = 2
	if Base(s) == Base(chain()) {
		t.Fatal("a new version did not change the base")
	}
}

func TestAMoveUnderItsOwnChildIsACycle(t *testing.T) {
	wb := workbookOf(chain(), func(rows map[Set][][]string) {
		for _, r := range rows[SetGroups] {
			if r[gName] == "東" {
				r[gParent] = "3" // under 関東, its child
			}
		}
	})
	p := Build(chain(), wb, options())
	// Reported on the row that moved, not on its child that did not.
	if p.Errors() != 1 || p.Rows[slices.IndexFunc(p.Rows, func(r Row) bool { return r.Op == OpError })].Name != "東" ||
		p.Rows[slices.IndexFunc(p.Rows, func(r Row) bool { return r.Op == OpError })].Errors[0].Message != group.MsgParentCycle {
		t.Fatalf("cycle: %+v", p.Rows)
	}
}

// Groups are applied parents first, whatever order the sheet lists them in.
func TestNewGroupsApplyParentsFirst(t *testing.T) {
	wb := workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetGroups] = append(rows[SetGroups],
			[]string{"", "北関東", "群馬", "", ""}, // refers to the row below by name
			[]string{"", "2", "北関東", "", ""})
	})
	p := Build(chain(), wb, options())
	if p.Errors() != 0 || len(p.Actions.Groups) != 2 {
		t.Fatalf("plan: %+v", p.Rows)
	}
	if p.Actions.Groups[0].Input.Name != "北関東" || p.Actions.Groups[1].Parent.NewKey != p.Actions.Groups[0].NewKey {
		t.Fatalf("order: %+v", p.Actions.Groups)
	}
}

// Moving a store out of its users' group leaves them outside it: their rows
// are errors, so the move is applied only with the staff moved along.
func TestAStoreMovedAwayFromItsStaffIsAnError(t *testing.T) {
	move := func(withStaff bool) Plan {
		return Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
			rows[SetFacilities][0][fGroup] = "4"
			if withStaff {
				rows[SetUsers][0][uGroup] = "4"
			}
		}), options())
	}
	alone := move(false)
	if got := opsOf(alone, SetUsers); !slices.Equal(got, []Op{OpError}) {
		t.Fatalf("store moved alone: users %v", got)
	}
	together := move(true)
	if together.Errors() != 0 || !slices.Equal(opsOf(together, SetFacilities), []Op{OpUpdate}) ||
		!slices.Equal(opsOf(together, SetUsers), []Op{OpUpdate}) {
		t.Fatalf("store moved with its staff: %+v", together.Rows)
	}
}

func TestDeletingNeedsTheOptionAndTheScreensRule(t *testing.T) {
	empty := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) { rows[SetGroups] = rows[SetGroups][:3] }), options())
	if empty.Changes() != 0 {
		t.Fatalf("without the option a left-out group is kept: %+v", empty.Rows)
	}
	o := options()
	o.Delete = map[Set]bool{SetGroups: true}
	// 西 (4) is empty and goes; 関東 (3) holds a store and stays with the screen's message.
	p := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetGroups] = slices.DeleteFunc(rows[SetGroups], func(r []string) bool { return r[gName] == "西" || r[gName] == "関東" })
	}), o)
	var deleted, refused []string
	for _, r := range p.Rows {
		switch {
		case r.Op == OpDelete:
			deleted = append(deleted, r.Name)
		case r.Op == OpError && r.Line == 0:
			refused = append(refused, r.Name+":"+r.Errors[0].Message)
		}
	}
	if !slices.Equal(deleted, []string{"西"}) || !slices.Equal(refused, []string{"関東:" + group.MsgInUse}) ||
		!slices.Equal(opsOf(p, SetFacilities), []Op{OpError}) { // the store names the group being deleted
		t.Fatalf("deleted %v, refused %v", deleted, refused)
	}
}

// A row without an id whose natural key names an existing master is that
// master: the external data id for a store, the account for a user.
func TestRowsWithoutIDsMatchOnTheirNaturalKeys(t *testing.T) {
	p := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetFacilities][0][fID] = ""
		rows[SetFacilities][0][fName] = "新宿東口店"
		rows[SetUsers][0][uID] = ""
	}), options())
	if !slices.Equal(opsOf(p, SetFacilities), []Op{OpUpdate}) || !slices.Equal(opsOf(p, SetUsers), []Op{OpUnchanged}) {
		t.Fatalf("natural keys: %+v", p.Rows)
	}
}

func TestTheImporterCannotGrantMoreThanItHolds(t *testing.T) {
	o := options()
	o.Importer.Roles = access.RolesOf(access.GroupAdmin, []string{access.MasterImporter})
	p := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetUsers] = append(rows[SetUsers], []string{"", "newadmin", "新", "人", "組織管理者", "", "1", "", "", "", "", "", "n@example.com", ""})
	}), o)
	i := slices.IndexFunc(p.Rows, func(r Row) bool { return r.Op == OpError })
	if i < 0 || p.Rows[i].Errors[0].Message != user.MsgGrantTooMuch || p.Rows[i].Errors[0].Column != "権限" {
		t.Fatalf("grant: %+v", p.Rows)
	}
}

// The importer's own row may not bind them to an allow-list that leaves
// out the address they ask from: their next request would be refused, as
// the user screen refuses the same (user.MsgShutsYouOut).
func TestTheImporterCannotBindThemselvesOutOfTheAllowList(t *testing.T) {
	own := func(allowed bool, cellValue string) Plan {
		o := options()
		o.Importer.UserID, o.Importer.Address, o.Importer.AddressAllowed = 20, "203.0.113.9", allowed
		return Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
			rows[SetUsers][0][uIPRestriction] = cellValue
		}), o)
	}
	p := own(false, "はい")
	i := slices.IndexFunc(p.Rows, func(r Row) bool { return r.Op == OpError })
	want := CellError{Column: "IPアドレス制限", Value: "はい", Message: "この設定では、いま接続しているIPアドレス（203.0.113.9）から操作できなくなります。組織の許可IPアドレスに含めてから設定してください。"}
	if i < 0 || p.Rows[i].ID != 20 || p.Rows[i].Errors[0] != want {
		t.Fatalf("bound out: %+v", p.Rows)
	}
	for _, ok := range []Plan{own(true, "はい"), own(false, "いいえ")} {
		if slices.ContainsFunc(ok.Rows, func(r Row) bool { return r.Op == OpError }) {
			t.Fatalf("an allowed address or no binding is fine: %+v", ok.Rows)
		}
	}
}

// The sheets' line numbers and the rows' columns are what errors name.
func TestErrorsNameTheirSheetRowAndColumn(t *testing.T) {
	p := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetFacilities][0][fTel] = "03-ABC"
	}), options())
	r := p.Rows[slices.IndexFunc(p.Rows, func(r Row) bool { return r.Op == OpError })]
	if r.Sheet != "店舗" || r.Line != 2 || r.Errors[0] != (CellError{Column: "電話番号", Value: "03-ABC", Message: "電話番号の形式で入力してください"}) {
		t.Fatalf("error row %+v", r)
	}
	if got := r.Errors[0].Text(); got != "［電話番号］「03-ABC」: 電話番号の形式で入力してください" {
		t.Fatalf("text %q", got)
	}
}

// A cell with a control character or a direction override fails its row,
// as the same text typed into a screen is refused.
func TestCellsWithControlCharactersAreErrors(t *testing.T) {
	p := Build(chain(), workbookOf(chain(), func(rows map[Set][][]string) {
		rows[SetFacilities][0][fName] = "新宿店\x1b[31m"
		rows[SetGroups][0][gName] = "本部\u202e"
	}), options())
	var errs []CellError
	for _, r := range p.Rows {
		if r.Op == OpError {
			errs = append(errs, r.Errors...)
		}
	}
	if len(errs) != 2 || errs[0].Message != validation.MsgControlCharacter || errs[1].Message != validation.MsgControlCharacter {
		t.Fatalf("errors %+v", errs)
	}
}

func TestSplitListReadsTheCommasPeopleType(t *testing.T) {
	if got := splitList("駅前, 郊外，24時間営業、駅前"); !slices.Equal(got, []string{"駅前", "郊外", "24時間営業"}) {
		t.Fatalf("%v", got)
	}
	if strconv.Itoa(len(splitList(""))) != "0" {
		t.Fatal("an empty cell has no items")
	}
}
