// Package tenantguard makes a forgotten organization predicate loud in
// tests. Install adds a Bun query hook that fails the test when a statement
// issued by the repositories (adapters/store, not its tests) touches a
// tenant table — one with an organization_id column — without naming that
// table's organization: `alias.organization_id = …` or `… IN …` for reads,
// updates and deletes, the organization_id column for inserts. A statement
// that deliberately spans organizations says so with the comment
// store.AllTenants. Tests' own set-up and assertion queries are not checked.
package tenantguard

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/adapters/store"
)

// keyedBySecret are tables with an organization_id that are found by a
// secret instead (a session by its token's hash); nothing else is exempt.
var keyedBySecret = map[string]bool{"sessions": true}

// Install checks every later statement on db for the length of t.
func Install(t testing.TB, db *store.DB) {
	t.Helper()
	tables, err := TenantTables(context.Background(), db)
	if err != nil {
		t.Fatalf("tenant guard: %v", err)
	}
	g := &guard{t: t, tables: tables}
	db.AddQueryHook(g)
	t.Cleanup(func() { g.mu.Lock(); g.done = true; g.mu.Unlock() })
}

// TenantTables lists the tables that carry an organization_id column.
func TenantTables(ctx context.Context, db *store.DB) (map[string]bool, error) {
	var names []string
	var err error
	if db.Dialect == store.Postgres {
		err = db.NewRaw(`SELECT table_name FROM information_schema.columns
			WHERE column_name = 'organization_id' AND table_schema = current_schema()`).Scan(ctx, &names)
	} else {
		err = db.NewRaw(`SELECT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
			WHERE m.type = 'table' AND c.name = 'organization_id'`).Scan(ctx, &names)
	}
	if err != nil {
		return nil, fmt.Errorf("list tenant tables: %w", err)
	}
	out := map[string]bool{}
	for _, n := range names {
		if !keyedBySecret[n] {
			out[n] = true
		}
	}
	return out, nil
}

type guard struct {
	t      testing.TB
	tables map[string]bool
	mu     sync.Mutex
	done   bool
}

func (g *guard) BeforeQuery(ctx context.Context, e *bun.QueryEvent) context.Context {
	file := repositoryFile()
	if file == "" {
		return ctx
	}
	if missing := Unscoped(e.Query, g.tables); len(missing) > 0 {
		g.mu.Lock()
		defer g.mu.Unlock()
		if !g.done {
			g.t.Errorf("tenant guard: statement from store/%s touches %s without its organization:\n%s", file, strings.Join(missing, ", "), e.Query)
		}
	}
	return ctx
}

func (g *guard) AfterQuery(context.Context, *bun.QueryEvent) {}

// repositoryFile names the file of the store package's own code (not its
// tests) that issued the statement, or "" when something else did.
func repositoryFile() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.Contains(f.File, "/internal/adapters/store/") && !strings.HasSuffix(f.File, "_test.go") &&
			!strings.HasSuffix(f.File, "/store/tx.go") && !strings.HasSuffix(f.File, "/store/tenant.go") {
			return f.File[strings.LastIndex(f.File, "/")+1:]
		}
		if !more {
			return ""
		}
	}
}

var (
	tableRef = regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO)\s+"?(\w+)"?(?:\s+(?:AS\s+)?"?(\w+)"?)?`)
	keywords = map[string]bool{"where": true, "join": true, "left": true, "inner": true, "right": true, "cross": true,
		"on": true, "set": true, "group": true, "order": true, "limit": true, "offset": true, "using": true,
		"values": true, "select": true, "returning": true, "union": true, "having": true, "as": true, "default": true,
		"natural": true, "full": true, "outer": true, "window": true, "for": true}
)

// Unscoped returns the tenant tables q touches without naming their
// organization. A statement carrying the store.AllTenants comment is let
// through.
func Unscoped(q string, tables map[string]bool) []string {
	if strings.Contains(q, "/* "+store.AllTenants+" */") {
		return nil
	}
	var missing []string
	for _, m := range tableRef.FindAllStringSubmatchIndex(q, -1) {
		kind := strings.ToUpper(q[m[2]:m[3]])
		table := q[m[4]:m[5]]
		if !tables[table] {
			continue
		}
		alias := table
		if m[6] >= 0 && !keywords[strings.ToLower(q[m[6]:m[7]])] {
			alias = q[m[6]:m[7]]
		}
		ok := false
		if kind == "INTO" {
			ok = insertNamesOrganization(q[m[1]:])
		} else {
			ok = namesOrganization(q, alias)
		}
		if !ok {
			missing = append(missing, table)
		}
	}
	return missing
}

var columnList = regexp.MustCompile(`^\s*(?:"?\w+"?\s*)?\(([^)]*)\)`)

func insertNamesOrganization(rest string) bool {
	m := columnList.FindStringSubmatch(rest)
	return m != nil && regexp.MustCompile(`\borganization_id\b`).MatchString(m[1])
}

var predicateCache sync.Map

// namesOrganization reports whether q compares alias's organization_id
// (qualified, or unqualified, which SQL resolves to the one table that has
// it) with a value, a list or another column.
func namesOrganization(q, alias string) bool {
	re, ok := predicateCache.Load(alias)
	if !ok {
		a := regexp.QuoteMeta(alias)
		re, _ = predicateCache.LoadOrStore(alias, regexp.MustCompile(
			`(?i)((^|[^\w".])"?`+a+`"?\.|(^|[^\w".]))"?organization_id"?\s*(=|IN\b)|=\s*"?`+a+`"?\."?organization_id\b`))
	}
	return re.(*regexp.Regexp).MatchString(q)
}
