package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/group"
)

func (h *handlers) ListGroups(c echo.Context, p api.ListGroupsParams) error {
	search := ""
	if p.SearchText != nil {
		search = *p.SearchText
	}
	page, err := h.groups.List(c.Request().Context(), search, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.Group, len(page.Items))
	for i, g := range page.Items {
		items[i] = groupOut(g)
	}
	return ok(c, api.GroupPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetGroup(c echo.Context, id int64, _ api.GetGroupParams) error {
	g, err := h.groups.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, groupOut(g))
}

func (h *handlers) CreateGroup(c echo.Context, _ api.CreateGroupParams) error {
	var body api.GroupInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.groups.Create(c.Request().Context(), groupIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"groupId": id})
}

func (h *handlers) UpdateGroup(c echo.Context, id int64, _ api.UpdateGroupParams) error {
	var body api.GroupUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	err := h.groups.Update(c.Request().Context(), id, body.Version, groupIn(inputOf[api.GroupInput](body)))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func groupIn(b api.GroupInput) group.Input {
	return group.Input{ParentID: b.ParentGroupId, Name: b.GroupName, NameKana: b.GroupNameKana, JKCode: b.JkCode}
}

func (h *handlers) DeleteGroup(c echo.Context, id int64, _ api.DeleteGroupParams) error {
	if err := h.groups.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func groupOut(g group.Group) api.Group {
	return api.Group{
		GroupId: g.ID, ParentGroupId: g.ParentID, ParentGroupName: g.ParentName, Path: g.Path, Depth: g.Depth(),
		GroupName: g.Name, GroupNameKana: g.NameKana, JkCode: g.JKCode, ChildCount: g.Children,
		FacilityCount: g.Facilities, UserCount: g.Users, Version: g.Version,
	}
}
