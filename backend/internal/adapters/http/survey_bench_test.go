package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	httpadapter "github.com/rouder/console/internal/adapters/http"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

// BenchmarkPublicSurveyAnswer measures public survey submissions per second
// and their p99 latency on PostgreSQL through the whole server (middleware,
// rate limit, key lookup, idempotency, answer check, limit lock, insert of
// the answer and its values), side by side in the same run with a minimal
// Echo handler that decodes the same body and inserts one row, and reports
// the ratio. Every submission comes from a fresh browser and address, as
// customers would. BENCH_SURVEY_REQUESTS (default 3000) and
// BENCH_SURVEY_CLIENTS (default 16) set the load. Run once:
//
//	TEST_DATABASE_URL=… go test -run '^$' -bench PublicSurveyAnswer -benchtime 1x ./internal/adapters/http/
func BenchmarkPublicSurveyAnswer(b *testing.B) {
	for _, dialect := range []string{"postgres", "sqlite"} {
		b.Run(dialect, func(b *testing.B) { benchmarkPublicSurveyAnswer(b, dialect) })
	}
}

func benchmarkPublicSurveyAnswer(b *testing.B, dialect string) {
	requests, clients := envInt("BENCH_SURVEY_REQUESTS", 3000), envInt("BENCH_SURVEY_CLIENTS", 16)
	c := consoletest.Start(b, dialect)
	admin := c.Client(b)
	admin.OrgID = 2
	admin.Login(2, "demoadmin", "Demoadmin#2026")
	a := admin.Do(http.MethodPost, "/api/survey", surveyInput(c, b, "ベンチマーク"))
	if a.Status != 200 {
		b.Fatalf("create: %d %s", a.Status, a.Body)
	}
	var created struct {
		ID int64 `json:"surveyId"`
	}
	a.Decode(b, &created)
	var sv surveyOut
	admin.Get("/api/survey/"+strconv.FormatInt(created.ID, 10)).Decode(b, &sv)
	var links []surveyLink
	admin.Get("/api/survey/"+strconv.FormatInt(created.ID, 10)+"/links").Decode(b, &links)
	body := func(i int) []byte {
		raw, _ := json.Marshal(map[string]any{"idempotencyKey": fmt.Sprintf("bench-key-%012d", i), "answerList": []map[string]any{
			{"questionId": sv.Cats[0].Questions[0].ID, "score": i % 11},
			{"questionId": sv.Cats[1].Questions[0].ID, "choiceList": []string{"30代"}},
			{"questionId": sv.Cats[3].Questions[0].ID, "score": 1 + i%5},
			{"questionId": sv.Cats[3].Questions[1].ID, "choiceList": []string{"接客", "味"}},
			{"questionId": sv.Cats[3].Questions[2].ID, "text": "とても良いお店でした。また来ます。"},
		}})
		return raw
	}

	// The minimal handler: decode the body, insert one row.
	ctx := context.Background()
	ddl := "CREATE TABLE bench_rows (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())"
	if dialect == "sqlite" {
		ddl = "CREATE TABLE bench_rows (id INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
	}
	if _, err := c.DB.ExecContext(ctx, ddl); err != nil {
		b.Fatal(err)
	}
	e := echo.New()
	e.POST("/insert", func(ec echo.Context) error {
		var in map[string]any
		if err := json.NewDecoder(ec.Request().Body).Decode(&in); err != nil {
			return ec.NoContent(http.StatusBadRequest)
		}
		if _, err := c.DB.ExecContext(ec.Request().Context(), "INSERT INTO bench_rows (payload) VALUES (?)", fmt.Sprint(in["idempotencyKey"])); err != nil {
			return err
		}
		return ec.JSON(http.StatusOK, map[string]int{"code": 0})
	})
	minimal := httptest.NewServer(e)
	defer minimal.Close()

	transport := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	hc := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	run := func(name string, req func(i int) *http.Request) (float64, time.Duration, time.Duration) {
		lat := make([]time.Duration, requests)
		var next atomic.Int64
		var failed atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		for w := 0; w < clients; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= requests {
						return
					}
					t0 := time.Now()
					res, err := hc.Do(req(i))
					if err != nil {
						failed.Add(1)
						continue
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					lat[i] = time.Since(t0)
					if res.StatusCode != http.StatusOK {
						failed.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		if f := failed.Load(); f > 0 {
			b.Fatalf("%s: %d of %d requests failed", name, f, requests)
		}
		slices.Sort(lat)
		return float64(requests) / elapsed.Seconds(), lat[len(lat)/2], lat[len(lat)*99/100]
	}
	post := func(url string, i int, browser bool) *http.Request {
		r, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body(i)))
		r.Header.Set("Content-Type", "application/json")
		if browser {
			r.Header.Set("Cookie", httpadapter.BrowserCookie+"="+fmt.Sprintf("bench-browser-%012d", i))
			r.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255))
		}
		return r
	}
	// Warm both up (connections, plans), then measure the minimal handler,
	// the survey, and the minimal handler again; the ratio uses the better
	// of the two minimal runs.
	warm := requests / 10
	for i := 0; i < warm; i++ {
		for _, r := range []*http.Request{post(minimal.URL+"/insert", requests+i, false), post(c.URL+"/api/public/survey/"+links[i%len(links)].Key+"/answer", 10*requests+i, true)} {
			if res, err := hc.Do(r); err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}
	}
	b.ResetTimer()
	minRPS1, minP50, minP99 := run("minimal", func(i int) *http.Request { return post(minimal.URL+"/insert", 20*requests+i, false) })
	rps, p50, p99 := run("survey", func(i int) *http.Request {
		return post(c.URL+"/api/public/survey/"+links[i%len(links)].Key+"/answer", i, true)
	})
	minRPS2, minP50b, minP99b := run("minimal", func(i int) *http.Request { return post(minimal.URL+"/insert", 30*requests+i, false) })
	if minRPS2 > minRPS1 {
		minRPS1, minP50, minP99 = minRPS2, minP50b, minP99b
	}
	b.StopTimer()
	if n := c.Count(b, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", created.ID); n != requests+warm {
		b.Fatalf("%d answers stored, want %d", n, requests+warm)
	}
	b.ReportMetric(rps, "survey-req/s")
	b.ReportMetric(float64(p99.Microseconds())/1000, "survey-p99-ms")
	b.ReportMetric(minRPS1, "minimal-req/s")
	b.ReportMetric(float64(minP99.Microseconds())/1000, "minimal-p99-ms")
	b.ReportMetric(rps/minRPS1, "ratio")
	b.Logf("%s, %d requests, %d clients: survey %.0f req/s (p50 %v, p99 %v); minimal insert %.0f req/s (p50 %v, p99 %v); "+
		"survey/minimal %.2f (goal ≥ 0.5), p99 %.1f× the minimal's (goal ≤ 2)",
		dialect, requests, clients, rps, p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond),
		minRPS1, minP50.Round(10*time.Microsecond), minP99.Round(10*time.Microsecond), rps/minRPS1, float64(p99)/float64(minP99))
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
