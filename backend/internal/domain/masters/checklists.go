package masters

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
)

// Check lists take two sheets: the lists (one row each: name, first
// period, recurrence, notifications, target stores and users) and their
// items (one row each, in order, naming the list, the category, the
// question and its choices), so a head office can write its QSC list in Excel.

// Column positions of the two sheets.
const (
	clID = iota
	clName
	clFrom
	clTo
	clInterval
	clUnit
	clStart
	clReminder
	clReminderDays
	clClosingDayRule
	clBusinessDays
	clImprovement
	clImprovementTime
	clImprovementDays
	clStores
	clStoresExternal
	clUsers
)

const (
	ciList = iota
	ciID
	ciCategory
	ciQuestion
	ciExplanation
	ciChoices
	ciPhoto
	ciInapplicable
)

// Messages of the check list sheets.
const (
	MsgNoCheckListRight  = "チェックリストを編集する権限がありません。"
	MsgCheckListUnknown  = "チェックリストの行がありません。チェックリストのシートにIDまたは名前のある行を書いてください。"
	MsgCheckListTwice    = "同じ名前の新しいチェックリストが複数あります。"
	MsgItemElsewhere     = "この項目は別のチェックリストの項目です。"
	MsgDate              = "日付はYYYY/MM/DDの形式で入力してください。"
	MsgUnit              = "繰り返しの単位は「日」「週」「月」のいずれかで入力してください。"
	MsgClosingDayRule    = "休業日にあたるリマインドは「前の営業日に送る」「次の営業日に送る」「送らない」のいずれかで入力してください。"
	MsgBusinessDays      = "日数の数え方は「暦日」「営業日」のいずれかで入力してください。"
	MsgInteger           = "整数で入力してください"
	MsgChoices           = "選択肢は「○=2, △=1*, ×=0*」のように「名前=点数」をカンマで区切って書きます（*は要改善）。"
	MsgTargetStore       = "対象店舗が見つかりません。"
	MsgTargetUser        = "対象ユーザーが見つかりません。"
	checkListDateLayout  = "2006/01/02"
	choiceSeparator      = ","
	badChoiceMark        = "*"
	checkListsSheetLabel = "チェックリスト"
	checkItemsSheetLabel = "チェック項目"
)

var units = []struct{ name, label string }{{checklist.Days, "日"}, {checklist.Weeks, "週"}, {checklist.Months, "月"}}

// The closing-day rule and the day count, as the check list editor names
// them (休業日にあたるリマインド, 日数の数え方); the API's codes are read too.
var (
	closingDayRuleLabels = []label{{checklist.ClosingBefore, "前の営業日に送る"}, {checklist.ClosingAfter, "次の営業日に送る"},
		{checklist.ClosingSkip, "送らない"}}
	businessDaysLabels = []label{{"false", "暦日"}, {"true", "営業日"}}
)

func businessDaysCell(v bool) string { return labelOf(businessDaysLabels, strconv.FormatBool(v)) }

func unitLabel(u string) string {
	for _, x := range units {
		if x.name == u {
			return x.label
		}
	}
	return u
}

// keepNote explains a blank cell of a setting the sheet may leave out.
func keepNote(def string) string {
	return "空欄は、新しいチェックリストでは「" + def + "」、既存のチェックリストでは今の設定のままです。"
}

