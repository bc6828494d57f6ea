package http

import (
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
	return sendFile(c, f.FileName, f.ContentType, f.Size, r)
}
