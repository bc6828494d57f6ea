package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

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

func (r *Facilities) filtered(ctx context.Context, orgID int64, f facility.Filter) *bun.SelectQuery {
	q := r.db.conn(ctx).NewSelect().TableExpr("facilities AS f").
		Join("JOIN org_groups AS g ON g.group_id = f.group_id").
		Where("f.organization_id = ?", orgID)
	if f.ScopePath != "" {
		q = q.Where("g.path LIKE ?", f.ScopePath+"%")
	}
	if f.GroupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.group_id = ? AND sg.organization_id = ?) || '%'", *f.GroupID, orgID)
	}
	if f.TagID != nil {
		q = q.Where("EXISTS (SELECT 1 FROM facility_attribute_links AS l WHERE l.facility_id = f.facility_id AND l.facility_attribute_id = ?)", *f.TagID)
	}
	if search.Fold(f.SearchText) != "" {
		q = q.Where(`f.search_text LIKE ? ESCAPE '\'`, search.LikePattern(f.SearchText))
	}
	return q
}

// List returns one page of the organization's stores.
func (r *Facilities) List(ctx context.Context, orgID int64, f facility.Filter, p paging.Request) (paging.Page[facility.Facility], error) {
	p = p.Normalize()
	total, err := r.filtered(ctx, orgID, f).Count(ctx)
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
	err = r.filtered(ctx, orgID, f).ColumnExpr("f.*, g.group_name AS group_name, g.path AS group_path").
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
	if err := r.attachTags(ctx, items, ids); err != nil {
		return paging.Page[facility.Facility]{}, err
	}
	return paging.Page[facility.Facility]{Items: items, Total: total, Request: p}, nil
}

// Get returns one store with its tags and terminals.
func (r *Facilities) Get(ctx context.Context, orgID, id int64) (facility.Facility, error) {
	var row facilityView
	err := r.filtered(ctx, orgID, facility.Filter{}).ColumnExpr("f.*, g.group_name AS group_name, g.path AS group_path").
		Where("f.facility_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return facility.Facility{}, failure.NotFound()
	}
	if err != nil {
		return facility.Facility{}, fmt.Errorf("read store %d: %w", id, err)
	}
	items := []facility.Facility{row.toDomain()}
	if err := r.attachTags(ctx, items, []int64{id}); err != nil {
		return facility.Facility{}, err
	}
	if err := r.db.conn(ctx).NewSelect().Table("terminals").Column("terminal_code").
		Where("organization_id = ? AND facility_id = ?", orgID, id).OrderExpr("terminal_code").
		Scan(ctx, &items[0].TerminalCodes); err != nil {
		return facility.Facility{}, fmt.Errorf("read terminals: %w", err)
	}
	return items[0], nil
}

func (r *Facilities) attachTags(ctx context.Context, items []facility.Facility, ids []int64) error {
	tags, err := NewFacilityTags(r.db).Of(ctx, "facility_id", ids)
	if err != nil {
		return err
	}
	for i := range items {
		items[i].Tags = tags[items[i].ID]
	}
	return nil
}

// Create stores a new store with its tags.
func (r *Facilities) Create(ctx context.Context, orgID int64, in facility.Input, now time.Time) (int64, error) {
	row := &facilityRow{OrganizationID: orgID, Version: 1, Timestamps: newTimestamps(now)}
	fillFacility(row, in)
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("facility_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create store: %w", err)
	}
	return row.FacilityID, r.setTags(ctx, row.FacilityID, in.TagIDs)
}

// Update changes a store if nobody changed it since version was read;
// otherwise it answers a conflict and changes nothing.
func (r *Facilities) Update(ctx context.Context, orgID, id, version int64, in facility.Input, now time.Time) error {
	row := &facilityRow{}
	fillFacility(row, in)
	res, err := r.db.conn(ctx).NewUpdate().Model(row).
		Column("group_id", "facility_name", "facility_name_kana", "address", "tel", "manager_name",
			"external_data_id", "external_data_value", "available_advanced_report", "available_survey", "search_text").
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("organization_id = ? AND facility_id = ? AND version = ?", orgID, id, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update store %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := r.Get(ctx, orgID, id); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	return r.setTags(ctx, id, in.TagIDs)
}

// Delete removes a store; one that users belong to is refused.
func (r *Facilities) Delete(ctx context.Context, orgID, id int64) error {
	if _, err := r.Get(ctx, orgID, id); err != nil {
		return err
	}
	users, err := r.db.conn(ctx).NewSelect().Table("users").Where("organization_id = ? AND facility_id = ?", orgID, id).Count(ctx)
	if err != nil {
		return fmt.Errorf("count store users: %w", err)
	}
	if users > 0 {
		return failure.Refused(facility.MsgInUse)
	}
	// Check answers are history: a store that has any stays.
	sheets, err := r.db.conn(ctx).NewSelect().Table("check_sheets").Where("facility_id = ?", id).Count(ctx)
	if err != nil {
		return fmt.Errorf("count store sheets: %w", err)
	}
	if sheets > 0 {
		return failure.Refused(facility.MsgHasAnswers)
	}
	// So are customers' survey answers.
	answers, err := r.db.conn(ctx).NewSelect().Table("survey_answers").Where("organization_id = ? AND facility_id = ?", orgID, id).Count(ctx)
	if err != nil {
		return fmt.Errorf("count store survey answers: %w", err)
	}
	if answers > 0 {
		return failure.Refused(facility.MsgHasSurveyAnswers)
	}
	if err := r.setTags(ctx, id, nil); err != nil {
		return err
	}
	if _, err := r.db.conn(ctx).NewDelete().Table("facilities").Where("organization_id = ? AND facility_id = ?", orgID, id).Exec(ctx); err != nil {
		return fmt.Errorf("delete store %d: %w", id, err)
	}
	return nil
}

func (r *Facilities) setTags(ctx context.Context, id int64, tagIDs []int64) error {
	return NewFacilityTags(r.db).SetFor(ctx, "facility_id", id, tagIDs)
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
func (r *Facilities) GroupPath(ctx context.Context, orgID, id int64) (string, error) {
	var path string
	err := r.db.conn(ctx).NewRaw(`SELECT g.path FROM facilities AS f JOIN org_groups AS g ON g.group_id = f.group_id
		WHERE f.organization_id = ? AND f.facility_id = ?`, orgID, id).Scan(ctx, &path)
	if errors.Is(err, sql.ErrNoRows) {
		return "", failure.NotFound()
	}
	return path, err
}
