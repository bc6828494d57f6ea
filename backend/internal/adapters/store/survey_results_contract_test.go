package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The survey results on both databases: the list per survey and store, the
// detail's tallies, choice counts, respondents and comments, each limited
// to the tenant (another organization's answers never count).
func TestSurveyResultsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := surveyOrgs(t, db)
		mine, theirs := access.TrustedTenant(f.org), access.TrustedTenant(f.otherOrg)
		surveys, results := store.NewSurveys(db), store.NewSurveyResults(db)
		now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
		id, err := surveys.Create(bg, mine, sampleSurvey(f), now)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := surveys.Get(bg, mine, id)
		nps, rating, comment := s.Categories[0].Questions[0].ID, s.Categories[3].Questions[0].ID, s.Categories[3].Questions[1].ID
		n := 0
		answer := func(tn access.Tenant, surveyID, store int64, score, stars int, text string, at time.Time) {
			t.Helper()
			n++
			sub := survey.Submission{SurveyID: surveyID, FacilityID: store, IdempotencyKey: fmt.Sprintf("idem-%016d", n),
				BrowserToken: fmt.Sprintf("browser-%012d", n), AnsweredAt: at, NPSScore: &score, Values: []survey.StoredValue{
					{QuestionID: nps, QuestionType: survey.QuestionNPS, Score: &score},
					{QuestionID: rating, QuestionType: survey.QuestionRating, Score: &stars},
					{QuestionID: comment, QuestionType: survey.QuestionFreeText, Text: text},
				}}
			if _, _, err := surveys.AddAnswer(bg, tn, sub); err != nil {
				t.Fatal(err)
			}
		}
		day1, day2 := time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC), time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)
		answer(mine, id, f.shinjuku, 10, 5, "とても清潔でした", day1)
		answer(mine, id, f.shinjuku, 9, 4, "店員さんが親切", day2)
		answer(mine, id, f.umeda, 3, 1, "トイレが汚れていた", day2)

		// Another organization with its own survey and an answer: never counted here.
		other := sampleSurvey(f)
		other.TargetFacilityIDs = []int64{f.otherStore}
		otherID, err := surveys.Create(bg, theirs, other, now)
		if err != nil {
			t.Fatal(err)
		}
		answer(theirs, otherID, f.otherStore, 0, 1, "他社の不満", day2)

		today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
		page, err := results.List(bg, mine, survey.ResultFilter{Today: today}, paging.Request{})
		if err != nil || page.Total != 2 {
			t.Fatalf("list: %+v %v", page, err)
		}
		byStore := map[string]survey.ResultRow{}
		for _, row := range page.Items {
			byStore[row.FacilityName] = row
		}
		sj, um := byStore["新宿店"], byStore["梅田店"]
		if sj.Answers != 2 || sj.Tally.Promoters != 2 || sj.RatingAverage == nil || *sj.RatingAverage != 4.5 ||
			um.Answers != 1 || um.Tally.Detractors != 1 || sj.SurveyName != "来店アンケート" {
			t.Errorf("rows: %+v %+v", sj, um)
		}
		if p, _ := results.List(bg, theirs, survey.ResultFilter{Today: today, SurveyID: &id}, paging.Request{}); p.Total != 0 {
			t.Errorf("another organization lists %d rows of this survey", p.Total)
		}

		all := survey.DetailFilter{}
		counts, _ := results.ScoreCounts(bg, mine, id, all)
		if len(counts) != 3 || counts[0].Score != 10 || counts[0].Count != 1 {
			t.Errorf("score counts: %+v", counts)
		}
		from := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
		if c, _ := results.ScoreCounts(bg, mine, id, survey.DetailFilter{From: &from}); len(c) != 2 {
			t.Errorf("score counts from the 21st: %+v", c)
		}
		tallies, _ := results.StoreTallies(bg, mine, id, all)
		if len(tallies) != 2 {
			t.Errorf("store tallies: %+v", tallies)
		}
		choices, _ := results.ChoiceCounts(bg, mine, id, all)
		stars := map[string]int{}
		for _, c := range choices {
			if c.QuestionID == rating {
				stars[c.Choice] = c.Count
			}
		}
		if stars["5"] != 1 || stars["4"] != 1 || stars["1"] != 1 {
			t.Errorf("rating counts: %+v", choices)
		}
		if r, _ := results.Respondents(bg, mine, id, all); r[comment] != 3 || r[rating] != 3 {
			t.Errorf("respondents: %+v", r)
		}
		cs, _ := results.Comments(bg, mine, id, all, "", paging.Request{})
		if cs.Total != 3 || cs.Items[0].Text == "とても清潔でした" { // newest first
			t.Errorf("comments: %+v", cs)
		}
		if cs, _ = results.Comments(bg, mine, id, all, "ﾄｲﾚ", paging.Request{}); cs.Total != 1 || cs.Items[0].FacilityName != "梅田店" {
			t.Errorf("comments matching ﾄｲﾚ: %+v", cs)
		}
		// The detail of this survey read as the other organization is empty.
		if c, _ := results.ScoreCounts(bg, theirs, id, all); len(c) != 0 {
			t.Errorf("another organization's score counts: %+v", c)
		}
		if cs, _ = results.Comments(bg, theirs, id, all, "", paging.Request{}); cs.Total != 0 {
			t.Errorf("another organization's comments: %+v", cs)
		}
	})
}