func checkListLayouts(l Labels) []Layout {
	idNote := "ダウンロードした行のIDです。新しい行は空欄にします。変更しないでください。"
	return []Layout{
		{Set: SetCheckLists, Sheet: checkListsSheetLabel, Optional: true, Columns: []Column{
			{Heading: "チェックリストID", Note: idNote},
			{Heading: "チェックリスト名", Field: "checkListMasterName", Note: "必須。100文字以内。新しいチェックリストの項目は、チェック項目のシートでこの名前を書きます。"},
			{Heading: "開始日", Field: "fromDate", Note: "最初の期間の開始日（YYYY/MM/DD）。"},
			{Heading: "終了日", Field: "toDate", Note: "最初の期間の終了日（YYYY/MM/DD）。"},
			{Heading: "繰り返し間隔", Field: "nextInterval", Note: "1〜365。"},
			{Heading: "繰り返し単位", Field: "nextDuration", Choices: []string{"日", "週", "月"}, Note: "日／週／月。"},
			{Heading: "開始通知時刻", Field: "startNotificationTime", Note: "HH:MM。空欄は通知なし。"},
			{Heading: "リマインド時刻", Field: "reminderNotificationTime", Note: "HH:MM。空欄は通知なし。"},
			{Heading: "リマインド日数", Field: "reminderDaysBefore", Note: "終了日の何日前か（0〜31）。"},
			{Heading: "休業日にあたるリマインド", Field: "closingDayRule", Choices: labelsOfChoices(closingDayRuleLabels),
				Note: "リマインドと改善リマインドが祝日や休業日にあたるとき: 前の営業日に送る／次の営業日に送る／送らない。" + keepNote("前の営業日に送る"), Added: true},
			{Heading: "日数の数え方", Field: "businessDays", Choices: labelsOfChoices(businessDaysLabels),
				Note: "リマインド日数と改善リマインド日数の数え方: 暦日／営業日。" + keepNote("暦日"), Added: true},
			{Heading: "改善報告", Field: "availableImprovement", Choices: yesNo, Note: "はい／いいえ。"},
			{Heading: "改善リマインド時刻", Field: "improvementReminderNotificationTime", Note: "HH:MM。"},
			{Heading: "改善リマインド日数", Field: "improvementReminderDaysBefore", Note: "期限の何日前か（0〜31）。"},
			{Heading: "対象店舗ID", Field: "targetFacilityList", Note: "店舗IDをカンマで区切って書きます。"},
			{Heading: "対象店舗の" + l.ExternalDataID, Field: "targetFacilityList", Note: "店舗の" + l.ExternalDataID + "でも指定できます（この取込で作る店舗はこちら）。"},
			{Heading: "対象ユーザー", Field: "targetUserList", Note: "ユーザーアカウントをカンマで区切って書きます。"}}},
		{Set: SetCheckItems, Sheet: checkItemsSheetLabel, Optional: true, Columns: []Column{
			{Heading: "チェックリスト", Note: "チェックリストID、または新しいチェックリストの名前。"},
			{Heading: "項目ID", Note: idNote},
			{Heading: "カテゴリ", Field: "categoryList", Note: "必須。同じカテゴリの項目は、最初に出てきた順にまとまります。"},
			{Heading: "質問", Field: "categoryList", Note: "必須。500文字以内。項目は行の順に並びます。"},
			{Heading: "説明", Note: "回答する人への説明。1000文字以内。"},
			{Heading: "選択肢", Field: "categoryList", Note: "「○=2, △=1*, ×=0*」のように「名前=点数」をカンマで区切ります。*は要改善の選択肢です。2〜10個、名前は20文字以内。"},
			{Heading: "写真必須", Choices: yesNo, Note: "はい／いいえ。"},
			{Heading: "対象外可", Choices: yesNo, Note: "はい／いいえ。"}}},
	}
}

// checkListCells writes a check list's row: targets as store ids and user accounts.
func checkListCells(cl checklist.CheckList, accounts map[int64]string) []string {
	stores := make([]string, len(cl.TargetFacilityIDs))
	for i, id := range cl.TargetFacilityIDs {
		stores[i] = strconv.FormatInt(id, 10)
	}
	var users []string
	for _, id := range cl.TargetUserIDs {
		if a, ok := accounts[id]; ok {
			users = append(users, a)
		}
	}
	slices.Sort(users)
	return []string{id(cl.ID), cl.Name, dateCell(cl.First.From), dateCell(cl.First.To), strconv.Itoa(cl.Recurrence.Interval),
		unitLabel(cl.Recurrence.Unit), cl.StartNotificationTime, cl.ReminderNotificationTime, strconv.Itoa(cl.ReminderDaysBefore),
		labelOf(closingDayRuleLabels, cl.ClosingRuleOrDefault()), businessDaysCell(cl.BusinessDays), yesNoCell(cl.AvailableImprovement),
		cl.ImprovementReminderTime, strconv.Itoa(cl.ImprovementReminderDaysBefore),
		strings.Join(stores, ", "), "", strings.Join(users, ", ")}
}

func checkItemCells(list string, cat string, it checklist.Item) []string {
	return []string{list, id(it.ID), cat, it.Question, it.Explanation, choicesCell(it.Scale), yesNoCell(it.PhotoRequired),
		yesNoCell(it.InapplicableAllowed)}
}

func dateCell(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(clock.Tokyo).Format(checkListDateLayout)
}

func choicesCell(s checklist.Scale) string {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.Label + "=" + strconv.Itoa(c.Score)
		if c.Bad {
			parts[i] += badChoiceMark
		}
	}
	return strings.Join(parts, choiceSeparator+" ")
}

