package http

import (
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/export"
)

const msgExportRequested = "エクスポートを受け付けました。作成が終わるとダウンロードできます。"

func (h *handlers) ListHistoryFiles(c echo.Context, p api.ListHistoryFilesParams) error {
	f := export.Filter{CreatedFrom: domainDate(p.CreateDateFrom), CreatedTo: domainDate(p.CreateDateTo)}
	if p.HistoryType != nil {
		f.Type = string(*p.HistoryType)
	}
	page, err := h.exports.List(c.Request().Context(), export.KindHistory, f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	me := principalID(c)
	items := make([]api.HistoryFile, len(page.Items))
	for i, file := range page.Items {
		items[i] = historyFileOut(file, me)
	}
	return ok(c, api.HistoryFilePage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size,
		MailAddressAllowed: h.exports.MayIncludeMail(c.Request().Context())})
}

func (h *handlers) RequestHistoryExport(c echo.Context, _ api.RequestHistoryExportParams) error {
	var in api.HistoryExportInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	r := export.Request{HistoryType: export.HistoryType(in.HistoryType),
		IncludePhoto: valueOr(in.IncludePhoto, false), IncludeMailAddress: valueOr(in.IncludeMailAddress, false),
		OnlyLatest: valueOr(in.OnlyLatestHistory, false), GroupID: in.GroupId, FacilityTagID: in.FacilityAttributeId,
		CheckListID: in.CheckListMasterId, SurveyID: in.SurveyId}
	if d := domainDate(in.HistoryDateFrom); d != nil {
		r.From = *d
	}
	if d := domainDate(in.HistoryDateTo); d != nil {
		r.To = *d
	}
	if in.HistoryFileType != nil {
		r.FileType = export.FileType(*in.HistoryFileType)
	}
	if in.Encoding != nil {
		r.Encoding = export.Encoding(*in.Encoding)
	}
	f, err := h.exports.Request(c.Request().Context(), r)
	if err != nil {
		return err
	}
	return okMessage(c, msgExportRequested, historyFileOut(f, principalID(c)))
}

func (h *handlers) GetHistoryFile(c echo.Context, id int64, _ api.GetHistoryFileParams) error {
	f, err := h.exports.Get(c.Request().Context(), export.KindHistory, id)
	if err != nil {
		return err
	}
	return ok(c, historyFileOut(f, principalID(c)))
}

func (h *handlers) DeleteHistoryFile(c echo.Context, id int64, _ api.DeleteHistoryFileParams) error {
	if err := h.exports.Delete(c.Request().Context(), export.KindHistory, id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func (h *handlers) DownloadHistoryFile(c echo.Context, id int64, _ api.DownloadHistoryFileParams) error {
	f, r, err := h.exports.Open(c.Request().Context(), export.KindHistory, id, c.RealIP())
	if err != nil {
		return err
	}
	defer r.Close()
	return sendFile(c, f.FileName, contentTypeOf(f), f.Size, r)
}

// sendFile streams a download. RFC 2231 encoding (filename*=utf-8”) keeps
// Japanese names intact in every current browser.
func sendFile(c echo.Context, name, contentType string, size int64, r io.Reader) error {
	hdr := c.Response().Header()
	hdr.Set(echo.HeaderContentType, contentType)
	hdr.Set(echo.HeaderContentLength, strconv.FormatInt(size, 10))
	hdr.Set(echo.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	hdr.Set("Cache-Control", "private, no-store")
	c.Response().WriteHeader(http.StatusOK)
	_, err := io.Copy(c.Response(), r)
	return err
}

// contentDisposition names a download (RFC 6266): filename*=utf-8” keeps a
// Japanese name intact in every current browser, and the plain filename is
// the name's ASCII part for anything older.
func contentDisposition(name string) string {
	ext := path.Ext(name)
	fallback := strings.Trim(strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return -1
		}
		return r
	}, strings.TrimSuffix(name, ext)), "_- ")
	if fallback == "" {
		fallback = "download"
	}
	encoded := mime.FormatMediaType("attachment", map[string]string{"filename": name})
	if !strings.Contains(encoded, "filename*=") { // an ASCII name is already plain
		return encoded
	}
	return `attachment; filename="` + fallback + ext + `"; ` + strings.TrimPrefix(encoded, "attachment; ")
}

func contentTypeOf(f export.File) string {
	switch f.Extension() {
	case ".pdf":
		return "application/pdf"
	case ".zip":
		return "application/zip"
	case ".csv":
		if f.Request.Encoding == export.ShiftJIS {
			return "text/csv; charset=Shift_JIS"
		}
		return "text/csv; charset=utf-8"
	}
	return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
}

func principalID(c echo.Context) int64 {
	p, _ := access.PrincipalFrom(c.Request().Context())
	return p.UserID
}

func historyFileOut(f export.File, me int64) api.HistoryFile {
	r := f.Request
	in := api.HistoryExportInput{HistoryType: api.HistoryType(r.HistoryType),
		HistoryDateFrom: &openapi_types.Date{Time: r.From}, HistoryDateTo: &openapi_types.Date{Time: r.To},
		HistoryFileType: ptrTo(api.HistoryExportInputHistoryFileType(r.FileType)),
		IncludePhoto:    &r.IncludePhoto, IncludeMailAddress: &r.IncludeMailAddress, OnlyLatestHistory: &r.OnlyLatest,
		GroupId: r.GroupID, FacilityAttributeId: r.FacilityTagID, CheckListMasterId: r.CheckListID, SurveyId: r.SurveyID}
	if r.Encoding != "" {
		in.Encoding = ptrTo(api.HistoryExportInputEncoding(r.Encoding))
	}
	return api.HistoryFile{FileId: f.ID, FileName: f.FileName, HistoryType: api.HistoryType(r.HistoryType),
		HistoryFileType: api.HistoryFileHistoryFileType(r.FileType), Status: api.HistoryFileStatus(f.Status),
		FailureReason: f.FailureReason, Notice: f.Notice, RowsDone: f.RowsDone, RowsTotal: f.RowsTotal, FileSize: f.Size,
		UserId: f.RequestedBy, UserAccount: f.RequesterAccount, CreateDate: f.CreatedAt, FinishDate: f.FinishedAt,
		ExpireDate: f.ExpiresAt, Deletable: f.RequestedBy == me && me != 0, Request: in}
}

func ptrTo[T any](v T) *T { return &v }
