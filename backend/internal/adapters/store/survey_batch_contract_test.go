package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun/dialect/sqlitedialect"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The statements the public answer path stores a batch of submissions
// with (app/survey, Public.storeTogether): AdmitAll, AddAnswers and
// Improvements.OpenAll. On PostgreSQL each is one statement over JSON
// arguments; the cases below hold them to what the row-by-row statements
// store, on both databases.

// surveyBatch is surveyOrgs' organization with one survey (sampleSurvey)
// and the customers' submissions to it.
type surveyBatch struct {
	f       surveyFixture
	tn      access.Tenant
	surveys *store.Surveys
	tx      *store.TxManager
	sv      survey.Survey
	now     time.Time
	n       int // submissions made: each has its own key and browser
}

func newSurveyBatch(t *testing.T, db *store.DB) *surveyBatch {
	t.Helper()
	b := &surveyBatch{f: surveyOrgs(t, db), surveys: store.NewSurveys(db), tx: store.NewTxManager(db),
		now: time.Date(2026, 11, 22, 1, 2, 3, 456789000, time.UTC)}
	b.tn = access.TrustedTenant(b.f.org)
	id, err := b.surveys.Create(bg, b.tn, sampleSurvey(b.f), b.now)
	if err != nil {
		t.Fatal(err)
	}
	if b.sv, err = b.surveys.Get(bg, b.tn, id); err != nil {
		t.Fatal(err)
	}
	return b
}

// submission is a customer's answer at store facility: an NPS, an age, a
// rating and a comment, a minute after the one before.
func (b *surveyBatch) submission(facility int64, nps, stars int, comment string) survey.Submission {
	b.n++
	cats := b.sv.Categories
	score := nps
	return survey.Submission{SurveyID: b.sv.ID, FacilityID: facility,
		IdempotencyKey: fmt.Sprintf("idem-batch-%010d", b.n), BrowserToken: fmt.Sprintf("browser-batch-%07d", b.n),
		AnsweredAt: b.now.Add(time.Duration(b.n) * time.Minute), NPSScore: &score, Values: []survey.StoredValue{
			{QuestionID: cats[0].Questions[0].ID, QuestionType: survey.QuestionNPS, Score: &score},
			{QuestionID: cats[1].Questions[0].ID, QuestionType: survey.QuestionSingle, Choice: "30代"},
			{QuestionID: cats[3].Questions[0].ID, QuestionType: survey.QuestionRating, Score: &stars},
			{QuestionID: cats[3].Questions[1].ID, QuestionType: survey.QuestionFreeText, Text: comment},
		}}
}

