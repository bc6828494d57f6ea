package checklist

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

func TestDailyActivityCountsOpenedSubmittedAndCompletion(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, clock.Tokyo) }
	at := func(d, h int) *time.Time { v := time.Date(2026, 11, d, h, 0, 0, 0, clock.Tokyo); return &v }
	periods := []ActivityPeriod{
		{OrganizationID: 2, OrganizationName: "デモ", PeriodID: 1, Period: Period{From: day(1), To: day(30)}, Targets: 4},
		{OrganizationID: 2, OrganizationName: "デモ", PeriodID: 2, Period: Period{From: day(9), To: day(15)}, Targets: 2},
	}
	sheets := []ActivitySheet{
		{OrganizationID: 2, PeriodID: 1, OpenedAt: at(10, 9), SubmittedAt: at(10, 23)}, // 23:00 Tokyo is still the 10th
		{OrganizationID: 2, PeriodID: 1, OpenedAt: at(10, 10)},
		{OrganizationID: 2, PeriodID: 2, OpenedAt: at(11, 8), SubmittedAt: at(12, 8)},
	}
	got := DailyActivity(periods, sheets, day(10), day(12))
	if len(got) != 3 || !got[0].Date.Equal(day(12)) || !got[2].Date.Equal(day(10)) {
		t.Fatalf("days: %+v", got)
	}
	ten, eleven, twelve := got[2], got[1], got[0]
	if ten.Opened != 2 || ten.Submitted != 1 || ten.Expected != 6 || ten.Done != 1 {
		t.Errorf("the 10th: %+v", ten)
	}
	if eleven.Opened != 1 || eleven.Submitted != 0 || eleven.Done != 1 {
		t.Errorf("the 11th: %+v", eleven)
	}
	if twelve.Submitted != 1 || twelve.Done != 2 || twelve.CompletionRate() < 33.3 || twelve.CompletionRate() > 33.4 {
		t.Errorf("the 12th: %+v rate %.1f", twelve, twelve.CompletionRate())
	}
	if CheckHistoryRange(day(12), day(10)) != ErrHistoryOrder || CheckHistoryRange(day(1), day(1).AddDate(0, 0, 92)) != ErrHistoryRange ||
		CheckHistoryRange(day(1), day(1).AddDate(0, 0, 91)) != nil {
		t.Error("range rules")
	}
}
