package checklist

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/rouder/console/internal/domain/failure"
)

// submissionCases are testdata/submission_cases.json: what submitting a
// sheet is refused for, item by item, which the SPA's marks are tested
// against too (features/checks/answer/sheetState.test.ts).
type submissionCases struct {
	Cases []struct {
		Name          string `json:"name"`
		PhotoRequired bool   `json:"photoRequired"`
		Answer        *struct {
			Choice       string `json:"choice"`
			Inapplicable bool   `json:"inapplicable"`
			Comment      string `json:"comment"`
			Photos       int    `json:"photos"`
		} `json:"answer"`
		Refused string `json:"refused"`
	} `json:"cases"`
}

func TestSubmissionIsRefusedAsTheSharedCasesSay(t *testing.T) {
	data, err := os.ReadFile("testdata/submission_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cs submissionCases
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Cases) == 0 {
		t.Fatal("no cases")
	}
	scale := Scale{{Label: "○", Score: 1}, {Label: "×", Score: 0}}
	for i, c := range cs.Cases {
		id := int64(i + 1)
		// Each case alone, beside one complete item, so a case that may be
		// submitted leaves nothing refused.
		items := []Item{{ID: id, Scale: scale, PhotoRequired: c.PhotoRequired, InapplicableAllowed: true},
			{ID: 100, Scale: scale, InapplicableAllowed: true}}
		answers := []Answer{{ItemID: 100, Choice: "○"}}
		if a := c.Answer; a != nil {
			photos := make([]int64, a.Photos)
			for p := range photos {
				photos[p] = int64(p + 1)
			}
			answers = append(answers, Answer{ItemID: id, Choice: a.Choice, Inapplicable: a.Inapplicable, Comment: a.Comment, PhotoIDs: photos})
		}
		err := CheckAnswers(items, answers, true)
		got := ""
		if f, ok := failure.As(err); ok {
			got = f.Fields[fmt.Sprintf("item%d", id)]
			if got != "" && f.Message != MsgIncomplete {
				t.Errorf("%s: refused as %q, not as incomplete", c.Name, f.Message)
			}
		} else if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if got != c.Refused {
			t.Errorf("%s: refused %q, the cases say %q", c.Name, got, c.Refused)
		}
	}
}
