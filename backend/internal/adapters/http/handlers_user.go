package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/user"
)

func (h *handlers) ListUsers(c echo.Context, p api.ListUsersParams) error {
	f := user.Filter{GroupID: p.GroupId, TagID: p.AttributeId}
	if p.SearchText != nil {
		f.SearchText = *p.SearchText
	}
	if p.AuthorityName != nil {
		f.AuthorityName = *p.AuthorityName
	}
	if p.SortBy != nil {
		f.SortBy = string(*p.SortBy)
	}
	if p.Descending != nil {
		f.Descending = *p.Descending
	}
	page, err := h.users.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.User, len(page.Items))
	for i, u := range page.Items {
		items[i] = userOut(u)
	}
	return ok(c, api.UserPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetUser(c echo.Context, id int64, _ api.GetUserParams) error {
	u, err := h.users.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, userOut(u))
}

func (h *handlers) CreateUser(c echo.Context, _ api.CreateUserParams) error {
	var body api.UserInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.users.Create(c.Request().Context(), userIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"userId": id})
}

func (h *handlers) UpdateUser(c echo.Context, id int64, _ api.UpdateUserParams) error {
	var body api.UserUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	in := userIn(inputOf[api.UserInput](body))
	if err := h.users.Update(c.Request().Context(), id, body.Version, in); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) DeleteUser(c echo.Context, id int64, _ api.DeleteUserParams) error {
	if err := h.users.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func userIn(b api.UserInput) user.Input {
	return user.Input{
		Account: b.UserAccount, LastName: b.LastName, FirstName: b.FirstName, Password: b.Password,
		MainAuthority: b.MainAuthorityName, SubAuthorities: b.SubAuthorityNameList, GroupID: b.GroupId,
		FacilityID: b.FacilityId, TagIDs: b.AttributeIdList, IPAddressRestriction: b.IpAddressRestriction,
		MfaType: string(b.MfaType), MailAddress: b.MailAddress, Disabled: b.Disabled,
	}
}

func userOut(u user.User) api.User {
	tags := make([]api.UserAttributeRef, len(u.Tags))
	for i, t := range u.Tags {
		tags[i] = api.UserAttributeRef{UserAttributeId: t.ID, Label: t.Label}
	}
	subs := u.SubAuthorities
	if subs == nil {
		subs = []string{}
	}
	return api.User{
		UserId: u.ID, UserAccount: u.Account, LastName: u.LastName, FirstName: u.FirstName,
		MainAuthorityName: u.MainAuthority, SubAuthorityNameList: subs, GroupId: u.GroupID, GroupName: u.GroupName,
		FacilityId: u.FacilityID, FacilityName: u.FacilityName, AttributeList: tags,
		IpAddressRestriction: u.IPAddressRestriction, MfaType: api.UserMfaType(u.MfaType), MailAddress: u.MailAddress,
		Disabled: u.Disabled, Version: u.Version,
	}
}
