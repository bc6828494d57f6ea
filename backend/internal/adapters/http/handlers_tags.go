package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/app/tagging"
	"github.com/rouder/console/internal/domain/tag"
)

// Store tags and user tags share their use cases; only the wire names differ.

func (h *handlers) ListFacilityAttributes(c echo.Context, _ api.ListFacilityAttributesParams) error {
	tags, err := h.facilityTags.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.FacilityAttribute, len(tags))
	for i, t := range tags {
		out[i] = api.FacilityAttribute{FacilityAttributeId: t.ID, Label: t.Label, FacilityCount: t.Uses}
	}
	return ok(c, out)
}

func (h *handlers) ListUserAttributes(c echo.Context, _ api.ListUserAttributesParams) error {
	tags, err := h.userTags.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.UserAttribute, len(tags))
	for i, t := range tags {
		out[i] = api.UserAttribute{UserAttributeId: t.ID, Label: t.Label, UserCount: t.Uses}
	}
	return ok(c, out)
}

func (h *handlers) CreateFacilityAttribute(c echo.Context, _ api.CreateFacilityAttributeParams) error {
	return createTag(c, h.facilityTags, "facilityAttributeId")
}

func (h *handlers) CreateUserAttribute(c echo.Context, _ api.CreateUserAttributeParams) error {
	return createTag(c, h.userTags, "userAttributeId")
}

func (h *handlers) RenameFacilityAttribute(c echo.Context, id int64, _ api.RenameFacilityAttributeParams) error {
	return renameTag(c, h.facilityTags, id)
}

func (h *handlers) RenameUserAttribute(c echo.Context, id int64, _ api.RenameUserAttributeParams) error {
	return renameTag(c, h.userTags, id)
}

func (h *handlers) DeleteFacilityAttribute(c echo.Context, id int64, _ api.DeleteFacilityAttributeParams) error {
	return deleteTag(c, h.facilityTags, id)
}

func (h *handlers) DeleteUserAttribute(c echo.Context, id int64, _ api.DeleteUserAttributeParams) error {
	return deleteTag(c, h.userTags, id)
}

func createTag(c echo.Context, uc *tagging.UseCases, idName string) error {
	var body api.FacilityAttributeInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := uc.Create(c.Request().Context(), tag.Input{Label: body.Label})
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{idName: id})
}

func renameTag(c echo.Context, uc *tagging.UseCases, id int64) error {
	var body api.FacilityAttributeInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	if err := uc.Rename(c.Request().Context(), id, tag.Input{Label: body.Label}); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func deleteTag(c echo.Context, uc *tagging.UseCases, id int64) error {
	if err := uc.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}
