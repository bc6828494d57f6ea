package http_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

type reportFile struct {
	FileID        int64  `json:"fileId"`
	FileName      string `json:"fileName"`
	Status        string `json:"status"`
	FailureReason string `json:"failureReason"`
	RowsDone      int    `json:"rowsDone"`
	RowsTotal     int    `json:"rowsTotal"`
}

// pdfText extracts a PDF's text with poppler's pdftotext; a missing tool
// fails the test (.ci/run installs poppler-utils).
func pdfText(t *testing.T, data []byte) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (install poppler-utils): %v", err)
	}
	return string(out)
}

// reportText downloads a made report and returns its text; with
// REPORT_SAMPLE_DIR set (make screenshots) the SQLite run keeps the PDF as
// sample.
func reportText(t *testing.T, c *consoletest.Console, cl *consoletest.Client, f reportFile, sample string) string {
	t.Helper()
	a := cl.Get(fmt.Sprintf("/api/report/file/%d/download", f.FileID))
	if a.Status != http.StatusOK || a.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(a.Body), "%PDF") {
		t.Fatalf("download: %d %s", a.Status, a.Header)
	}
	if dir := os.Getenv("REPORT_SAMPLE_DIR"); dir != "" && sample != "" && c.DB.Dialect == "sqlite" {
		_ = os.WriteFile(filepath.Join(dir, sample), a.Body, 0o600)
	}
	return pdfText(t, a.Body)
}

// mustShow fails for each text the report lacks, and for any character
// drawn without a glyph.
func mustShow(t *testing.T, text, what string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("the %s lacks %q", what, want)
		}
	}
	if strings.ContainsRune(text, '\uFFFD') {
		t.Errorf("the %s has characters without glyphs", what)
	}
}

func requestReport(t *testing.T, cl *consoletest.Client, body map[string]any) reportFile {
	t.Helper()
	a := cl.Do(http.MethodPost, "/api/report/file", body)
	if a.Status != http.StatusOK {
		t.Fatalf("request report: %d %s", a.Status, a.Body)
	}
	var f reportFile
	a.Decode(t, &f)
	deadline := time.Now().Add(90 * time.Second)
	for f.Status != "DONE" && f.Status != "FAILED" {
		if time.Now().After(deadline) {
			t.Fatalf("report %d still %s", f.FileID, f.Status)
		}
		time.Sleep(100 * time.Millisecond)
		cl.Get(fmt.Sprintf("/api/report/file/%d", f.FileID)).Decode(t, &f)
	}
	return f
}

func demoStores(t *testing.T, c *consoletest.Console) []int64 {
	var ids []int64
	for i := 0; i < c.Count(t, "SELECT COUNT(*) FROM facilities WHERE organization_id = 2"); i++ {
		ids = append(ids, int64(c.Count(t, "SELECT facility_id FROM facilities WHERE organization_id = 2 ORDER BY facility_id LIMIT 1 OFFSET ?", i)))
	}
	return ids
}

func TestBasicReportOnTheDemo(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		list := c.Count(t, "SELECT check_list_id FROM check_lists WHERE organization_id = 2 AND name = '月次 店舗衛生点検'")
		stores := demoStores(t, c)
		month := thisMonth()
		from, to := month[0], month[1]
		base := func(extra map[string]any) map[string]any {
			b := map[string]any{"reportType": "BASIC", "checkListMasterId": list, "fromDate": from, "toDate": to, "facilityIdList": stores[:5]}
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		f := requestReport(t, cl, base(map[string]any{"includeRank": true, "includeCriteria": true, "includeUnselectedFacility": true,
			"photoCompareReportType": "ALL_WITH_PHOTO"}))
		if f.Status != "DONE" || !strings.HasPrefix(f.FileName, "基本レポート_") || !strings.HasSuffix(f.FileName, ".pdf") {
			t.Fatalf("made: %+v", f)
		}
		text := reportText(t, c, cl, f, "report-basic.pdf")
		var names []string
		_ = c.DB.NewRaw("SELECT facility_name FROM facilities WHERE facility_id IN (?, ?, ?, ?, ?)", stores[0], stores[1], stores[2], stores[3], stores[4]).Scan(t.Context(), &names)
		mustShow(t, text, "basic report", append([]string{"基本レポート", "月次 店舗衛生点検", "デモ株式会社", "店舗別サマリー", "ランク", "全店舗平均",
			"カテゴリ別の得点率", "写真比較", "チェック項目と基準", "demoadmin"}, names...)...)
		// The organization's own rank bands name the ranks.
		c.Exec(t, "UPDATE organizations SET report_ranks = '優:85,良:60,可:0' WHERE organization_id = 2")
		f = requestReport(t, cl, base(map[string]any{"includeRank": true}))
		if text := reportText(t, c, cl, f, ""); !strings.Contains(text, "ランク 良") && !strings.Contains(text, "ランク 優") && !strings.Contains(text, "ランク 可") {
			t.Error("the organization's rank bands are not used")
		}
		// Without photos asked for, no photo section.
		f = requestReport(t, cl, base(map[string]any{"photoCompareReportType": "NONE"}))
		if text := reportText(t, c, cl, f, ""); strings.Contains(text, "写真比較") || strings.Contains(text, "ランク") {
			t.Error("photos or ranks drawn though not asked for")
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND target_type = 'レポート' AND operation IN ('CREATE', 'DOWNLOAD')"); n != 6 {
			t.Errorf("%d report requests and downloads recorded, want 6", n)
		}
	})
}

