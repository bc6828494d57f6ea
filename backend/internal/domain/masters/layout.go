// Package masters is bulk master registration (docs/product/masters.md):
// the workbook's layout (one sheet per set, Japanese headings), how the
// current masters are written into it, and the plan that compares an
// uploaded workbook with them row by row — CREATE, UPDATE (field by field),
// DELETE, UNCHANGED or ERROR — with the same rules and messages as the
// screens' forms, because it validates through the same domain inputs.
package masters

import (
	"slices"
	"strings"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/user"
)

// Set is one kind of master the workbook carries, in dependency order:
// tags and groups before the stores that carry and hold them, stores
// before the users that belong to them.
type Set string

const (
	SetGroups        Set = "GROUPS"
	SetFacilityTags  Set = "FACILITY_TAGS"
	SetFacilities    Set = "FACILITIES"
	SetUserTags      Set = "USER_TAGS"
	SetUsers         Set = "USERS"
	SetCheckLists    Set = "CHECK_LISTS"
	SetCheckItems    Set = "CHECK_ITEMS"
	SetSurveys       Set = "SURVEYS"
	explanationSheet     = "説明"
)

// Sets lists the sets the workbook carries, in the order they apply.
var Sets = []Set{SetFacilityTags, SetUserTags, SetGroups, SetFacilities, SetUsers, SetCheckLists, SetCheckItems, SetSurveys}

// Valid reports whether s is a set this version imports.
func (s Set) Valid() bool { return slices.Contains(Sets, s) }

// Column is one column of a sheet.
type Column struct {
	Heading string
	// Field is the input field the domain names in its messages, so a
	// message lands in this column ("" for none).
	Field string
	// Choices are the only values allowed (a drop-down in the workbook).
	Choices []string
	// Note explains the column in the explanation sheet.
	Note string
	// Added marks a column added after workbooks were in use: a file
	// downloaded before it (without the column) reads as blank cells, which
	// keep the current value, instead of being refused.
	Added bool
}

// Layout is one sheet.
type Layout struct {
	Set     Set
	Sheet   string
	Columns []Column
	// Optional sheets may be left out of an upload (the set stays as it is):
	// the check lists, which only their editors download.
	Optional bool
}

// Column positions, per set (the order of Layouts' columns).
const (
	gID = iota
	gParent
	gName
	gKana
	gJK
)

const (
	tID = iota
	tLabel
)

const (
	fID = iota
	fGroup
	fName
	fKana
	fAddress
	fTel
	fManager
	fExternalID
	fExternalValue
	fAdvanced
	fSurvey
	fTags
)

const (
	uID = iota
	uAccount
	uLastName
	uFirstName
	uMain
	uSubs
	uGroup
	uFacility
	uFacilityExternal
	uTags
	uIPRestriction
	uMfa
	uMail
	uDisabled
)

// Yes and No are how a yes/no cell is written.
const (
	Yes = "はい"
	No  = "いいえ"
)

var yesNo = []string{Yes, No}

// Labels are the organization's names for the external data id and value.
type Labels struct {
	ExternalDataID    string
	ExternalDataValue string
}

