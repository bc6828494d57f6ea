package store_test

import (
	"context"
	"github.com/rouder/console/internal/domain/access"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The check-status screens at the scale of a large chain (issue target):
// 5,000 stores × 20 check lists × 30 items with a year of monthly periods,
// that is 1.2 million sheets and 36 million answers, on PostgreSQL.
// BENCH_CHECK_STORES scales the store count down for a quick run.

func BenchmarkCheckStatus(b *testing.B) {
	stores := 5000
	if v, err := strconv.Atoi(os.Getenv("BENCH_CHECK_STORES")); err == nil && v > 0 {
		stores = v
	}
	const lists, items, months = 20, 30, 12
	ctx := context.Background()
	db := testdb.Postgres(b)
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	start := time.Now()
	today := clock.Today(clock.System{})
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo).AddDate(0, -(months - 1), 0)
	exec(`INSERT INTO organizations (organization_id, organization_name) OVERRIDING SYSTEM VALUE VALUES (100, '大規模チェーン')`)
	exec(`INSERT INTO org_groups (organization_id, path, group_name, group_name_kana) VALUES (100, '/x/', '本部', 'ホンブ')`)
	exec(`INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana, search_text)
		SELECT 100, (SELECT group_id FROM org_groups WHERE organization_id = 100), '店舗' || i, 'テンポ' || lpad(i::text, 5, '0'), 'テンポ' || i
		FROM generate_series(1, ?) AS i`, stores)
	exec(`INSERT INTO check_lists (organization_id, name, from_date, to_date)
		SELECT 100, '点検' || i, ?::date, (?::date + interval '1 month' - interval '1 day')::date FROM generate_series(1, ?) AS i`,
		first.Format("2006-01-02"), first.Format("2006-01-02"), lists)
	exec(`INSERT INTO check_categories (organization_id, check_list_id, name, position) SELECT 100, check_list_id, 'カテゴリ', 0 FROM check_lists WHERE organization_id = 100`)
	exec(`INSERT INTO check_items (organization_id, check_list_id, category_id, question, scale, position)
		SELECT 100, c.check_list_id, c.category_id, '項目' || i, '[{"label":"○","score":2},{"label":"×","score":0,"bad":true}]', i
		FROM check_categories AS c JOIN check_lists AS l ON l.check_list_id = c.check_list_id AND l.organization_id = 100, generate_series(1, ?) AS i`, items)
	exec(`INSERT INTO check_list_facilities (organization_id, check_list_id, facility_id)
		SELECT 100, l.check_list_id, f.facility_id FROM check_lists AS l JOIN facilities AS f ON f.organization_id = 100 WHERE l.organization_id = 100`)
	exec(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		SELECT 100, l.check_list_id, m + 1, (?::date + (m || ' month')::interval)::date,
			(?::date + ((m + 1) || ' month')::interval - interval '1 day')::date, ?
		FROM check_lists AS l, generate_series(0, ?) AS m WHERE l.organization_id = 100`,
		first.Format("2006-01-02"), first.Format("2006-01-02"), items, months-1)
	// Every store answered every past period; in the current one about half are done.
	exec(`INSERT INTO check_sheets (organization_id, period_id, facility_id, submitted, answered_count, total_count, score, possible_score, last_input_at)
		SELECT 100, p.period_id, t.facility_id, p.to_date < ?::date,
			CASE WHEN p.to_date < ?::date THEN ? ELSE (t.facility_id % (? + 1)) END, ?,
			(t.facility_id % 31) * 2, ? * 2, p.from_date + interval '3 days'
		FROM check_periods AS p JOIN check_list_facilities AS t ON t.check_list_id = p.check_list_id
		WHERE p.organization_id = 100`, today.Format("2006-01-02"), today.Format("2006-01-02"), items, items, items, items)
	exec(`UPDATE check_sheets SET progress = CASE WHEN answered_count = 0 THEN 'UNCHECKED'
		WHEN answered_count < total_count THEN 'IN_PROGRESS' ELSE 'CHECKED' END,
		score_rate = CASE WHEN possible_score > 0 THEN score * 10000 / possible_score END,
		check_list_id = (SELECT p.check_list_id FROM check_periods AS p WHERE p.period_id = check_sheets.period_id)
		WHERE organization_id = 100`)
	// BENCH_CHECK_ANSWERS=0 leaves the answers out: only the detail reads them, so the
	// status cases can be iterated on in a minute instead of twenty.
	if os.Getenv("BENCH_CHECK_ANSWERS") != "0" {
		exec(`INSERT INTO check_answers (organization_id, sheet_id, item_id, category_name, question, scale, choice, check_score, updated_at)
		SELECT 100, s.sheet_id, i.item_id, 'カテゴリ', '', '[]', CASE WHEN (s.sheet_id + i.item_id) % 7 = 0 THEN '×' ELSE '○' END, 2, s.last_input_at
		FROM check_sheets AS s JOIN check_periods AS p ON p.period_id = s.period_id
		JOIN check_items AS i ON i.check_list_id = p.check_list_id
		WHERE s.organization_id = 100 AND i.position <= s.answered_count`)
	}
	exec(`ANALYZE`)
	var sheets, answers int
	_ = db.NewRaw("SELECT COUNT(*) FROM check_sheets WHERE organization_id = 100").Scan(ctx, &sheets)
	_ = db.NewRaw("SELECT COUNT(*) FROM check_answers WHERE organization_id = 100").Scan(ctx, &answers)
	b.Logf("generated %d stores, %d sheets, %d answers in %s", stores, sheets, answers, time.Since(start).Round(time.Second))

	if os.Getenv("BENCH_EXPLAIN") != "" {
		db.AddQueryHook(&explainHook{b: b, db: db, match: "check_"})
	}
	checks := store.NewChecks(db)
	first10 := paging.Request{Page: 1, Size: 10}
	var facility, list int64
	_ = db.NewRaw("SELECT MIN(facility_id) FROM facilities WHERE organization_id = 100").Scan(ctx, &facility)
	_ = db.NewRaw("SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 100").Scan(ctx, &list)
	cases := []struct {
		name string
		run  func() (int, error)
	}{
		{"status/first-page", func() (int, error) {
			p, err := checks.Status(ctx, access.TrustedTenant(100), checklist.StatusFilter{Today: today}, first10)
			return p.Total, err
		}},
		{"status/in-progress-by-score", func() (int, error) {
			p, err := checks.Status(ctx, access.TrustedTenant(100), checklist.StatusFilter{Today: today, CheckStatus: checklist.InProgress, SortBy: checklist.StatusSortScore, Descending: true}, first10)
			return p.Total, err
		}},
		{"status/one-list-store-search", func() (int, error) {
			p, err := checks.Status(ctx, access.TrustedTenant(100), checklist.StatusFilter{Today: today, CheckListID: &list, FacilityName: "ﾃﾝﾎﾟ12"}, first10)
			return p.Total, err
		}},
		{"detail/sheet", func() (int, error) {
			h, err := checks.History(ctx, access.TrustedTenant(100), facility, list, today, 24)
			if err != nil || len(h) == 0 {
				return 0, err
			}
			sh, err := checks.Sheet(ctx, access.TrustedTenant(100), h[0].PeriodID, facility)
			return len(sh.Answers), err
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				var err error
				if n, err = c.run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "rows")
			if goal, ok := statusGoals[c.name]; ok {
				b.Logf("%s: %.1f ms a call (goal ≤ %d ms)", c.name, float64(b.Elapsed().Microseconds())/1000/float64(b.N), goal)
			}
		})
	}
}

// statusGoals are issue 17's goals per case, in milliseconds (docs/benchmarks.md).
var statusGoals = map[string]int{
	"status/first-page":            20,
	"status/in-progress-by-score":  50,
	"status/one-list-store-search": 20,
}

// explainHook logs the plan of each SELECT (BENCH_EXPLAIN=1), to see which
// indexes a query uses.
type explainHook struct {
	b     *testing.B
	db    *store.DB
	busy  bool
	match string // only statements that mention this (a table name)
}

func (h *explainHook) BeforeQuery(ctx context.Context, e *bun.QueryEvent) context.Context { return ctx }

func (h *explainHook) AfterQuery(ctx context.Context, e *bun.QueryEvent) {
	if h.busy || !strings.HasPrefix(e.Query, "SELECT") || !strings.Contains(e.Query, h.match) {
		return
	}
	h.busy = true
	defer func() { h.busy = false }()
	var plan []string
	_ = h.db.NewRaw("EXPLAIN ANALYZE "+e.Query).Scan(ctx, &plan)
	h.b.Logf("%s\n%s", e.Query, strings.Join(plan, "\n"))
}
