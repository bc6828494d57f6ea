package survey

import (
	"context"
	"slices"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
)

// ResultStore reads the aggregates of answers.
type ResultStore interface {
	List(ctx context.Context, tn access.Tenant, f survey.ResultFilter, p paging.Request) (paging.Page[survey.ResultRow], error)
	ScoreCounts(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.ScoreCount, error)
	StoreTallies(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.StoreTally, error)
	ChoiceCounts(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) ([]survey.ChoiceCount, error)
	Respondents(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter) (map[int64]int, error)
	Comments(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, searchText string, p paging.Request) (paging.Page[survey.Comment], error)
}

// Results is the head office's reading of the answers
// (ROLE_SURVEY_RESULT_REFERENCE, within the user's group subtree).
type Results struct {
	surveys Surveys
	results ResultStore
	orgs    Organizations
	clock   clock.Clock
}

func NewResults(s Surveys, r ResultStore, o Organizations, c clock.Clock) *Results {
	return &Results{surveys: s, results: r, orgs: o, clock: c}
}

func (r *Results) reader(ctx context.Context) (access.Principal, error) {
	return allowed(ctx, r.orgs, r.clock, access.RoleSurveyResultReference)
}

// SeesMail is who may read customers' mail addresses: those who edit the
// surveys (ROLE_SURVEY_REFERENCE: organization administrators and survey
// editors) and see the whole organization. Group staff reading results
// of their own stores never see them.
func SeesMail(p access.Principal) bool {
	return p.Has(access.RoleSurveyReference) && access.Scope(p) == ""
}

// List returns a page of survey × store rows.
func (r *Results) List(ctx context.Context, f survey.ResultFilter, pg paging.Request) (paging.Page[survey.ResultRow], error) {
	p, err := r.reader(ctx)
	if err != nil {
		return paging.Page[survey.ResultRow]{}, err
	}
	f.Today = clock.Today(r.clock)
	return r.results.List(ctx, p.Tenant(), f, pg)
}

// Surveys names the organization's surveys for the results filter.
func (r *Results) Surveys(ctx context.Context) ([]survey.Summary, error) {
	p, err := r.reader(ctx)
	if err != nil {
		return nil, err
	}
	return r.surveys.Names(ctx, p.Tenant())
}

// Detail is one survey's results.
type Detail struct {
	Survey       survey.Survey
	Tally        survey.Tally
	Answers      int
	Trend        []survey.TrendPoint
	Distribution [11]int
	Questions    []survey.QuestionResult
	Stores       []survey.Rank
	Groups       []survey.Rank
}

// Detail returns a survey's NPS, trend, distributions and rankings.
func (r *Results) Detail(ctx context.Context, surveyID int64, f survey.DetailFilter, by string) (Detail, error) {
	p, err := r.reader(ctx)
	if err != nil {
		return Detail{}, err
	}
	return r.DetailIn(ctx, p.Tenant(), surveyID, f, by)
}

// DetailIn is Detail within tn, for work done on a user's behalf later (a
// survey report made in the background with the requester's scope).
func (r *Results) DetailIn(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, by string) (Detail, error) {
	s, err := r.surveys.Get(ctx, tn, surveyID)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{Survey: s}
	counts, err := r.results.ScoreCounts(ctx, tn, surveyID, f)
	if err != nil {
		return d, err
	}
	if by != survey.ByMonth {
		by = survey.ByWeek
	}
	d.Trend, d.Distribution = survey.Trend(counts, by), survey.Distribution(counts)
	stores, err := r.results.StoreTallies(ctx, tn, surveyID, f)
	if err != nil {
		return d, err
	}
	groups := map[int64]*survey.Rank{}
	for _, st := range stores {
		d.Answers += st.Answers
		d.Tally.Promoters += st.Tally.Promoters
		d.Tally.Passives += st.Tally.Passives
		d.Tally.Detractors += st.Tally.Detractors
		d.Stores = append(d.Stores, survey.Rank{ID: st.FacilityID, Name: st.FacilityName, Answers: st.Answers, Tally: st.Tally})
		g := groups[st.GroupID]
		if g == nil {
			g = &survey.Rank{ID: st.GroupID, Name: st.GroupName}
			groups[st.GroupID] = g
		}
		g.Answers += st.Answers
		g.Tally.Promoters += st.Tally.Promoters
		g.Tally.Passives += st.Tally.Passives
		g.Tally.Detractors += st.Tally.Detractors
	}
	for _, g := range groups {
		d.Groups = append(d.Groups, *g)
	}
	slices.SortFunc(d.Groups, func(a, b survey.Rank) int { return int(a.ID - b.ID) })
	survey.RankByNPS(d.Stores)
	survey.RankByNPS(d.Groups)
	choices, err := r.results.ChoiceCounts(ctx, tn, surveyID, f)
	if err != nil {
		return d, err
	}
	respondents, err := r.results.Respondents(ctx, tn, surveyID, f)
	if err != nil {
		return d, err
	}
	d.Questions = questionResults(s, choices, respondents)
	return d, nil
}

// questionResults lays the counts out per choice and rating question, in
// the survey's order: offered choices first (zero when never chosen), then
// any choice no longer offered.
func questionResults(s survey.Survey, counts []survey.ChoiceCount, respondents map[int64]int) []survey.QuestionResult {
	var out []survey.QuestionResult
	for _, q := range s.Questions() {
		var labels []string
		switch q.Type {
		case survey.QuestionSingle, survey.QuestionMultiple:
			labels = slices.Clone(q.Choices)
		case survey.QuestionRating:
			labels = []string{"1", "2", "3", "4", "5"}
		default:
			continue
		}
		n := map[string]int{}
		for _, c := range counts {
			if c.QuestionID == q.ID {
				n[c.Choice] += c.Count
				if !slices.Contains(labels, c.Choice) {
					labels = append(labels, c.Choice)
				}
			}
		}
		qr := survey.QuestionResult{Question: q, Answers: respondents[q.ID]}
		sum, total := 0, 0
		for i, l := range labels {
			qr.Counts = append(qr.Counts, survey.ChoiceCount{QuestionID: q.ID, Choice: l, Count: n[l]})
			if q.Type == survey.QuestionRating && i < 5 {
				sum += (i + 1) * n[l]
				total += n[l]
			}
		}
		if total > 0 {
			avg := float64(int64(float64(sum)/float64(total)*100+0.5)) / 100
			qr.Average = &avg
		}
		out = append(out, qr)
	}
	return out
}

// CommentsIn is a page of free-text answers within tn, without mail
// addresses (a report's sample of comments).
func (r *Results) CommentsIn(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, pg paging.Request) (paging.Page[survey.Comment], error) {
	page, err := r.results.Comments(ctx, tn, surveyID, f, "", pg)
	for i := range page.Items {
		page.Items[i].MailAddress = ""
	}
	return page, err
}

// Comments returns a page of free-text answers; mail addresses only for
// those SeesMail allows.
func (r *Results) Comments(ctx context.Context, surveyID int64, f survey.DetailFilter, searchText string, pg paging.Request) (paging.Page[survey.Comment], error) {
	p, err := r.reader(ctx)
	if err != nil {
		return paging.Page[survey.Comment]{}, err
	}
	if _, err := r.surveys.Get(ctx, p.Tenant(), surveyID); err != nil {
		return paging.Page[survey.Comment]{}, err
	}
	page, err := r.results.Comments(ctx, p.Tenant(), surveyID, f, searchText, pg)
	if err != nil {
		return page, err
	}
	if !SeesMail(p) {
		for i := range page.Items {
			page.Items[i].MailAddress = ""
		}
	}
	return page, nil
}