// parseChoices reads "○=2, △=1*, ×=0*".
func parseChoices(c string) (checklist.Scale, bool) {
	var s checklist.Scale
	for _, p := range strings.Split(c, choiceSeparator) {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		label, score, ok := strings.Cut(p, "=")
		if !ok {
			return nil, false
		}
		bad := strings.HasSuffix(score, badChoiceMark)
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(score, badChoiceMark)))
		if err != nil || strings.TrimSpace(label) == "" {
			return nil, false
		}
		s = append(s, checklist.Choice{Label: strings.TrimSpace(label), Score: n, Bad: bad})
	}
	return s, len(s) > 0
}

// parseDate reads a date as the sheet writes it or as Excel shows a typed one.
func parseDate(c string) (time.Time, bool) {
	for _, layout := range []string{checkListDateLayout, "2006/1/2", "2006-01-02", "2006-1-2", "01-02-06", "1/2/06", "1/2/2006"} {
		if t, err := time.ParseInLocation(layout, c, clock.Tokyo); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// timeCell normalizes a time of day typed or shown as H:MM or HH:MM:SS to HH:MM.
func timeCell(c string) string {
	for _, layout := range []string{"15:04", "15:04:05"} {
		if t, err := time.Parse(layout, c); err == nil {
			return t.Format("15:04")
		}
	}
	return c // the list's own rule names what is wrong
}

// listRow is a check list row of the upload with what it becomes.
type listRow struct {
	row    Row
	cells  []string
	list   checklist.CheckList
	cur    checklist.CheckList
	key    string // the list's name, for a new list
	stores []Ref
	users  []Ref
	items  []*Row
}

func (b *builder) checkLists() {
	lists, items := b.wb[SetCheckLists], b.wb[SetCheckItems]
	if lists == nil && items == nil {
		return
	}
	if !b.o.Importer.MayEditCheckLists {
		b.refuseAll(MsgNoCheckListRight, SetCheckLists, SetCheckItems)
		return
	}
	current := map[int64]checklist.CheckList{}
	for _, cl := range b.s.CheckLists {
		current[cl.ID] = cl
	}
	accounts := map[int64]string{}
	for _, u := range b.s.Users {
		accounts[u.ID] = u.Account
	}
	var rows []*listRow
	byKey := map[string]*listRow{}
	for _, ln := range lists {
		lr := &listRow{row: *b.row(SetCheckLists, ln), cells: ln.Cells}
		r := &lr.row
		cid, ok := b.rowID(r, ln.Cells, func(n int64) bool { _, ok := current[n]; return ok })
		if ok && b.twice(r, SetCheckLists, cid, ln.Cells) {
			cid = 0
		}
		lr.cur = current[cid]
		lr.list = b.parseCheckList(r, ln.Cells, lr.cur)
		lr.list.ID, lr.list.Version = cid, lr.cur.Version
		r.ID, r.Name = cid, lr.list.Name
		if cid != 0 {
			b.keep(SetCheckLists, cid)
			byKey[id(cid)] = lr
		} else if lr.list.Name != "" {
			if _, taken := byKey[lr.list.Name]; taken {
				b.fail(r, clName, lr.list.Name, MsgCheckListTwice)
			}
			lr.key = lr.list.Name
			byKey[lr.list.Name] = lr
		}
		lr.stores, lr.users = b.checkListTargets(r, ln.Cells)
		rows = append(rows, lr)
	}
	b.checkItems(items, byKey)
	for _, lr := range rows {
		r := &lr.row
		if len(r.Errors) == 0 {
			if err := lr.list.Validate(); err != nil {
				b.failFields(r, err, lr.cells)
			}
		}
		var cur []string
		if lr.cur.ID != 0 {
			cur = checkListCells(lr.cur, accounts)
		}
		next := checkListCells(lr.list, accounts)
		next[clStores], next[clUsers] = b.refCells(lr.stores, b.facilityCell), b.refCells(lr.users, b.userCell)
		if cur != nil {
			cur[clStores], cur[clUsers] = b.refCells(refsOf(lr.cur.TargetFacilityIDs), b.facilityCell), b.refCells(refsOf(lr.cur.TargetUserIDs), b.userCell)
		}
		itemsChanged := slices.ContainsFunc(lr.items, func(it *Row) bool { return it.Op != OpUnchanged })
		changed := b.finish(r, lr.cur.ID == 0, cur, next, clStoresExternal)
		if !changed && r.Op == OpUnchanged && itemsChanged {
			b.plan.Rows[len(b.plan.Rows)-1].Op = OpUpdate // its items change: the list is saved again
			b.plan.Rows[len(b.plan.Rows)-1].Changes = []Change{{Column: "項目", Old: "", New: "チェック項目のシートのとおり"}}
			changed = true
		}
		failedItems := slices.ContainsFunc(lr.items, func(it *Row) bool { return it.Op == OpError })
		if changed && !failedItems {
			b.plan.Actions.CheckLists = append(b.plan.Actions.CheckLists, CheckListAction{List: lr.list, Stores: lr.stores, Users: lr.users})
		}
	}
	b.markDeleted(SetCheckLists, func(int64) {})
	for _, cl := range b.s.CheckLists {
		if b.kept[SetCheckLists][-cl.ID] {
			if b.deleteRow(Row{Set: SetCheckLists, Sheet: b.layout(SetCheckLists).Sheet, ID: cl.ID, Name: cl.Name}) {
				b.plan.Actions.DeleteCheckLists = append(b.plan.Actions.DeleteCheckLists, cl.ID)
			}
		}
	}
}

// parseCheckList reads a list's row; cur is the list it updates (zero for
// a new one), whose closing-day rule and day count a blank cell keeps.
func (b *builder) parseCheckList(r *Row, c []string, cur checklist.CheckList) checklist.CheckList {
	cl := checklist.CheckList{Name: strings.TrimSpace(cell(c, clName)), StartNotificationTime: timeCell(cell(c, clStart)),
		ReminderNotificationTime: timeCell(cell(c, clReminder)), ImprovementReminderTime: timeCell(cell(c, clImprovementTime))}
	cl.First = checklist.Period{From: b.date(r, c, clFrom), To: b.date(r, c, clTo)}
	cl.Recurrence = checklist.Recurrence{Interval: b.number(r, c, clInterval, 1), Unit: checklist.Months}
	if u := cell(c, clUnit); u != "" {
		i := slices.IndexFunc(units, func(x struct{ name, label string }) bool { return x.label == u || x.name == u })
		if i < 0 {
			b.fail(r, clUnit, u, MsgUnit)
		} else {
			cl.Recurrence.Unit = units[i].name
		}
	}
	cl.ReminderDaysBefore = b.number(r, c, clReminderDays, 0)
	cl.ImprovementReminderDaysBefore = b.number(r, c, clImprovementDays, 0)
	cl.AvailableImprovement = b.yesNo(r, clImprovement, c, false)
	// Blank keeps the list's own; a new list gets the editor's defaults (BEFORE, calendar days).
	cl.ClosingDayRule = b.choiceOr(r, c, clClosingDayRule, closingDayRuleLabels, cur.ClosingRuleOrDefault(), MsgClosingDayRule)
	cl.BusinessDays = b.choiceOr(r, c, clBusinessDays, businessDaysLabels, strconv.FormatBool(cur.BusinessDays), MsgBusinessDays) == "true"
	return cl
}

// checkListTargets resolves the target stores (ids, or external data ids)
// and users (accounts), as the upload leaves them.
func (b *builder) checkListTargets(r *Row, c []string) ([]Ref, []Ref) {
	stores := b.targetStores(r, c, clStores, clStoresExternal)
	var users []Ref
	for _, v := range splitList(cell(c, clUsers)) {
		ref, ok := b.userRefs[strings.ToLower(v)]
		if !ok {
			b.fail(r, clUsers, v, MsgTargetUser)
			continue
		}
		users = append(users, ref)
	}
	return stores, users
}

// checkItems plans the item rows and puts each into its list, in order.
func (b *builder) checkItems(lines []Line, byKey map[string]*listRow) {
	itemList := map[int64]int64{} // existing item → its list
	itemOf := map[int64]checklist.Item{}
	catOf := map[int64]string{}
	for _, cl := range b.s.CheckLists {
		for _, cat := range cl.Categories {
			for _, it := range cat.Items {
				itemList[it.ID], itemOf[it.ID], catOf[it.ID] = cl.ID, it, cat.Name
			}
		}
	}
	seen := map[int64]bool{}
	for _, ln := range lines {
		r := b.row(SetCheckItems, ln)
		c := ln.Cells
		lr := byKey[cell(c, ciList)]
		if lr == nil {
			b.fail(r, ciList, cell(c, ciList), MsgCheckListUnknown)
			b.finish(r, true, nil, nil)
			continue
		}
		it := checklist.Item{Question: strings.TrimSpace(cell(c, ciQuestion)), Explanation: cell(c, ciExplanation),
			PhotoRequired: b.yesNo(r, ciPhoto, c, false), InapplicableAllowed: b.yesNo(r, ciInapplicable, c, false)}
		if v := cell(c, ciChoices); v != "" {
			scale, ok := parseChoices(v)
			switch err := scale.Validate(); {
			case ok && errors.Is(err, checklist.ErrChoiceLabel):
				b.fail(r, ciChoices, v, fmt.Sprintf("選択肢名は%d文字以内です。", checklist.MaxChoiceLabel))
			case !ok || err != nil:
				b.fail(r, ciChoices, v, MsgChoices)
			}
			it.Scale = scale
		} else {
			b.fail(r, ciChoices, "", MsgChoices)
		}
		iid, ok := b.rowIDAt(r, c, ciID, func(n int64) bool { _, ok := itemList[n]; return ok })
		switch {
		case ok && iid != 0 && itemList[iid] != lr.list.ID:
			b.fail(r, ciID, cell(c, ciID), MsgItemElsewhere)
			iid = 0
		case ok && iid != 0 && seen[iid]:
			b.fail(r, ciID, cell(c, ciID), MsgIDTwice)
			iid = 0
		}
		if iid != 0 {
			seen[iid] = true
		}
		it.ID = iid
		category := strings.TrimSpace(cell(c, ciCategory))
		if category == "" {
			b.fail(r, ciCategory, "", "カテゴリは必須です")
		}
		if it.Question == "" {
			b.fail(r, ciQuestion, "", "質問は必須です")
		} else if len([]rune(it.Question)) > 500 {
			b.fail(r, ciQuestion, it.Question, "質問は500文字以内です。")
		}
		if len([]rune(it.Explanation)) > checklist.MaxExplanation {
			b.fail(r, ciExplanation, it.Explanation, fmt.Sprintf("説明は%d文字以内です。", checklist.MaxExplanation))
		}
		r.ID, r.Name = iid, it.Question
		listCell := cell(c, ciList)
		var cur []string
		if iid != 0 {
			cur = checkItemCells(listCell, catOf[iid], itemOf[iid])
		}
		b.finish(r, iid == 0, cur, checkItemCells(listCell, category, it))
		placed := &b.plan.Rows[len(b.plan.Rows)-1]
		lr.items = append(lr.items, placed)
		addItem(&lr.list, category, it, lr.cur)
		if placed.Op == OpError && len(lr.row.Errors) == 0 {
			lr.row.Errors = append(lr.row.Errors, CellError{Message: "チェック項目のシートにエラーがあります。"})
		}
	}
	// Items of a listed list the sheet leaves out go with the list's save.
	for _, lr := range byKey {
		if lr.cur.ID == 0 {
			continue
		}
		for _, cat := range lr.cur.Categories {
			for _, it := range cat.Items {
				if !seen[it.ID] {
					b.plan.Rows = append(b.plan.Rows, Row{Set: SetCheckItems, Sheet: b.layout(SetCheckItems).Sheet, Op: OpDelete,
						ID: it.ID, Name: it.Question})
					lr.items = append(lr.items, &Row{Op: OpDelete})
				}
			}
		}
	}
}

// addItem places an item in its category (made on first use, keeping the
// existing category's id when the list had one of that name).
func addItem(cl *checklist.CheckList, category string, it checklist.Item, cur checklist.CheckList) {
	i := slices.IndexFunc(cl.Categories, func(c checklist.Category) bool { return c.Name == category })
	if i < 0 {
		cat := checklist.Category{Name: category}
		if j := slices.IndexFunc(cur.Categories, func(c checklist.Category) bool { return c.Name == category }); j >= 0 {
			cat.ID = cur.Categories[j].ID
		}
		cl.Categories = append(cl.Categories, cat)
		i = len(cl.Categories) - 1
	}
	cl.Categories[i].Items = append(cl.Categories[i].Items, it)
}

func refsOf(ids []int64) []Ref {
	out := make([]Ref, len(ids))
	for i, n := range ids {
		out[i] = Ref{ID: n}
	}
	return out
}

// refCells writes references sorted, so their order is not a change.
func (b *builder) refCells(refs []Ref, cellOf func(*Ref) string) string {
	out := make([]string, 0, len(refs))
	for i := range refs {
		out = append(out, cellOf(&refs[i]))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

func (b *builder) userCell(r *Ref) string {
	for account, ref := range b.userRefs {
		if ref == *r {
			return account
		}
	}
	return ""
}

// CheckListAction creates (List.ID 0) or saves a check list with its
// categories and items; targets resolve at apply time.
type CheckListAction struct {
	List   checklist.CheckList
	Stores []Ref
	Users  []Ref
}