func TestSurveyReportOnTheDemo(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		survey := c.Count(t, "SELECT MIN(survey_id) FROM surveys WHERE organization_id = 2 AND deleted_at IS NULL")
		from, to := exportPeriod()
		c.Exec(t, `UPDATE survey_answer_values SET text = '店員さんの笑顔が素敵でした' WHERE value_id = (SELECT MAX(value_id) FROM survey_answer_values
			WHERE survey_id = ? AND question_type = 'FREE_TEXT')`, survey)
		f := requestReport(t, cl, map[string]any{"reportType": "SURVEY", "surveyId": survey, "fromDate": from, "toDate": to,
			"facilityIdList": demoStores(t, c)})
		if f.Status != "DONE" || !strings.HasPrefix(f.FileName, "アンケートレポート_") {
			t.Fatalf("made: %+v", f)
		}
		text := reportText(t, c, cl, f, "report-survey.pdf")
		var name string
		_ = c.DB.NewRaw("SELECT name FROM surveys WHERE survey_id = ?", survey).Scan(t.Context(), &name)
		mustShow(t, text, "survey report", "アンケートレポート", name, "NPS", "推奨者", "中立者", "批判者", "スコアの分布", "NPSの推移（月ごと）",
			"グループ別", "店舗ランキング", "設問別の回答", "コメント", "店員さんの笑顔が素敵でした", "新宿駅前店")
		// Only the selected stores count: one store's report has its answers alone.
		one := c.FacilityID(t, 2, "新宿駅前店")
		n := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ? AND facility_id = ? AND answered_date >= ? AND answered_date <= ?", survey, one, from, to)
		f = requestReport(t, cl, map[string]any{"reportType": "SURVEY", "surveyId": survey, "fromDate": from, "toDate": to, "facilityIdList": []int64{one}})
		text = reportText(t, c, cl, f, "")
		if !strings.Contains(text, fmt.Sprintf("回答 %d件", n)) || strings.Contains(text, "渋谷公園通り店") {
			t.Errorf("one store's survey report does not count that store's %d answers alone", n)
		}
	})
}

func TestImprovementReportOnTheDemo(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		from, to := exportPeriod()
		opened := c.Count(t, "SELECT COUNT(*) FROM improvements WHERE organization_id = 2")
		if opened == 0 {
			t.Fatal("the demo has no improvement reports")
		}
		f := requestReport(t, cl, map[string]any{"reportType": "IMPROVEMENT", "fromDate": from, "toDate": to, "facilityIdList": demoStores(t, c)})
		if f.Status != "DONE" || !strings.HasPrefix(f.FileName, "改善報告レポート_") {
			t.Fatalf("made: %+v", f)
		}
		text := reportText(t, c, cl, f, "report-improvement.pdf")
		var subject string
		_ = c.DB.NewRaw("SELECT subject FROM improvements WHERE organization_id = 2 ORDER BY created_at DESC LIMIT 1").Scan(t.Context(), &subject)
		mustShow(t, text, "improvement report", "改善報告レポート", "概要", fmt.Sprintf("%d件", opened), "対応中", "完了までの平均日数", "グループ別", "店舗別",
			"改善報告の一覧", subject)
		// Only for an organization that uses improvement reports.
		c.Exec(t, "UPDATE organizations SET available_improvement = FALSE WHERE organization_id = 2")
		a := cl.Do(http.MethodPost, "/api/report/file", map[string]any{"reportType": "IMPROVEMENT", "fromDate": from, "toDate": to,
			"facilityIdList": demoStores(t, c)})
		if a.Status != http.StatusBadRequest || a.FieldError("reportType") == "" {
			t.Errorf("IMPROVEMENT without the option: %d %s", a.Status, a.Body)
		}
	})
}

