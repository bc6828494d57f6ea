package store

import "context"

// RefoldSearchText runs the search-text migration's work again (tests).
func RefoldSearchText(ctx context.Context, db *DB) error {
	for _, r := range refolds {
		if err := r.run(ctx, db.DB); err != nil {
			return err
		}
	}
	return nil
}

// AsTaken and UniqueViolation expose the unique-index translation (tests).
var (
	AsTaken         = asTaken
	UniqueViolation = uniqueViolation
)

// SeenSQL is the answer path's seen query as each database runs it (tests):
// on PostgreSQL with the queries as JSON ($1) and the organization ($2), on
// SQLite over rows of six values, then the organization.
func SeenSQL(rows int) (postgres, sqlite string) {
	return seenPrepared.text, seenRows.text(valuesList(rows, seenRows.width))
}
