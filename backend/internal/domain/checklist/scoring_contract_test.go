package checklist

import (
	"fmt"
	"os"
	"regexp"
	"testing"
)

// The contract states a choice's score bounds (api/openapi.yaml,
// CheckChoice.score); the rule here and the editor's MAX_SCORE are held to
// it, so the two cannot drift apart.
func TestScoreBoundsAreTheContracts(t *testing.T) {
	contract, err := os.ReadFile("../../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`score: { type: integer, minimum: -%d, maximum: %d`, MaxScore, MaxScore)
	if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(want)).Match(contract) {
		t.Errorf("CheckChoice.score in api/openapi.yaml does not say %q", want)
	}
	if err := (Scale{{Label: "a", Score: MaxScore}, {Label: "b", Score: -MaxScore}}).Validate(); err != nil {
		t.Errorf("the bounds themselves: %v", err)
	}
	if err := (Scale{{Label: "a", Score: MaxScore + 1}, {Label: "b"}}).Validate(); err != ErrScore {
		t.Errorf("past the bound: %v", err)
	}
}
