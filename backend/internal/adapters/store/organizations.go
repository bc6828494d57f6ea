package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/organization"
)

// Organizations is the organization repository. Organizations are the
// tenants themselves: who may read which is decided by the use cases.
type Organizations struct{ db *DB }

func NewOrganizations(db *DB) *Organizations { return &Organizations{db: db} }

// Get returns one organization.
func (r *Organizations) Get(ctx context.Context, id int64) (organization.Organization, error) {
	var row organizationRow
	err := r.db.conn(ctx).NewSelect().Model(&row).Where("organization_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return organization.Organization{}, failure.NotFound()
	}
	if err != nil {
		return organization.Organization{}, fmt.Errorf("read organization %d: %w", id, err)
	}
	return row.toDomain(), nil
}

// Names lists every organization's id and name, by id.
func (r *Organizations) Names(ctx context.Context) ([]organization.Name, error) {
	var rows []organizationRow
	err := r.db.conn(ctx).NewSelect().Model(&rows).Column("organization_id", "organization_name").
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
		AllowPhotoLibrary: row.AllowPhotoLibrary, AvailableImprovement: row.AvailableImprovement,
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
