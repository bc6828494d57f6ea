package store_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/paging"
)

// The improvement list at the scale of a large chain (issue 11): 5,000
// stores under 110 groups with 200,000 reports (40 per store over a year, in
// every status, some unread for either side), on PostgreSQL. Each figure is
// the server time of the repository calls one screen request makes; the
// reference, measured in the same run on the same table, is the cheapest
// page a list can be: ten rows by the (organization, modified) index and a
// bare COUNT(*). BENCH_IMPROVEMENT_REPORTS scales the report count.

func BenchmarkImprovementList(b *testing.B) {
	const stores = 5000
	reports := 200_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_IMPROVEMENT_REPORTS")); err == nil && v > 0 {
		reports = v
	}
	db, top, region, _ := seedChainOf(b, stores, 0)
	ctx := context.Background()
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	start := time.Now()
	now := time.Now().UTC()
	// Report i: store i % stores, made up to a year ago; a third in progress,
	// a sixth in review, the rest completed; the event markers leave some
	// unread for the store, some for head office.
	exec(`INSERT INTO improvements (organization_id, facility_id, source_kind, source_key, source, subject, status, due_date,
			created_at, content_modify_date, event_count, last_store_event, last_office_event, store_read_event, office_read_event, search_text)
		SELECT 100, f.facility_id, 'CHECK', 'check:' || i, '{"kind":"CHECK"}', '設問' || (i % 30) || '：×',
			CASE WHEN i % 6 < 2 THEN 'IN_PROGRESS' WHEN i % 6 = 2 THEN 'IN_REVIEW' ELSE 'COMPLETED' END,
			(?::timestamp - ((i % 365) || ' days')::interval + interval '30 days')::date,
			?::timestamp - ((i % 365) || ' days')::interval,
			?::timestamp - ((i % 365) || ' days')::interval + ((i % 48) || ' hours')::interval,
			3, CASE WHEN i % 6 = 2 THEN 3 ELSE 2 END, CASE WHEN i % 6 = 2 THEN 2 ELSE 3 END,
			CASE WHEN i % 5 = 0 THEN 1 ELSE 3 END, CASE WHEN i % 7 = 0 THEN 1 ELSE 3 END,
			'設問' || (i % 30) || ' ×'
		FROM generate_series(1, ?) AS i
		JOIN (SELECT facility_id, row_number() OVER (ORDER BY facility_id) - 1 AS n FROM facilities WHERE organization_id = 100) AS f
			ON f.n = i % ?`, now, now, now, reports, stores)
	exec(`VACUUM ANALYZE improvements`) // as autovacuum would have by now: visibility map and statistics
	var n int
	_ = db.NewRaw("SELECT COUNT(*) FROM improvements WHERE organization_id = 100").Scan(ctx, &n)
	b.Logf("generated %d stores and %d reports in %s", stores, n, time.Since(start).Round(time.Second))

	var topPath, regionPath string
	_ = db.NewRaw("SELECT path FROM org_groups WHERE group_id = ?", top).Scan(ctx, &topPath)
	_ = db.NewRaw("SELECT path FROM org_groups WHERE group_id = ?", region).Scan(ctx, &regionPath)
	if os.Getenv("BENCH_EXPLAIN") != "" {
		db.AddQueryHook(&explainHook{b: b, db: db, match: "improvements"})
	}
	reps := store.NewImprovements(db)
	today := clock.Today(clock.System{})
	first10 := paging.Request{Page: 1, Size: 10}
	// Head office: a top-group user (the whole chain) and a region manager (a tenth of it).
	whole, office := access.TrustedTenant(100), improvement.Viewer{Side: improvement.Office, OwnPath: topPath}
	regional := access.Principal{OrganizationID: 100, ActingOrgID: 100, GroupPath: regionPath}.Tenant()
	regionViewer := improvement.Viewer{Side: improvement.Office, OwnPath: regionPath}
	var storeID int64
	_ = db.NewRaw("SELECT MIN(facility_id) FROM facilities WHERE organization_id = 100").Scan(ctx, &storeID)
	storeViewer := improvement.Viewer{Side: improvement.Store, FacilityID: storeID}
	byDefault := improvement.Filter{SortBy: improvement.SortModified, Descending: true, Today: today}
	screen := func(tn access.Tenant, v improvement.Viewer, f improvement.Filter) func() (int, error) {
		return func() (int, error) {
			p, _, err := reps.List(ctx, tn, v, f, first10)
			return p.Total, err
		}
	}
	unreadOpen := byDefault
	unreadOpen.UnreadOnly = true
	unreadOpen.Statuses = []improvement.Status{improvement.InReviewUnread}
	search := byDefault
	search.SearchText = "設問12"
	cases := []struct {
		name string
		run  func() (int, error)
	}{
		{"reference/bare-page+count", func() (int, error) {
			var ids []int64
			if err := db.NewRaw(`SELECT improvement_id FROM improvements WHERE organization_id = 100
				ORDER BY content_modify_date DESC, improvement_id DESC LIMIT 10`).Scan(ctx, &ids); err != nil {
				return 0, err
			}
			var total int
			err := db.NewRaw("SELECT COUNT(*) FROM improvements WHERE organization_id = 100").Scan(ctx, &total)
			return total, err
		}},
		{"office/first-page+counts", screen(whole, office, byDefault)},
		{"office/unread-in-review", screen(whole, office, unreadOpen)},
		{"office/search", screen(whole, office, search)},
		{"region/first-page+counts", screen(regional, regionViewer, byDefault)},
		{"store/first-page+counts", screen(whole, storeViewer, byDefault)},
		{"badge/waiting-count", func() (int, error) {
			return reps.Waiting(ctx, whole, office)
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			rows := 0
			for b.Loop() {
				var err error
				if rows, err = c.run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(rows), "rows")
		})
	}
}
