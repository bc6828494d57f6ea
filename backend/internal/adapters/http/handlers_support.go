package http

import (
	"path"
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/failure"
	maintenancedomain "github.com/rouder/console/internal/domain/maintenance"
	notificationdomain "github.com/rouder/console/internal/domain/notification"
	supportdomain "github.com/rouder/console/internal/domain/support"
)

func (h *handlers) ListSupportFiles(c echo.Context, _ api.ListSupportFilesParams) error {
	files, err := h.manuals.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.SupportFile, len(files))
	for i, f := range files {
		out[i] = api.SupportFile{FileId: f.ID, FileName: f.FileName}
	}
	return ok(c, out)
}

func (h *handlers) DownloadSupportFile(c echo.Context, fileID int64) error {
	f, r, err := h.manuals.Open(c.Request().Context(), fileID)
	if err != nil {
		return err
	}
	defer r.Close()
	return sendFile(c, f.FileName, f.ContentType, f.Size, r)
}

// maxManualBytes bounds a manual upload's request (the file's own limit
// is supportdomain.MaxSize; the rest is the form around it).
const maxManualBytes = supportdomain.MaxSize + 1<<20

func (h *handlers) ListSystemSupportFiles(c echo.Context, p api.ListSystemSupportFilesParams) error {
	page, err := h.supportAdmin.List(c.Request().Context(), pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.SystemSupportFile, len(page.Items))
	for i, f := range page.Items {
		items[i] = systemSupportFileOut(f)
	}
	return ok(c, api.SystemSupportFilePage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) UploadSystemSupportFile(c echo.Context, _ api.UploadSystemSupportFileParams) error {
	fh, f, err := uploadedFile(c, supportdomain.MaxSize, failure.Invalid(map[string]string{"file": supportdomain.MsgTooLarge}),
		failure.Invalid(map[string]string{"file": supportdomain.MsgEmpty}))
	if err != nil {
		return err
	}
	defer f.Close()
	published, err := formBool(c, "published")
	if err != nil {
		return err
	}
	saved, err := h.supportAdmin.Upload(c.Request().Context(), path.Base(fh.Filename), c.FormValue("supportFileType"), published, f)
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, systemSupportFileOut(saved))
}

