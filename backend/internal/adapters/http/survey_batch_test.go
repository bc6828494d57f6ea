package http_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// The answer path stores the submissions of one organization that arrive
// while its batches are being stored as its next batch, in one transaction
// (app/survey, batches). These cases make sure batches form: a transaction
// of the test holds the console's answer transactions back (holdAnswers)
// while the submissions arrive, in waves, then lets them go.

// holdAnswers holds the console's answer transactions back until release
// is called (a test's cleanup calls it too). On PostgreSQL the test's
// transaction locks survey_answers against writes, so every batch waits in
// AddAnswers (its counts, browser locks and reads taken); on SQLite the
// test's transaction holds the database's one connection, so every batch
// waits to begin. Nothing is written: release rolls back. The answer path
// must have read the link's survey already (a submission to it before), and
// on SQLite the maintenance plan lately (any call): nothing can read
// meanwhile.
func holdAnswers(t *testing.T, c *consoletest.Console) (release func()) {
	t.Helper()
	ctx := context.Background()
	tx, err := c.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.DB.Dialect == store.Postgres {
		if _, err := tx.NewRaw("LOCK TABLE survey_answers IN SHARE MODE").Exec(ctx); err != nil {
			_ = tx.Rollback()
			t.Fatal(err)
		}
	}
	var once sync.Once
	release = func() { once.Do(func() { _ = tx.Rollback() }) }
	t.Cleanup(release)
	return release
}

// waitHeld waits until a submission of the console waits for holdAnswers'
// transaction: on PostgreSQL until a session waits for a lock, on SQLite
// (whose one connection the test holds) a while.
func waitHeld(t *testing.T, c *consoletest.Console) {
	t.Helper()
	if c.DB.Dialect != store.Postgres {
		time.Sleep(300 * time.Millisecond)
		return
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if c.Count(t, "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'") > 0 {
			return
		}
	}
	t.Fatal("no submission waited for the test's transaction")
}

// sendHeld sends, while holdAnswers holds the answer transactions, the
// submissions of each wave at once, a wave once the one before has
// arrived, then lets the transactions go and returns every answer, in the
// order of the waves. The first wave's submissions take the batches an
// instance runs at once for an organization (more than it runs: they wait
// for the test), the later waves' queue behind them and are stored
// together, as one batch, once the first wave's batches are done.
func sendHeld(t *testing.T, c *consoletest.Console, waves ...[]func() consoletest.Answer) []consoletest.Answer {
	t.Helper()
	release := holdAnswers(t, c)
	type sent struct {
		i int
		a consoletest.Answer
	}
	total := 0
	for _, wave := range waves {
		total += len(wave)
	}
	answers := make(chan sent, total)
	n := 0
	for w, wave := range waves {
		for _, send := range wave {
			go func(i int) { answers <- sent{i, send()} }(n)
			n++
		}
		if w == 0 {
			waitHeld(t, c)
		}
		time.Sleep(300 * time.Millisecond) // the wave arrives and queues
	}
	release()
	out := make([]consoletest.Answer, n)
	for range out {
		s := <-answers
		out[s.i] = s.a
	}
	return out
}

