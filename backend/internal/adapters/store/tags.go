package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/tag"
)

// Tags is the repository of one kind of tag: store tags or user tags live in
// tables of the same shape, so one implementation serves both.
type Tags struct {
	db    *DB
	table string // facility_attributes | user_attributes
	id    string // its id column
	links string // the link table
}

// FacilityTags and UserTags are the two kinds.
type (
	FacilityTags struct{ Tags }
	UserTags     struct{ Tags }
)

func NewFacilityTags(db *DB) *FacilityTags {
	return &FacilityTags{Tags{db: db, table: "facility_attributes", id: "facility_attribute_id", links: "facility_attribute_links"}}
}

func NewUserTags(db *DB) *UserTags {
	return &UserTags{Tags{db: db, table: "user_attributes", id: "user_attribute_id", links: "user_attribute_links"}}
}

// List returns the organization's tags by label, each with how many rows
// carry it.
func (r *Tags) List(ctx context.Context, tn access.Tenant) ([]tag.Tag, error) {
	var rows []struct {
		ID    int64  `bun:"id"`
		Label string `bun:"label"`
		Uses  int    `bun:"uses"`
	}
	err := r.db.selectIn(ctx, tn, r.table, "a").
		ColumnExpr("a.? AS id, a.label", bun.Ident(r.id)).
		ColumnExpr("(SELECT COUNT(*) FROM ? AS l WHERE l.organization_id = a.organization_id AND l.? = a.?) AS uses",
			bun.Ident(r.links), bun.Ident(r.id), bun.Ident(r.id)).
		OrderExpr("a.label, a.?", bun.Ident(r.id)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", r.table, err)
	}
	out := make([]tag.Tag, len(rows))
	for i, row := range rows {
		out[i] = tag.Tag{ID: row.ID, Label: row.Label, Uses: row.Uses}
	}
	return out, nil
}

// AllExist reports whether every id is a tag of the organization, so a
// row can never carry another organization's tag.
func (r *Tags) AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	unique := map[int64]bool{}
	for _, id := range ids {
		unique[id] = true
	}
	n, err := r.db.selectIn(ctx, tn, r.table, "a").Where("a.? IN (?)", bun.Ident(r.id), bun.In(ids)).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("check %s: %w", r.table, err)
	}
	return n == len(unique), nil
}

func (r *Tags) Create(ctx context.Context, tn access.Tenant, in tag.Input, now time.Time) (int64, error) {
	if err := r.refuseDuplicate(ctx, tn, 0, in.Label); err != nil {
		return 0, err
	}
	var id int64
	err := r.db.conn(ctx).NewRaw("INSERT INTO ? (organization_id, label, created_at) VALUES (?, ?, ?) RETURNING ?",
		bun.Ident(r.table), tn.Org(), strings.TrimSpace(in.Label), now.UTC(), bun.Ident(r.id)).Scan(ctx, &id)
	if err != nil {
		return 0, asTaken(fmt.Errorf("create %s: %w", r.table, err))
	}
	return id, nil
}

func (r *Tags) Rename(ctx context.Context, tn access.Tenant, id int64, in tag.Input) error {
	if err := r.refuseDuplicate(ctx, tn, id, in.Label); err != nil {
		return err
	}
	res, err := r.db.updateIn(ctx, tn, r.table).Set("label = ?", strings.TrimSpace(in.Label)).
		Where("? = ?", bun.Ident(r.id), id).Exec(ctx)
	if err != nil {
		return asTaken(fmt.Errorf("rename %s: %w", r.table, err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

// Delete takes the tag off every row and deletes it.
func (r *Tags) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	exists, err := r.AllExist(ctx, tn, []int64{id})
	if err != nil {
		return err
	}
	if !exists {
		return failure.NotFound()
	}
	if _, err := r.db.deleteIn(ctx, tn, r.links).Where("? = ?", bun.Ident(r.id), id).Exec(ctx); err != nil {
		return fmt.Errorf("untag %s: %w", r.table, err)
	}
	if _, err := r.db.deleteIn(ctx, tn, r.table).Where("? = ?", bun.Ident(r.id), id).Exec(ctx); err != nil {
		return fmt.Errorf("delete %s: %w", r.table, err)
	}
	return nil
}

// SetFor replaces the tags of one row (a store or a user, column owner)
// with ids. The link rows carry the organization like every tenant row;
// the ids were checked with AllExist by the use case.
func (r *Tags) SetFor(ctx context.Context, tn access.Tenant, owner string, ownerID int64, ids []int64) error {
	if _, err := r.db.deleteIn(ctx, tn, r.links).Where("? = ?", bun.Ident(owner), ownerID).Exec(ctx); err != nil {
		return fmt.Errorf("clear tags: %w", err)
	}
	seen := map[int64]bool{}
	for _, t := range ids {
		if seen[t] {
			continue
		}
		seen[t] = true
		if _, err := r.db.conn(ctx).NewRaw("INSERT INTO ? (organization_id, ?, ?) VALUES (?, ?, ?)",
			bun.Ident(r.links), bun.Ident(owner), bun.Ident(r.id), tn.Org(), ownerID, t).Exec(ctx); err != nil {
			return fmt.Errorf("tag: %w", err)
		}
	}
	return nil
}

// Of returns the tags of the given rows, by row id.
func (r *Tags) Of(ctx context.Context, tn access.Tenant, owner string, ownerIDs []int64) (map[int64][]tag.Tag, error) {
	out := map[int64][]tag.Tag{}
	if len(ownerIDs) == 0 {
		return out, nil
	}
	var links []struct {
		Owner int64  `bun:"owner"`
		ID    int64  `bun:"id"`
		Label string `bun:"label"`
	}
	err := r.db.selectIn(ctx, tn, r.links, "l").
		Join("JOIN ? AS a ON a.? = l.? AND a.organization_id = l.organization_id", bun.Ident(r.table), bun.Ident(r.id), bun.Ident(r.id)).
		ColumnExpr("l.? AS owner, a.? AS id, a.label", bun.Ident(owner), bun.Ident(r.id)).
		Where("l.? IN (?)", bun.Ident(owner), bun.In(ownerIDs)).OrderExpr("a.label").Scan(ctx, &links)
	if err != nil {
		return nil, fmt.Errorf("read tags: %w", err)
	}
	for _, l := range links {
		out[l.Owner] = append(out[l.Owner], tag.Tag{ID: l.ID, Label: l.Label})
	}
	return out, nil
}

func (r *Tags) refuseDuplicate(ctx context.Context, tn access.Tenant, except int64, label string) error {
	n, err := r.db.selectIn(ctx, tn, r.table, "a").
		Where("a.label = ? AND a.? <> ?", strings.TrimSpace(label), bun.Ident(r.id), except).Count(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return failure.Invalid(map[string]string{"label": tag.MsgDuplicate})
	}
	return nil
}
