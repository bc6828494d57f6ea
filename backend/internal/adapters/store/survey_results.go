package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
)

// SurveyResults reads the aggregates of survey answers. Every query is
// bound to the organization; answers are grouped through the
// survey_answers_results and survey_answer_values_* indexes.
type SurveyResults struct{ db *DB }

func NewSurveyResults(db *DB) *SurveyResults { return &SurveyResults{db: db} }

// storeFilter narrows stores (alias "f", joined with org_groups "g") to the
// tenant's group scope, then by group subtree, tag and store name.
func storeFilter(q *bun.SelectQuery, tn access.Tenant, groupID, tagID *int64, name string) *bun.SelectQuery {
	q = inScope(q, tn, "g.path")
	if groupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.organization_id = f.organization_id AND sg.group_id = ?) || '%'", *groupID)
	}
	if tagID != nil {
		q = q.Where(`EXISTS (SELECT 1 FROM facility_attribute_links AS l
			WHERE l.organization_id = f.organization_id AND l.facility_id = f.facility_id AND l.facility_attribute_id = ?)`, *tagID)
	}
	return matchesAll(q, "f.search_text", name)
}

func answerDates(q *bun.SelectQuery, col string, from, to *time.Time) *bun.SelectQuery {
	if from != nil {
		q = q.Where("? >= ?", bun.Ident(col), *dateOf(from))
	}
	if to != nil {
		q = q.Where("? <= ?", bun.Ident(col), *dateOf(to))
	}
	return q
}

type tallyRow struct {
	SurveyID   int64 `bun:"survey_id"`
	FacilityID int64 `bun:"facility_id"`
	Answers    int   `bun:"answers"`
	Promoters  int   `bun:"promoters"`
	Passives   int   `bun:"passives"`
	Detractors int   `bun:"detractors"`
}

