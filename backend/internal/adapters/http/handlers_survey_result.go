package http

import (
	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/survey"
)

func npsOf(t survey.Tally) *float32 {
	n, ok := t.NPS()
	if !ok {
		return nil
	}
	f := float32(n)
	return &f
}

func f32(x *float64) *float32 {
	if x == nil {
		return nil
	}
	f := float32(*x)
	return &f
}

func (h *handlers) ListSurveyResults(c echo.Context, p api.ListSurveyResultsParams) error {
	f := survey.ResultFilter{SurveyID: p.SurveyId, GroupID: p.GroupId, TagID: p.FacilityAttributeId,
		IncludeOutOfPeriod: p.IncludeOutOfPeriod == nil || *p.IncludeOutOfPeriod,
		From:               domainDate(p.FromDate), To: domainDate(p.ToDate)}
	if p.FacilityName != nil {
		f.FacilityName = *p.FacilityName
	}
	page, err := h.surveyResults.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.SurveyResultRow, len(page.Items))
	for i, r := range page.Items {
		items[i] = api.SurveyResultRow{SurveyId: r.SurveyID, SurveyName: r.SurveyName,
			FromDate: openapi_types.Date{Time: r.Period.From}, ToDate: apiDate(r.Period.To),
			FacilityId: r.FacilityID, FacilityName: r.FacilityName, GroupId: r.GroupID, GroupName: r.GroupName,
			AnswerCount: r.Answers, Nps: npsOf(r.Tally), PromoterCount: r.Tally.Promoters, PassiveCount: r.Tally.Passives,
			DetractorCount: r.Tally.Detractors, RatingAverage: f32(r.RatingAverage)}
	}
	return ok(c, api.SurveyResultPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) ListSurveyResultSurveys(c echo.Context, _ api.ListSurveyResultSurveysParams) error {
	names, err := h.surveyResults.Surveys(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.SurveyName, len(names))
	for i, n := range names {
		out[i] = api.SurveyName{SurveyId: n.ID, SurveyName: n.Name}
	}
	return ok(c, out)
}

func ranks(rows []survey.Rank) []api.RankRow {
	out := make([]api.RankRow, len(rows))
	for i, r := range rows {
		out[i] = api.RankRow{Id: r.ID, Name: r.Name, AnswerCount: r.Answers, Nps: npsOf(r.Tally),
			PromoterCount: r.Tally.Promoters, PassiveCount: r.Tally.Passives, DetractorCount: r.Tally.Detractors}
	}
	return out
}

func (h *handlers) GetSurveyResult(c echo.Context, id int64, p api.GetSurveyResultParams) error {
	f := detailFilter(p.GroupId, p.FacilityAttributeId, p.FacilityId, p.FromDate, p.ToDate)
	by := survey.ByWeek
	if p.Interval != nil && *p.Interval == api.MONTH {
		by = survey.ByMonth
	}
	d, err := h.surveyResults.Detail(c.Request().Context(), id, f, by)
	if err != nil {
		return err
	}
	trend := make([]api.NpsTrendPoint, len(d.Trend))
	for i, t := range d.Trend {
		trend[i] = api.NpsTrendPoint{StartDate: openapi_types.Date{Time: t.Start}, Nps: npsOf(t.Tally),
			PromoterCount: t.Tally.Promoters, PassiveCount: t.Tally.Passives, DetractorCount: t.Tally.Detractors}
	}
	questions := make([]api.QuestionResult, len(d.Questions))
	for i, q := range d.Questions {
		counts := make([]api.ChoiceCount, len(q.Counts))
		for j, c := range q.Counts {
			counts[j] = api.ChoiceCount{Label: c.Choice, Count: c.Count}
		}
		questions[i] = api.QuestionResult{QuestionId: q.Question.ID, QuestionType: q.Question.Type, Text: q.Question.Text,
			AnswerCount: q.Answers, Counts: counts, Average: f32(q.Average)}
	}
	return ok(c, api.SurveyResultDetail{SurveyId: d.Survey.ID, SurveyName: d.Survey.Name, SurveyTitle: d.Survey.Title,
		AnswerCount: d.Answers, Nps: npsOf(d.Tally), PromoterCount: d.Tally.Promoters, PassiveCount: d.Tally.Passives,
		DetractorCount: d.Tally.Detractors, Trend: trend, Distribution: d.Distribution[:], Questions: questions,
		FacilityRanking: ranks(d.Stores), GroupRanking: ranks(d.Groups)})
}

func (h *handlers) ListSurveyComments(c echo.Context, id int64, p api.ListSurveyCommentsParams) error {
	f := detailFilter(p.GroupId, p.FacilityAttributeId, p.FacilityId, p.FromDate, p.ToDate)
	search := ""
	if p.SearchText != nil {
		search = *p.SearchText
	}
	page, err := h.surveyResults.Comments(c.Request().Context(), id, f, search, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.SurveyComment, len(page.Items))
	for i, cm := range page.Items {
		items[i] = api.SurveyComment{AnswerId: cm.AnswerID, AnsweredAt: cm.AnsweredAt, FacilityId: cm.FacilityID,
			FacilityName: cm.FacilityName, QuestionId: cm.QuestionID, Question: cm.Question, Text: cm.Text,
			NpsScore: cm.NPSScore, MailAddress: cm.MailAddress}
	}
	return ok(c, api.SurveyCommentPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

// detailFilter is one survey's filter as the detail and its comments are
// asked for: a store narrows them to its answers (within the reader's
// subtree still: a store outside it has none to show).
func detailFilter(group, tag, facility *int64, from, to *openapi_types.Date) survey.DetailFilter {
	f := survey.DetailFilter{GroupID: group, TagID: tag, From: domainDate(from), To: domainDate(to)}
	if facility != nil {
		f.FacilityIDs = []int64{*facility}
	}
	return f
}