// add stores submissions in one call, in a transaction as the answer path does.
func (b *surveyBatch) add(t *testing.T, subs ...survey.Submission) []survey.StoredAnswer {
	t.Helper()
	var stored []survey.StoredAnswer
	if err := b.tx.InTx(bg, func(ctx context.Context) (err error) {
		stored, err = b.surveys.AddAnswers(ctx, b.tn, subs)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(stored) != len(subs) {
		t.Fatalf("%d submissions stored as %d answers", len(subs), len(stored))
	}
	return stored
}

// opening is the report the intake opens on answer answerID
// (app/improvement.Intake.FromSurveyAnswers), due in dueDays days.
func (b *surveyBatch) opening(sub survey.Submission, answerID int64, dueDays int) improvement.Opening {
	src := improvement.SurveySource(b.sv, answerID, sub.NPSScore, sub.Values)
	rep, ev := improvement.Opened(sub.FacilityID, src, improvement.DueFor(src, clock.Today(clock.Fixed(sub.AnsweredAt)), dueDays))
	return improvement.Opening{Report: rep, Event: ev, At: sub.AnsweredAt}
}

// rowsOf reads a query's rows whole, column by column, in a form that
// compares: times as UTC text, bytes as text.
func rowsOf(t *testing.T, db *store.DB, query string, args ...any) []map[string]any {
	t.Helper()
	var rows []map[string]any
	if err := db.NewRaw(query, args...).Scan(bg, &rows); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	for _, row := range rows {
		for k, v := range row {
			switch x := v.(type) {
			case time.Time:
				row[k] = x.UTC().Format(time.RFC3339Nano)
			case []byte:
				row[k] = string(x)
			}
		}
	}
	return rows
}

func reportOf(t *testing.T, db *store.DB, tn access.Tenant, answerID int64) int64 {
	t.Helper()
	var id int64
	if err := db.NewRaw("SELECT improvement_id FROM improvements WHERE organization_id = ? AND source_key = ?",
		tn.Org(), fmt.Sprintf("survey:%d", answerID)).Scan(bg, &id); err != nil {
		t.Fatalf("the report of answer %d: %v", answerID, err)
	}
	return id
}

func TestOpenAllStoresWhatCreateStores(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		b := newSurveyBatch(t, db)
		reports := store.NewImprovements(db)
		openAll := func(opened ...improvement.Opening) {
			t.Helper()
			if err := b.tx.InTx(bg, func(ctx context.Context) error { return reports.OpenAll(ctx, b.tn, opened) }); err != nil {
				t.Fatal(err)
			}
		}
		all := func() ([]map[string]any, []map[string]any) {
			return rowsOf(t, db, "SELECT * FROM improvements WHERE organization_id = ? ORDER BY improvement_id", b.f.org),
				rowsOf(t, db, "SELECT * FROM improvement_events WHERE organization_id = ? ORDER BY event_id", b.f.org)
		}
		// Two customers who answered alike at the same instant: their reports
		// differ only in the answer they came from.
		first, second := b.submission(b.f.shinjuku, 3, 2, "待たされました"), b.submission(b.f.shinjuku, 3, 2, "待たされました")
		second.AnsweredAt = first.AnsweredAt
		stored := b.add(t, first, second)
		byCreate, byOpenAll := b.opening(first, stored[0].ID, 5), b.opening(second, stored[1].ID, 5)
		var created, opened int64

		t.Run("one opening: the rows Create stores", func(t *testing.T) {
			var ok bool
			var err error
			if created, ok, err = reports.Create(bg, b.tn, byCreate.Report, byCreate.Event, nil, byCreate.At); err != nil || !ok {
				t.Fatalf("create: %v %v", ok, err)
			}
			openAll(byOpenAll)
			opened = reportOf(t, db, b.tn, stored[1].ID)
			rows := rowsOf(t, db, "SELECT * FROM improvements WHERE improvement_id IN (?, ?) ORDER BY improvement_id", created, opened)
			if len(rows) != 2 || rows[0]["improvement_id"] == rows[1]["improvement_id"] {
				t.Fatalf("reports %+v", rows)
			}
			for i, want := range []int64{stored[0].ID, stored[1].ID} {
				row := rows[i]
				if key := fmt.Sprint(row["source_key"]); key != fmt.Sprintf("survey:%d", want) {
					t.Errorf("report %d: source key %s, want survey:%d", i, key, want)
				}
				var src map[string]any
				if err := json.Unmarshal([]byte(fmt.Sprint(row["source"])), &src); err != nil {
					t.Fatalf("report %d source %v: %v", i, row["source"], err)
				}
				if id, _ := src["surveyAnswerId"].(float64); int64(id) != want {
					t.Errorf("report %d: source of answer %v, want %d", i, src["surveyAnswerId"], want)
				}
				delete(src, "surveyAnswerId")
				row["source"] = src
				delete(row, "improvement_id")
				delete(row, "source_key")
			}
			if !reflect.DeepEqual(rows[0], rows[1]) {
				t.Errorf("OpenAll stored another report than Create:\ncreate  %v\nopenAll %v", rows[0], rows[1])
			}
			events := rowsOf(t, db, "SELECT * FROM improvement_events WHERE improvement_id IN (?, ?) ORDER BY improvement_id", created, opened)
			if len(events) != 2 {
				t.Fatalf("events %+v", events)
			}
			for _, ev := range events {
				delete(ev, "event_id")
				delete(ev, "improvement_id")
			}
			if !reflect.DeepEqual(events[0], events[1]) {
				t.Errorf("OpenAll stored another first event than Create:\ncreate  %v\nopenAll %v", events[0], events[1])
			}
			// And what both stored is the opened report, read back whole.
			got, err := reports.Get(bg, b.tn, opened)
			if err != nil {
				t.Fatal(err)
			}
			want := byOpenAll.Report
			if got.FacilityID != b.f.shinjuku || got.FacilityName != "新宿店" || got.Subject != "アンケート「来店アンケート」 おすすめ度 3" ||
				got.Subject != want.Subject || got.Status != improvement.InProgress || !got.DueDate.Equal(want.DueDate) ||
				got.DueDate.Format(time.DateOnly) != "2026-11-27" || !got.CreatedAt.Equal(first.AnsweredAt) ||
				!got.ContentModifyDate.Equal(first.AnsweredAt) || got.Markers != want.Markers || got.AssigneeID != nil || got.Version != 1 ||
				!reflect.DeepEqual(got.Source, want.Source) {
				t.Errorf("read back %+v\nwant %+v", got, want)
			}
			if !got.Markers.UnreadFor(improvement.Office) || !got.Markers.UnreadFor(improvement.Store) {
				t.Errorf("an opened report is read: %+v", got.Markers)
			}
			th, err := reports.Thread(bg, b.tn, opened)
			if err != nil || len(th) != 1 || th[0].Seq != byOpenAll.Event.Seq || th[0].Kind != improvement.EventCreated ||
				th[0].Side != improvement.Office || th[0].UserID != nil || th[0].UserName != "" || th[0].Text != "" ||
				th[0].DueDate != nil || len(th[0].PhotoIDs) != 0 || !th[0].At.Equal(first.AnsweredAt) {
				t.Errorf("thread %+v %v", th, err)
			}
		})

		t.Run("a source that has its report keeps it", func(t *testing.T) {
			beforeReports, beforeEvents := all()
			// The same answers again, as another batch would open them later.
			again := []improvement.Opening{b.opening(first, stored[0].ID, 30), b.opening(second, stored[1].ID, 30)}
			for i := range again {
				again[i].At = again[i].At.Add(time.Hour)
				again[i].Report.Subject = "別の件名"
			}
			openAll(again...)
			afterReports, afterEvents := all()
			if !reflect.DeepEqual(beforeReports, afterReports) || !reflect.DeepEqual(beforeEvents, afterEvents) {
				t.Errorf("opened again, the reports changed:\nbefore %v\n%v\nafter  %v\n%v", beforeReports, beforeEvents, afterReports, afterEvents)
			}
		})

		t.Run("several openings at once, each with its own event", func(t *testing.T) {
			subs := []survey.Submission{
				b.submission(b.f.umeda, 0, 1, "最悪でした"),
				b.submission(b.f.shinjuku, 5, 3, "ふつう"),
				b.submission(b.f.umeda, 6, 2, ""),
			}
			fresh := b.add(t, subs...)
			// One already opened among them: it keeps its report and gets no second event.
			batch := []improvement.Opening{b.opening(subs[0], fresh[0].ID, 5), b.opening(first, stored[0].ID, 5),
				b.opening(subs[1], fresh[1].ID, 7), b.opening(subs[2], fresh[2].ID, 9)}
			openAll(batch...)
			rs, evs := all()
			if len(rs) != 5 || len(evs) != 5 {
				t.Fatalf("%d reports, %d events; want 5 and 5", len(rs), len(evs))
			}
			perReport := map[string]int{}
			for _, ev := range evs {
				perReport[fmt.Sprint(ev["improvement_id"])]++
			}
			for id, n := range perReport {
				if n != 1 {
					t.Errorf("report %s has %d events", id, n)
				}
			}
			for i, o := range []improvement.Opening{batch[0], batch[2], batch[3]} {
				id := reportOf(t, db, b.tn, fresh[i].ID)
				got, err := reports.Get(bg, b.tn, id)
				if err != nil {
					t.Fatal(err)
				}
				if got.FacilityID != subs[i].FacilityID || got.Subject != o.Report.Subject || got.Source.SurveyAnswerID != fresh[i].ID ||
					!reflect.DeepEqual(got.Source, o.Report.Source) || !got.DueDate.Equal(o.Report.DueDate) ||
					!got.CreatedAt.Equal(o.At) || got.Markers != o.Report.Markers {
					t.Errorf("opening %d read back %+v\nwant %+v at %v", i, got, o.Report, o.At)
				}
				// Each event is its own report's: it carries that opening's time.
				th, err := reports.Thread(bg, b.tn, id)
				if err != nil || len(th) != 1 || th[0].Kind != improvement.EventCreated || th[0].Seq != o.Event.Seq || !th[0].At.Equal(o.At) {
					t.Errorf("opening %d thread %+v %v (at %v)", i, th, err, o.At)
				}
			}
			if th, _ := reports.Thread(bg, b.tn, created); len(th) != 1 {
				t.Errorf("the report opened before has %d events", len(th))
			}
		})
	})
}

func TestAddAnswersStoresABatchInOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		b := newSurveyBatch(t, db)
		var subs []survey.Submission
		for i := range 12 {
			facility := b.f.shinjuku
			if i%3 == 1 {
				facility = b.f.umeda
			}
			subs = append(subs, b.submission(facility, i%11, 1+i%5, fmt.Sprintf("ご意見%d", i)))
		}
		subs[2].MailAddress = "hanako@example.com"
		subs[4].Values = subs[4].Values[:1] // a customer who answered the NPS only
		subs[5].NPSScore, subs[5].Values = nil, subs[5].Values[1:]
		subs[7].AnsweredAt = time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC) // 00:30 the next day in Tokyo
		// The last instant before midnight in Tokyo, finer than the database
		// keeps: stored cut to the microsecond (as Bun writes times), not
		// rounded into the next day, which answered_date would contradict.
		subs[8].AnsweredAt = time.Date(2026, 11, 22, 14, 59, 59, 999999700, time.UTC)
		values := func() []string {
			t.Helper()
			var rows []struct {
				AnswerID   int64  `bun:"answer_id"`
				QuestionID int64  `bun:"question_id"`
				Type       string `bun:"question_type"`
				Choice     string `bun:"choice"`
				Score      *int   `bun:"score"`
				Text       string `bun:"text"`
			}
			if err := db.NewRaw(`SELECT answer_id, question_id, question_type, choice, score, text FROM survey_answer_values
				WHERE organization_id = ? ORDER BY value_id`, b.f.org).Scan(bg, &rows); err != nil {
				t.Fatal(err)
			}
			out := make([]string, len(rows))
			for i, x := range rows {
				out[i] = fmt.Sprint(x.AnswerID, x.QuestionID, x.Type, x.Choice, scoreText(x.Score), x.Text)
			}
			return out
		}
		valuesOf := func(id int64, sub survey.Submission) []string {
			var out []string
			for _, v := range sub.Values {
				out = append(out, fmt.Sprint(id, v.QuestionID, v.QuestionType, v.Choice, scoreText(v.Score), v.Text))
			}
			return out
		}

		stored := b.add(t, subs...)
		var want []string
		seen := map[int64]bool{}
		for i, a := range stored {
			if !a.Created || a.ID == 0 || seen[a.ID] {
				t.Fatalf("answer %d: %+v (all %+v)", i, a, stored)
			}
			seen[a.ID] = true
			want = append(want, valuesOf(a.ID, subs[i])...)
		}
		// Each id is its own submission's, as stored.
		for i, sub := range subs {
			var row struct {
				ID       int64     `bun:"answer_id"`
				Facility int64     `bun:"facility_id"`
				At       time.Time `bun:"answered_at"`
				Date     string    `bun:"answered_date"`
				NPS      *int      `bun:"nps_score"`
				Browser  string    `bun:"browser_token"`
				Mail     *string   `bun:"mail_address"`
			}
			if err := db.NewRaw(`SELECT answer_id, facility_id, answered_at, CAST(answered_date AS TEXT) AS answered_date, nps_score,
				browser_token, mail_address FROM survey_answers WHERE organization_id = ? AND survey_id = ? AND idempotency_key = ?`,
				b.f.org, b.sv.ID, sub.IdempotencyKey).Scan(bg, &row); err != nil {
				t.Fatalf("submission %d: %v", i, err)
			}
			wantMail := "<nil>"
			if sub.MailAddress != "" {
				wantMail = sub.MailAddress
			}
			if row.ID != stored[i].ID || row.Facility != sub.FacilityID || !row.At.Equal(sub.AnsweredAt.Truncate(time.Microsecond)) ||
				row.Date != survey.TokyoDate(sub.AnsweredAt).Format(time.DateOnly) || scoreText(row.NPS) != scoreText(sub.NPSScore) ||
				row.Browser != sub.BrowserToken || textOf(row.Mail) != wantMail {
				t.Errorf("submission %d (returned id %d) stored as %+v", i, stored[i].ID, row)
			}
		}
		if db.Dialect == store.SQLite { // times are text there, compared and sorted as Bun writes them
			var raw string
			if err := db.NewRaw("SELECT CAST(answered_at AS TEXT) FROM survey_answers WHERE organization_id = ? AND idempotency_key = ?",
				b.f.org, subs[8].IdempotencyKey).Scan(bg, &raw); err != nil {
				t.Fatal(err)
			}
			if want := string(sqlitedialect.New().AppendTime(nil, subs[8].AnsweredAt)); "'"+raw+"'" != want {
				t.Errorf("answered_at stored as %q, Bun writes %s", raw, want)
			}
		}
		if subs[7].AnsweredAt.Format(time.DateOnly) == survey.TokyoDate(subs[7].AnsweredAt).Format(time.DateOnly) {
			t.Fatal("the case of a Tokyo date after the UTC one lost its point")
		}
		// The values in the submissions' order, each submission's in its own:
		// the export reads them by value_id.
		if got := values(); !slices.Equal(got, want) {
			t.Errorf("values by value_id:\n%v\nwant\n%v", got, want)
		}

		// Again: one key stored already (a double tap that lost the race), one new.
		repeat := subs[3]
		repeat.BrowserToken, repeat.Values = "browser-batch-other", repeat.Values[:1]
		next := b.submission(b.f.umeda, 2, 1, "また来ます")
		again := b.add(t, repeat, next)
		if again[0] != (survey.StoredAnswer{ID: stored[3].ID, Created: false}) || !again[1].Created || seen[again[1].ID] {
			t.Errorf("a stored key and a new one: %+v (the stored one is %d)", again, stored[3].ID)
		}
		want = append(want, valuesOf(again[1].ID, next)...)
		if got := values(); !slices.Equal(got, want) {
			t.Errorf("values after the second call:\n%v\nwant\n%v", got, want)
		}
		var n int
		if err := db.NewRaw("SELECT COUNT(*) FROM survey_answers WHERE organization_id = ? AND browser_token = 'browser-batch-other'", b.f.org).
			Scan(bg, &n); err != nil || n != 0 {
			t.Errorf("the repeated key stored an answer: %d %v", n, err)
		}
		if err := db.NewRaw("SELECT COUNT(*) FROM survey_answers WHERE organization_id = ?", b.f.org).Scan(bg, &n); err != nil || n != len(subs)+1 {
			t.Errorf("%d answers stored, want %d: %v", n, len(subs)+1, err)
		}
	})
}

