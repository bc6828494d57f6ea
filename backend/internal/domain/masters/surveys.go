package masters

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/survey"
)

// Surveys take one sheet: their settings and target stores. Questions,
// the icon and a reward image stay in the survey editor (a sheet cannot
// carry images, and a question layout in cells would be harder to read
// than the editor); a survey created here starts with the editor's
// default questions (NPS, customer information, mail).

// Column positions of the survey sheet.
const (
	svID = iota
	svName
	svTitle
	svDescription
	svTerms
	svReward
	svRewardLinkName
	svRewardURL
	svFrom
	svTo
	svLimit
	svLimitDays
	svLimitRange
	svImprovement
	svImprovementTime
	svImprovementDays
	svStores
	svStoresExternal
)

// Messages of the survey sheet.
const (
	MsgNoSurveyRight = "アンケートを編集する権限がありません。"
	MsgChoice        = "一覧の中から入力してください: "
)

type label struct{ name, label string }

var (
	rewardLabels = []label{{survey.RewardNone, "なし"}, {survey.RewardImage, "画像"}, {survey.RewardLink, "リンク"}}
	limitLabels  = []label{{survey.LimitOnce, "1回"}, {survey.LimitDays, "日数ごと"}, {survey.LimitUnlimited, "制限なし"}}
	rangeLabels  = []label{{survey.RangeFacility, "店舗ごと"}, {survey.RangeSurvey, "アンケート全体"}}
)

func labelOf(ls []label, name string) string {
	if i := slices.IndexFunc(ls, func(l label) bool { return l.name == name }); i >= 0 {
		return ls[i].label
	}
	return name
}

func labelsOfChoices(ls []label) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.label
	}
	return out
}

func surveyLayout(l Labels) Layout {
	idNote := "ダウンロードした行のIDです。新しい行は空欄にします。変更しないでください。"
	return Layout{Set: SetSurveys, Sheet: "アンケート", Optional: true, Columns: []Column{
		{Heading: "アンケートID", Note: idNote + " 質問・アイコン・特典画像はアンケートの画面で編集します。新しいアンケートは標準の質問で作られます。"},
		{Heading: "アンケート名", Field: "surveyName", Note: "必須。管理用の名前。"},
		{Heading: "タイトル", Field: "surveyTitle", Note: "必須。お客様に見える題名。"},
		{Heading: "説明", Field: "surveyDescription"},
		{Heading: "利用規約", Field: "termsOfService", Note: "新しいアンケートで空欄なら標準の利用規約です。"},
		{Heading: "特典", Field: "rewardType", Choices: labelsOfChoices(rewardLabels), Note: "なし／画像／リンク。画像はアンケートの画面で登録します。"},
		{Heading: "特典リンク名", Field: "rewardLinkName"},
		{Heading: "特典URL", Field: "rewardUrl", Note: "http://またはhttps://で始まるURL。"},
		{Heading: "開始日", Field: "fromDate", Note: "必須（YYYY/MM/DD）。"},
		{Heading: "終了日", Field: "toDate", Note: "空欄は終了なし。"},
		{Heading: "回答制限", Field: "answerLimit", Choices: labelsOfChoices(limitLabels), Note: "1回／日数ごと／制限なし。"},
		{Heading: "回答制限日数", Field: "answerLimitDays", Note: "日数ごとのときの日数。"},
		{Heading: "回答制限の範囲", Field: "answerLimitRange", Choices: labelsOfChoices(rangeLabels), Note: "店舗ごと／アンケート全体。"},
		{Heading: "改善報告", Field: "availableImprovement", Choices: yesNo, Note: "はい／いいえ。"},
		{Heading: "改善リマインド時刻", Field: "improvementReminderNotificationTime", Note: "HH:MM。"},
		{Heading: "改善リマインド日数", Field: "improvementReminderDaysBefore", Note: "期限の何日前か。"},
		{Heading: "対象店舗ID", Field: "targetFacilityList", Note: "店舗IDをカンマで区切って書きます。"},
		{Heading: "対象店舗の" + l.ExternalDataID, Field: "targetFacilityList", Note: "店舗の" + l.ExternalDataID + "でも指定できます（この取込で作る店舗はこちら）。"}}}
}

func surveyCells(s survey.Survey) []string {
	to := ""
	if s.Period.To != nil {
		to = dateCell(*s.Period.To)
	}
	stores := make([]string, len(s.TargetFacilityIDs))
	for i, id := range s.TargetFacilityIDs {
		stores[i] = strconv.FormatInt(id, 10)
	}
	return []string{id(s.ID), s.Name, s.Title, s.Description, s.TermsOfService, labelOf(rewardLabels, s.RewardType), s.RewardLinkName,
		s.RewardURL, dateCell(s.Period.From), to, labelOf(limitLabels, s.AnswerLimit), strconv.Itoa(s.AnswerLimitDays),
		labelOf(rangeLabels, s.AnswerLimitRange), yesNoCell(s.AvailableImprovement), s.ImprovementReminderTime,
		strconv.Itoa(s.ImprovementReminderDaysBefore), strings.Join(stores, ", "), ""}
}

// SurveyAction creates (Survey.ID 0) or saves a survey's settings; the
// target stores resolve at apply time.
type SurveyAction struct {
	Survey survey.Survey
	Stores []Ref
}

