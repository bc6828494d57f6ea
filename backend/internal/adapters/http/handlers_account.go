package http

import (
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
)

func (h *handlers) GetLoginUser(c echo.Context, _ api.GetLoginUserParams) error {
	lu, err := h.account.LoginUser(c.Request().Context())
	if err != nil {
		return err
	}
	roles := make([]string, len(lu.Roles))
	for i, r := range lu.Roles {
		roles[i] = string(r)
	}
	u := lu.User
	return ok(c, api.LoginUser{
		UserId: u.ID, LastName: u.LastName, FirstName: u.FirstName, UserAccount: u.Account,
		OrganizationId: u.OrganizationID, RoleList: roles, IsTopGroupUser: u.IsTopGroup, IsSystemAdmin: lu.SystemAdmin,
		FacilityId: u.FacilityID,
	})
}

func (h *handlers) GetLoginUserOrganization(c echo.Context, _ api.GetLoginUserOrganizationParams) error {
	o, err := h.account.Organization(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, api.OrganizationOptions{
		OrganizationId: o.ID, OrganizationName: o.Name, CheckinType: o.CheckinType,
		AllowPhotoLibrary: o.AllowPhotoLibrary, ExternalDataIdLabel: o.ExternalDataIDLabel,
		ExternalDataValueLabel: o.ExternalDataValueLabel, AvailableImprovement: o.AvailableImprovement,
		IpAddressRestriction: o.IPAddressRestriction, AvailableAdvancedReport: o.AvailableAdvancedReport,
		AvailableSurvey: o.AvailableSurvey, SurveyStartDate: apiDate(o.SurveyStartDate),
		AvailableMfaMail: o.AvailableMfaMail, AvailableOpeHistoryExport: o.AvailableOpeHistoryExport,
		ChargedForUser: o.ChargedForUser, ChargedForUserAtEndOfMonth: o.ChargedForUserAtEndOfMon,
		ChargedForFacility: o.ChargedForFacility, ChargedForAdvancedReport: o.ChargedForAdvancedReport,
		ChargedForSurvey: o.ChargedForSurvey, ChargedByGroup: o.ChargedByGroup,
	})
}

func (h *handlers) GetEnums(c echo.Context, _ api.GetEnumsParams) error {
	e, err := h.account.Enums(c.Request().Context())
	if err != nil {
		return err
	}
	out := api.Enums{
		AuthorityList:    make([]api.Authority, len(e.Authorities)),
		GroupList:        make([]api.GroupEnum, len(e.Groups)),
		OrganizationList: make([]api.OrganizationEnum, len(e.Organizations)),
	}
	for i, a := range e.Authorities {
		roles := make([]string, len(a.Roles))
		for j, r := range a.Roles {
			roles[j] = string(r)
		}
		out.AuthorityList[i] = api.Authority{Name: a.Name, Label: a.Label, Main: a.Main, RoleList: roles}
	}
	for i, g := range e.Groups {
		out.GroupList[i] = api.GroupEnum{GroupId: g.ID, GroupName: g.Name, Path: g.Path, IsTopGroup: g.IsTop}
	}
	for i, o := range e.Organizations {
		out.OrganizationList[i] = api.OrganizationEnum{Value: o.ID, Title: o.Name}
	}
	return ok(c, out)
}

// apiDate writes a business date as the calendar day it is in Tokyo.
func apiDate(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}
