package http_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/japanese"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type historyFile struct {
	FileID        int64  `json:"fileId"`
	FileName      string `json:"fileName"`
	Status        string `json:"status"`
	FailureReason string `json:"failureReason"`
	Notice        string `json:"notice"`
	RowsDone      int    `json:"rowsDone"`
	RowsTotal     int    `json:"rowsTotal"`
	Deletable     bool   `json:"deletable"`
}

// exportPeriod covers the demo's check history (lists that started three
// months ago) and its survey answers.
func exportPeriod() (string, string) {
	today := clock.Today(clock.System{})
	return today.AddDate(0, 0, -150).Format("2006-01-02"), today.Format("2006-01-02")
}

func demoAdmin(t *testing.T, c *consoletest.Console) *consoletest.Client {
	cl := c.Client(t)
	cl.OrgID = 2
	cl.Login(2, "demoadmin", "Demoadmin#2026")
	return cl
}

// requestExport asks for an export and waits until it is made.
func requestExport(t *testing.T, cl *consoletest.Client, body map[string]any) historyFile {
	t.Helper()
	from, to := exportPeriod()
	if _, ok := body["historyDateFrom"]; !ok {
		body["historyDateFrom"], body["historyDateTo"] = from, to
	}
	a := cl.Do(http.MethodPost, "/api/history_export/file", body)
	if a.Status != http.StatusOK {
		t.Fatalf("request export: %d %s", a.Status, a.Body)
	}
	var f historyFile
	a.Decode(t, &f)
	if f.Status != "QUEUED" || !f.Deletable {
		t.Fatalf("a new request: %+v", f)
	}
	return waitForFile(t, cl, f.FileID, 90*time.Second)
}

