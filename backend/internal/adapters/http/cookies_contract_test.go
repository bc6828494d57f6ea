package http_test

import (
	"os"
	"regexp"
	"testing"

	httpadapter "github.com/rouder/console/internal/adapters/http"
)

// The cookies' names are part of the HTTP contract: the SPA reads the hint
// by the name the contract gives (frontend signedInHint.test.ts asserts the
// same), so the server's names must be the contract's.
func TestTheContractNamesTheCookies(t *testing.T) {
	contract, err := os.ReadFile("../../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for what, pattern := range map[string]string{
		"session": `new session \(cookie ` + "`" + regexp.QuoteMeta(httpadapter.CookieName) + "`",
		"hint":    `hint\s+cookie ` + "`" + regexp.QuoteMeta(httpadapter.HintCookie) + "`",
	} {
		if !regexp.MustCompile(pattern).Match(contract) {
			t.Errorf("api/openapi.yaml (/login) does not name the %s cookie as the server does (%s)", what, pattern)
		}
	}
}
