package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/terminal"
)

func (h *handlers) ListTerminals(c echo.Context, p api.ListTerminalsParams) error {
	search := ""
	if p.SearchText != nil {
		search = *p.SearchText
	}
	page, err := h.terminals.List(c.Request().Context(), p.FacilityId, search, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.Terminal, len(page.Items))
	for i, t := range page.Items {
		items[i] = api.Terminal{TerminalRowId: t.ID, FacilityId: t.FacilityID, FacilityName: t.FacilityName,
			TerminalId: t.Code, TerminalName: t.Name}
	}
	return ok(c, api.TerminalPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) RegisterTerminal(c echo.Context, _ api.RegisterTerminalParams) error {
	var body api.TerminalInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.terminals.Register(c.Request().Context(), terminal.Input{FacilityID: body.FacilityId, Code: body.TerminalId, Name: body.TerminalName})
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"terminalRowId": id})
}

func (h *handlers) RemoveTerminal(c echo.Context, id int64, _ api.RemoveTerminalParams) error {
	if err := h.terminals.Remove(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}