func waitForFile(t *testing.T, cl *consoletest.Client, id int64, d time.Duration) historyFile {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		var f historyFile
		cl.Get(fmt.Sprintf("/api/history_export/file/%d", id)).Decode(t, &f)
		if f.Status == "DONE" || f.Status == "FAILED" {
			return f
		}
		if time.Now().After(deadline) {
			t.Fatalf("file %d still %s after %s", id, f.Status, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func download(t *testing.T, cl *consoletest.Client, f historyFile) consoletest.Answer {
	t.Helper()
	a := cl.Get(fmt.Sprintf("/api/history_export/file/%d/download", f.FileID))
	if a.Status != http.StatusOK {
		t.Fatalf("download: %d %s", a.Status, a.Body)
	}
	return a
}

// expectedCheckRows is organization 2's answers in the demo period, as
// "store|question|score|comment", straight from the tables.
func expectedCheckRows(t *testing.T, c *consoletest.Console, extra string, args ...any) []string {
	t.Helper()
	from, to := exportPeriod()
	var rows []struct {
		Store    string `bun:"facility_name"`
		Question string `bun:"question"`
		Score    *int   `bun:"check_score"`
		Comment  string `bun:"comment"`
	}
	err := c.DB.NewRaw(`SELECT f.facility_name, a.question, a.check_score, a.comment FROM check_answers a
		JOIN check_sheets s ON s.sheet_id = a.sheet_id JOIN check_periods p ON p.period_id = s.period_id
		JOIN facilities f ON f.facility_id = s.facility_id
		WHERE a.organization_id = 2 AND p.from_date <= ? AND p.to_date >= ? `+extra, append([]any{to, from}, args...)...).Scan(context.Background(), &rows)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		score := ""
		if r.Score != nil {
			score = fmt.Sprint(*r.Score)
		}
		out[i] = r.Store + "|" + r.Question + "|" + score + "|" + r.Comment
	}
	slices.Sort(out)
	return out
}

// checkRowsOf picks the same fields from a CHECK_RESULT sheet's rows
// (header first): store, item, score and comment.
func checkRowsOf(t *testing.T, rows [][]string) []string {
	t.Helper()
	if len(rows) == 0 || rows[0][1] != "店舗" || rows[0][7] != "項目" || rows[0][11] != "コメント" {
		t.Fatalf("header: %v", rows)
	}
	out := make([]string, 0, len(rows)-1)
	for _, r := range rows[1:] {
		r = append(r, make([]string, 16)...) // excelize trims empty trailing cells
		out = append(out, r[1]+"|"+r[7]+"|"+r[9]+"|"+strings.TrimPrefix(r[11], "'"))
	}
	slices.Sort(out)
	return out
}

func TestCheckResultExportsReadBackAsTheData(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		// A comment from a store that a spreadsheet would take for a formula,
		// and characters Shift_JIS lacks.
		c.Exec(t, `UPDATE check_answers SET comment = '=HYPERLINK("http://evil.example","x")' WHERE answer_id = (SELECT MIN(answer_id) FROM check_answers WHERE organization_id = 2)`)
		c.Exec(t, `UPDATE check_answers SET comment = '10時〜11時に清掃🍣' WHERE answer_id = (SELECT MAX(answer_id) FROM check_answers WHERE organization_id = 2)`)
		cl := demoAdmin(t, c)
		want := expectedCheckRows(t, c, "")
		if len(want) < 50 {
			t.Fatalf("only %d demo answers to export", len(want))
		}

		// XLSX: the same rows, a frozen header, dates as dates, no formulas.
		f := requestExport(t, cl, map[string]any{"historyType": "CHECK_RESULT"})
		if f.Status != "DONE" || f.RowsDone != len(want) || f.RowsTotal != len(want) {
			t.Fatalf("made: %+v, want %d rows", f, len(want))
		}
		a := download(t, cl, f)
		if cd := a.Header.Get("Content-Disposition"); !strings.Contains(cd, "filename*=utf-8''"+url.PathEscape("チェック結果_")) {
			t.Errorf("Content-Disposition %q does not carry the Japanese name", cd)
		}
		if !strings.HasSuffix(f.FileName, ".xlsx") || !strings.HasPrefix(f.FileName, "チェック結果_") {
			t.Errorf("file name %q", f.FileName)
		}
		book, err := excelize.OpenReader(bytes.NewReader(a.Body))
		if err != nil {
			t.Fatal(err)
		}
		sheet := book.GetSheetName(0)
		rows, err := book.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if got := checkRowsOf(t, rows); !slices.Equal(got, want) {
			t.Errorf("XLSX rows differ from the data: %d rows, want %d\n got %v\nwant %v", len(got), len(want), head(got), head(want))
		}
		if rows[0][2] != "店舗コード" && rows[0][2] == "" {
			t.Errorf("the external id column is unnamed: %v", rows[0])
		}
		panes, err := book.GetPanes(sheet)
		if err != nil || !panes.Freeze || panes.YSplit != 1 {
			t.Errorf("header not frozen: %+v %v", panes, err)
		}
		if v, _ := book.GetCellValue(sheet, "E2"); len(v) != 10 || v[4] != '/' {
			t.Errorf("period start shown as %q, want yyyy/mm/dd", v)
		}
		if raw, _ := book.GetCellValue(sheet, "E2", excelize.Options{RawCellValue: true}); strings.Contains(raw, "/") {
			t.Errorf("period start stored as text %q, want a date serial", raw)
		}
		for i := range rows {
			cell := fmt.Sprintf("L%d", i+1)
			if formula, _ := book.GetCellFormula(sheet, cell); formula != "" {
				t.Errorf("%s is a formula: %q", cell, formula)
			}
		}
		if !slices.ContainsFunc(rows, func(r []string) bool { return len(r) > 11 && strings.HasPrefix(r[11], "=HYPERLINK") }) {
			t.Error("the formula-like comment is missing from the XLSX")
		}

		// CSV in UTF-8: BOM, CRLF, the same rows, formula-like text quoted as text.
		f = requestExport(t, cl, map[string]any{"historyType": "CHECK_RESULT", "historyFileType": "CSV"})
		body := download(t, cl, f).Body
		if !bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) || !bytes.Contains(body, []byte("\r\n")) || bytes.Count(body, []byte("\n")) != bytes.Count(body, []byte("\r\n")) {
			t.Errorf("UTF-8 CSV lacks the BOM or CRLF: %q", body[:min(len(body), 80)])
		}
		records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if got := checkRowsOf(t, records); !slices.Equal(got, want) {
			t.Errorf("CSV rows differ from the data: %d, want %d", len(got), len(want))
		}
		if !bytes.Contains(body, []byte(`'=HYPERLINK(`)) {
			t.Error("the formula-like comment is not written as text in the CSV")
		}

		// CSV in Shift_JIS: decodes, 〜 mapped to its CP932 form, the emoji
		// replaced, and both reported.
		f = requestExport(t, cl, map[string]any{"historyType": "CHECK_RESULT", "historyFileType": "CSV", "encoding": "SHIFT_JIS"})
		if !strings.Contains(f.Notice, "〜→～") || !strings.Contains(f.Notice, "🍣→?") {
			t.Errorf("notice %q does not report the replaced characters", f.Notice)
		}
		a = download(t, cl, f)
		if ct := a.Header.Get("Content-Type"); !strings.Contains(ct, "Shift_JIS") {
			t.Errorf("content type %q", ct)
		}
		decoded, err := io.ReadAll(japanese.ShiftJIS.NewDecoder().Reader(bytes.NewReader(a.Body)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(decoded, []byte("10時～11時に清掃?")) {
			t.Error("the Shift_JIS CSV lacks the mapped comment")
		}
		records, err = csv.NewReader(bytes.NewReader(decoded)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(records) != len(want)+1 {
			t.Errorf("Shift_JIS CSV: %d rows, want %d", len(records)-1, len(want))
		}

		// Only the latest period per store and list.
		from, to := exportPeriod()
		latest := expectedCheckRows(t, c, `AND NOT EXISTS (SELECT 1 FROM check_sheets s2 JOIN check_periods p2 ON p2.period_id = s2.period_id
			WHERE s2.facility_id = s.facility_id AND p2.check_list_id = p.check_list_id AND s2.answered_count > 0 AND p2.seq > p.seq
			AND p2.from_date <= ? AND p2.to_date >= ?)`, to, from)
		f = requestExport(t, cl, map[string]any{"historyType": "CHECK_RESULT", "onlyLatestHistory": true})
		book, err = excelize.OpenReader(bytes.NewReader(download(t, cl, f).Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ = book.GetRows(book.GetSheetName(0))
		if got := checkRowsOf(t, rows); !slices.Equal(got, latest) || len(latest) == 0 || len(latest) >= len(want) {
			t.Errorf("only the latest: %d rows, want %d (of %d)", len(got), len(latest), len(want))
		}

		// The request and each download are in the operation history.
		if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation = 'EXPORT' AND detail LIKE '%チェック結果%'"); n != 4 {
			t.Errorf("%d export requests recorded, want 4", n)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation = 'DOWNLOAD' AND target_id IS NOT NULL"); n != 4 {
			t.Errorf("%d downloads recorded, want 4", n)
		}
	})
}

func head(s []string) []string { return s[:min(len(s), 3)] }

func TestSurveyAnswerAndOperationExports(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		survey := c.Count(t, "SELECT MIN(survey_id) FROM surveys WHERE organization_id = 2 AND deleted_at IS NULL")
		from, to := exportPeriod()
		answers := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ? AND answered_date >= ? AND answered_date <= ?", survey, from, to)
		questions := c.Count(t, "SELECT COUNT(*) FROM survey_questions WHERE survey_id = ?", survey)
		if answers < 10 {
			t.Fatalf("only %d demo answers", answers)
		}
		c.Exec(t, "UPDATE survey_answers SET mail_address = 'kyaku@example.com' WHERE answer_id = (SELECT MIN(answer_id) FROM survey_answers WHERE survey_id = ?)", survey)

		f := requestExport(t, cl, map[string]any{"historyType": "SURVEY_ANSWER", "surveyId": survey, "includeMailAddress": true})
		book, err := excelize.OpenReader(bytes.NewReader(download(t, cl, f).Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := book.GetRows(book.GetSheetName(0))
		if len(rows) != answers+1 {
			t.Errorf("%d answer rows, want %d", len(rows)-1, answers)
		}
		if len(rows[0]) != 6+questions || rows[0][5] != "メールアドレス" {
			t.Errorf("header %v: want the fixed columns, the mail column and %d questions", rows[0], questions)
		}
		if !slices.ContainsFunc(rows, func(r []string) bool { return len(r) > 5 && r[5] == "kyaku@example.com" }) {
			t.Error("the mail address is missing")
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2 AND operation = 'EXPORT' AND detail LIKE '%メールアドレスを含む%'"); n != 1 {
			t.Errorf("using mail addresses recorded %d times, want 1", n)
		}

		// Without the right to see addresses the option is refused.
		groupAdmin := c.AddUser(t, 2, "areaexport", "Areaexport#2026", "GROUP_ADMIN", c.GroupID(t, 2, "関東ブロック"))
		_ = groupAdmin
		area := c.Client(t)
		area.OrgID = 2
		area.Login(2, "areaexport", "Areaexport#2026")
		a := area.Do(http.MethodPost, "/api/history_export/file", map[string]any{"historyType": "SURVEY_ANSWER", "surveyId": survey,
			"historyDateFrom": from, "historyDateTo": to, "includeMailAddress": true})
		if a.Status != http.StatusBadRequest || a.FieldError("includeMailAddress") == "" {
			t.Errorf("a group administrator asking for addresses: %d %s", a.Status, a.Body)
		}
		// A group administrator does not see head office's files.
		var page struct {
			Total       int  `json:"total"`
			MailAllowed bool `json:"mailAddressAllowed"`
		}
		area.Get("/api/history_export/file").Decode(t, &page)
		if page.Total != 0 || page.MailAllowed {
			t.Errorf("a group administrator sees %d of head office's files, or is offered mail addresses (%v)", page.Total, page.MailAllowed)
		}
		cl.Get("/api/history_export/file").Decode(t, &page)
		if !page.MailAllowed {
			t.Error("head office's administrator is not offered mail addresses")
		}
		if a := area.Do(http.MethodDelete, fmt.Sprintf("/api/history_export/file/%d", f.FileID), nil); a.Status != http.StatusNotFound {
			t.Errorf("deleting head office's file from a group: %d", a.Status)
		}

		// OPERATION: one row per record, in Japanese, including this export.
		f = requestExport(t, cl, map[string]any{"historyType": "OPERATION", "historyFileType": "CSV"})
		records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(download(t, cl, f).Body, []byte("\xEF\xBB\xBF")))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		recorded := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2")
		if len(records)-1 > recorded || len(records) < 4 {
			t.Errorf("%d operation rows of %d recorded", len(records)-1, recorded)
		}
		if !slices.ContainsFunc(records, func(r []string) bool { return r[1] == "demoadmin" && r[2] == "ログイン" }) ||
			!slices.ContainsFunc(records, func(r []string) bool {
				return r[2] == "エクスポート" && strings.Contains(r[5], "アンケート回答")
			}) {
			t.Errorf("operation rows lack the sign-in or the export: %v", records[:min(len(records), 5)])
		}
		// An organization without the option cannot export operations.
		c.Exec(t, "UPDATE organizations SET available_ope_history_export = FALSE WHERE organization_id = 2")
		a = cl.Do(http.MethodPost, "/api/history_export/file", map[string]any{"historyType": "OPERATION", "historyDateFrom": from, "historyDateTo": to})
		if a.Status != http.StatusBadRequest || a.FieldError("historyType") == "" {
			t.Errorf("operations without the option: %d %s", a.Status, a.Body)
		}
	})
}

func TestExportRequestsRefuseBadInput(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		before := c.Count(t, "SELECT COUNT(*) FROM export_files")
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"historyType": "NOPE", "historyDateFrom": "2026-11-01", "historyDateTo": "2026-11-30"}, "historyType"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "2026-11-30", "historyDateTo": "2026-11-01"}, "historyDateFrom"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "2025-01-01", "historyDateTo": "2026-11-30"}, "historyDateFrom"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "2026-11-01", "historyDateTo": "2026-11-30", "historyFileType": "PDF"}, "historyFileType"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "2026-11-01", "historyDateTo": "2026-11-30", "historyFileType": "CSV", "encoding": "EUC"}, "encoding"},
			{map[string]any{"historyType": "SURVEY_ANSWER", "historyDateFrom": "2026-11-01", "historyDateTo": "2026-11-30"}, "surveyId"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "2026-11-01"}, "historyDateTo"},
			{map[string]any{"historyType": "CHECK_RESULT", "historyDateFrom": "11月1日", "historyDateTo": "2026-11-30"}, ""}, // malformed JSON value: a message, no field
		} {
			a := cl.Do(http.MethodPost, "/api/history_export/file", tc.body)
			if a.Status != http.StatusBadRequest || tc.field != "" && a.FieldError(tc.field) == "" || a.Message == "" {
				t.Errorf("%v: %d %s, want 400 naming %s", tc.body, a.Status, a.Body, tc.field)
			}
		}
		if after := c.Count(t, "SELECT COUNT(*) FROM export_files"); after != before {
			t.Errorf("refused requests stored %d files", after-before)
		}
		// A file not made yet cannot be downloaded; store staff cannot export.
		c.Exec(t, `INSERT INTO export_files (organization_id, file_kind, history_type, params, scope, requested_by, requester_account,
			status, file_name, created_at, expires_at) VALUES (2, 'HISTORY', 'OPERATION',
			'{"historyType":"OPERATION","historyDateFrom":"2026-11-01T00:00:00+09:00","historyDateTo":"2026-11-30T00:00:00+09:00","historyFileType":"XLSX"}',
			'', 1, 'demoadmin', 'RUNNING', '作成中.xlsx', '2026-11-20 00:00:00', '2099-01-01 00:00:00')`)
		id := c.Count(t, "SELECT MAX(file_id) FROM export_files")
		if a := cl.Get(fmt.Sprintf("/api/history_export/file/%d/download", id)); a.Status != http.StatusConflict {
			t.Errorf("download while running: %d %s", a.Status, a.Body)
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/history_export/file"); a.Status != http.StatusForbidden {
			t.Errorf("store staff's file list: %d", a.Status)
		}
	})
}

