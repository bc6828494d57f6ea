package improvement

import (
	"errors"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/survey"
)

func kindOf(err error) failure.Kind {
	var fe *failure.Error
	if errors.As(err, &fe) {
		return fe.Kind
	}
	return 0
}

// A report the system opens from an answer is news to both sides: each
// sees it unread until it opens it, and the other side's opening does not
// change that.
func TestOpenedIsUnreadForBothSides(t *testing.T) {
	r, ev := Opened(5, Source{Kind: FromCheck, Question: "床", Choice: "×"}, time.Now())
	if ev.Kind != EventCreated || ev.Side != Office || r.Subject != "床：×" {
		t.Fatalf("opened: %+v %+v", r, ev)
	}
	if r.WireStatus(Office) != InProgressUnread || r.WireStatus(Store) != InProgressUnread {
		t.Fatalf("new: office %s, store %s", r.WireStatus(Office), r.WireStatus(Store))
	}
	r.Markers = r.Markers.Read(Office)
	if r.WireStatus(Office) != InProgress || !r.Markers.UnreadFor(Store) {
		t.Fatalf("office opened it: office %s, store unread %v", r.WireStatus(Office), r.Markers.UnreadFor(Store))
	}
	r.Markers = r.Markers.Announced() // the answer is no longer bad
	if !r.Markers.UnreadFor(Office) || !r.Markers.UnreadFor(Store) {
		t.Fatalf("a system note is unread for both: %+v", r.Markers)
	}
}

// The whole loop, with who sees what as unread at each step.
func TestLoopAndUnread(t *testing.T) {
	r, ev := New(5, "床の汚れ", Source{Kind: FromCheck, PhotoRequired: true}, time.Now(), Office)
	if ev.Kind != EventCreated || ev.Seq != 1 || r.Status != InProgress {
		t.Fatalf("new: %+v %+v", r, ev)
	}
	want := func(step string, store, office Status) {
		t.Helper()
		if got := r.WireStatus(Store); got != store {
			t.Errorf("%s: store sees %s, want %s", step, got, store)
		}
		if got := r.WireStatus(Office); got != office {
			t.Errorf("%s: office sees %s, want %s", step, got, office)
		}
	}
	want("created", InProgressUnread, InProgress)
	r.Markers = r.Markers.Read(Store)
	want("store opened it", InProgress, InProgress)

	var err error
	if _, _, err = r.Apply(Store, Step{Action: ActReply, Text: "清掃しました"}); kindOf(err) != failure.KindInvalid {
		t.Fatalf("reply without the required photo: %v", err)
	}
	if r, ev, err = r.Apply(Store, Step{Action: ActReply, Text: "清掃しました", PhotoIDs: []int64{9}}); err != nil || ev.Kind != EventReply || ev.Seq != 2 {
		t.Fatalf("reply: %v %+v", err, ev)
	}
	want("store replied", InReview, InReviewUnread)

	if _, _, err = r.Apply(Office, Step{Action: ActSendBack, Text: " \u3000"}); kindOf(err) != failure.KindInvalid {
		t.Fatalf("send back without a reason: %v", err)
	}
	if _, _, err = r.Apply(Store, Step{Action: ActComplete}); kindOf(err) != failure.KindRefused {
		t.Fatalf("the store completes: %v", err)
	}
	if r, _, err = r.Apply(Office, Step{Action: ActSendBack, Text: "奥の棚も"}); err != nil {
		t.Fatal(err)
	}
	want("sent back", InProgressUnread, InProgress)

	if r, _, err = r.Apply(Store, Step{Action: ActComment, Text: "明日対応します"}); err != nil || r.Status != InProgress {
		t.Fatalf("comment: %v %s", err, r.Status)
	}
	want("store commented", InProgress, InProgressUnread)
	if r, _, err = r.Apply(Store, Step{Action: ActReply, Text: "棚も清掃", PhotoIDs: []int64{10}}); err != nil {
		t.Fatal(err)
	}
	if r, ev, err = r.Apply(Office, Step{Action: ActComplete}); err != nil || r.Status != Completed || ev.Seq != 6 {
		t.Fatalf("complete: %v %+v", err, ev)
	}
	want("completed", Completed, Completed)
	if _, _, err = r.Apply(Store, Step{Action: ActComment, Text: "x"}); kindOf(err) != failure.KindRefused {
		t.Fatalf("comment on a completed report: %v", err)
	}
	if _, _, err = r.Apply(Office, Step{Action: ActReopen}); kindOf(err) != failure.KindInvalid {
		t.Fatalf("reopen without a reason: %v", err)
	}
	if r, _, err = r.Apply(Office, Step{Action: ActReopen, Text: "再発"}); err != nil || r.Status != InProgress {
		t.Fatalf("reopen: %v", err)
	}
}

func TestTransitionsNotAllowed(t *testing.T) {
	base, _ := New(1, "x", Source{Kind: FromManual}, time.Now(), Office)
	cases := []struct {
		status Status
		side   Side
		step   Step
	}{
		{InReview, Store, Step{Action: ActReply, Text: "x"}},       // already in review
		{InProgress, Office, Step{Action: ActSendBack, Text: "x"}}, // nothing to send back
		{InProgress, Office, Step{Action: ActReopen, Text: "x"}},
		{InProgress, Office, Step{Action: ActReply, Text: "x"}}, // head office does not reply for the store
	}
	for _, c := range cases {
		r := base
		r.Status = c.status
		after, _, err := r.Apply(c.side, c.step)
		if kindOf(err) != failure.KindRefused || after.Status != c.status || after.Markers != r.Markers {
			t.Errorf("%s by %s from %s: %v (status %s)", c.step.Action, c.side, c.status, err, after.Status)
		}
	}
	if _, _, err := base.Apply(Store, Step{Action: "DANCE"}); kindOf(err) != failure.KindInvalid {
		t.Errorf("unknown action: %v", err)
	}
}

