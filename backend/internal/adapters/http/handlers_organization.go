package http

import (
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/organization"
)

func (h *handlers) ListOrganizations(c echo.Context, p api.ListOrganizationsParams) error {
	search, showEnded := "", false
	if p.SearchText != nil {
		search = *p.SearchText
	}
	if p.ShowServiceEnd != nil {
		showEnded = *p.ShowServiceEnd
	}
	page, err := h.organizations.List(c.Request().Context(), search, showEnded, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.Organization, len(page.Items))
	for i, o := range page.Items {
		items[i] = organizationOut(o)
	}
	return ok(c, api.OrganizationPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetOrganization(c echo.Context, id int64, _ api.GetOrganizationParams) error {
	o, err := h.organizations.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, organizationOut(o))
}

func (h *handlers) CreateOrganization(c echo.Context, _ api.CreateOrganizationParams) error {
	var body api.OrganizationInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.organizations.Create(c.Request().Context(), organizationIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"organizationId": id})
}

func (h *handlers) UpdateOrganization(c echo.Context, id int64, _ api.UpdateOrganizationParams) error {
	var body api.OrganizationUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	in := organizationIn(inputOf[api.OrganizationInput](body))
	if err := h.organizations.Update(c.Request().Context(), id, body.Version, in); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func organizationIn(b api.OrganizationInput) organization.Organization {
	return organization.Organization{
		Name: b.OrganizationName, JKCode: b.JkCode, PersonInCharge: b.PersonInCharge,
		ServiceStartDate: domainDate(b.ServiceStartDate), MobileAppEndDate: domainDate(b.MobileAppEndDate),
		ServiceEndDate: domainDate(b.ServiceEndDate), Demo: b.Demo, CheckinType: string(b.CheckinType),
		AllowPhotoLibrary: b.AllowPhotoLibrary, AvailableImprovement: b.AvailableImprovement, ImprovementDueDays: b.ImprovementDueDays,
		ReportRanks: valueOr(b.ReportRanks, ""), ExternalDataIDLabel: b.ExternalDataIdLabel, ExternalDataValueLabel: b.ExternalDataValueLabel,
		IPAddressRestriction: b.IpAddressRestriction, AllowIPAddresses: b.AllowIpAddresses, StorageSize: b.StorageSize,
		MaxStorageUsage: b.MaxStorageUsage, BillingType: string(b.BillingType),
		AvailableAdvancedReport: b.AvailableAdvancedReport, AvailableSurvey: b.AvailableSurvey,
		SurveyStartDate: domainDate(b.SurveyStartDate), AvailableMfaMail: b.AvailableMfaMail,
		AvailableOpeHistoryExport: b.AvailableOpeHistoryExport, ChargedForUser: b.ChargedForUser,
		ChargedForUserAtEndOfMon: b.ChargedForUserAtEndOfMonth, ChargedForFacility: b.ChargedForFacility,
		ChargedForAdvancedReport: b.ChargedForAdvancedReport, ChargedForSurvey: b.ChargedForSurvey,
		ChargedByGroup: b.ChargedByGroup,
	}
}

func organizationOut(o organization.Organization) api.Organization {
	return api.Organization{
		OrganizationId: o.ID, OrganizationName: o.Name, JkCode: o.JKCode, PersonInCharge: o.PersonInCharge,
		ServiceStartDate: apiDate(o.ServiceStartDate), MobileAppEndDate: apiDate(o.MobileAppEndDate),
		ServiceEndDate: apiDate(o.ServiceEndDate), Demo: o.Demo, CheckinType: api.OrganizationCheckinType(o.CheckinType),
		AllowPhotoLibrary: o.AllowPhotoLibrary, AvailableImprovement: o.AvailableImprovement, ImprovementDueDays: o.ImprovementDueDays,
		ReportRanks: &o.ReportRanks, ExternalDataIdLabel: o.ExternalDataIDLabel, ExternalDataValueLabel: o.ExternalDataValueLabel,
		IpAddressRestriction: o.IPAddressRestriction, AllowIpAddresses: o.AllowIPAddresses, StorageSize: o.StorageSize,
		StorageUsage: o.StorageUsage, MaxStorageUsage: o.MaxStorageUsage, BillingType: api.OrganizationBillingType(o.BillingType),
		AvailableAdvancedReport: o.AvailableAdvancedReport, AvailableSurvey: o.AvailableSurvey,
		SurveyStartDate: apiDate(o.SurveyStartDate), AvailableMfaMail: o.AvailableMfaMail,
		AvailableOpeHistoryExport: o.AvailableOpeHistoryExport, ChargedForUser: o.ChargedForUser,
		ChargedForUserAtEndOfMonth: o.ChargedForUserAtEndOfMon, ChargedForFacility: o.ChargedForFacility,
		ChargedForAdvancedReport: o.ChargedForAdvancedReport, ChargedForSurvey: o.ChargedForSurvey,
		ChargedByGroup: o.ChargedByGroup, Version: o.Version,
	}
}

// dateOrZero is a required date of a body: an absent one stays the zero
// time, so the domain's own rule reports it as missing.
func dateOrZero(d openapi_types.Date) time.Time {
	if d.IsZero() {
		return time.Time{}
	}
	return *domainDate(&d)
}

// domainDate reads a calendar date of the wire as that day in Tokyo.
func domainDate(d *openapi_types.Date) *time.Time {
	if d == nil || d.IsZero() { // an empty query parameter (`fromDate=`) is none
		return nil
	}
	y, m, day := d.Date()
	t := time.Date(y, m, day, 0, 0, 0, 0, clock.Tokyo)
	return &t
}
