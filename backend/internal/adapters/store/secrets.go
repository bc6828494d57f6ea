package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

type secretRow struct {
	bun.BaseModel `bun:"table:app_secrets"`

	Name      string    `bun:"name,pk"`
	Secret    string    `bun:"secret,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

// Secret returns the named secret, creating a random 32-byte one on first
// use. Two servers starting at once agree: the insert that loses the race
// does nothing, and both read the winner.
func Secret(ctx context.Context, db *DB, name string) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	row := &secretRow{Name: name, Secret: base64.StdEncoding.EncodeToString(b), CreatedAt: time.Now().UTC()}
	if _, err := db.NewInsert().Model(row).On("CONFLICT (name) DO NOTHING").Exec(ctx); err != nil {
		return nil, fmt.Errorf("create secret %s: %w", name, err)
	}
	var stored secretRow
	if err := db.NewSelect().Model(&stored).Where("name = ?", name).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read secret %s: %w", name, err)
	}
	return base64.StdEncoding.DecodeString(stored.Secret)
}
