package http_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type historyDay struct {
	OrganizationID int64   `json:"organizationId"`
	Date           string  `json:"date"`
	Opened         int     `json:"opened"`
	Submitted      int     `json:"submitted"`
	Expected       int     `json:"expected"`
	Done           int     `json:"done"`
	CompletionRate float64 `json:"completionRate"`
}

func TestTheCheckHistoryCountsEachOrganizationsDays(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		// The demo's sheets, by the Tokyo day they were started and submitted.
		var sheets []struct {
			Opened    *time.Time `bun:"opened_at"`
			Submitted *time.Time `bun:"submitted_at"`
		}
		if err := c.DB.NewRaw(`SELECT opened_at, submitted_at FROM check_sheets WHERE organization_id = 2`).Scan(context.Background(), &sheets); err != nil {
			t.Fatal(err)
		}
		opened, submitted := map[string]int{}, map[string]int{}
		busiest := ""
		for _, s := range sheets {
			if s.Opened != nil {
				d := s.Opened.In(clock.Tokyo).Format("2006-01-02")
				opened[d]++
				if opened[d] > opened[busiest] {
					busiest = d
				}
			}
			if s.Submitted != nil {
				submitted[s.Submitted.In(clock.Tokyo).Format("2006-01-02")]++
			}
		}
		if busiest == "" {
			t.Fatal("the demo has no started sheets")
		}
		sys := sysadmin(t, c)
		var days []historyDay
		a := sys.Get("/api/system/check_history?historyDateFrom=" + busiest + "&historyDateTo=" + busiest)
		if a.Status != http.StatusOK {
			t.Fatalf("history: %d %s", a.Status, a.Body)
		}
		a.Decode(t, &days)
		var demo *historyDay
		for i := range days {
			if days[i].OrganizationID == 2 {
				demo = &days[i]
			}
		}
		if demo == nil || demo.Date != busiest || demo.Opened != opened[busiest] || demo.Submitted != submitted[busiest] ||
			demo.Expected == 0 || demo.Done > demo.Expected {
			t.Fatalf("デモ株式会社 on %s: %+v, want opened %d submitted %d", busiest, demo, opened[busiest], submitted[busiest])
		}

		// Today is a day of the history too (its checks are under way).
		today := clock.Today(clock.System{}).Format("2006-01-02")
		sys.Get("/api/system/check_history?historyDateFrom="+today+"&historyDateTo="+today).Decode(t, &days)
		if len(days) == 0 || days[0].Date != today || days[0].Expected == 0 {
			t.Errorf("today (%s): %+v", today, days)
		}

		// The day's sheets.
		var page struct {
			Items []struct {
				FacilityName        string `json:"facilityName"`
				CheckListMasterName string `json:"checkListMasterName"`
			} `json:"items"`
			Total int `json:"total"`
		}
		sys.Get("/api/system/check_history/sheets?organizationId=2&date="+busiest+"&size=100").Decode(t, &page)
		if page.Total < opened[busiest] || len(page.Items) == 0 || page.Items[0].FacilityName == "" || page.Items[0].CheckListMasterName == "" {
			t.Errorf("the day's sheets: %+v", page)
		}

		// Acting in organization 3, sysadmin sees only it.
		sys.OrgID = 3
		sys.Get("/api/system/check_history?historyDateFrom="+busiest+"&historyDateTo="+busiest).Decode(t, &days)
		for _, d := range days {
			if d.OrganizationID != 3 {
				t.Errorf("organization %d while 3 is selected", d.OrganizationID)
			}
		}
		if a := sys.Get("/api/system/check_history/sheets?organizationId=2&date=" + busiest); a.Status != http.StatusNotFound {
			t.Errorf("another organization's sheets while 3 is selected: %d", a.Status)
		}

		// Bad ranges are Japanese messages; no organization is nobody's sheets.
		sys.OrgID = 1
		for _, org := range []string{"0", "-1"} {
			if a := sys.Get("/api/system/check_history/sheets?organizationId=" + org + "&date=" + busiest); a.Status != http.StatusNotFound {
				t.Errorf("organization %s: %d %s", org, a.Status, a.Body)
			}
		}
		if a := sys.Get("/api/system/check_history?historyDateFrom=2026-11-30&historyDateTo=2026-11-01"); a.Status != http.StatusBadRequest ||
			a.FieldError("historyDateTo") != "終了日は開始日以降の日付にしてください。" {
			t.Errorf("reversed: %d %s", a.Status, a.Body)
		}
		if a := sys.Get("/api/system/check_history?historyDateFrom=2026-01-01&historyDateTo=2026-11-30"); a.Status != http.StatusBadRequest ||
			a.FieldError("historyDateTo") != "期間は92日以内で指定してください。" {
			t.Errorf("too long: %d %s", a.Status, a.Body)
		}
		if a := sys.Get("/api/system/check_history?historyDateFrom=11月&historyDateTo=2026-11-01"); a.Status != http.StatusBadRequest {
			t.Errorf("a malformed date: %d %s", a.Status, a.Body)
		}
		if a := adminOf2(t, c).Get("/api/system/check_history?historyDateFrom=2026-11-01&historyDateTo=2026-11-30"); a.Status != http.StatusForbidden {
			t.Errorf("an organization administrator: %d", a.Status)
		}
	})
}
