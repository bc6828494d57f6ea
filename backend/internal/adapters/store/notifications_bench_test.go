package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/holidays"
	"github.com/rouder/console/internal/adapters/store"
	notificationapp "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/clock"
)

// Scheduled notifications at scale (issue 15): the chain of 10,000 stores
// and 50,000 users (5 staff per store, each with a mail address), one
// monthly check list for every store, and 20,000 open improvement reports
// due over the next two months. Two figures matter: the minute when the
// period opens (10,000 start notices claimed and 50,000 deliveries queued,
// each occurrence in its own transaction) and every other minute (nothing
// due: the agenda read and the claimed keys compared). The reference reads
// the same (period, store, sheet) rows and the open reports with plain
// SELECTs, measured in the same run.
func BenchmarkNotifications(b *testing.B) {
	db, _, _, _ := seedChain(b)
	ctx := context.Background()
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	today := clock.Today(clock.System{})
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo)
	last := first.AddDate(0, 1, -1)
	exec(`INSERT INTO check_lists (organization_id, name, from_date, to_date, start_notification_time, reminder_notification_time,
			reminder_days_before, improvement_reminder_time, improvement_reminder_days_before)
		VALUES (100, '月次点検', ?, ?, '09:00', '17:00', 3, '10:00', 2)`, first.Format("2006-01-02"), last.Format("2006-01-02"))
	exec(`INSERT INTO check_list_facilities (organization_id, check_list_id, facility_id)
		SELECT 100, l.check_list_id, f.facility_id FROM check_lists AS l JOIN facilities AS f ON f.organization_id = 100 WHERE l.organization_id = 100`)
	exec(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		SELECT 100, check_list_id, 1, from_date, to_date, 10 FROM check_lists WHERE organization_id = 100`)
	exec(`INSERT INTO improvements (organization_id, facility_id, source_kind, source, subject, status, due_date, check_list_id,
			created_at, content_modify_date)
		SELECT 100, f.facility_id, 'MANUAL', '{}', '改善' || i, 'IN_PROGRESS', (?::date + (i % 60) * interval '1 day')::date,
			(SELECT check_list_id FROM check_lists WHERE organization_id = 100), now(), now()
		FROM generate_series(1, 20000) AS i JOIN facilities AS f ON f.organization_id = 100 AND f.external_data_id = 'S' || lpad((i % 10000 + 1)::text, 5, '0')`,
		today.AddDate(0, 0, 3).Format("2006-01-02"))
	exec(`ANALYZE`)

	tx := store.NewTxManager(db)
	n := store.NewNotifications(db)
	s := notificationapp.NewScheduler(tx, n, n, store.NewOutbox(db), noQueue{}, holidays.NewJapan(), "https://console.example.jp", clock.System{})
	start, _ := time.ParseInLocation("2006-01-02 15:04", first.Format("2006-01-02")+" 09:00", clock.Tokyo)

	b.Run("reference-read-rows", func(b *testing.B) {
		measure(b, func() int {
			var rows []struct {
				Period   int64 `bun:"period_id"`
				Facility int64 `bun:"facility_id"`
				Done     bool  `bun:"submitted"`
			}
			if err := db.NewRaw(`SELECT p.period_id, t.facility_id, COALESCE(s.submitted, FALSE) AS submitted FROM check_periods AS p
				JOIN check_list_facilities AS t ON t.check_list_id = p.check_list_id
				LEFT JOIN check_sheets AS s ON s.period_id = p.period_id AND s.facility_id = t.facility_id
				WHERE p.organization_id = 100`).Scan(ctx, &rows); err != nil {
				b.Fatal(err)
			}
			var reports []int64
			if err := db.NewRaw(`SELECT improvement_id FROM improvements WHERE organization_id = 100 AND status <> 'COMPLETED'`).Scan(ctx, &reports); err != nil {
				b.Fatal(err)
			}
			return len(rows) + len(reports)
		})
	})
	b.Run("period-opens", func(b *testing.B) {
		b.ReportMetric(0, "rows/s")
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			exec(`DELETE FROM notification_sends`)
			exec(`DELETE FROM notification_occurrences`)
			exec(`DELETE FROM mail_outbox`)
			b.StartTimer()
			began := time.Now()
			res, err := s.RunAt(ctx, start.Add(time.Minute))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(res.Sent)/time.Since(began).Seconds(), "occurrences/s")
		}
		var sends int
		_ = db.NewRaw(`SELECT COUNT(*) FROM notification_sends`).Scan(ctx, &sends)
		b.ReportMetric(float64(sends), "deliveries")
		if sends != benchUsers {
			b.Fatalf("%d deliveries, want one per store user (%d)", sends, benchUsers)
		}
	})
	b.Run("idle-minute", func(b *testing.B) {
		measure(b, func() int {
			res, err := s.RunAt(ctx, start.Add(2*time.Minute))
			if err != nil {
				b.Fatal(err)
			}
			if res.Sent != 0 {
				b.Fatal(fmt.Sprintf("an idle minute sent %d", res.Sent))
			}
			return 10_000 + 20_000
		})
	})
}