// Layouts are the sheets of the workbook for an organization.
func Layouts(l Labels) []Layout {
	idNote := "ダウンロードした行のIDです。新しい行は空欄にします。変更しないでください。"
	groupRef := "グループIDを書きます。この取込で作るグループは、そのグループ名を書きます。"
	tagsNote := "タグ名をカンマ（,）で区切って書きます。"
	return append([]Layout{
		{Set: SetFacilityTags, Sheet: "店舗タグ", Columns: []Column{
			{Heading: "タグID", Note: idNote}, {Heading: "タグ名", Field: "label", Note: "50文字以内。"}}},
		{Set: SetUserTags, Sheet: "ユーザータグ", Columns: []Column{
			{Heading: "タグID", Note: idNote}, {Heading: "タグ名", Field: "label", Note: "50文字以内。"}}},
		{Set: SetGroups, Sheet: "グループ", Columns: []Column{
			{Heading: "グループID", Note: idNote + " IDが空欄でJKコードが既存のグループと同じ行は、そのグループの行です。"},
			{Heading: "親グループ", Field: "parentGroupId", Note: "空欄は最上位のグループです。" + groupRef},
			{Heading: "グループ名", Field: "groupName", Note: "必須。50文字以内。"},
			{Heading: "グループ名カナ", Field: "groupNameKana", Note: "50文字以内。"},
			{Heading: "JKコード", Field: "jkCode", Note: "16文字以内の半角文字。"}}},
		{Set: SetFacilities, Sheet: "店舗", Columns: []Column{
			{Heading: "店舗ID", Note: idNote + " IDが空欄で" + l.ExternalDataID + "が既存の店舗と同じ行は、その店舗の行です。"},
			{Heading: "グループ", Field: "groupId", Note: "必須。" + groupRef},
			{Heading: "店舗名", Field: "facilityName", Note: "必須。50文字以内。"},
			{Heading: "店舗名カナ", Field: "facilityNameKana", Note: "必須。50文字以内。"},
			{Heading: "住所", Field: "address", Note: "200文字以内。"},
			{Heading: "電話番号", Field: "tel", Note: "数字・ハイフン・#・*のみ、20文字以内。"},
			{Heading: "店長名", Field: "managerName", Note: "40文字以内。"},
			{Heading: l.ExternalDataID, Field: "externalDataId", Note: "30文字以内。"},
			{Heading: l.ExternalDataValue, Field: "externalDataValue", Note: "1000文字以内。"},
			{Heading: "高度なレポート", Field: "availableAdvancedReport", Choices: yesNo, Note: "はい／いいえ。"},
			{Heading: "アンケート", Field: "availableSurvey", Choices: yesNo, Note: "はい／いいえ。"},
			{Heading: "店舗タグ", Field: "attributeIdList", Note: tagsNote}}},
		{Set: SetUsers, Sheet: "ユーザー", Columns: []Column{
			{Heading: "ユーザーID", Note: idNote + " IDが空欄でユーザーアカウントが既存のユーザーと同じ行は、そのユーザーの行です。"},
			{Heading: "ユーザーアカウント", Field: "userAccount", Note: "必須。5〜50文字の半角文字。"},
			{Heading: "姓", Field: "lastName", Note: "必須。20文字以内。"},
			{Heading: "名", Field: "firstName", Note: "必須。20文字以内。"},
			{Heading: "権限", Field: "mainAuthorityName", Choices: authorityLabels(true), Note: "必須。"},
			{Heading: "追加権限", Field: "subAuthorityNameList", Note: "権限名をカンマ（,）で区切って書きます: " + strings.Join(authorityLabels(false), ", ")},
			{Heading: "所属グループ", Field: "groupId", Note: "必須。" + groupRef},
			{Heading: "所属店舗ID", Field: "facilityId", Note: "店舗スタッフは必須。店舗IDを書きます。"},
			{Heading: "所属店舗の" + l.ExternalDataID, Field: "facilityId", Note: "店舗IDの代わりに、店舗の" + l.ExternalDataID + "でも指定できます（この取込で作る店舗はこちらで指定します）。"},
			{Heading: "ユーザータグ", Field: "attributeIdList", Note: tagsNote},
			{Heading: "IPアドレス制限", Field: "ipAddressRestriction", Choices: yesNo, Note: "はい／いいえ。空欄は「はい」です。"},
			{Heading: "認証方式", Field: "mfaType", Choices: mfaLabels, Note: "空欄は「なし」です。"},
			{Heading: "メールアドレス", Field: "mailAddress", Note: "必須。256文字以内。"},
			{Heading: "利用停止", Field: "disabled", Choices: yesNo, Note: "はい／いいえ。空欄は「いいえ」です。"}}},
	}, append(checkListLayouts(l), surveyLayout(l))...)
}

// LayoutOf returns the layout of set.
func LayoutOf(layouts []Layout, set Set) Layout {
	i := slices.IndexFunc(layouts, func(l Layout) bool { return l.Set == set })
	return layouts[i]
}

// Headings are a layout's column headings.
func (l Layout) Headings() []string {
	out := make([]string, len(l.Columns))
	for i, c := range l.Columns {
		out[i] = c.Heading
	}
	return out
}

// ExplanationSheet is the name of the sheet that explains the others.
func ExplanationSheet() string { return explanationSheet }

// Explanation is the explanation sheet's rows: how the workbook is read,
// then every column of every sheet.
func Explanation(layouts []Layout) [][]string {
	rows := [][]string{
		{"マスタ一括登録のブック"},
		{"1行目は見出しです。見出しの文字とシート名は変えないでください。"},
		{"IDのある行は既存の行の変更、IDが空欄の行は新規登録です。"},
		{"ブックにない既存の行は、取込時に「削除する」を選んだシートだけ削除されます。"},
		{"新しいユーザーの初期パスワードは取込の反映後に一度だけダウンロードできます。"},
		{"数式・結合したセルは使えません。値だけを入力してください。"},
		{},
		{"シート", "列", "説明"},
	}
	for _, l := range layouts {
		for _, c := range l.Columns {
			rows = append(rows, []string{l.Sheet, c.Heading, c.Note})
		}
	}
	return rows
}

var mfaLabels = []string{"なし", "メール"}

func mfaLabel(t string) string {
	if t == user.MfaMail {
		return mfaLabels[1]
	}
	return mfaLabels[0]
}

func authorityLabels(main bool) []string {
	var out []string
	for _, a := range access.Authorities {
		if a.Main == main {
			out = append(out, a.Label)
		}
	}
	return out
}

// authorityByCell reads an authority written by its label or its name.
func authorityByCell(cell string) (access.Authority, bool) {
	for _, a := range access.Authorities {
		if a.Label == cell || a.Name == cell {
			return a, true
		}
	}
	return access.Authority{}, false
}