// Photos travel in a ZIP, in folders per store and date, beside the sheet.
func TestCheckResultExportWithPhotos(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		from, to := exportPeriod()
		photos := c.Count(t, `SELECT COUNT(*) FROM check_answer_photos ap JOIN check_answers a ON a.answer_id = ap.answer_id
			JOIN check_sheets s ON s.sheet_id = a.sheet_id JOIN check_periods p ON p.period_id = s.period_id
			WHERE ap.organization_id = 2 AND p.from_date <= ? AND p.to_date >= ?`, to, from)
		if photos == 0 {
			t.Fatal("the demo has no check photos")
		}
		f := requestExport(t, cl, map[string]any{"historyType": "CHECK_RESULT", "includePhoto": true})
		if !strings.HasSuffix(f.FileName, ".zip") {
			t.Errorf("file name %q", f.FileName)
		}
		body := download(t, cl, f).Body
		zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
		if err != nil {
			t.Fatal(err)
		}
		var sheets, images int
		for _, e := range zr.File {
			switch {
			case strings.HasSuffix(e.Name, ".xlsx") && !strings.Contains(e.Name, "/"):
				sheets++
			case strings.HasPrefix(e.Name, "写真/") && strings.Count(e.Name, "/") == 3 && strings.HasSuffix(e.Name, ".jpg"):
				images++
			default:
				t.Errorf("unexpected entry %q", e.Name)
			}
		}
		if sheets != 1 || images != photos {
			t.Errorf("%d sheets and %d photos in the ZIP, want 1 and %d", sheets, images, photos)
		}
	})
}

