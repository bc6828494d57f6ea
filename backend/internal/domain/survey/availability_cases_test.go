package survey

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
)

// testdata/availability_cases.json: when an organization has surveys,
// which the console's menu and route guard are tested against too
// (frontend lib/auth/features.test.ts).
func TestAvailabilityAsTheSharedCasesSay(t *testing.T) {
	data, err := os.ReadFile("testdata/availability_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cs struct {
		Cases []struct {
			Name      string  `json:"name"`
			Option    bool    `json:"availableSurvey"`
			Start     *string `json:"surveyStartDate"`
			Today     string  `json:"today"`
			Available bool    `json:"available"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Cases) == 0 {
		t.Fatal("no cases")
	}
	tokyo := func(day string, clockTime string) time.Time {
		at, err := time.ParseInLocation(time.DateTime, day+" "+clockTime, clock.Tokyo)
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	for _, c := range cs.Cases {
		var start *time.Time
		if c.Start != nil {
			s := tokyo(*c.Start, "00:00:00")
			start = &s
		}
		// Early and late in the Tokyo day, when UTC's date differs from Tokyo's at one end.
		for _, at := range []string{"00:30:00", "23:30:00"} {
			if got := Available(c.Option, start, tokyo(c.Today, at)); got != c.Available {
				t.Errorf("%s, at %s: %v, the cases say %v", c.Name, at, got, c.Available)
			}
		}
	}
}
