package holidays

import (
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

func TestJapanKnowsTheHolidaysAndIsSafeToShare(t *testing.T) {
	calendars := []*Japan{NewJapan(), NewJapan()} // two consoles in one process share the jp package
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, clock.Tokyo) }
	cases := map[time.Time]bool{
		day(2027, 1, 11):  true, // 成人の日 (second Monday)
		day(2026, 3, 20):  true, // 春分の日 (computed)
		day(2026, 9, 23):  true, // 秋分の日 (computed)
		day(2026, 5, 6):   true, // 振替休日 for 5/3 (a Sunday)
		day(2026, 11, 23): true, // 勤労感謝の日
		day(2026, 11, 24): false,
		day(2026, 12, 31): false, // closing, not a national holiday
	}
	var wg sync.WaitGroup
	for i := range 8 { // the race detector checks the sharing
		j := calendars[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d, want := range cases {
				if got := j.IsHoliday(d); got != want {
					t.Errorf("%s: %v, want %v", d.Format("2006-01-02"), got, want)
				}
			}
		}()
	}
	wg.Wait()
}