// Files expire; the requester deletes its own; a failed making says why.
func TestExportFilesExpireFailAndAreDeleted(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := demoAdmin(t, c)
		f := requestExport(t, cl, map[string]any{"historyType": "OPERATION"})
		stored := filepath.Join(c.App.Config.FilesDir(), "orgs", "2", "exports", fmt.Sprintf("%d.xlsx", f.FileID))
		if _, err := os.Stat(stored); err != nil {
			t.Fatalf("made file not stored: %v", err)
		}
		c.Exec(t, "UPDATE export_files SET expires_at = '2020-01-01 00:00:00' WHERE file_id = ?", f.FileID)
		if n, err := c.App.Exports.Expire(context.Background()); err != nil || n != 1 {
			t.Fatalf("expire: %d %v", n, err)
		}
		if _, err := os.Stat(stored); !os.IsNotExist(err) {
			t.Errorf("expired file still stored: %v", err)
		}
		if a := cl.Get(fmt.Sprintf("/api/history_export/file/%d", f.FileID)); a.Status != http.StatusNotFound {
			t.Errorf("expired record: %d", a.Status)
		}

		f = requestExport(t, cl, map[string]any{"historyType": "OPERATION"})
		if a := cl.Do(http.MethodDelete, fmt.Sprintf("/api/history_export/file/%d", f.FileID), nil); a.Status != http.StatusOK {
			t.Fatalf("delete: %d %s", a.Status, a.Body)
		}
		if _, err := os.Stat(filepath.Join(c.App.Config.FilesDir(), "orgs", "2", "exports", fmt.Sprintf("%d.xlsx", f.FileID))); !os.IsNotExist(err) {
			t.Errorf("deleted file still stored: %v", err)
		}

		// A survey deleted between the request and the making fails the file
		// with a reason a person understands.
		survey := c.Count(t, "SELECT MIN(survey_id) FROM surveys WHERE organization_id = 2 AND deleted_at IS NULL")
		if err := c.App.Queue.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		from, to := exportPeriod()
		a := cl.Do(http.MethodPost, "/api/history_export/file", map[string]any{"historyType": "SURVEY_ANSWER", "surveyId": survey,
			"historyDateFrom": from, "historyDateTo": to})
		var queued historyFile
		a.Decode(t, &queued)
		c.Exec(t, "UPDATE surveys SET deleted_at = CURRENT_TIMESTAMP WHERE survey_id = ?", survey)
		if err := c.App.Queue.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		failed := waitForFile(t, cl, queued.FileID, 60*time.Second)
		if failed.Status != "FAILED" || !strings.Contains(failed.FailureReason, "アンケートが見つかりません") {
			t.Errorf("made without its survey: %+v", failed)
		}
		if a := cl.Get(fmt.Sprintf("/api/history_export/file/%d/download", failed.FileID)); a.Status != http.StatusConflict {
			t.Errorf("download of a failed file: %d", a.Status)
		}
	})
}