func (b *builder) surveys() {
	lines := b.wb[SetSurveys]
	if lines == nil {
		return
	}
	if !b.o.Importer.MayEditSurveys {
		b.refuseAll(MsgNoSurveyRight, SetSurveys)
		return
	}
	current := map[int64]survey.Survey{}
	for _, s := range b.s.Surveys {
		current[s.ID] = s
	}
	for _, ln := range lines {
		r := b.row(SetSurveys, ln)
		c := ln.Cells
		sid, ok := b.rowID(r, c, func(n int64) bool { _, ok := current[n]; return ok })
		if ok && b.twice(r, SetSurveys, sid, c) {
			sid = 0
		}
		cur := current[sid]
		s := survey.Survey{Categories: survey.DefaultCategories(), TermsOfService: survey.DefaultTermsOfService}
		if sid != 0 {
			b.keep(SetSurveys, sid)
			s = cur // what the sheet does not carry (questions, icon, reward image) stays
		}
		s.Name, s.Title, s.Description = strings.TrimSpace(cell(c, svName)), strings.TrimSpace(cell(c, svTitle)), cell(c, svDescription)
		if t := cell(c, svTerms); t != "" || sid != 0 {
			s.TermsOfService = t
		}
		s.RewardType = b.choice(r, c, svReward, rewardLabels, survey.RewardNone)
		s.RewardLinkName, s.RewardURL = cell(c, svRewardLinkName), cell(c, svRewardURL)
		s.Period = survey.Period{From: b.date(r, c, svFrom)}
		if to := b.date(r, c, svTo); !to.IsZero() {
			s.Period.To = &to
		}
		s.AnswerLimit = b.choice(r, c, svLimit, limitLabels, survey.LimitOnce)
		s.AnswerLimitDays = b.number(r, c, svLimitDays, 0)
		s.AnswerLimitRange = b.choice(r, c, svLimitRange, rangeLabels, survey.RangeFacility)
		s.AvailableImprovement = b.yesNo(r, svImprovement, c, true)
		s.ImprovementReminderTime = timeCell(cell(c, svImprovementTime))
		s.ImprovementReminderDaysBefore = b.number(r, c, svImprovementDays, 0)
		stores := b.targetStores(r, c, svStores, svStoresExternal)
		if len(r.Errors) == 0 {
			if err := s.Validate(); err != nil {
				b.failFields(r, err, c)
			}
		}
		r.ID, r.Name = sid, s.Name
		var curCells []string
		if sid != 0 {
			curCells = surveyCells(cur)
			curCells[svStores] = b.refCells(refsOf(cur.TargetFacilityIDs), b.facilityCell)
		}
		next := surveyCells(s)
		next[svStores] = b.refCells(stores, b.facilityCell)
		if b.finish(r, sid == 0, curCells, next, svStoresExternal) {
			b.plan.Actions.Surveys = append(b.plan.Actions.Surveys, SurveyAction{Survey: s, Stores: stores})
		}
	}
	b.markDeleted(SetSurveys, func(int64) {})
	for _, s := range b.s.Surveys {
		if b.kept[SetSurveys][-s.ID] && b.deleteRow(Row{Set: SetSurveys, Sheet: b.layout(SetSurveys).Sheet, ID: s.ID, Name: s.Name}) {
			b.plan.Actions.DeleteSurveys = append(b.plan.Actions.DeleteSurveys, s.ID)
		}
	}
}

// refuseAll makes every row of sets an error with msg: sheets the importer
// may not change.
func (b *builder) refuseAll(msg string, sets ...Set) {
	for _, set := range sets {
		for _, ln := range b.wb[set] {
			r := b.row(set, ln)
			r.Errors = append(r.Errors, CellError{Message: msg})
			b.finish(r, true, nil, nil)
		}
	}
}

// choice reads a cell that takes one of a list's labels (or names); empty is def.
func (b *builder) choice(r *Row, c []string, col int, ls []label, def string) string {
	return b.choiceOr(r, c, col, ls, def, MsgChoice+strings.Join(labelsOfChoices(ls), "／"))
}

// choiceOr is choice with the message of a value not in the list.
func (b *builder) choiceOr(r *Row, c []string, col int, ls []label, def, msg string) string {
	v := cell(c, col)
	if v == "" {
		return def
	}
	if i := slices.IndexFunc(ls, func(l label) bool { return l.label == v || l.name == v }); i >= 0 {
		return ls[i].name
	}
	b.fail(r, col, v, msg)
	return def
}

func (b *builder) date(r *Row, c []string, col int) time.Time {
	v := cell(c, col)
	if v == "" {
		return time.Time{}
	}
	t, ok := parseDate(v)
	if !ok {
		b.fail(r, col, v, MsgDate)
	}
	return t
}

func (b *builder) number(r *Row, c []string, col int, def int) int {
	v := strings.ReplaceAll(cell(c, col), ",", "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		b.fail(r, col, cell(c, col), MsgInteger)
	}
	return n
}

// targetStores resolves target stores written by id, or by external data
// id (a store created by the same upload has only that), as the upload
// leaves the stores.
func (b *builder) targetStores(r *Row, c []string, idCol, extCol int) []Ref {
	var stores []Ref
	for _, v := range splitList(cell(c, idCol)) {
		n, err := strconv.ParseInt(v, 10, 64)
		f := b.facilityRef(Ref{ID: n})
		if err != nil || n <= 0 || f == nil || f.deleted {
			b.fail(r, idCol, v, MsgTargetStore)
			continue
		}
		stores = append(stores, f.ref)
	}
	for _, v := range splitList(cell(c, extCol)) {
		if found := b.facilityExt[v]; len(found) == 1 {
			stores = append(stores, b.facilityRefs[found[0]].ref)
		} else {
			b.fail(r, extCol, v, MsgTargetStore)
		}
	}
	return stores
}
