package store_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/adapters/sheets"
	"github.com/rouder/console/internal/adapters/store"
	exportapp "github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
)

// A CHECK_RESULT export at scale (issue 12): 1,000 stores answering a weekly
// list of 50 items for 20 weeks, 1,000,000 answer rows, on PostgreSQL. Each
// case makes the whole file as the background job does (read in batches,
// write, store) and reports rows per second and the process's peak memory
// growth, for 100,000 rows (2 weeks) and 1,000,000 (20 weeks): the memory
// must stay flat as rows grow. The reference, measured in the same run, is
// reading the same rows without writing anything.

func BenchmarkCheckResultExport(b *testing.B) {
	const stores, items, weeks = 1000, 50, 20
	db, _, _, _ := seedChainOf(b, stores, 0)
	ctx := context.Background()
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	start := time.Now()
	first := time.Date(2026, 6, 1, 0, 0, 0, 0, clock.Tokyo) // a Monday
	exec(`INSERT INTO check_lists (organization_id, name, from_date, to_date) VALUES (100, '週次 店舗点検', ?, ?)`,
		first.Format("2006-01-02"), first.AddDate(0, 0, 6).Format("2006-01-02"))
	exec(`INSERT INTO check_categories (organization_id, check_list_id, name, position)
		SELECT 100, l.check_list_id, 'カテゴリ' || i, i FROM check_lists AS l, generate_series(0, 4) AS i WHERE l.organization_id = 100`)
	exec(`INSERT INTO check_items (organization_id, check_list_id, category_id, question, scale, position)
		SELECT 100, c.check_list_id, c.category_id, '設問' || (c.position * 10 + i) || ' 売場は清潔に保たれているか', '{}', c.position * 10 + i
		FROM check_categories AS c, generate_series(0, 9) AS i WHERE c.organization_id = 100`)
	exec(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		SELECT 100, l.check_list_id, w, ?::date + (w - 1) * 7, ?::date + (w - 1) * 7 + 6, ?
		FROM check_lists AS l, generate_series(1, ?) AS w WHERE l.organization_id = 100`,
		first.Format("2006-01-02"), first.Format("2006-01-02"), items, weeks)
	exec(`INSERT INTO check_sheets (organization_id, period_id, check_list_id, facility_id, submitted, answered_count, total_count, score, possible_score, submitted_at)
		SELECT 100, p.period_id, p.check_list_id, f.facility_id, TRUE, ?, ?, 80, 100, p.to_date
		FROM check_periods AS p, facilities AS f WHERE p.organization_id = 100 AND f.organization_id = 100`, items, items)
	exec(`INSERT INTO check_answers (organization_id, sheet_id, item_id, category_name, question, scale, choice, check_score, comment, input_date, updated_at)
		SELECT 100, s.sheet_id, i.item_id, c.name, i.question, '{}', CASE WHEN (s.sheet_id + i.item_id) % 9 = 0 THEN '×' ELSE '○' END,
			CASE WHEN (s.sheet_id + i.item_id) % 9 = 0 THEN 0 ELSE 2 END,
			CASE WHEN (s.sheet_id + i.item_id) % 9 = 0 THEN '棚の上にほこり。午後に清掃済み' ELSE '' END, p.from_date + 2, now()
		FROM check_sheets AS s JOIN check_periods AS p ON p.period_id = s.period_id
		JOIN check_items AS i ON i.check_list_id = p.check_list_id JOIN check_categories AS c ON c.category_id = i.category_id
		WHERE s.organization_id = 100`)
	exec(`VACUUM ANALYZE`)
	var n int
	_ = db.NewRaw("SELECT COUNT(*) FROM check_answers WHERE organization_id = 100").Scan(ctx, &n)
	b.Logf("generated %d stores and %d answers in %s", stores, n, time.Since(start).Round(time.Second))

	dir := b.TempDir()
	fileStore, err := files.NewLocal(dir)
	if err != nil {
		b.Fatal(err)
	}
	exportFiles, source := store.NewExportFiles(db), store.NewExportSource(db)
	uc := exportapp.New(store.NewTxManager(db), nil, exportFiles, source, sheets.NewWriter(), fileStore,
		store.NewOrganizations(db), store.NewOperationHistory(db), clock.System{}, 0)
	tn := access.TrustedTenant(100)
	request := func(weeksWanted int, fileType export.FileType) export.Request {
		return export.Request{HistoryType: export.CheckResult, From: first, To: first.AddDate(0, 0, 7*weeksWanted-1), FileType: fileType, Encoding: encodingOf(fileType)}.Normalize()
	}
	for _, size := range []struct {
		name  string
		weeks int
	}{{"100k", 2}, {"1M", weeks}} {
		b.Run("reference-read-only/"+size.name, func(b *testing.B) {
			r := request(size.weeks, export.XLSX)
			measure(b, func() int {
				rows := 0
				if err := source.EachCheckResult(ctx, tn, r, func(export.CheckResultRow) error { rows++; return nil }); err != nil {
					b.Fatal(err)
				}
				return rows
			})
		})
		for _, ft := range []export.FileType{export.XLSX, export.CSV} {
			b.Run(strings.ToLower(string(ft))+"/"+size.name, func(b *testing.B) {
				r := request(size.weeks, ft)
				measure(b, func() int {
					now := time.Now()
					id, err := exportFiles.Create(ctx, tn, export.File{Kind: export.KindHistory, Request: r, RequestedBy: 1,
						RequesterAccount: "bench", Status: export.Queued, FileName: r.FileName(now, clock.Tokyo), CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
					if err != nil {
						b.Fatal(err)
					}
					if err := uc.Make(ctx, exportapp.MakeFileJob{OrganizationID: 100, FileID: id}, true); err != nil {
						b.Fatal(err)
					}
					f, err := exportFiles.Get(ctx, tn, id)
					if err != nil || f.Status != export.Done {
						b.Fatalf("file %d: %+v %v", id, f, err)
					}
					b.ReportMetric(float64(f.Size)/1e6, "file-MB")
					_ = fileStore.Delete(ctx, f.StorageKey)
					return f.RowsDone
				})
			})
		}
	}
}

func encodingOf(ft export.FileType) export.Encoding {
	if ft == export.CSV {
		return export.UTF8
	}
	return ""
}

// measure runs fn b.N times and reports rows per second and the peak
// growth of the Go heap and of the process's resident memory over the
// level before the run (sampled every 5 ms; the kernel's high-water mark is
// reset first where Linux allows it).
func measure(b *testing.B, fn func() int) {
	b.Helper()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	rssBefore := procStatusKB("VmRSS")
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // resets VmHWM
	var peakHeap uint64
	var mu sync.Mutex
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			mu.Lock()
			peakHeap = max(peakHeap, m.HeapInuse)
			mu.Unlock()
		}
	}()
	b.ResetTimer()
	rows := 0
	for i := 0; i < b.N; i++ {
		rows += fn()
	}
	b.StopTimer()
	close(stop)
	<-done
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(rows)/secs, "rows/s")
	b.ReportMetric(float64(rows/b.N), "rows")
	b.ReportMetric(float64(peakHeap-min(peakHeap, before.HeapInuse))/1e6, "peak-heap-MB")
	if hwm := procStatusKB("VmHWM"); hwm > 0 {
		b.ReportMetric(float64(hwm-min(hwm, rssBefore))/1e3, "peak-rss-growth-MB")
	}
}

// procStatusKB reads one kB field of /proc/self/status (0 elsewhere).
func procStatusKB(field string) uint64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			v, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return v
		}
	}
	return 0
}
