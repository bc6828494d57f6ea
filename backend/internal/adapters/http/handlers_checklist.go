package http

import (
	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/checklist"
)

func (h *handlers) ListCheckListMasters(c echo.Context, p api.ListCheckListMastersParams) error {
	search := ""
	if p.SearchText != nil {
		search = *p.SearchText
	}
	page, err := h.checkLists.List(c.Request().Context(), search, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.CheckListMasterSummary, len(page.Items))
	for i, s := range page.Items {
		items[i] = api.CheckListMasterSummary{
			CheckListMasterId: s.ID, CheckListMasterName: s.Name, FromDate: *apiDate(&s.First.From), ToDate: *apiDate(&s.First.To),
			NextInterval: s.Recurrence.Interval, NextDuration: s.Recurrence.Unit, ItemCount: s.Items,
			FacilityCount: s.Facilities, Version: s.Version,
		}
	}
	return ok(c, api.CheckListMasterPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetCheckListMasterDefaults(c echo.Context, _ api.GetCheckListMasterDefaultsParams) error {
	cl, err := h.checkLists.Defaults(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, checkListOut(cl))
}

func (h *handlers) GetCheckListMaster(c echo.Context, id int64, _ api.GetCheckListMasterParams) error {
	cl, err := h.checkLists.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, checkListOut(cl))
}

func (h *handlers) CreateCheckListMaster(c echo.Context, _ api.CreateCheckListMasterParams) error {
	var body api.CheckListMasterInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.checkLists.Create(c.Request().Context(), checkListIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"checkListMasterId": id})
}

func (h *handlers) UpdateCheckListMaster(c echo.Context, id int64, _ api.UpdateCheckListMasterParams) error {
	var body api.CheckListMasterUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	cl := checkListIn(inputOf[api.CheckListMasterInput](body))
	if err := h.checkLists.Update(c.Request().Context(), id, body.Version, cl); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) DeleteCheckListMaster(c echo.Context, id int64, _ api.DeleteCheckListMasterParams) error {
	if err := h.checkLists.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func (h *handlers) CopyCheckListMaster(c echo.Context, id int64, _ api.CopyCheckListMasterParams) error {
	newID, err := h.checkLists.Copy(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return okMessage(c, "コピーしました。", map[string]int64{"checkListMasterId": newID})
}

func checkListIn(b api.CheckListMasterInput) checklist.CheckList {
	cats := make([]checklist.Category, len(b.CategoryList))
	for i, c := range b.CategoryList {
		items := make([]checklist.Item, len(c.ItemList))
		for j, it := range c.ItemList {
			scale := make(checklist.Scale, len(it.ChoiceList))
			for k, ch := range it.ChoiceList {
				scale[k] = checklist.Choice{Label: ch.Label, Score: ch.Score, Bad: ch.Bad}
			}
			items[j] = checklist.Item{ID: it.ItemId, Question: it.Question, Explanation: it.Explanation, Scale: scale,
				PhotoRequired: it.PhotoRequired, InapplicableAllowed: it.InapplicableAllowed}
		}
		cats[i] = checklist.Category{ID: c.CategoryId, Name: c.CategoryName, Items: items}
	}
	return checklist.CheckList{
		Name: b.CheckListMasterName, First: checklist.Period{From: dateOrZero(b.FromDate), To: dateOrZero(b.ToDate)},
		Recurrence:            checklist.Recurrence{Interval: b.NextInterval, Unit: string(b.NextDuration)},
		StartNotificationTime: b.StartNotificationTime, ReminderNotificationTime: b.ReminderNotificationTime,
		ReminderDaysBefore: b.ReminderDaysBefore, AvailableImprovement: b.AvailableImprovement,
		ImprovementReminderTime: b.ImprovementReminderNotificationTime, ImprovementReminderDaysBefore: b.ImprovementReminderDaysBefore,
		ClosingDayRule: string(valueOr(b.ClosingDayRule, api.CheckListMasterInputClosingDayRuleBEFORE)), BusinessDays: valueOr(b.BusinessDays, false),
		TargetFacilityIDs: b.TargetFacilityList, TargetUserIDs: b.TargetUserList, Categories: cats,
	}
}

func checkListOut(cl checklist.CheckList) api.CheckListMaster {
	cats := make([]api.CheckCategory, len(cl.Categories))
	for i, c := range cl.Categories {
		items := make([]api.CheckItem, len(c.Items))
		for j, it := range c.Items {
			choices := make([]api.CheckChoice, len(it.Scale))
			for k, ch := range it.Scale {
				choices[k] = api.CheckChoice{Label: ch.Label, Score: ch.Score, Bad: ch.Bad}
			}
			items[j] = api.CheckItem{ItemId: it.ID, Question: it.Question, Explanation: it.Explanation, ChoiceList: choices,
				PhotoRequired: it.PhotoRequired, InapplicableAllowed: it.InapplicableAllowed}
		}
		cats[i] = api.CheckCategory{CategoryId: c.ID, CategoryName: c.Name, ItemList: items}
	}
	ids := func(v []int64) []int64 {
		if v == nil {
			return []int64{}
		}
		return v
	}
	return api.CheckListMaster{
		CheckListMasterId: cl.ID, CheckListMasterName: cl.Name,
		FromDate: openapi_types.Date{Time: cl.First.From}, ToDate: openapi_types.Date{Time: cl.First.To},
		NextInterval: cl.Recurrence.Interval, NextDuration: api.CheckListMasterNextDuration(cl.Recurrence.Unit),
		StartNotificationTime: cl.StartNotificationTime, ReminderNotificationTime: cl.ReminderNotificationTime,
		ReminderDaysBefore: cl.ReminderDaysBefore, AvailableImprovement: cl.AvailableImprovement,
		ImprovementReminderNotificationTime: cl.ImprovementReminderTime, ImprovementReminderDaysBefore: cl.ImprovementReminderDaysBefore,
		TargetFacilityList: ids(cl.TargetFacilityIDs), TargetUserList: ids(cl.TargetUserIDs), CategoryList: cats, Version: cl.Version,
		ClosingDayRule: ptrTo(api.CheckListMasterClosingDayRule(cl.ClosingRuleOrDefault())), BusinessDays: ptrTo(cl.BusinessDays),
	}
}
