package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
)

// FacilityTags is the store-tag repository.
type FacilityTags struct{ db *DB }

func NewFacilityTags(db *DB) *FacilityTags { return &FacilityTags{db: db} }

// List returns the organization's tags by label, each with how many stores
// carry it.
func (r *FacilityTags) List(ctx context.Context, orgID int64) ([]facility.Tag, error) {
	var rows []struct {
		ID     int64  `bun:"facility_attribute_id"`
		Label  string `bun:"label"`
		Stores int    `bun:"stores"`
	}
	err := r.db.conn(ctx).NewSelect().TableExpr("facility_attributes AS a").
		ColumnExpr("a.facility_attribute_id, a.label").
		ColumnExpr("(SELECT COUNT(*) FROM facility_attribute_links AS l WHERE l.facility_attribute_id = a.facility_attribute_id) AS stores").
		Where("a.organization_id = ?", orgID).OrderExpr("a.label, a.facility_attribute_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("list store tags: %w", err)
	}
	out := make([]facility.Tag, len(rows))
	for i, row := range rows {
		out[i] = facility.Tag{ID: row.ID, Label: row.Label, Stores: row.Stores}
	}
	return out, nil
}

// AllExist reports whether every id is a tag of the organization, so a
// store can never carry another organization's tag.
func (r *FacilityTags) AllExist(ctx context.Context, orgID int64, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	unique := map[int64]bool{}
	for _, id := range ids {
		unique[id] = true
	}
	n, err := r.db.conn(ctx).NewSelect().Table("facility_attributes").
		Where("organization_id = ? AND facility_attribute_id IN (?)", orgID, bun.In(ids)).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("check store tags: %w", err)
	}
	return n == len(unique), nil
}

func (r *FacilityTags) Create(ctx context.Context, orgID int64, in facility.TagInput, now time.Time) (int64, error) {
	if err := r.refuseDuplicate(ctx, orgID, 0, in.Label); err != nil {
		return 0, err
	}
	row := &facilityAttributeRow{OrganizationID: orgID, Label: strings.TrimSpace(in.Label), CreatedAt: now.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("facility_attribute_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create store tag: %w", err)
	}
	return row.FacilityAttributeID, nil
}

func (r *FacilityTags) Rename(ctx context.Context, orgID, id int64, in facility.TagInput) error {
	if err := r.refuseDuplicate(ctx, orgID, id, in.Label); err != nil {
		return err
	}
	res, err := r.db.conn(ctx).NewUpdate().Table("facility_attributes").Set("label = ?", strings.TrimSpace(in.Label)).
		Where("organization_id = ? AND facility_attribute_id = ?", orgID, id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("rename store tag: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

// Delete removes the tag from every store and then the tag.
func (r *FacilityTags) Delete(ctx context.Context, orgID, id int64) error {
	exists, err := r.AllExist(ctx, orgID, []int64{id})
	if err != nil {
		return err
	}
	if !exists {
		return failure.NotFound()
	}
	if _, err := r.db.conn(ctx).NewDelete().Table("facility_attribute_links").Where("facility_attribute_id = ?", id).Exec(ctx); err != nil {
		return err
	}
	_, err = r.db.conn(ctx).NewDelete().Table("facility_attributes").
		Where("organization_id = ? AND facility_attribute_id = ?", orgID, id).Exec(ctx)
	return err
}

func (r *FacilityTags) refuseDuplicate(ctx context.Context, orgID, except int64, label string) error {
	n, err := r.db.conn(ctx).NewSelect().Table("facility_attributes").
		Where("organization_id = ? AND label = ? AND facility_attribute_id <> ?", orgID, strings.TrimSpace(label), except).Count(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return failure.Invalid(map[string]string{"label": facility.MsgTagDuplicate})
	}
	return nil
}
