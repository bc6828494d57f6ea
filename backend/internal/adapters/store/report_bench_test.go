package store_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/adapters/pdf"
	"github.com/rouder/console/internal/adapters/sheets"
	"github.com/rouder/console/internal/adapters/store"
	exportapp "github.com/rouder/console/internal/app/export"
	reportsapp "github.com/rouder/console/internal/app/reports"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/report"
)

// Reports at the scale of a large chain (issue 13), on PostgreSQL: 5,000
// stores answering a monthly list of 30 items for 12 months (60,000 sheets,
// 1,800,000 answers), bad answers of the last two months with photos. Each
// case makes the whole PDF as the background job does and reports the time,
// the stores per second and the process's peak heap growth: a BASIC report
// of 100 stores with the photo comparison, and an ADVANCED report of all
// 5,000 stores over the 12 periods. The reference, measured in the same
// run, is counting the answers the ADVANCED report reads.

func BenchmarkReports(b *testing.B) {
	const stores, items, months = 5000, 30, 12
	db, _, _, _ := seedChainOf(b, stores, 0)
	ctx := context.Background()
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	first := time.Date(2025, 12, 1, 0, 0, 0, 0, clock.Tokyo)
	last := first.AddDate(0, months, -1)
	exec(`UPDATE facilities SET available_advanced_report = TRUE WHERE organization_id = 100`)
	exec(`INSERT INTO check_lists (organization_id, name, from_date, to_date) VALUES (100, '月次 店舗点検', ?, ?)`,
		first.Format("2006-01-02"), first.AddDate(0, 1, -1).Format("2006-01-02"))
	exec(`INSERT INTO check_categories (organization_id, check_list_id, name, position)
		SELECT 100, l.check_list_id, 'カテゴリ' || i, i FROM check_lists AS l, generate_series(0, 2) AS i WHERE l.organization_id = 100`)
	exec(`INSERT INTO check_items (organization_id, check_list_id, category_id, question, explanation, scale, position)
		SELECT 100, c.check_list_id, c.category_id, '設問' || (c.position * 10 + i) || ' 売場は清潔に保たれているか', '床・棚・什器にほこりがないこと',
			'[{"label":"○","score":2,"bad":false},{"label":"△","score":1,"bad":true},{"label":"×","score":0,"bad":true}]', c.position * 10 + i
		FROM check_categories AS c, generate_series(0, 9) AS i WHERE c.organization_id = 100`)
	exec(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		SELECT 100, l.check_list_id, m, (?::date + ((m - 1) || ' months')::interval)::date,
			(?::date + (m || ' months')::interval - interval '1 day')::date, ?
		FROM check_lists AS l, generate_series(1, ?) AS m WHERE l.organization_id = 100`,
		first.Format("2006-01-02"), first.Format("2006-01-02"), items, months)
	exec(`INSERT INTO check_sheets (organization_id, period_id, check_list_id, facility_id, submitted, answered_count, total_count, score, possible_score, submitted_at)
		SELECT 100, p.period_id, p.check_list_id, f.facility_id, TRUE, ?, ?, 40 + (f.facility_id + p.seq * 7) % 20, 60, p.to_date
		FROM check_periods AS p, facilities AS f WHERE p.organization_id = 100 AND f.organization_id = 100`, items, items)
	exec(`INSERT INTO check_answers (organization_id, sheet_id, item_id, category_name, question, scale, choice, check_score, comment, input_date, updated_at)
		SELECT 100, s.sheet_id, i.item_id, c.name, i.question, i.scale,
			CASE WHEN (s.sheet_id + i.item_id) % 7 = 0 THEN '×' ELSE '○' END,
			CASE WHEN (s.sheet_id + i.item_id) % 7 = 0 THEN 0 ELSE 2 END,
			CASE WHEN (s.sheet_id + i.item_id) % 7 = 0 THEN '棚の上にほこり。午後に清掃済み' ELSE '' END, p.from_date + 3, now()
		FROM check_sheets AS s JOIN check_periods AS p ON p.period_id = s.period_id
		JOIN check_items AS i ON i.check_list_id = p.check_list_id JOIN check_categories AS c ON c.category_id = i.category_id
		WHERE s.organization_id = 100`)
	// Every bad answer of the last two months of the first 100 stores has a
	// photo, each a different picture (a PDF stores an image used twice once).
	exec(`INSERT INTO photos (organization_id, storage_key, thumbnail_key, content_type, byte_size, created_at)
		SELECT 100, 'bench/photo.jpg', 'bench/thumb.jpg', 'image/jpeg', 20000, now()
		FROM check_answers AS a JOIN check_sheets AS s ON s.sheet_id = a.sheet_id JOIN check_periods AS p ON p.period_id = s.period_id
		WHERE a.organization_id = 100 AND a.choice = '×' AND p.seq >= ? AND s.facility_id IN (SELECT facility_id FROM facilities WHERE organization_id = 100 ORDER BY facility_id LIMIT 100)`, months-1)
	exec(`INSERT INTO check_answer_photos (organization_id, answer_id, photo_id, position)
		SELECT 100, a.answer_id, ph.photo_id, 0 FROM
			(SELECT a.answer_id, row_number() OVER (ORDER BY a.answer_id) AS n FROM check_answers AS a
				JOIN check_sheets AS s ON s.sheet_id = a.sheet_id JOIN check_periods AS p ON p.period_id = s.period_id
				WHERE a.organization_id = 100 AND a.choice = '×' AND p.seq >= ? AND s.facility_id IN (SELECT facility_id FROM facilities WHERE organization_id = 100 ORDER BY facility_id LIMIT 100)) AS a
			JOIN (SELECT photo_id, row_number() OVER (ORDER BY photo_id) AS n FROM photos WHERE organization_id = 100) AS ph ON ph.n = a.n`, months-1)
	exec(`UPDATE photos SET thumbnail_key = 'bench/t-' || photo_id || '.jpg' WHERE organization_id = 100`)
	exec(`VACUUM ANALYZE`)

	dir := b.TempDir()
	fileStore, err := files.NewLocal(dir)
	if err != nil {
		b.Fatal(err)
	}
	var photoIDs []int64
	_ = db.NewRaw("SELECT photo_id FROM photos WHERE organization_id = 100").Scan(ctx, &photoIDs)
	for _, id := range photoIDs {
		if _, err := fileStore.Put(ctx, fmt.Sprintf("bench/t-%d.jpg", id), bytes.NewReader(benchJPEG(b, id))); err != nil {
			b.Fatal(err)
		}
	}
	exportFiles, source := store.NewExportFiles(db), store.NewReportSource(db)
	uc := exportapp.New(store.NewTxManager(db), nil, exportFiles, store.NewExportSource(db), sheets.NewWriter(), fileStore,
		store.NewOrganizations(db), store.NewOperationHistory(db), clock.System{}, 0)
	uc.SetReportWriter(reportsapp.New(uc, source, nil, pdf.NewRenderer(""), fileStore, store.NewOrganizations(db), clock.System{}))
	tn := access.TrustedTenant(100)
	var listID int64
	_ = db.NewRaw("SELECT check_list_id FROM check_lists WHERE organization_id = 100").Scan(ctx, &listID)
	var all []int64
	_ = db.NewRaw("SELECT facility_id FROM facilities WHERE organization_id = 100 ORDER BY facility_id").Scan(ctx, &all)
	var photos int
	_ = db.NewRaw("SELECT COUNT(*) FROM check_answer_photos WHERE organization_id = 100").Scan(ctx, &photos)
	b.Logf("%d stores, %d photos", len(all), photos)

	make := func(b *testing.B, r report.Request) int {
		now := time.Now()
		id, err := exportFiles.Create(ctx, tn, export.File{Kind: export.KindReport, Report: &r, RequestedBy: 1, RequesterAccount: "bench",
			Status: export.Queued, FileName: r.FileName(now, clock.Tokyo), CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
		if err != nil {
			b.Fatal(err)
		}
		if err := uc.Make(ctx, exportapp.MakeFileJob{OrganizationID: 100, FileID: id}, true); err != nil {
			b.Fatal(err)
		}
		f, err := exportFiles.Get(ctx, tn, id)
		if err != nil || f.Status != export.Done {
			b.Fatalf("report %d: %+v %v", id, f, err)
		}
		b.ReportMetric(float64(f.Size)/1e6, "file-MB")
		_ = fileStore.Delete(ctx, f.StorageKey)
		return len(r.FacilityIDs)
	}
	b.Run("reference-count-answers/5000-stores-12-periods", func(b *testing.B) {
		measure(b, func() int {
			var n int
			if err := db.NewRaw(`SELECT COUNT(*) FROM check_answers AS a JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id
				WHERE a.organization_id = 100 AND s.check_list_id = ?`, listID).Scan(ctx, &n); err != nil {
				b.Fatal(err)
			}
			return stores
		})
	})
	b.Run("basic/100-stores-with-photos", func(b *testing.B) {
		measure(b, func() int {
			return make(b, report.Request{Type: report.Basic, CheckListID: &listID, From: last.AddDate(0, -1, 1), To: last, FacilityIDs: all[:100],
				IncludeRank: true, IncludeCriteria: true, IncludeUnselected: true, PhotoCompare: report.PhotosBadWithPhoto}.Normalize())
		})
	})
	b.Run("advanced/5000-stores-12-periods", func(b *testing.B) {
		measure(b, func() int {
			return make(b, report.Request{Type: report.Advanced, CheckListID: &listID, From: first, To: last, FacilityIDs: all}.Normalize())
		})
	})
}

// benchJPEG is a 320×240 thumbnail, different for every seed.
func benchJPEG(b *testing.B, seed int64) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for x := 0; x < 320; x++ {
		for y := 0; y < 240; y++ {
			img.Set(x, y, color.RGBA{uint8(x + int(seed)), uint8(y * int(seed%7+1)), uint8(seed), 0xff})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
