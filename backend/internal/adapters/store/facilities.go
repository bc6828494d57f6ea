package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
)

// Facilities is the store repository. Every call names the organization;
// rows of another organization are "not found".
type Facilities struct{ db *DB }

func NewFacilities(db *DB) *Facilities { return &Facilities{db: db} }

// facilitySearchText is what a store is found by.
func facilitySearchText(name, kana, externalID, manager, address, tel string) string {
	return search.Text(name, kana, externalID, manager, address, tel)
}

type facilityView struct {
	facilityRow `bun:",extend"`
	GroupName   string `bun:"group_name"`
	GroupPath   string `bun:"group_path"`
}

// sortColumns maps the list's sort keys to columns; anything else sorts by kana.
var facilitySortColumns = map[string]string{
	facility.SortKana:       "f.facility_name_kana",
	facility.SortName:       "f.facility_name",
	facility.SortGroup:      "g.group_name_kana",
	facility.SortExternalID: "f.external_data_id",
}

// base is the organization's stores joined to their groups, unscoped:
// single-row reads use it, and the use case checks the group scope
// (Principal.Sees) so an out-of-scope id answers "not found" there.
func (r *Facilities) base(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	return r.db.selectIn(ctx, tn, "facilities", "f").
		Join("JOIN org_groups AS g ON g.group_id = f.group_id AND g.organization_id = f.organization_id")
}

// filtered is the list query: the tenant's group scope is applied here,
// from the Tenant itself, so no caller can forget it.
func (r *Facilities) filtered(ctx context.Context, tn access.Tenant, f facility.Filter) *bun.SelectQuery {
	q := inScope(r.base(ctx, tn), tn, "g.path")
	if f.GroupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.group_id = ? AND sg.organization_id = f.organization_id) || '%'", *f.GroupID)
	}
	if f.TagID != nil {
		q = q.Where(`EXISTS (SELECT 1 FROM facility_attribute_links AS l
			WHERE l.organization_id = f.organization_id AND l.facility_id = f.facility_id AND l.facility_attribute_id = ?)`, *f.TagID)
	}
	return matchesAll(q, "f.search_text", f.SearchText)
}

// List returns one page of the organization's stores.
func (r *Facilities) List(ctx context.Context, tn access.Tenant, f facility.Filter, p paging.Request) (paging.Page[facility.Facility], error) {
	p = p.Normalize()
	total, err := r.filtered(ctx, tn, f).Count(ctx)
	if err != nil {
		return paging.Page[facility.Facility]{}, fmt.Errorf("count stores: %w", err)
	}
	col, ok := facilitySortColumns[f.SortBy]
	if !ok {
		col = facilitySortColumns[facility.SortKana]
	}
	dir := " ASC"
	if f.Descending {
		dir = " DESC"
	}
	var rows []facilityView
	err = r.filtered(ctx, tn, f).ColumnExpr("f.*, g.group_name AS group_name, g.path AS group_path").
		OrderExpr(col+dir).OrderExpr("f.facility_id"+dir).
		Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows)
	if err != nil {
		return paging.Page[facility.Facility]{}, fmt.Errorf("list stores: %w", err)
	}
	items := make([]facility.Facility, len(rows))
	ids := make([]int64, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
		ids[i] = row.FacilityID
	}
	if err := r.attachTags(ctx, tn, items, ids); err != nil {
		return paging.Page[facility.Facility]{}, err
	}
	return paging.Page[facility.Facility]{Items: items, Total: total, Request: p}, nil
}

// Get returns one store with its tags and terminals.
func (r *Facilities) Get(ctx context.Context, tn access.Tenant, id int64) (facility.Facility, error) {
	var row facilityView
	err := r.base(ctx, tn).ColumnExpr("f.*, g.group_name AS group_name, g.path AS group_path").
		Where("f.facility_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return facility.Facility{}, failure.NotFound()
	}
	if err != nil {
		return facility.Facility{}, fmt.Errorf("read store %d: %w", id, err)
	}
	items := []facility.Facility{row.toDomain()}
	if err := r.attachTags(ctx, tn, items, []int64{id}); err != nil {
		return facility.Facility{}, err
	}
	if err := r.db.selectIn(ctx, tn, "terminals", "t").ColumnExpr("t.terminal_code").
		Where("t.facility_id = ?", id).OrderExpr("t.terminal_code").
		Scan(ctx, &items[0].TerminalCodes); err != nil {
		return facility.Facility{}, fmt.Errorf("read terminals: %w", err)
	}
	return items[0], nil
}

func (r *Facilities) attachTags(ctx context.Context, tn access.Tenant, items []facility.Facility, ids []int64) error {
	tags, err := NewFacilityTags(r.db).Of(ctx, tn, "facility_id", ids)
	if err != nil {
		return err
	}
	for i := range items {
		items[i].Tags = tags[items[i].ID]
	}
	return nil
}

