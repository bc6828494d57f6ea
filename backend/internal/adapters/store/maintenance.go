package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/maintenance"
)

type maintenanceRow struct {
	bun.BaseModel `bun:"table:maintenance_settings"`

	ID           int64      `bun:"id,pk"`
	Message      string     `bun:"message,notnull"`
	AnnounceFrom *time.Time `bun:"announce_from"`
	StartAt      *time.Time `bun:"start_at"`
	EndAt        *time.Time `bun:"end_at"`
	SwitchedOn   bool       `bun:"switched_on,notnull"`
	UpdatedBy    string     `bun:"updated_by,notnull"`
	UpdatedAt    *time.Time `bun:"updated_at"`
}

// Maintenance keeps the installation's one maintenance plan.
type Maintenance struct{ db *DB }

func NewMaintenance(db *DB) *Maintenance { return &Maintenance{db: db} }

// Get returns the plan; none stored is no maintenance.
func (r *Maintenance) Get(ctx context.Context) (maintenance.Settings, error) {
	var row maintenanceRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("id = 1").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return maintenance.Settings{}, nil
	}
	if err != nil {
		return maintenance.Settings{}, fmt.Errorf("read maintenance: %w", err)
	}
	s := maintenance.Settings{Message: row.Message, AnnounceFrom: utcPtr(row.AnnounceFrom), Start: utcPtr(row.StartAt),
		End: utcPtr(row.EndAt), On: row.SwitchedOn, UpdatedBy: row.UpdatedBy}
	if row.UpdatedAt != nil {
		s.UpdatedAt = row.UpdatedAt.UTC()
	}
	return s, nil
}

// Save replaces the plan.
func (r *Maintenance) Save(ctx context.Context, s maintenance.Settings) error {
	at := s.UpdatedAt.UTC()
	row := &maintenanceRow{ID: 1, Message: s.Message, AnnounceFrom: utcPtr(s.AnnounceFrom), StartAt: utcPtr(s.Start),
		EndAt: utcPtr(s.End), SwitchedOn: s.On, UpdatedBy: s.UpdatedBy, UpdatedAt: &at}
	_, err := r.db.conn(ctx).NewInsert().Model(row).
		On("CONFLICT (id) DO UPDATE").
		Set("message = EXCLUDED.message, announce_from = EXCLUDED.announce_from, start_at = EXCLUDED.start_at").
		Set("end_at = EXCLUDED.end_at, switched_on = EXCLUDED.switched_on, updated_by = EXCLUDED.updated_by").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	if err != nil {
		return fmt.Errorf("save maintenance: %w", err)
	}
	return nil
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
