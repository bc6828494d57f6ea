package store

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/terminal"
	"github.com/rouder/console/internal/domain/user"
)

// uniqueRule is a unique index a user's input can run into. The use case
// (or the repository) checks first that the value is free and answers 400
// with a field message; but that check is a read, so two requests sent
// together can both pass it and race to the write, where the loser meets
// the index. The loser must get the same answer as a request sent after
// the winner, not a 500: refuse is that answer.
type uniqueRule struct {
	index   string   // the index's name, which PostgreSQL reports
	table   string   // SQLite reports table.column for each column instead
	columns []string // the index's columns, in its order
	refuse  func() *failure.Error
}

// uniqueRules lists the unique indexes that input typed by a user can
// break, each with the failure of its "already taken" check. The other
// unique indexes hold keys the console makes itself (a survey's key, an
// answer's idempotency key, a period's sequence number, …): their writes
// use ON CONFLICT, and a violation there stays a fault of ours.
var uniqueRules = []uniqueRule{
	{index: "facility_attributes_org_label", table: "facility_attributes", columns: []string{"organization_id", "label"},
		refuse: func() *failure.Error { return failure.Invalid(map[string]string{"label": tag.MsgDuplicate}) }},
	{index: "user_attributes_org_label", table: "user_attributes", columns: []string{"organization_id", "label"},
		refuse: func() *failure.Error { return failure.Invalid(map[string]string{"label": tag.MsgDuplicate}) }},
	{index: "users_org_account", table: "users", columns: []string{"organization_id", "user_account"},
		refuse: func() *failure.Error { return failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken}) }},
	{index: "terminals_org_code", table: "terminals", columns: []string{"organization_id", "terminal_code"},
		refuse: func() *failure.Error { return failure.Invalid(map[string]string{"terminalId": terminal.MsgTaken}) }},
}

// asTaken returns, when err is a violation of one of uniqueRules, the
// failure that index's check gives; any other error comes back as it is.
// Every write of a row with such an index passes its error through here.
func asTaken(err error) error {
	if err == nil {
		return nil
	}
	index, target, ok := uniqueViolation(err)
	if !ok {
		return err
	}
	for _, r := range uniqueRules {
		if index != "" && index == r.index || target != "" && target == r.target() {
			return r.refuse()
		}
	}
	return err
}

// target is the index as SQLite names it: "table.a, table.b".
func (r uniqueRule) target() string {
	cols := make([]string, len(r.columns))
	for i, c := range r.columns {
		cols[i] = r.table + "." + c
	}
	return strings.Join(cols, ", ")
}

// sqliteUnique is what SQLite's message says before the index.
const sqliteUnique = "UNIQUE constraint failed: "

// uniqueViolation tells whether err is a unique-index violation and of
// which index: PostgreSQL reports SQLSTATE 23505 with the index's name;
// SQLite reports SQLITE_CONSTRAINT_UNIQUE with a message naming the
// index's columns ("UNIQUE constraint failed: users.organization_id,
// users.user_account"), or its name for an index on expressions ("… index
// 'name'").
func uniqueViolation(err error) (index, target string, ok bool) {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.ConstraintName, "", pg.Code == "23505"
	}
	var lite *sqlite.Error
	if !errors.As(err, &lite) {
		return "", "", false
	}
	// The driver reports the extended code; its low byte is the primary one.
	if lite.Code() != sqlite3.SQLITE_CONSTRAINT_UNIQUE && lite.Code()&0xff != sqlite3.SQLITE_CONSTRAINT {
		return "", "", false
	}
	msg := lite.Error()
	at := strings.Index(msg, sqliteUnique)
	if at < 0 {
		return "", "", false
	}
	rest := msg[at+len(sqliteUnique):]
	// The driver may end the message with the code: " (2067)".
	if i := strings.LastIndex(rest, " ("); i >= 0 && strings.HasSuffix(rest, ")") {
		rest = rest[:i]
	}
	if name, found := strings.CutPrefix(rest, "index '"); found {
		return strings.TrimSuffix(name, "'"), "", true
	}
	return "", rest, true
}