// List returns one row per survey × target store.
func (r *SurveyResults) List(ctx context.Context, tn access.Tenant, f survey.ResultFilter, p paging.Request) (paging.Page[survey.ResultRow], error) {
	p = p.Normalize()
	base := func() *bun.SelectQuery {
		q := r.db.selectIn(ctx, tn, "survey_facilities", "t").
			Join("JOIN surveys AS s ON s.organization_id = t.organization_id AND s.survey_id = t.survey_id").
			Join("JOIN facilities AS f ON f.organization_id = t.organization_id AND f.facility_id = t.facility_id").
			Join("JOIN org_groups AS g ON g.organization_id = t.organization_id AND g.group_id = f.group_id").
			Where("s.deleted_at IS NULL")
		if f.SurveyID != nil {
			q = q.Where("s.survey_id = ?", *f.SurveyID)
		}
		if !f.IncludeOutOfPeriod {
			today := civilDate{f.Today}
			q = q.Where("s.from_date <= ? AND (s.to_date IS NULL OR s.to_date >= ?)", today, today)
		}
		return storeFilter(q, tn, f.GroupID, f.TagID, f.FacilityName)
	}
	total, err := base().Count(ctx)
	if err != nil {
		return paging.Page[survey.ResultRow]{}, fmt.Errorf("count survey results: %w", err)
	}
	var rows []struct {
		SurveyID     int64      `bun:"survey_id"`
		SurveyName   string     `bun:"name"`
		From         civilDate  `bun:"from_date"`
		To           *civilDate `bun:"to_date"`
		FacilityID   int64      `bun:"facility_id"`
		FacilityName string     `bun:"facility_name"`
		GroupID      int64      `bun:"group_id"`
		GroupName    string     `bun:"group_name"`
	}
	if err := base().ColumnExpr("s.survey_id, s.name, s.from_date, s.to_date, f.facility_id, f.facility_name, g.group_id, g.group_name").
		OrderExpr("s.survey_id DESC, f.facility_name_kana, f.facility_id").Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[survey.ResultRow]{}, fmt.Errorf("list survey results: %w", err)
	}
	if len(rows) == 0 {
		return paging.Page[survey.ResultRow]{Total: total, Request: p}, nil
	}
	var surveyIDs, facilityIDs []int64
	for _, x := range rows {
		surveyIDs, facilityIDs = append(surveyIDs, x.SurveyID), append(facilityIDs, x.FacilityID)
	}
	surveyIDs, facilityIDs = unique(surveyIDs), unique(facilityIDs)
	type key struct{ s, f int64 }
	var tallies []tallyRow
	q := r.db.selectIn(ctx, tn, "survey_answers", "a").
		ColumnExpr("a.survey_id, a.facility_id, COUNT(*) AS answers").
		ColumnExpr("SUM(CASE WHEN a.nps_score >= 9 THEN 1 ELSE 0 END) AS promoters").
		ColumnExpr("SUM(CASE WHEN a.nps_score IN (7, 8) THEN 1 ELSE 0 END) AS passives").
		ColumnExpr("SUM(CASE WHEN a.nps_score <= 6 THEN 1 ELSE 0 END) AS detractors").
		Where("a.survey_id IN (?) AND a.facility_id IN (?)", bun.In(surveyIDs), bun.In(facilityIDs)).
		GroupExpr("a.survey_id, a.facility_id")
	if err := answerDates(q, "a.answered_date", f.From, f.To).Scan(ctx, &tallies); err != nil {
		return paging.Page[survey.ResultRow]{}, fmt.Errorf("tally answers: %w", err)
	}
	byKey := map[key]tallyRow{}
	for _, t := range tallies {
		byKey[key{t.SurveyID, t.FacilityID}] = t
	}
	var ratings []struct {
		SurveyID   int64 `bun:"survey_id"`
		FacilityID int64 `bun:"facility_id"`
		Sum        int   `bun:"total"`
		N          int   `bun:"n"`
	}
	q = r.db.selectIn(ctx, tn, "survey_answer_values", "v").
		ColumnExpr("v.survey_id, v.facility_id, SUM(v.score) AS total, COUNT(*) AS n").
		Where("v.survey_id IN (?) AND v.question_type = ? AND v.facility_id IN (?)", bun.In(surveyIDs), survey.QuestionRating, bun.In(facilityIDs)).
		GroupExpr("v.survey_id, v.facility_id")
	if err := answerDates(q, "v.answered_date", f.From, f.To).Scan(ctx, &ratings); err != nil {
		return paging.Page[survey.ResultRow]{}, fmt.Errorf("average ratings: %w", err)
	}
	avg := map[key]float64{}
	for _, x := range ratings {
		if x.N > 0 {
			avg[key{x.SurveyID, x.FacilityID}] = round2(float64(x.Sum) / float64(x.N))
		}
	}
	items := make([]survey.ResultRow, len(rows))
	for i, x := range rows {
		t := byKey[key{x.SurveyID, x.FacilityID}]
		items[i] = survey.ResultRow{SurveyID: x.SurveyID, SurveyName: x.SurveyName, Period: survey.Period{From: x.From.Time, To: timeOf(x.To)},
			FacilityID: x.FacilityID, FacilityName: x.FacilityName, GroupID: x.GroupID, GroupName: x.GroupName,
			Answers: t.Answers, Tally: survey.Tally{Promoters: t.Promoters, Passives: t.Passives, Detractors: t.Detractors}}
		if a, ok := avg[key{x.SurveyID, x.FacilityID}]; ok {
			items[i].RatingAverage = &a
		}
	}
	return paging.Page[survey.ResultRow]{Items: items, Total: total, Request: p}, nil
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }

// facilitySubquery is the organization's stores passing the filter, or nil
// when the filter keeps every store.
func (r *SurveyResults) facilitySubquery(ctx context.Context, tn access.Tenant, f survey.DetailFilter) *bun.SelectQuery {
	if tn.Scope() == "" && f.GroupID == nil && f.TagID == nil {
		return nil
	}
	q := r.db.selectIn(ctx, tn, "facilities", "f").ColumnExpr("f.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id")
	return storeFilter(q, tn, f.GroupID, f.TagID, "")
}

