package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/paging"
)

// Success texts of the master screens' toasts.
const (
	msgSaved   = "保存しました。"
	msgDeleted = "削除しました。"
)

func (h *handlers) ListFacilities(c echo.Context, p api.ListFacilitiesParams) error {
	f := facility.Filter{GroupID: p.GroupId, TagID: p.AttributeId, SearchText: valueOr(p.SearchText, ""),
		SortBy: string(valueOr(p.SortBy, "")), Descending: valueOr(p.Descending, false)}
	page, err := h.facilities.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.FacilityItem, len(page.Items))
	for i, it := range page.Items {
		items[i] = facilityItem(it)
	}
	return ok(c, api.FacilityPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetFacility(c echo.Context, id int64, _ api.GetFacilityParams) error {
	f, err := h.facilities.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	it := facilityItem(f)
	terminals := f.TerminalCodes
	if terminals == nil {
		terminals = []string{}
	}
	return ok(c, api.Facility{
		FacilityId: it.FacilityId, GroupId: it.GroupId, GroupName: it.GroupName, FacilityName: it.FacilityName,
		FacilityNameKana: it.FacilityNameKana, Address: it.Address, Tel: it.Tel, ManagerName: it.ManagerName,
		ExternalDataId: it.ExternalDataId, ExternalDataValue: f.ExternalDataValue,
		AvailableAdvancedReport: it.AvailableAdvancedReport, AvailableSurvey: it.AvailableSurvey,
		AttributeList: it.AttributeList, TerminalIdList: terminals, Version: f.Version,
	})
}

func (h *handlers) CreateFacility(c echo.Context, _ api.CreateFacilityParams) error {
	var body api.FacilityInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.facilities.Create(c.Request().Context(), facilityIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"facilityId": id})
}

func (h *handlers) UpdateFacility(c echo.Context, id int64, _ api.UpdateFacilityParams) error {
	var body api.FacilityUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	err := h.facilities.Update(c.Request().Context(), id, body.Version, facilityIn(inputOf[api.FacilityInput](body)))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) DeleteFacility(c echo.Context, id int64, _ api.DeleteFacilityParams) error {
	if err := h.facilities.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func facilityItem(f facility.Facility) api.FacilityItem {
	tags := make([]api.FacilityAttributeRef, len(f.Tags))
	for i, t := range f.Tags {
		tags[i] = api.FacilityAttributeRef{FacilityAttributeId: t.ID, Label: t.Label}
	}
	return api.FacilityItem{
		FacilityId: f.ID, GroupId: f.GroupID, GroupName: f.GroupName, FacilityName: f.Name, FacilityNameKana: f.NameKana,
		Address: f.Address, Tel: f.Tel, ManagerName: f.ManagerName, ExternalDataId: f.ExternalDataID,
		AvailableAdvancedReport: f.AvailableAdvancedReport, AvailableSurvey: f.AvailableSurvey, AttributeList: tags,
	}
}

func facilityIn(b api.FacilityInput) facility.Input {
	return facility.Input{
		GroupID: b.GroupId, Name: b.FacilityName, NameKana: b.FacilityNameKana, Address: b.Address,
		Tel: b.Tel, ManagerName: b.ManagerName, ExternalDataID: b.ExternalDataId,
		ExternalDataValue: b.ExternalDataValue, AvailableAdvancedReport: b.AvailableAdvancedReport,
		AvailableSurvey: b.AvailableSurvey, TagIDs: b.AttributeIdList,
	}
}

// pageRequest reads the paging parameters, clamped to what the domain
// serves (paging.Request.Normalize) here, once for every list.
func pageRequest(page, size *int) paging.Request {
	var r paging.Request
	if page != nil {
		r.Page = *page
	}
	if size != nil {
		r.Size = *size
	}
	return r.Normalize()
}