func TestOverdue(t *testing.T) {
	today := time.Date(2026, 11, 24, 0, 0, 0, 0, clock.Tokyo)
	r := Report{Status: InProgress, DueDate: today}
	if r.Overdue(today) {
		t.Error("due today is not overdue")
	}
	r.DueDate = today.AddDate(0, 0, -1)
	if !r.Overdue(today) {
		t.Error("due yesterday is overdue")
	}
	r.Status = Completed
	if r.Overdue(today) {
		t.Error("a completed report is never overdue")
	}
}

func TestSheetFindingsAndKeys(t *testing.T) {
	items := []checklist.Item{
		{ID: 1, Question: "床", Scale: checklist.ScaleCircle, PhotoRequired: true},
		{ID: 2, Question: "棚", Scale: checklist.ScaleCircle, InapplicableAllowed: true},
		{ID: 3, Question: "窓", Scale: checklist.ScaleCircle},
	}
	sh := checklist.Sheet{PeriodID: 7, CheckListID: 3, Name: "週次", Categories: []checklist.Category{{Name: "清掃", Items: items}},
		Period: checklist.Period{From: time.Date(2026, 11, 23, 0, 0, 0, 0, clock.Tokyo), To: time.Date(2026, 11, 29, 0, 0, 0, 0, clock.Tokyo)}}
	got := SheetFindings(sh, map[int64]checklist.Answer{1: {ItemID: 1, Choice: "×", Comment: "汚れ"}, 2: {ItemID: 2, Inapplicable: true}})
	if len(got) != 2 || !got[0].Bad || got[1].Bad {
		t.Fatalf("findings: %+v", got)
	}
	src := got[0].Source
	if src.Key(4) != "check:7:4:1" || src.Key(5) == src.Key(4) || *src.Score != 0 || !src.PhotoRequired || src.Category != "清掃" {
		t.Errorf("source: %+v key %s", src, src.Key(4))
	}
	if src.Subject() != "床：×" {
		t.Errorf("subject %q", src.Subject())
	}
	if due := DueFor(src, sh.Period.From, 7); !due.Equal(sh.Period.To) {
		t.Errorf("a check answer is due at the end of its period, got %s", due)
	}
	if due := DueFor(Source{Kind: FromManual}, sh.Period.From, 3); !due.Equal(sh.Period.From.AddDate(0, 0, 3)) {
		t.Errorf("a manual report is due after the organization's days, got %s", due)
	}
	if (Source{Kind: FromManual}).Key(4) != "" {
		t.Error("a free report has no key")
	}
}

func TestDissatisfied(t *testing.T) {
	n := func(v int) *int { return &v }
	rating := func(v int) []survey.StoredValue {
		return []survey.StoredValue{{QuestionType: survey.QuestionRating, Score: n(v)}}
	}
	cases := []struct {
		nps    *int
		values []survey.StoredValue
		want   bool
	}{
		{n(6), nil, true}, {n(0), nil, true}, {n(7), nil, false}, {n(10), rating(3), false},
		{n(9), rating(2), true}, {nil, rating(1), true}, {nil, nil, false},
	}
	for _, c := range cases {
		if got := Dissatisfied(c.nps, c.values); got != c.want {
			t.Errorf("nps %v values %v: %v", c.nps, c.values, got)
		}
	}
}

func TestSurveySource(t *testing.T) {
	s := survey.Survey{ID: 2, Name: "来店", Categories: []survey.Category{{Questions: []survey.Question{{ID: 1, Text: "おすすめ度"}, {ID: 2, Text: "良かった点"}}}}}
	six := 6
	src := SurveySource(s, 40, &six, []survey.StoredValue{{QuestionID: 1, Score: &six}, {QuestionID: 2, Choice: "味"}, {QuestionID: 2, Choice: "接客"}})
	if src.Key(1) != "survey:40" || len(src.SurveyValues) != 2 || src.SurveyValues[1].Answer != "味、接客" || src.Subject() != "アンケート「来店」 おすすめ度 6" {
		t.Errorf("%+v %s", src, src.Subject())
	}
	// A promoter's low rating: the subject says 低評価, not おすすめ度 10.
	ten, two := 10, 2
	low := SurveySource(s, 41, &ten, []survey.StoredValue{{QuestionID: 1, Score: &ten}, {QuestionID: 2, QuestionType: survey.QuestionRating, Score: &two}})
	if !Dissatisfied(&ten, []survey.StoredValue{{QuestionType: survey.QuestionRating, Score: &two}}) || low.Subject() != "アンケート「来店」 低評価" {
		t.Errorf("a low rating with NPS 10: %s", low.Subject())
	}
	noNPS := SurveySource(s, 42, nil, []survey.StoredValue{{QuestionID: 2, QuestionType: survey.QuestionRating, Score: &two}})
	if noNPS.Subject() != "アンケート「来店」 低評価" {
		t.Errorf("a low rating without NPS: %s", noNPS.Subject())
	}
}
