// Package archtest holds tests of the code's shape rather than its
// behaviour: which layers may import what (docs/architecture.md, "The
// shape"). They read the import graph with `go list -deps`, so a new import
// that breaks the hexagon fails `make test`, not a review.
package archtest

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/rouder/console"

// forbidden are the packages the domain and the use cases must not reach,
// directly or through anything they import: our adapters and wiring, and
// the technology the adapters wrap.
var forbidden = []string{
	module + "/internal/adapters/",
	module + "/internal/wiring",
	module + "/internal/platform/",
	module + "/internal/testsupport/",
	"github.com/labstack/echo",
	"github.com/golang-jwt/jwt",
	"github.com/uptrace/bun",
	"github.com/riverqueue/river",
	"github.com/jackc/pgx",
	"modernc.org/sqlite",
}

// forbiddenExactly are standard-library packages that mean persistence or
// HTTP in a layer that should know neither (ozzo-validation's own import of
// database/sql/driver, for Valuer, is allowed).
var forbiddenExactly = map[string]bool{"database/sql": true, "net/http": true}

type listed struct {
	ImportPath string
	Deps       []string
}

func TestDomainAndAppImportNoAdapterOrTechnology(t *testing.T) {
	for _, layer := range []string{"domain", "app"} {
		out, err := exec.Command("go", "list", "-deps=false", "-json", module+"/internal/"+layer+"/...").Output()
		if err != nil {
			t.Fatalf("go list %s: %v", layer, err)
		}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		n := 0
		for dec.More() {
			var p listed
			if err := dec.Decode(&p); err != nil {
				t.Fatal(err)
			}
			n++
			deps, err := exec.Command("go", "list", "-deps", p.ImportPath).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", p.ImportPath, err)
			}
			for _, dep := range strings.Fields(string(deps)) {
				if forbiddenExactly[dep] {
					t.Errorf("%s imports %s (through its dependencies)", p.ImportPath, dep)
				}
				for _, f := range forbidden {
					if dep == strings.TrimSuffix(f, "/") || strings.HasPrefix(dep, f) {
						t.Errorf("%s imports %s (through its dependencies): the %s layer may use only the standard library, the domain and ozzo-validation", p.ImportPath, dep, layer)
					}
				}
			}
		}
		if n < 5 {
			t.Fatalf("only %d %s packages listed", n, layer)
		}
	}
}