// A batch the database fails (here a trigger refuses one idempotency key)
// is stored again one submission at a time: the failing one gets the
// database's 500 and is not counted against its address; every other one
// is stored with its values, its report and its count.
func TestPublicSurveyBatchIsolatesADatabaseFailure(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		_, id, sv, links := surveyWithLinks(t, c, "まとめて保存")
		breakAnswersKeyed(t, c, "key-broken")
		page := "/api/public/survey/" + links[0].Key + "/answer"
		// 24 customers, each with a browser and an address of their own; the
		// last one's answer the database fails. It is sent last, so it is
		// stored in a batch with others.
		const n, broken = 24, 23
		key := func(i int) string {
			if i == broken {
				return "key-broken-0000000001"
			}
			return "key-batch-000000000" + itoa(10+i)
		}
		ip := func(i int) string { return "203.0.113." + itoa(100+i) }
		dissatisfied := func(i int) bool { return i%2 == 1 } // the broken one too
		send := func(i int) func() consoletest.Answer {
			return func() consoletest.Answer {
				nps := 9
				if dissatisfied(i) {
					nps = 3
				}
				cl := surveyBrowser(t, c, links[0].Key, ip(i))
				return cl.Do(http.MethodPost, page, map[string]any{"idempotencyKey": key(i), "answerList": []map[string]any{
					{"questionId": sv.Cats[0].Questions[0].ID, "score": nps}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 4}}})
			}
		}
		// A first answer reads the survey into the answer path.
		warm := surveyBrowser(t, c, links[0].Key, "203.0.113.99")
		if a := warm.Do(http.MethodPost, page, map[string]any{"idempotencyKey": "key-warm-000000000001", "answerList": []map[string]any{
			{"questionId": sv.Cats[0].Questions[0].ID, "score": 10}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 5}}}); a.Status != 200 {
			t.Fatalf("first answer: %d %s", a.Status, a.Body)
		}
		var waves [3][]func() consoletest.Answer
		for i := range n {
			switch {
			case i < 4:
				waves[0] = append(waves[0], send(i))
			case i == broken:
				waves[2] = append(waves[2], send(i))
			default:
				waves[1] = append(waves[1], send(i))
			}
		}
		answers := sendHeld(t, c, waves[:]...)

		for i, a := range answers {
			want := 200
			if i == broken {
				want = 500
			}
			if a.Status != want {
				t.Errorf("submission %d: %d %s, want %d", i, a.Status, a.Body, want)
			}
		}
		stored, reports := 0, 0
		for i := range n {
			answered := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ? AND idempotency_key = ?", id, key(i))
			values := c.Count(t, `SELECT COUNT(*) FROM survey_answer_values v JOIN survey_answers a ON a.answer_id = v.answer_id
				WHERE a.survey_id = ? AND a.idempotency_key = ?`, id, key(i))
			counted := c.Count(t, "SELECT COALESCE(SUM(failures), 0) FROM login_throttle WHERE throttle_key = ?", "survey:"+ip(i))
			opened := c.Count(t, `SELECT COUNT(*) FROM improvements r JOIN survey_answers a ON r.source_key = 'survey:' || CAST(a.answer_id AS TEXT)
				WHERE a.survey_id = ? AND a.idempotency_key = ?`, id, key(i))
			wantAnswered, wantOpened := 1, 0
			if dissatisfied(i) {
				wantOpened = 1
			}
			if i == broken {
				wantAnswered, wantOpened = 0, 0
			}
			if answered != wantAnswered || values != 2*wantAnswered || counted != wantAnswered || opened != wantOpened {
				t.Errorf("submission %d: %d answers with %d values, %d reports, counted %d times; want %d, %d, %d, %d",
					i, answered, values, opened, counted, wantAnswered, 2*wantAnswered, wantOpened, wantAnswered)
			}
			stored += answered
			reports += opened
		}
		if all := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); all != stored+1 || stored != n-1 {
			t.Errorf("%d answers stored (%d of the 24), want %d", all, stored, n)
		}
		if all := c.Count(t, "SELECT COUNT(*) FROM improvements WHERE survey_id = ?", id); all != reports || reports != n/2-1 {
			t.Errorf("%d reports (%d of the 24's answers), want %d", all, reports, n/2-1)
		}
		if events := c.Count(t, `SELECT COUNT(*) FROM improvement_events e JOIN improvements r ON r.improvement_id = e.improvement_id
			WHERE r.survey_id = ?`, id); events != reports {
			t.Errorf("%d events for %d reports", events, reports)
		}
	})
}

