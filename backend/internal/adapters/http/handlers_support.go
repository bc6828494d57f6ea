package http

import (
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
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
	hdr := c.Response().Header()
	hdr.Set(echo.HeaderContentType, f.ContentType)
	hdr.Set(echo.HeaderContentLength, strconv.FormatInt(f.Size, 10))
	// RFC 2231 encoding keeps Japanese file names intact in every browser.
	hdr.Set(echo.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName}))
	hdr.Set("Cache-Control", "private, no-store")
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), r)
	return err
}
