package store_test

import (
	"context"
	"fmt"
	"github.com/rouder/console/internal/domain/access"
	"reflect"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/testdb"
)

type surveyFixture struct {
	org, group, shinjuku, umeda, otherOrg, otherStore int64
}

func insertID(t *testing.T, db *store.DB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := db.NewRaw(query, args...).Scan(context.Background(), &id); err != nil {
		t.Fatal(err)
	}
	return id
}

func surveyOrgs(t *testing.T, db *store.DB) surveyFixture {
	var f surveyFixture
	f.org = insertOrganization(t, db, "アンケート社")
	f.group = insertID(t, db, "INSERT INTO org_groups (organization_id, group_name, path) VALUES (?, '本社', '/s/') RETURNING group_id", f.org)
	store := "INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana) VALUES (?, ?, ?, ?) RETURNING facility_id"
	f.shinjuku = insertID(t, db, store, f.org, f.group, "新宿店", "シンジュク")
	f.umeda = insertID(t, db, store, f.org, f.group, "梅田店", "ウメダ")
	f.otherOrg = insertOrganization(t, db, "他社")
	og := insertID(t, db, "INSERT INTO org_groups (organization_id, group_name, path) VALUES (?, '他社本社', '/o/') RETURNING group_id", f.otherOrg)
	f.otherStore = insertID(t, db, store, f.otherOrg, og, "他社店", "タシャ")
	return f
}

func sampleSurvey(f surveyFixture) survey.Survey {
	s := survey.Defaults(clock.Fixed(time.Date(2026, 10, 10, 0, 0, 0, 0, time.UTC)))
	s.Name, s.Title = "来店アンケート", "ご来店ありがとうございます"
	s.TargetFacilityIDs = []int64{f.shinjuku, f.umeda}
	s.Categories = append(s.Categories, survey.Category{Type: survey.CategoryNormal, Name: "店舗", Questions: []survey.Question{
		{Type: survey.QuestionRating, Text: "清潔さ", Required: true},
		{Type: survey.QuestionFreeText, Text: "ご意見"},
	}})
	return s
}