// A making stopped halfway (its process going away cancels it) is run
// again from the start, and the file is never DONE before all of it is
// stored.
func TestAnExportStoppedHalfwayIsMadeAgain(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		ctx := context.Background()
		cl := demoAdmin(t, c)
		c.App.Exports.SetProgressEvery(1)
		if err := c.App.Queue.Stop(ctx); err != nil {
			t.Fatal(err)
		}
		from, to := exportPeriod()
		var f historyFile
		cl.Do(http.MethodPost, "/api/history_export/file", map[string]any{"historyType": "CHECK_RESULT",
			"historyDateFrom": from, "historyDateTo": to}).Decode(t, &f)
		if err := c.App.Queue.Start(ctx); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for c.Count(t, "SELECT rows_done FROM export_files WHERE file_id = ?", f.FileID) < 10 {
			if time.Now().After(deadline) {
				t.Fatal("the making never started")
			}
			time.Sleep(2 * time.Millisecond)
		}
		if err := c.App.Queue.StopAndCancel(ctx); err != nil {
			t.Fatal(err)
		}
		var half historyFile
		cl.Get(fmt.Sprintf("/api/history_export/file/%d", f.FileID)).Decode(t, &half)
		stored := filepath.Join(c.App.Config.FilesDir(), "orgs", "2", "exports", fmt.Sprintf("%d.xlsx", f.FileID))
		// Every row may have been read just before the stop (a small file on a fast
		// machine); what matters is that the file is neither DONE nor stored.
		if half.Status != "RUNNING" {
			t.Fatalf("stopped halfway, the file is %+v", half)
		}
		if _, err := os.Stat(stored); !os.IsNotExist(err) {
			t.Fatalf("half a file was stored: %v", err)
		}
		c.App.Exports.SetProgressEvery(2000)
		if err := c.App.Queue.Start(ctx); err != nil {
			t.Fatal(err)
		}
		done := waitForFile(t, cl, f.FileID, 90*time.Second)
		if done.Status != "DONE" || done.RowsDone != done.RowsTotal {
			t.Fatalf("made again: %+v", done)
		}
		book, err := excelize.OpenReader(bytes.NewReader(download(t, cl, done).Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := book.GetRows(book.GetSheetName(0))
		if len(rows)-1 != done.RowsTotal {
			t.Errorf("%d rows in the file, want %d", len(rows)-1, done.RowsTotal)
		}
	})
}

func TestContentDispositionNamesTheFileForEveryBrowser(t *testing.T) {
	got := httpadapter.ContentDisposition("チェック結果_20261101-20261130_20261125-153012.xlsx")
	want := `attachment; filename="20261101-20261130_20261125-153012.xlsx"; filename*=utf-8''` +
		url.PathEscape("チェック結果_20261101-20261130_20261125-153012.xlsx")
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := httpadapter.ContentDisposition("manual.pdf"); got != `attachment; filename=manual.pdf` {
		t.Errorf("an ASCII name: %s", got)
	}
	if got := httpadapter.ContentDisposition("操作履歴.csv"); !strings.HasPrefix(got, `attachment; filename="download.csv"; filename*=`) {
		t.Errorf("an all-Japanese name: %s", got)
	}
}
