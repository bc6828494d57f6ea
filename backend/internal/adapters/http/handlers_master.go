package http

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/app/masterimport"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/masters"
)

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

func (h *handlers) DownloadMasterWorkbook(c echo.Context, p api.DownloadMasterWorkbookParams) error {
	template := valueOr(p.Template, false)
	var buf bytes.Buffer
	if err := h.imports.Download(c.Request().Context(), &buf, template, c.RealIP()); err != nil {
		return err
	}
	name := "マスタ一括登録_" + time.Now().In(clock.Tokyo).Format("20060102") + ".xlsx"
	if template {
		name = "マスタ一括登録_テンプレート.xlsx"
	}
	return sendFile(c, name, xlsxType, int64(buf.Len()), &buf)
}

func (h *handlers) ListMasterImports(c echo.Context, p api.ListMasterImportsParams) error {
	page, err := h.imports.List(c.Request().Context(), pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	me := principalID(c)
	items := make([]api.MasterImport, len(page.Items))
	for i, im := range page.Items {
		items[i] = masterImportOut(im, me)
	}
	return ok(c, api.MasterImportPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) UploadMasterImport(c echo.Context, _ api.UploadMasterImportParams) error {
	fh, f, err := uploadedFile(c, masters.MaxFileSize, failure.InvalidMessage(masters.MsgTooLarge),
		failure.Invalid(map[string]string{"file": "取り込むファイルを選んでください。"}))
	if err != nil {
		return err
	}
	defer f.Close()
	var sets []masters.Set
	for _, s := range strings.Split(c.FormValue("deleteSets"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			sets = append(sets, masters.Set(s))
		}
	}
	im, err := h.imports.Upload(c.Request().Context(), fh.Filename, f, sets)
	if err != nil {
		return err
	}
	return okMessage(c, masters.MsgUploadRequested, masterImportOut(im, principalID(c)))
}

func (h *handlers) GetMasterImport(c echo.Context, id int64, _ api.GetMasterImportParams) error {
	im, err := h.imports.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, masterImportOut(im, principalID(c)))
}

func (h *handlers) ListMasterImportRows(c echo.Context, id int64, p api.ListMasterImportRowsParams) error {
	var f masterimport.RowFilter
	if p.Set != nil {
		f.Set = masters.Set(*p.Set)
	}
	if p.Op != nil {
		f.Op = masters.Op(*p.Op)
	}
	page, err := h.imports.Rows(c.Request().Context(), id, f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.MasterImportRow, len(page.Items))
	for i, r := range page.Items {
		items[i] = masterRowOut(r)
	}
	return ok(c, api.MasterImportRowPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) DownloadMasterImportPreview(c echo.Context, id int64, _ api.DownloadMasterImportPreviewParams) error {
	var buf bytes.Buffer
	if err := h.imports.WritePreview(c.Request().Context(), id, &buf); err != nil {
		return err
	}
	return sendFile(c, "マスタ一括登録_プレビュー_"+strconv.FormatInt(id, 10)+".xlsx", xlsxType, int64(buf.Len()), &buf)
}

func (h *handlers) DownloadMasterImportFile(c echo.Context, id int64, _ api.DownloadMasterImportFileParams) error {
	im, rc, err := h.imports.OpenUpload(c.Request().Context(), id)
	if err != nil {
		return err
	}
	defer rc.Close()
	ct := xlsxType
	if strings.HasSuffix(strings.ToLower(im.FileName), ".csv") {
		ct = "text/csv"
	}
	return sendFile(c, im.FileName, ct, im.FileSize, rc)
}

func (h *handlers) ApplyMasterImport(c echo.Context, id int64, _ api.ApplyMasterImportParams) error {
	im, err := h.imports.Apply(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return okMessage(c, masters.MsgApplyRequested, masterImportOut(im, principalID(c)))
}

func (h *handlers) DownloadMasterImportPasswords(c echo.Context, id int64, _ api.DownloadMasterImportPasswordsParams) error {
	_, data, err := h.imports.TakePasswords(c.Request().Context(), id, c.RealIP())
	if err != nil {
		return err
	}
	return sendFile(c, "初期パスワード_"+strconv.FormatInt(id, 10)+".xlsx", xlsxType, int64(len(data)), bytes.NewReader(data))
}

func masterImportOut(im masters.Import, me int64) api.MasterImport {
	out := api.MasterImport{ImportId: im.ID, FileName: im.FileName, FileSize: im.FileSize,
		Status: api.MasterImportStatus(im.Status), Message: im.Message, RowsDone: im.Done, RowsTotal: im.Total,
		Counts: make([]api.MasterCount, len(im.Counts)), DeleteSets: make([]api.MasterSet, len(im.Delete)),
		UserId: im.RequestedBy, UserAccount: im.RequesterAccount, CreateDate: im.CreatedAt, PreviewDate: im.PreviewedAt,
		ApplyDate: im.AppliedAt, PasswordsAvailable: im.PasswordsKey != "", Passwords: im.Passwords, Mine: im.RequestedBy == me}
	if err := im.MayApply(me); err != nil && im.Status == masters.Previewed {
		if f, ok := failure.As(err); ok {
			out.ApplyRefusal = f.Message
		}
	}
	if im.AppliedBy != "" {
		out.AppliedBy = &im.AppliedBy
	}
	for i, c := range im.Counts {
		out.Counts[i] = api.MasterCount{Set: api.MasterSet(c.Set), Sheet: c.Sheet, Create: c.Create, Update: c.Update,
			Delete: c.Delete, Unchanged: c.Unchanged, Error: c.Error, Deleting: c.Deleting}
	}
	for i, s := range im.Delete {
		out.DeleteSets[i] = api.MasterSet(s)
	}
	return out
}

func masterRowOut(r masters.Row) api.MasterImportRow {
	out := api.MasterImportRow{Set: api.MasterSet(r.Set), Sheet: r.Sheet, Line: r.Line, Op: api.MasterOp(r.Op), Name: r.Name,
		Changes: make([]api.MasterChange, len(r.Changes)), Errors: make([]api.MasterCellError, len(r.Errors))}
	if r.ID != 0 {
		id := r.ID
		out.Id = &id
	}
	for i, ch := range r.Changes {
		out.Changes[i] = api.MasterChange{Column: ch.Column, Old: ch.Old, New: ch.New}
	}
	for i, e := range r.Errors {
		out.Errors[i] = api.MasterCellError{Column: e.Column, Value: e.Value, Message: e.Message}
	}
	return out
}
