package http_test

import (
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

// A query value written as a date is checked where the path and query are
// (refuseBadText): a day the calendar lacks or a year PostgreSQL cannot
// hold in Tokyo time was a 500. An empty date parameter is none.
func TestQueryDatesAreCheckedBeforeTheyReachTheDatabase(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := adminOf2(t, c)
		for query, want := range map[string]string{
			"fromDate=0001-01-01": "日付は1900年から2999年までの間で入力してください。",
			"fromDate=9999-12-31": "日付は1900年から2999年までの間で入力してください。",
			"toDate=2026-02-30":   "日付の形式が正しくありません。",
		} {
			field := query[:len(query)-len("=0001-01-01")]
			if a := cl.Get("/api/improvement?" + query); a.Status != 400 || a.FieldError(field) != want {
				t.Errorf("%s: %d %s", query, a.Status, a.Body)
			}
		}
		for _, query := range []string{"fromDate=", "fromDate=2026-11-01&toDate=", "search=2026-ab-cd", "search=1234-56-78x", "search=1234-56-78"} {
			if a := cl.Get("/api/improvement?" + query); a.Status != 200 {
				t.Errorf("%s: %d %s", query, a.Status, a.Body)
			}
		}
		sys := c.Client(t)
		sys.Login(1, "sysadmin", "Sysadmin#2026")
		if a := sys.Get("/api/system/check_history/sheets?organizationId=2&date="); a.Status != 400 || a.FieldError("date") != "日付は必須です" {
			t.Errorf("a day's sheets without the day: %d %s", a.Status, a.Body)
		}
		if a := sys.Get("/api/system/check_history?historyDateFrom=&historyDateTo="); a.Status != 400 || a.FieldError("historyDateFrom") != "日付は必須です" {
			t.Errorf("the days without dates: %d %s", a.Status, a.Body)
		}
	})
}
