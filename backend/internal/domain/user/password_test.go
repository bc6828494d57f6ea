package user

import (
	"testing"
	"unicode"

	"github.com/rouder/console/internal/domain/validation"
)

func TestInitialPasswordHasTheKindsItPromises(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		p := InitialPassword()
		var up, low, dig int
		for _, r := range p {
			switch {
			case unicode.IsUpper(r):
				up++
			case unicode.IsLower(r):
				low++
			case unicode.IsDigit(r):
				dig++
			}
		}
		if len(p) != 8 || up != 1 || low != 4 || dig != 3 {
			t.Fatalf("%q: want 8 characters, 1 upper, 4 lower, 3 digits", p)
		}
		if !validation.PasswordValid(p) {
			t.Fatalf("%q does not pass the password rule", p)
		}
		seen[p] = true
	}
	if len(seen) < 195 {
		t.Fatalf("only %d different passwords in 200", len(seen))
	}
}
