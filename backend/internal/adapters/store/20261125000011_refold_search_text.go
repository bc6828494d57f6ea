package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"

	"github.com/rouder/console/internal/domain/search"
)

// The search folding learned dashes, long-vowel marks between digits and
// wave dashes after rows were stored with the older folding; this migration
// writes every stored search text again with today's. Its name is this
// file's (bun reads it from the caller): it runs once, after migration 10.

// refold is one table's search text: its key, the columns it is made of,
// and how (the same function the repository writes it with).
type refold struct {
	table, key string
	columns    []string
	text       func(v []string) string
}

var refolds = []refold{
	{"org_groups", "group_id", []string{"group_name", "group_name_kana", "jk_code"}, func(v []string) string {
		return search.Text(v[0], v[1], v[2])
	}},
	{"facilities", "facility_id", []string{"facility_name", "facility_name_kana", "external_data_id", "manager_name", "address", "tel"},
		func(v []string) string { return facilitySearchText(v[0], v[1], v[2], v[3], v[4], v[5]) }},
	{"users", "user_id", []string{"user_account", "last_name", "first_name", "mail_address"}, func(v []string) string {
		return search.Text(v[0], v[1]+v[2], v[1], v[2], v[3])
	}},
	{"check_lists", "check_list_id", []string{"name"}, func(v []string) string { return search.Text(v[0]) }},
	{"surveys", "survey_id", []string{"name", "title"}, func(v []string) string { return search.Text(v[0] + " " + v[1]) }},
	{"survey_answer_values", "value_id", []string{`"text"`}, func(v []string) string { return search.Text(v[0]) }},
}

func registerRefoldSearchText(ms *migrate.Migrations) error {
	return ms.Register(func(ctx context.Context, db *bun.DB) error {
		for _, r := range refolds {
			if err := r.run(ctx, db); err != nil {
				return err
			}
		}
		return nil
	}, func(context.Context, *bun.DB) error { return nil })
}

// run rewrites the table's search texts that differ, a thousand rows at a
// time in key order. Every organization's rows: the statements say so.
func (r refold) run(ctx context.Context, db *bun.DB) error {
	const batch = 1000
	last := int64(0)
	for {
		rows, err := db.QueryContext(ctx, fmt.Sprintf("/* %s */ SELECT %s, search_text, %s FROM %s WHERE %s > ? ORDER BY %s LIMIT %d",
			AllTenants, r.key, joinColumns(r.columns), r.table, r.key, r.key, batch), last)
		if err != nil {
			return fmt.Errorf("refold %s: %w", r.table, err)
		}
		type change struct {
			id   int64
			text string
		}
		var changes []change
		n := 0
		for rows.Next() {
			var id int64
			var stored sql.NullString
			vals := make([]sql.NullString, len(r.columns))
			dest := []any{&id, &stored}
			for i := range vals {
				dest = append(dest, &vals[i])
			}
			if err := rows.Scan(dest...); err != nil {
				_ = rows.Close()
				return fmt.Errorf("refold %s: %w", r.table, err)
			}
			n++
			last = id
			texts := make([]string, len(vals))
			for i, v := range vals {
				texts[i] = v.String
			}
			if t := r.text(texts); t != stored.String {
				changes = append(changes, change{id, t})
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
		for _, c := range changes {
			if _, err := db.ExecContext(ctx, fmt.Sprintf("/* %s */ UPDATE %s SET search_text = ? WHERE %s = ?", AllTenants, r.table, r.key),
				c.text, c.id); err != nil {
				return fmt.Errorf("refold %s %d: %w", r.table, c.id, err)
			}
		}
		if n < batch {
			return nil
		}
	}
}

func joinColumns(cols []string) string {
	out := ""
	for i, c := range cols {
		if i > 0 {
			out += ", "
		}
		out += "COALESCE(" + c + ", '')"
	}
	return out
}