func (h *handlers) ChangeSystemSupportFile(c echo.Context, id int64, _ api.ChangeSystemSupportFileParams) error {
	var in api.ChangeSystemSupportFileJSONRequestBody
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	if err := h.supportAdmin.Change(c.Request().Context(), id, string(in.SupportFileType), in.Published); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) DeleteSystemSupportFile(c echo.Context, id int64, _ api.DeleteSystemSupportFileParams) error {
	if err := h.supportAdmin.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func (h *handlers) DownloadSystemSupportFile(c echo.Context, id int64, _ api.DownloadSystemSupportFileParams) error {
	f, r, err := h.supportAdmin.Open(c.Request().Context(), id)
	if err != nil {
		return err
	}
	defer r.Close()
	return sendFile(c, f.FileName, f.ContentType, f.Size, r)
}

func systemSupportFileOut(f supportdomain.File) api.SystemSupportFile {
	return api.SystemSupportFile{FileId: f.ID, FileName: f.FileName, FileSize: f.Size, UserId: f.UserID, UserAccount: f.UserAccount,
		SupportFileType: api.SupportFileType(f.Type), Published: f.Published, CreateDate: f.CreatedAt}
}

func (h *handlers) GetMaintenance(c echo.Context) error {
	s := h.maintenance.Status(c.Request().Context())
	return ok(c, api.MaintenanceStatus{Active: s.Active, Announced: s.Announced, Message: s.Message,
		StartDate: s.Start, EndDate: s.End})
}

func (h *handlers) GetSystemMaintenance(c echo.Context, _ api.GetSystemMaintenanceParams) error {
	s, err := h.maintenance.Get(c.Request().Context())
	if err != nil {
		return err
	}
	out := api.MaintenanceSettings{Message: s.Message, AnnounceFrom: s.AnnounceFrom, StartDate: s.Start, EndDate: s.End,
		SwitchedOn: s.On, Active: s.Active(time.Now()), UpdatedBy: s.UpdatedBy}
	if !s.UpdatedAt.IsZero() {
		out.UpdatedAt = &s.UpdatedAt
	}
	return ok(c, out)
}

func (h *handlers) SaveSystemMaintenance(c echo.Context, _ api.SaveSystemMaintenanceParams) error {
	var in api.MaintenanceInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	err := h.maintenance.Save(c.Request().Context(), maintenancedomain.Settings{Message: in.Message,
		AnnounceFrom: in.AnnounceFrom, Start: in.StartDate, End: in.EndDate, On: in.SwitchedOn})
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) ListSystemDeliveries(c echo.Context, p api.ListSystemDeliveriesParams) error {
	f := notificationdomain.DeliveryFilter{SearchText: valueOr(p.SearchText, "")}
	if p.Status != nil {
		f.Status = string(*p.Status)
	}
	page, err := h.deliveries.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.Delivery, len(page.Items))
	for i, d := range page.Items {
		items[i] = api.Delivery{DeliveryKey: d.Key, DeliveryId: d.ID, OrganizationId: d.OrganizationID, OrganizationName: d.OrganizationName,
			Channel: api.DeliveryChannel(d.Channel), Kind: api.DeliveryKind(d.Kind), Recipient: d.Recipient, Subject: d.Subject, Status: api.DeliveryStatus(d.Status),
			Attempts: d.Attempts, LastError: d.LastError, CreateDate: d.CreatedAt, SentDate: d.SentAt}
	}
	return ok(c, api.DeliveryPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) ListScheduledTasks(c echo.Context, _ api.ListScheduledTasksParams) error {
	tasks, err := h.schedule.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.ScheduledTask, len(tasks))
	for i, t := range tasks {
		out[i] = api.ScheduledTask{TaskKey: t.Key, Name: t.Name, Schedule: t.Schedule, NextRunDate: t.Next}
		if t.Last != nil {
			state := api.ScheduledTaskLastState(t.Last.State)
			at, attempts := t.Last.At, t.Last.Attempts
			out[i].LastState, out[i].LastRunDate, out[i].LastFinishDate, out[i].LastAttempts = &state, &at, t.Last.FinishedAt, &attempts
		}
	}
	return ok(c, out)
}

func (h *handlers) RunScheduledTask(c echo.Context, key string, _ api.RunScheduledTaskParams) error {
	if err := h.schedule.RunNow(c.Request().Context(), key); err != nil {
		return err
	}
	return okMessage(c, "実行を開始しました。", nil)
}

func (h *handlers) ListCheckHistory(c echo.Context, p api.ListCheckHistoryParams) error {
	days, err := h.checkHistory.Days(c.Request().Context(), p.HistoryDateFrom.Time, p.HistoryDateTo.Time)
	if err != nil {
		return err
	}
	out := make([]api.CheckHistoryDay, len(days))
	for i, d := range days {
		out[i] = api.CheckHistoryDay{OrganizationId: d.OrganizationID, OrganizationName: d.OrganizationName,
			Date: openapi_types.Date{Time: d.Date}, Opened: d.Opened, Submitted: d.Submitted, Expected: d.Expected, Done: d.Done,
			CompletionRate: float32(d.CompletionRate())}
	}
	return ok(c, out)
}

func (h *handlers) ListCheckHistorySheets(c echo.Context, p api.ListCheckHistorySheetsParams) error {
	page, err := h.checkHistory.DaySheets(c.Request().Context(), p.OrganizationId, p.Date.Time, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.CheckHistorySheet, len(page.Items))
	for i, s := range page.Items {
		items[i] = api.CheckHistorySheet{SheetId: s.SheetID, FacilityName: s.FacilityName, CheckListMasterName: s.ListName,
			FromDate: openapi_types.Date{Time: s.Period.From}, ToDate: openapi_types.Date{Time: s.Period.To},
			OpenedDate: s.OpenedAt, SubmittedDate: s.SubmittedAt, Answered: s.Answered, Total: s.Total}
	}
	return ok(c, api.CheckHistorySheetPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}