// Submissions of one browser sent at once are decided in turn, as if sent
// one after the other, though they share a batch: with one answer a day,
// one is stored and the others are refused; with one idempotency key, one
// answer is stored and every submission gets its receipt.
func TestPublicSurveyBatchOfOneBrowser(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		in := surveyInput(c, t, "一日一回")
		in["answerLimit"], in["answerLimitDays"] = survey.LimitDays, 1
		id, sv := createSurvey(t, admin, in)
		var links []surveyLink
		admin.Get("/api/survey/"+itoa(int(id))+"/links").Decode(t, &links)
		page := "/api/public/survey/" + links[0].Key
		body := func(key string, nps int) map[string]any {
			return map[string]any{"idempotencyKey": key, "answerList": []map[string]any{
				{"questionId": sv.Cats[0].Questions[0].ID, "score": nps}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 4}}}
		}
		// others are answers of four other browsers, which take the batches
		// the later submissions queue behind.
		others := func(wave int) []func() consoletest.Answer {
			out := make([]func() consoletest.Answer, 4)
			for i := range out {
				out[i] = func() consoletest.Answer {
					cl := surveyBrowser(t, c, links[0].Key, "198.51.100."+itoa(200+10*wave+i))
					return cl.Do(http.MethodPost, page+"/answer", body("key-other-00000000"+itoa(100+10*wave+i), 9))
				}
			}
			return out
		}
		// from is browser b sending from address ip.
		from := func(b *consoletest.Client, ip string) *consoletest.Client {
			cl := b.Via(c)
			cl.IP = ip
			return cl
		}
		answers := func(key string) int {
			return c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ? AND idempotency_key LIKE ?", id, key+"%")
		}
		warm := surveyBrowser(t, c, links[0].Key, "198.51.100.250")
		if a := warm.Do(http.MethodPost, page+"/answer", body("key-warm-000000000001", 9)); a.Status != 200 {
			t.Fatalf("first answer: %d %s", a.Status, a.Body)
		}
		const n = 24

		t.Run("one answer a day", func(t *testing.T) {
			guest := c.Client(t)
			if a := guest.Get(page); a.Status != 200 { // the browser cookie
				t.Fatalf("page: %d %s", a.Status, a.Body)
			}
			ip := func(i int) string { return "198.51.100." + itoa(10+i) }
			same := make([]func() consoletest.Answer, n)
			for i := range same {
				same[i] = func() consoletest.Answer {
					return from(guest, ip(i)).Do(http.MethodPost, page+"/answer", body("key-daily-00000000"+itoa(100+i), 9))
				}
			}
			got := sendHeld(t, c, others(0), same)
			for i, a := range got[:4] {
				if a.Status != 200 {
					t.Errorf("another browser's answer %d: %d %s", i, a.Status, a.Body)
				}
			}
			ok := 0
			for i, a := range got[4:] {
				switch {
				case a.Status == 200:
					ok++
				case a.Status != 422 || a.Message != survey.MsgLimitReached:
					t.Errorf("submission %d: %d %s", i, a.Status, a.Body)
				}
				if counted := c.Count(t, "SELECT COALESCE(SUM(failures), 0) FROM login_throttle WHERE throttle_key = ?", "survey:"+ip(i)); counted != 1 {
					t.Errorf("submission %d counted %d times against its address", i, counted)
				}
			}
			if stored := answers("key-daily-"); ok != 1 || stored != 1 {
				t.Errorf("%d accepted, %d stored; want 1", ok, stored)
			}
			var pg publicPage
			guest.Get(page).Decode(t, &pg)
			if pg.Status != "ANSWERED" {
				t.Errorf("the page after the answer: %+v", pg)
			}
		})

		t.Run("one idempotency key", func(t *testing.T) {
			tapper := c.Client(t)
			if a := tapper.Get(page); a.Status != 200 {
				t.Fatalf("page: %d %s", a.Status, a.Body)
			}
			same := make([]func() consoletest.Answer, n)
			for i := range same {
				same[i] = func() consoletest.Answer {
					return from(tapper, "192.0.2."+itoa(10+i)).Do(http.MethodPost, page+"/answer", body("key-tapped-0000000001", 2))
				}
			}
			got := sendHeld(t, c, others(1), same)
			for i, a := range got[:4] {
				if a.Status != 200 {
					t.Errorf("another browser's answer %d: %d %s", i, a.Status, a.Body)
				}
			}
			first := 0
			for i, a := range got[4:] {
				var receipt struct {
					Repeated   bool   `json:"repeated"`
					RewardType string `json:"rewardType"`
					RewardURL  string `json:"rewardUrl"`
				}
				if a.Status != 200 {
					t.Errorf("submission %d: %d %s", i, a.Status, a.Body)
					continue
				}
				a.Decode(t, &receipt)
				if !receipt.Repeated {
					first++
				}
				if receipt.RewardType != "LINK" || receipt.RewardURL != "https://rouder.example/coupon" {
					t.Errorf("submission %d: receipt %s", i, a.Body)
				}
			}
			// The receipt does not carry the answer's id: one answer stored, one
			// receipt of a new answer, the others the receipt of a repeat.
			if stored := answers("key-tapped-"); first != 1 || stored != 1 {
				t.Errorf("%d receipts of a new answer, %d answers stored; want 1", first, stored)
			}
			values := c.Count(t, `SELECT COUNT(*) FROM survey_answer_values v JOIN survey_answers a ON a.answer_id = v.answer_id
				WHERE a.survey_id = ? AND a.idempotency_key = 'key-tapped-0000000001'`, id)
			reports := c.Count(t, `SELECT COUNT(*) FROM improvements r JOIN survey_answers a ON r.source_key = 'survey:' || CAST(a.answer_id AS TEXT)
				WHERE a.survey_id = ? AND a.idempotency_key = 'key-tapped-0000000001'`, id)
			if values != 2 || reports != 1 {
				t.Errorf("the answer has %d values and %d reports; want 2 and 1", values, reports)
			}
		})
	})
}