func TestAdvancedReportOnTheDemo(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		weekly := c.Count(t, "SELECT check_list_id FROM check_lists WHERE organization_id = 2 AND name = '週次 接客チェック'")
		from, to := exportPeriod()
		stores := demoStores(t, c)
		// One store without the option is left out and said so.
		c.Exec(t, "UPDATE facilities SET available_advanced_report = FALSE WHERE facility_id = ?", stores[0])
		f := requestReport(t, cl, map[string]any{"reportType": "ADVANCED", "checkListMasterId": weekly, "fromDate": from, "toDate": to,
			"facilityIdList": stores, "groupingType": "FACILITY_ATTRIBUTE"})
		if f.Status != "DONE" || !strings.HasPrefix(f.FileName, "推移レポート_") {
			t.Fatalf("made: %+v", f)
		}
		text := reportText(t, c, cl, f, "report-advanced.pdf")
		var excluded string
		_ = c.DB.NewRaw("SELECT facility_name FROM facilities WHERE facility_id = ?", stores[0]).Scan(t.Context(), &excluded)
		mustShow(t, text, "advanced report", "推移レポート", "週次 接客チェック", "全体の得点率の推移", "カテゴリ別の得点率の推移", "店舗タグ別のランキング",
			"駅前", "上昇した店舗", "下降した店舗", "店舗別の推移", "推移レポート対象外の1店舗を除く")
		if strings.Contains(text, excluded) {
			t.Errorf("%s has no advanced report option but is in the report", excluded)
		}
	})
}

func TestReportRequestsRefuseBadInput(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		list := c.Count(t, "SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = 2")
		store := c.FacilityID(t, 2, "新宿駅前店")
		before := c.Count(t, "SELECT COUNT(*) FROM export_files")
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"reportType": "BASIC", "checkListMasterId": list, "fromDate": "2026-11-30", "toDate": "2026-11-01", "facilityIdList": []int64{store}}, "fromDate"},
			{map[string]any{"reportType": "BASIC", "checkListMasterId": list, "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{}}, "facilityIdList"},
			{map[string]any{"reportType": "BASIC", "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}}, "checkListMasterId"},
			{map[string]any{"reportType": "SURVEY", "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}}, "surveyId"},
			{map[string]any{"reportType": "BASIC", "checkListMasterId": list, "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}, "photoCompareReportType": "SOME"}, "photoCompareReportType"},
			{map[string]any{"reportType": "NOPE", "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}}, "reportType"},
			{map[string]any{"reportType": "BASIC", "checkListMasterId": list + 100000, "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}}, "checkListMasterId"},
			{map[string]any{"reportType": "SURVEY", "surveyId": 999999, "fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}}, "surveyId"},
		} {
			a := cl.Do(http.MethodPost, "/api/report/file", tc.body)
			if a.Status != http.StatusBadRequest || a.FieldError(tc.field) == "" {
				t.Errorf("%v: %d %s, want 400 naming %s", tc.body, a.Status, a.Body, tc.field)
			}
		}
		// ADVANCED only for an organization that has it.
		c.Exec(t, "UPDATE organizations SET available_advanced_report = FALSE WHERE organization_id = 2")
		a := cl.Do(http.MethodPost, "/api/report/file", map[string]any{"reportType": "ADVANCED", "checkListMasterId": list,
			"fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{store}})
		if a.Status != http.StatusBadRequest || a.FieldError("reportType") != "この組織ではこのレポートを作成できません。" {
			t.Errorf("ADVANCED without the option: %d %s", a.Status, a.Body)
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM export_files"); after != before {
			t.Errorf("refused requests stored %d files", after-before)
		}
		// A store bound user cannot ask for reports of stores outside its group.
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		a = staff.Do(http.MethodPost, "/api/report/file", map[string]any{"reportType": "BASIC", "checkListMasterId": list,
			"fromDate": "2026-11-01", "toDate": "2026-11-30", "facilityIdList": []int64{c.FacilityID(t, 2, "仙台一番町店")}})
		if a.Status != http.StatusBadRequest || a.FieldError("facilityIdList") == "" {
			t.Errorf("store staff naming another block's store: %d %s", a.Status, a.Body)
		}
	})
}