func TestSurveysRoundTripAndKeys(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := surveyOrgs(t, db)
		repo := store.NewSurveys(db)
		now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
		id, err := repo.Create(ctx, access.TrustedTenant(f.org), sampleSurvey(f), now)
		if err != nil {
			t.Fatal(err)
		}
		got, err := repo.Get(ctx, access.TrustedTenant(f.org), id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "来店アンケート" || got.Period.From.Format("2006-01-02") != "2026-11-01" || got.Period.To != nil ||
			len(got.Categories) != 4 || got.Categories[1].Questions[1].Choices[1] != "女性" || got.Version != 1 || len(got.TargetFacilityIDs) != 2 {
			t.Fatalf("read back: %+v", got)
		}
		if _, err := repo.Get(ctx, access.TrustedTenant(f.otherOrg), id); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("another organization reads it: %v", err)
		}
		links, err := repo.Links(ctx, access.TrustedTenant(f.org), id)
		if err != nil || len(links) != 2 || links[0].FacilityName != "梅田店" || len(links[0].Key) != 32 || links[0].Key == links[1].Key {
			t.Fatalf("links %+v %v", links, err)
		}
		if _, err := repo.Links(ctx, access.TrustedTenant(f.otherOrg), id); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("another organization lists the links: %v", err)
		}
		target, err := repo.ByKey(ctx, links[1].Key)
		if err != nil || target.Survey.ID != id || target.Link.FacilityID != f.shinjuku || target.Link.FacilityName != "新宿店" ||
			target.OrgAvailable || len(target.Survey.Categories) != 4 || len(target.Survey.Categories[1].Questions) != 3 ||
			target.Survey.Categories[1].Questions[2].Choices[0] != "初めて" || target.Survey.Title != "ご来店ありがとうございます" {
			t.Fatalf("by key: %+v %v", target, err)
		}
		full, _ := repo.Get(ctx, access.TrustedTenant(f.org), id)
		full.TargetFacilityIDs = nil
		if fmt.Sprint(full) != fmt.Sprint(target.Survey) {
			t.Errorf("by key reads another survey than Get:\n%+v\n%+v", full, target.Survey)
		}
		if _, err := repo.ByKey(ctx, "nope"); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("unknown key: %v", err)
		}

		// An answer, stored once per idempotency key.
		score, rating := 10, 4
		sub := survey.Submission{SurveyID: id, FacilityID: f.shinjuku, IdempotencyKey: "idem-0000000000000001", BrowserToken: "browser-000000000001",
			AnsweredAt: now, NPSScore: &score, MailAddress: "taro@example.com", Values: []survey.StoredValue{
				{QuestionID: got.Categories[0].Questions[0].ID, QuestionType: survey.QuestionNPS, Score: &score},
				{QuestionID: got.Categories[3].Questions[0].ID, QuestionType: survey.QuestionRating, Score: &rating},
				{QuestionID: got.Categories[3].Questions[1].ID, QuestionType: survey.QuestionFreeText, Text: "とても清潔でした"},
			}}
		first, created, err := repo.AddAnswer(ctx, access.TrustedTenant(f.org), sub)
		if err != nil || !created {
			t.Fatalf("add: %v %v", created, err)
		}
		again, created, err := repo.AddAnswer(ctx, access.TrustedTenant(f.org), sub)
		if err != nil || created || again != first {
			t.Fatalf("repeat: %d %v %v (first %d)", again, created, err, first)
		}
		var n int
		if err := db.NewRaw("SELECT COUNT(*) FROM survey_answer_values").Scan(ctx, &n); err != nil || n != 3 {
			t.Errorf("values stored: %d %v", n, err)
		}
		query := func(idem, browser string, facility *int64) survey.SeenQuery {
			return survey.SeenQuery{SurveyID: id, IdempotencyKey: idem, BrowserToken: browser, FacilityID: facility, Key: links[1].Key}
		}
		seenBy := func(idem, browser string, facility *int64) survey.Seen {
			t.Helper()
			seen, err := repo.SeenAll(ctx, access.TrustedTenant(f.org), []survey.SeenQuery{query(idem, browser, facility)})
			if err != nil {
				t.Fatal(err)
			}
			return seen[0]
		}
		asked := []survey.SeenQuery{
			query("idem-0000000000000001", "browser-000000000001", &f.shinjuku),
			query("idem-0000000000000002", "browser-000000000002", nil),
			query("idem-0000000000000002", "browser-000000000001", &f.umeda),
			query("idem-0000000000000003", "browser-000000000001", nil),
		}
		if seen := seenBy("idem-0000000000000001", "browser-000000000001", &f.shinjuku); seen.AnswerID != first || seen.LastAnswer == nil || !seen.LastAnswer.Equal(now) {
			t.Errorf("seen: %+v", seen)
		}
		if seen := seenBy("idem-0000000000000002", "browser-000000000002", nil); seen.AnswerID != 0 || seen.LastAnswer != nil {
			t.Errorf("seen for a new key and browser: %+v", seen)
		}
		if seen := seenBy("idem-0000000000000002", "browser-000000000001", &f.umeda); seen.LastAnswer != nil {
			t.Error("seen: an answer at another store counts for this one")
		}
		// Asked together, each query gets the answer it gets alone.
		together, err := repo.SeenAll(ctx, access.TrustedTenant(f.org), asked)
		if err != nil || len(together) != len(asked) {
			t.Fatalf("seen together: %v %v", together, err)
		}
		for i, q := range asked {
			if alone := seenBy(q.IdempotencyKey, q.BrowserToken, q.FacilityID); !reflect.DeepEqual(alone, together[i]) {
				t.Errorf("seen together, query %d: %+v, alone %+v", i, together[i], alone)
			}
		}
		if together[3].LastAnswer == nil || together[3].Stamp == "" {
			t.Errorf("seen across the stores: %+v", together[3])
		}
		// The stamp: the key's target as ByKey read it, until the survey or its organization changes.
		if seen := seenBy("idem-0000000000000002", "browser-000000000001", nil); seen.Stamp == "" || seen.Stamp != target.Stamp {
			t.Errorf("stamp %q, ByKey's %q", seen.Stamp, target.Stamp)
		}
		if _, err := db.NewRaw("UPDATE organizations SET available_survey = NOT available_survey WHERE organization_id = ?", f.org).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if seen := seenBy("idem-0000000000000002", "browser-000000000001", nil); seen.Stamp == target.Stamp {
			t.Errorf("the organization's survey option changed, the stamp did not: %q", seen.Stamp)
		}
		if _, err := db.NewRaw("UPDATE organizations SET available_survey = NOT available_survey WHERE organization_id = ?", f.org).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		last, err := repo.LastAnswer(ctx, access.TrustedTenant(f.org), id, "browser-000000000001", &f.shinjuku)
		if err != nil || last == nil || !last.Equal(now) {
			t.Errorf("last answer at the store: %v %v", last, err)
		}
		if last, _ := repo.LastAnswer(ctx, access.TrustedTenant(f.org), id, "browser-000000000001", &f.umeda); last != nil {
			t.Error("an answer at another store counts for this one")
		}
		if last, _ := repo.LastAnswer(ctx, access.TrustedTenant(f.org), id, "browser-000000000001", nil); last == nil {
			t.Error("across the survey the answer counts")
		}

		// Edit: keep the rating (its id), drop the answered free text and the
		// unanswered visit frequency, drop 梅田店.
		got.Name = "来店アンケート(改)"
		got.Categories[3].Questions = got.Categories[3].Questions[:1]
		frequency := got.Categories[1].Questions[2]
		got.Categories[1].Questions = got.Categories[1].Questions[:2]
		got.TargetFacilityIDs = []int64{f.shinjuku}
		if ok, err := repo.QuestionsBelong(ctx, access.TrustedTenant(f.org), id, got); !ok || err != nil {
			t.Fatalf("own questions: %v %v", ok, err)
		}
		if err := repo.Update(ctx, access.TrustedTenant(f.org), got, 1, now); err != nil {
			t.Fatal(err)
		}
		// An answer checked against the page as it was before the edit still stores.
		late := survey.Submission{SurveyID: id, FacilityID: f.shinjuku, IdempotencyKey: "idem-0000000000000009", BrowserToken: "browser-000000000009",
			AnsweredAt: now, Values: []survey.StoredValue{{QuestionID: frequency.ID, QuestionType: survey.QuestionSingle, Choice: "初めて"}}}
		if _, created, err := repo.AddAnswer(ctx, access.TrustedTenant(f.org), late); err != nil || !created {
			t.Errorf("an answer to a question removed meanwhile: %v %v", created, err)
		}
		if err := repo.Update(ctx, access.TrustedTenant(f.org), got, 1, now); !failure.Is(err, failure.KindConflict) {
			t.Errorf("stale version: %v", err)
		}
		if err := repo.Update(ctx, access.TrustedTenant(f.otherOrg), got, 2, now); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("another organization's update: %v", err)
		}
		after, _ := repo.Get(ctx, access.TrustedTenant(f.org), id)
		if after.Name != "来店アンケート(改)" || len(after.Categories[3].Questions) != 1 || after.Version != 2 ||
			after.Categories[3].Questions[0].ID != got.Categories[3].Questions[0].ID {
			t.Errorf("after the edit: %+v", after)
		}
		if l2, _ := repo.Links(ctx, access.TrustedTenant(f.org), id); len(l2) != 1 || l2[0].Key != links[1].Key {
			t.Errorf("the kept store's key changed: %+v", l2)
		}
		other := sampleSurvey(f)
		other.Categories[0].Questions[0].ID = got.Categories[0].Questions[0].ID
		otherID, _ := repo.Create(ctx, access.TrustedTenant(f.org), sampleSurvey(f), now)
		if ok, _ := repo.QuestionsBelong(ctx, access.TrustedTenant(f.org), otherID, other); ok {
			t.Error("a question of another survey belongs")
		}
		if ok, _ := repo.FacilitiesExist(ctx, access.TrustedTenant(f.org), []int64{f.shinjuku, f.otherStore}); ok {
			t.Error("another organization's store is accepted as a target")
		}
		page, err := repo.List(ctx, access.TrustedTenant(f.org), "改", paging.Request{})
		if err != nil || page.Total != 1 || page.Items[0].Answers != 2 || page.Items[0].Facilities != 1 {
			t.Errorf("list: %+v %v", page, err)
		}

		// Results: per survey × store, and the detail's aggregates.
		res := store.NewSurveyResults(db)
		rows, err := res.List(ctx, access.TrustedTenant(f.org), survey.ResultFilter{SurveyID: &id, IncludeOutOfPeriod: true, Today: now}, paging.Request{})
		if err != nil || rows.Total != 1 || rows.Items[0].Answers != 2 || rows.Items[0].Tally.Promoters != 1 ||
			rows.Items[0].RatingAverage == nil || *rows.Items[0].RatingAverage != 4 {
			t.Fatalf("results: %+v %v", rows, err)
		}
		if rows, _ := res.List(ctx, access.TrustedTenant(f.org), survey.ResultFilter{SurveyID: &id, Today: now.AddDate(0, -1, 0)}, paging.Request{}); rows.Total != 0 {
			t.Error("a survey that starts next month is listed without includeOutOfPeriod")
		}
		if rows, _ := res.List(ctx, access.TrustedTenant(f.otherOrg), survey.ResultFilter{IncludeOutOfPeriod: true, Today: now}, paging.Request{}); rows.Total != 0 {
			t.Error("another organization sees the results")
		}
		counts, err := res.ScoreCounts(ctx, access.TrustedTenant(f.org), id, survey.DetailFilter{})
		if err != nil || len(counts) != 1 || counts[0].Score != 10 || counts[0].Date.Format("2006-01-02") != "2026-11-22" {
			t.Errorf("score counts: %+v %v", counts, err)
		}
		if counts, _ := res.ScoreCounts(ctx, access.TrustedTenant(f.otherOrg), id, survey.DetailFilter{}); len(counts) != 0 {
			t.Error("another organization counts the scores")
		}
		comments, err := res.Comments(ctx, access.TrustedTenant(f.org), id, survey.DetailFilter{}, "清潔", paging.Request{})
		if err != nil || comments.Total != 1 || comments.Items[0].Text != "とても清潔でした" || comments.Items[0].MailAddress != "taro@example.com" {
			t.Errorf("comments: %+v %v", comments, err)
		}
		tallies, err := res.StoreTallies(ctx, access.TrustedTenant(f.org), id, survey.DetailFilter{})
		if err != nil || len(tallies) != 1 || tallies[0].FacilityName != "新宿店" || tallies[0].GroupName != "本社" {
			t.Errorf("store tallies: %+v %v", tallies, err)
		}
		choices, err := res.ChoiceCounts(ctx, access.TrustedTenant(f.org), id, survey.DetailFilter{})
		if err != nil || len(choices) != 2 || fmt.Sprint(choices) != fmt.Sprintf("[{%d 初めて 1} {%d 4 1}]", frequency.ID, got.Categories[3].Questions[0].ID) {
			t.Errorf("choices: %+v %v", choices, err)
		}
		if err := repo.Delete(ctx, access.TrustedTenant(f.org), id, now); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.ByKey(ctx, links[1].Key); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("a deleted survey's key still answers: %v", err)
		}
	})
}

func TestThrottleHitCountsPerWindow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		th := store.NewThrottle(db)
		now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
		for want := 1; want <= 3; want++ {
			if n, err := th.Hit(ctx, "survey:192.0.2.1", now.Add(time.Duration(want)*time.Minute), 10*time.Minute); err != nil || n != want {
				t.Fatalf("hit %d: %d %v", want, n, err)
			}
		}
		if n, _ := th.Hit(ctx, "survey:192.0.2.2", now, 10*time.Minute); n != 1 {
			t.Errorf("another key shares the count: %d", n)
		}
		if n, _ := th.Hit(ctx, "survey:192.0.2.1", now.Add(11*time.Minute), 10*time.Minute); n != 1 {
			t.Errorf("a new window does not start afresh: %d", n)
		}
	})
}
