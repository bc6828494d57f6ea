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
