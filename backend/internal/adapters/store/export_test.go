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