func scoreText(s *int) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprint(*s)
}

func textOf(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestAdmitAllCountsEachAdmissionInOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		repo := store.NewSurveys(db)
		tx := store.NewTxManager(db)
		now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
		const window = 10 * time.Minute
		admissions := func(addresses ...string) []survey.Admission {
			as := make([]survey.Admission, len(addresses))
			for i, ip := range addresses {
				as[i] = survey.Admission{RateKey: "survey:" + ip, SurveyID: 1, BrowserToken: fmt.Sprintf("browser-admit-%06d", i%4)}
			}
			return as
		}
		admit := func(at time.Time, addresses ...string) []int {
			t.Helper()
			var counts []int
			if err := tx.InTx(bg, func(ctx context.Context) (err error) {
				counts, err = repo.AdmitAll(ctx, admissions(addresses...), at, window)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return counts
		}
		failures := func(ip string) int {
			t.Helper()
			var n []int
			if err := db.NewRaw("SELECT failures FROM login_throttle WHERE throttle_key = ?", "survey:"+ip).Scan(bg, &n); err != nil {
				t.Fatal(err)
			}
			if len(n) == 0 {
				return 0
			}
			return n[0]
		}
		const a, b, c, d, e = "192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"
		// d was counted twice before, on its own (refusals before their transaction).
		th := store.NewThrottle(db)
		for range 2 {
			if _, err := th.Hit(bg, "survey:"+d, now, window); err != nil {
				t.Fatal(err)
			}
		}
		if got := admit(now, a, b, a, c, a, b, d); !slices.Equal(got, []int{1, 1, 2, 1, 3, 2, 3}) {
			t.Errorf("first batch: %v, want [1 1 2 1 3 2 3]", got)
		}
		if got := admit(now.Add(time.Minute), b, a, a); !slices.Equal(got, []int{3, 4, 5}) {
			t.Errorf("second batch: %v, want [3 4 5]", got)
		}
		if failures(a) != 5 || failures(b) != 3 || failures(c) != 1 || failures(d) != 3 {
			t.Errorf("stored counts: a %d, b %d, c %d, d %d; want 5 3 1 3", failures(a), failures(b), failures(c), failures(d))
		}
		// A batch the database fails rolls its counts back with its answers.
		boom := errors.New("boom")
		if err := tx.InTx(bg, func(ctx context.Context) error {
			if got, err := repo.AdmitAll(ctx, admissions(a, c), now.Add(2*time.Minute), window); err != nil || !slices.Equal(got, []int{6, 2}) {
				t.Errorf("in the failed batch: %v %v", got, err)
			}
			return boom
		}); !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if failures(a) != 5 || failures(c) != 1 {
			t.Errorf("a rolled-back batch was counted: a %d, c %d", failures(a), failures(c))
		}
		// e's window starts five minutes later than a's and b's.
		if got := admit(now.Add(5*time.Minute), e); !slices.Equal(got, []int{1}) {
			t.Errorf("e: %v", got)
		}
		// 11 minutes on, a's and b's windows have passed and start again; e's has not.
		if got := admit(now.Add(11*time.Minute), a, e, b, a); !slices.Equal(got, []int{1, 2, 1, 2}) {
			t.Errorf("after a's window: %v, want [1 2 1 2]", got)
		}
		if failures(a) != 2 || failures(b) != 1 || failures(e) != 2 {
			t.Errorf("stored counts after the window: a %d, b %d, e %d; want 2 1 2", failures(a), failures(b), failures(e))
		}

		t.Run("one browser's submissions to a survey take turns", func(t *testing.T) {
			one := survey.Admission{RateKey: "survey:198.51.100.1", SurveyID: 7, BrowserToken: "browser-admit-turns1"}
			held, release, done := make(chan error, 1), make(chan struct{}), make(chan error, 1)
			go func() {
				done <- tx.InTx(bg, func(ctx context.Context) error {
					_, err := repo.AdmitAll(ctx, []survey.Admission{one}, now, window)
					held <- err
					<-release
					return err
				})
			}()
			if err := <-held; err != nil {
				close(release)
				t.Fatal(err)
			}
			admitted := func(as ...survey.Admission) chan error {
				ch := make(chan error, 1)
				go func() {
					ch <- tx.InTx(bg, func(ctx context.Context) error {
						_, err := repo.AdmitAll(ctx, as, now, window)
						return err
					})
				}()
				return ch
			}
			// The same browser from another address: it waits for the first's transaction.
			same := admitted(survey.Admission{RateKey: "survey:198.51.100.2", SurveyID: 7, BrowserToken: one.BrowserToken})
			if db.Dialect == store.Postgres {
				// Another browser is not held back (SQLite has one writer anyway).
				select {
				case err := <-admitted(survey.Admission{RateKey: "survey:198.51.100.3", SurveyID: 7, BrowserToken: "browser-admit-turns2"}):
					if err != nil {
						t.Error(err)
					}
				case <-time.After(10 * time.Second):
					t.Error("another browser waited for the first browser's transaction")
				}
			}
			select {
			case err := <-same:
				close(release)
				t.Fatalf("the same browser was admitted while its first submission's transaction ran (%v)", err)
			case <-time.After(300 * time.Millisecond):
			}
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-same:
				if err != nil {
					t.Error(err)
				}
			case <-time.After(10 * time.Second):
				t.Error("the same browser's second submission still waits after the first's transaction ended")
			}
		})
	})
}
