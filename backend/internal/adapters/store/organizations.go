package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
)

// Organizations is the organization repository. Organizations are the
// tenants themselves: who may read which is decided by the use cases.
type Organizations struct{ db *DB }

func NewOrganizations(db *DB) *Organizations { return &Organizations{db: db} }

// Get returns one organization. The id is the acting organization the
// caller resolved (or a system administrator's pick); organizations are
// the tenants themselves, so there is no Tenant to pass.
func (r *Organizations) Get(ctx context.Context, id int64) (organization.Organization, error) {
	var row organizationRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("?TableAlias.organization_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return organization.Organization{}, failure.NotFound()
	}
	if err != nil {
		return organization.Organization{}, fmt.Errorf("read organization %d: %w", id, err)
	}
	return row.toDomain(), nil
}

// Names lists every organization's id and name, by id: the system
// administrator's organization picker, across tenants on purpose.
func (r *Organizations) Names(ctx context.Context) ([]organization.Name, error) {
	var rows []organizationRow
	err := r.db.conn(ctx).NewSelect().Comment(AllTenants).Model(&rows).Column("organization_id", "organization_name").
		OrderExpr("organization_id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list organizations: %w", err)
	}
	out := make([]organization.Name, len(rows))
	for i, row := range rows {
		out[i] = organization.Name{ID: row.OrganizationID, Name: row.OrganizationName}
	}
	return out, nil
}

func (row organizationRow) toDomain() organization.Organization {
	return organization.Organization{
		ID: row.OrganizationID, Name: row.OrganizationName, JKCode: row.JKCode, PersonInCharge: row.PersonInCharge,
		ServiceStartDate: timeOf(row.ServiceStartDate), MobileAppEndDate: timeOf(row.MobileAppEndDate),
		ServiceEndDate: timeOf(row.ServiceEndDate), Demo: row.Demo, CheckinType: row.CheckinType,
		AllowPhotoLibrary: row.AllowPhotoLibrary, AvailableImprovement: row.AvailableImprovement, ImprovementDueDays: row.ImprovementDueDays, ReportRanks: row.ReportRanks,
		ExternalDataIDLabel: row.ExternalDataIDLabel, ExternalDataValueLabel: row.ExternalDataValueLabel,
		IPAddressRestriction: row.IPAddressRestriction, AllowIPAddresses: row.AllowIPAddresses,
		StorageSize: row.StorageSize, StorageUsage: row.StorageUsage, MaxStorageUsage: row.MaxStorageUsage,
		BillingType: row.BillingType, AvailableAdvancedReport: row.AvailableAdvancedReport,
		AvailableSurvey: row.AvailableSurvey, SurveyStartDate: timeOf(row.SurveyStartDate),
		AvailableMfaMail: row.AvailableMfaMail, AvailableOpeHistoryExport: row.AvailableOpeHistoryExport,
		ChargedForUser: row.ChargedForUser, ChargedForUserAtEndOfMon: row.ChargedForUserAtEndOfMon,
		ChargedForFacility: row.ChargedForFacility, ChargedForAdvancedReport: row.ChargedForAdvancedReport,
		ChargedForSurvey: row.ChargedForSurvey, ChargedByGroup: row.ChargedByGroup, Version: row.Version,
	}
}

// organizationSearchText is what an organization is found by: its name and
// JK code, folded in SQL as far as SQL can (ASCII lower case). There is no
// stored search column; NFKC and kana folding of the query still apply.
const organizationSearchText = "(LOWER(?TableAlias.organization_name) || ' ' || LOWER(?TableAlias.jk_code))"