func (r *SurveyResults) answers(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "survey_answers", "a").Where("a.survey_id = ?", surveyID)
	if sub := r.facilitySubquery(ctx, tn, f); sub != nil {
		q = q.Where("a.facility_id IN (?)", sub)
	}
	if f.FacilityIDs != nil {
		q = q.Where("a.facility_id IN (?)", bun.In(f.FacilityIDs))
	}
	return answerDates(q, "a.answered_date", f.From, f.To)
}

func (r *SurveyResults) values(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "survey_answer_values", "v").Where("v.survey_id = ?", surveyID)
	if sub := r.facilitySubquery(ctx, tn, f); sub != nil {
		q = q.Where("v.facility_id IN (?)", sub)
	}
	if f.FacilityIDs != nil {
		q = q.Where("v.facility_id IN (?)", bun.In(f.FacilityIDs))
	}
	return answerDates(q, "v.answered_date", f.From, f.To)
}

// ScoreCounts counts NPS scores per Tokyo day.
func (r *SurveyResults) ScoreCounts(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.ScoreCount, error) {
	var rows []struct {
		Date  civilDate `bun:"answered_date"`
		Score int       `bun:"nps_score"`
		Count int       `bun:"n"`
	}
	err := r.answers(ctx, tn, surveyID, f).ColumnExpr("a.answered_date, a.nps_score, COUNT(*) AS n").
		Where("a.nps_score IS NOT NULL").GroupExpr("a.answered_date, a.nps_score").OrderExpr("a.answered_date").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("score counts: %w", err)
	}
	out := make([]survey.ScoreCount, len(rows))
	for i, x := range rows {
		out[i] = survey.ScoreCount{Date: x.Date.Time, Score: x.Score, Count: x.Count}
	}
	return out, nil
}

// StoreTallies tallies the answers per store.
func (r *SurveyResults) StoreTallies(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.StoreTally, error) {
	var tallies []tallyRow
	err := r.answers(ctx, tn, surveyID, f).
		ColumnExpr("a.facility_id, COUNT(*) AS answers").
		ColumnExpr("SUM(CASE WHEN a.nps_score >= 9 THEN 1 ELSE 0 END) AS promoters").
		ColumnExpr("SUM(CASE WHEN a.nps_score IN (7, 8) THEN 1 ELSE 0 END) AS passives").
		ColumnExpr("SUM(CASE WHEN a.nps_score <= 6 THEN 1 ELSE 0 END) AS detractors").
		GroupExpr("a.facility_id").Scan(ctx, &tallies)
	if err != nil || len(tallies) == 0 {
		return nil, err
	}
	ids := make([]int64, len(tallies))
	for i, t := range tallies {
		ids[i] = t.FacilityID
	}
	var stores []struct {
		FacilityID   int64  `bun:"facility_id"`
		FacilityName string `bun:"facility_name"`
		GroupID      int64  `bun:"group_id"`
		GroupName    string `bun:"group_name"`
	}
	if err := r.db.selectIn(ctx, tn, "facilities", "f").
		ColumnExpr("f.facility_id, f.facility_name, g.group_id, g.group_name").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
		Where("f.facility_id IN (?)", bun.In(ids)).Scan(ctx, &stores); err != nil {
		return nil, err
	}
	byID := map[int64]tallyRow{}
	for _, t := range tallies {
		byID[t.FacilityID] = t
	}
	out := make([]survey.StoreTally, len(stores))
	for i, s := range stores {
		t := byID[s.FacilityID]
		out[i] = survey.StoreTally{FacilityID: s.FacilityID, FacilityName: s.FacilityName, GroupID: s.GroupID, GroupName: s.GroupName,
			Answers: t.Answers, Tally: survey.Tally{Promoters: t.Promoters, Passives: t.Passives, Detractors: t.Detractors}}
	}
	return out, nil
}

