package http

import (
	"errors"
	"mime/multipart"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// uploadedFile opens the multipart field "file" of an upload whose file
// may hold at most max bytes (the request a little more, for the form
// around it). A body or file over the limit is tooLarge; a missing or
// unreadable file is missing. The caller closes the file.
func uploadedFile(c echo.Context, max int64, tooLarge, missing error) (*multipart.FileHeader, multipart.File, error) {
	c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, max+1<<20)
	fh, err := c.FormFile("file")
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, nil, tooLarge
		}
		return nil, nil, missing
	}
	if fh.Size > max {
		return nil, nil, tooLarge
	}
	// The file's name is kept and shown (manuals, imports): the text rule of every body applies.
	if msg := validation.TextProblem(fh.Filename); msg != "" {
		return nil, nil, failure.Invalid(map[string]string{"file": msg})
	}
	f, err := fh.Open()
	if err != nil {
		return nil, nil, missing
	}
	return fh, f, nil
}