// List returns a page of organizations by id, matched by name or JK code
// (every word of the query); those whose service ended before today are
// left out unless showEnded. It is the system administrator's list of
// every tenant, so it spans organizations on purpose.
func (r *Organizations) List(ctx context.Context, searchText string, showEnded bool, today time.Time, p paging.Request) (paging.Page[organization.Organization], error) {
	p = p.Normalize()
	filter := func(q *bun.SelectQuery) *bun.SelectQuery {
		q = matchesAll(q, organizationSearchText, searchText)
		if !showEnded {
			q = q.Where("(service_end_date IS NULL OR service_end_date >= ?)", civilDate{today})
		}
		return q
	}
	var rows []organizationRow
	total, err := countAllTenants(ctx, filter(r.db.conn(ctx).NewSelect().Model((*organizationRow)(nil))))
	if err != nil {
		return paging.Page[organization.Organization]{}, fmt.Errorf("count organizations: %w", err)
	}
	if err := filter(r.db.conn(ctx).NewSelect().Comment(AllTenants).Model(&rows)).OrderExpr("organization_id").
		Limit(p.Size).Offset(p.Offset()).Scan(ctx); err != nil {
		return paging.Page[organization.Organization]{}, fmt.Errorf("list organizations: %w", err)
	}
	items := make([]organization.Organization, len(rows))
	for i, row := range rows {
		items[i] = row.toDomain()
	}
	return paging.Page[organization.Organization]{Items: items, Total: total, Request: p}, nil
}

// Create adds an organization with its top group (named 本部), so users
// and stores have somewhere to belong from the start. A new tenant has no
// organization to name yet: the insert says so.
func (r *Organizations) Create(ctx context.Context, o organization.Organization, now time.Time) (int64, error) {
	row := organizationRowOf(o)
	row.Version, row.Timestamps = 1, newTimestamps(now)
	if row.ImprovementDueDays == 0 { // a seed or an older caller that does not set it
		row.ImprovementDueDays = organization.DefaultImprovementDueDays
	}
	if _, err := r.db.conn(ctx).NewInsert().Comment(AllTenants).Model(row).Returning("organization_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create organization: %w", err)
	}
	if _, err := NewGroups(r.db).Create(ctx, access.TrustedTenant(row.OrganizationID), nil, group.Input{Name: "本部", NameKana: "ホンブ"}, now); err != nil {
		return 0, err
	}
	return row.OrganizationID, nil
}

// Update stores o if nobody changed the organization since version.
func (r *Organizations) Update(ctx context.Context, o organization.Organization, version int64, now time.Time) error {
	row := organizationRowOf(o)
	res, err := r.db.conn(ctx).NewUpdate().Model(row).
		ExcludeColumn("organization_id", "storage_usage", "version", "created_at", "updated_at").
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("?TableAlias.organization_id = ? AND ?TableAlias.version = ?", o.ID, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update organization %d: %w", o.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := r.Get(ctx, o.ID); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	return nil
}

func organizationRowOf(o organization.Organization) *organizationRow {
	return &organizationRow{
		OrganizationID: o.ID, OrganizationName: o.Name, JKCode: o.JKCode, PersonInCharge: o.PersonInCharge,
		ServiceStartDate: dateOf(o.ServiceStartDate), MobileAppEndDate: dateOf(o.MobileAppEndDate),
		ServiceEndDate: dateOf(o.ServiceEndDate), Demo: o.Demo, CheckinType: o.CheckinType,
		AllowPhotoLibrary: o.AllowPhotoLibrary, AvailableImprovement: o.AvailableImprovement, ImprovementDueDays: o.ImprovementDueDays, ReportRanks: o.ReportRanks,
		ExternalDataIDLabel: o.ExternalDataIDLabel, ExternalDataValueLabel: o.ExternalDataValueLabel,
		IPAddressRestriction: o.IPAddressRestriction, AllowIPAddresses: o.AllowIPAddresses,
		StorageSize: o.StorageSize, StorageUsage: o.StorageUsage, MaxStorageUsage: o.MaxStorageUsage,
		BillingType: o.BillingType, AvailableAdvancedReport: o.AvailableAdvancedReport,
		AvailableSurvey: o.AvailableSurvey, SurveyStartDate: dateOf(o.SurveyStartDate),
		AvailableMfaMail: o.AvailableMfaMail, AvailableOpeHistoryExport: o.AvailableOpeHistoryExport,
		ChargedForUser: o.ChargedForUser, ChargedForUserAtEndOfMon: o.ChargedForUserAtEndOfMon,
		ChargedForFacility: o.ChargedForFacility, ChargedForAdvancedReport: o.ChargedForAdvancedReport,
		ChargedForSurvey: o.ChargedForSurvey, ChargedByGroup: o.ChargedByGroup,
	}
}