// Create stores a new store with its tags.
func (r *Facilities) Create(ctx context.Context, tn access.Tenant, in facility.Input, now time.Time) (int64, error) {
	row := &facilityRow{OrganizationID: tn.Org(), Version: 1, Timestamps: newTimestamps(now)}
	fillFacility(row, in)
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("facility_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create store: %w", err)
	}
	return row.FacilityID, r.setTags(ctx, tn, row.FacilityID, in.TagIDs)
}

// Update changes a store if nobody changed it since version was read;
// otherwise it answers a conflict and changes nothing.
func (r *Facilities) Update(ctx context.Context, tn access.Tenant, id, version int64, in facility.Input, now time.Time) error {
	row := &facilityRow{}
	fillFacility(row, in)
	res, err := r.db.updateModelIn(ctx, tn, row).
		Column("group_id", "facility_name", "facility_name_kana", "address", "tel", "manager_name",
			"external_data_id", "external_data_value", "available_advanced_report", "available_survey", "search_text").
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("?TableAlias.facility_id = ? AND ?TableAlias.version = ?", id, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update store %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := r.Get(ctx, tn, id); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	return r.setTags(ctx, tn, id, in.TagIDs)
}

// Usage counts what keeps a store from being deleted; whether it may go is
// the domain's rule (facility.CanDelete).
func (r *Facilities) Usage(ctx context.Context, tn access.Tenant, id int64) (facility.Usage, error) {
	var u facility.Usage
	var err error
	if u.Users, err = r.db.selectIn(ctx, tn, "users", "u").Where("u.facility_id = ?", id).Count(ctx); err != nil {
		return u, fmt.Errorf("count store users: %w", err)
	}
	if u.CheckSheets, err = r.db.selectIn(ctx, tn, "check_sheets", "s").Where("s.facility_id = ?", id).Count(ctx); err != nil {
		return u, fmt.Errorf("count store sheets: %w", err)
	}
	if u.SurveyAnswers, err = r.db.selectIn(ctx, tn, "survey_answers", "a").Where("a.facility_id = ?", id).Count(ctx); err != nil {
		return u, fmt.Errorf("count store survey answers: %w", err)
	}
	return u, nil
}

// Delete removes a store with its tag links (its terminals go by the
// foreign key's cascade). Whether it may go is decided before, by
// facility.CanDelete on Usage.
func (r *Facilities) Delete(ctx context.Context, tn access.Tenant, id int64) error {
	if err := r.setTags(ctx, tn, id, nil); err != nil {
		return err
	}
	res, err := r.db.deleteIn(ctx, tn, "facilities").Where("facility_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete store %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

func (r *Facilities) setTags(ctx context.Context, tn access.Tenant, id int64, tagIDs []int64) error {
	return NewFacilityTags(r.db).SetFor(ctx, tn, "facility_id", id, tagIDs)
}

func fillFacility(row *facilityRow, in facility.Input) {
	row.GroupID, row.FacilityName, row.FacilityNameKana = in.GroupID, in.Name, in.NameKana
	row.Address, row.Tel, row.ManagerName = in.Address, in.Tel, in.ManagerName
	row.ExternalDataID, row.ExternalDataValue = in.ExternalDataID, in.ExternalDataValue
	row.AvailableAdvancedReport, row.AvailableSurvey = in.AvailableAdvancedReport, in.AvailableSurvey
	row.SearchText = facilitySearchText(in.Name, in.NameKana, in.ExternalDataID, in.ManagerName, in.Address, in.Tel)
}

func (v facilityView) toDomain() facility.Facility {
	return facility.Facility{
		ID: v.FacilityID, OrganizationID: v.OrganizationID, GroupID: v.GroupID, GroupName: v.GroupName, GroupPath: v.GroupPath,
		Name: v.FacilityName, NameKana: v.FacilityNameKana, Address: v.Address, Tel: v.Tel, ManagerName: v.ManagerName,
		ExternalDataID: v.ExternalDataID, ExternalDataValue: v.ExternalDataValue,
		AvailableAdvancedReport: v.AvailableAdvancedReport, AvailableSurvey: v.AvailableSurvey, Version: v.Version,
	}
}

// GroupPath returns the path of the store's group, for scope checks.
func (r *Facilities) GroupPath(ctx context.Context, tn access.Tenant, id int64) (string, error) {
	var path string
	err := r.base(ctx, tn).ColumnExpr("g.path").Where("f.facility_id = ?", id).Scan(ctx, &path)
	if errors.Is(err, sql.ErrNoRows) {
		return "", failure.NotFound()
	}
	return path, err
}