// ChoiceCounts counts each chosen choice and each rating score (as its
// number) per question.
func (r *SurveyResults) ChoiceCounts(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.ChoiceCount, error) {
	var rows []struct {
		QuestionID int64  `bun:"question_id"`
		Choice     string `bun:"choice"`
		Score      *int   `bun:"score"`
		Count      int    `bun:"n"`
	}
	err := r.values(ctx, tn, surveyID, f).ColumnExpr("v.question_id, v.choice, v.score, COUNT(*) AS n").
		Where("v.question_type IN (?)", bun.In([]string{survey.QuestionSingle, survey.QuestionMultiple, survey.QuestionRating})).
		GroupExpr("v.question_id, v.choice, v.score").OrderExpr("v.question_id, v.choice, v.score").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("choice counts: %w", err)
	}
	out := make([]survey.ChoiceCount, len(rows))
	for i, x := range rows {
		c := x.Choice
		if x.Score != nil {
			c = fmt.Sprint(*x.Score)
		}
		out[i] = survey.ChoiceCount{QuestionID: x.QuestionID, Choice: c, Count: x.Count}
	}
	return out, nil
}

// Respondents counts the answers that answered each question.
func (r *SurveyResults) Respondents(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) (map[int64]int, error) {
	var rows []struct {
		QuestionID int64 `bun:"question_id"`
		Count      int   `bun:"n"`
	}
	if err := r.values(ctx, tn, surveyID, f).ColumnExpr("v.question_id, COUNT(DISTINCT v.answer_id) AS n").
		GroupExpr("v.question_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("respondents: %w", err)
	}
	out := map[int64]int{}
	for _, x := range rows {
		out[x.QuestionID] = x.Count
	}
	return out, nil
}

// Comments returns a page of free-text answers, newest first, optionally
// containing searchText (folded like every search).
func (r *SurveyResults) Comments(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, searchText string, p paging.Request) (paging.Page[survey.Comment], error) {
	p = p.Normalize()
	base := func() *bun.SelectQuery {
		return matchesAll(r.values(ctx, tn, surveyID, f).Where("v.question_type = ?", survey.QuestionFreeText), "v.search_text", searchText)
	}
	total, err := base().Count(ctx)
	if err != nil {
		return paging.Page[survey.Comment]{}, fmt.Errorf("count comments: %w", err)
	}
	var rows []struct {
		AnswerID     int64     `bun:"answer_id"`
		AnsweredAt   time.Time `bun:"answered_at"`
		FacilityID   int64     `bun:"facility_id"`
		FacilityName string    `bun:"facility_name"`
		QuestionID   int64     `bun:"question_id"`
		Question     string    `bun:"question"`
		Text         string    `bun:"text"`
		NPSScore     *int      `bun:"nps_score"`
		Mail         *string   `bun:"mail_address"`
	}
	err = base().ColumnExpr("v.answer_id, a.answered_at, v.facility_id, f.facility_name, v.question_id, q.text AS question, v.text, a.nps_score, a.mail_address").
		Join("JOIN survey_answers AS a ON a.organization_id = v.organization_id AND a.answer_id = v.answer_id").
		Join("JOIN facilities AS f ON f.organization_id = v.organization_id AND f.facility_id = v.facility_id").
		Join("JOIN survey_questions AS q ON q.organization_id = v.organization_id AND q.question_id = v.question_id").
		OrderExpr("a.answered_at DESC, v.value_id DESC").Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows)
	if err != nil {
		return paging.Page[survey.Comment]{}, fmt.Errorf("list comments: %w", err)
	}
	items := make([]survey.Comment, len(rows))
	for i, x := range rows {
		items[i] = survey.Comment{AnswerID: x.AnswerID, AnsweredAt: x.AnsweredAt, FacilityID: x.FacilityID, FacilityName: x.FacilityName,
			QuestionID: x.QuestionID, Question: x.Question, Text: x.Text, NPSScore: x.NPSScore}
		if x.Mail != nil {
			items[i].MailAddress = *x.Mail
		}
	}
	return paging.Page[survey.Comment]{Items: items, Total: total, Request: p}, nil
}
