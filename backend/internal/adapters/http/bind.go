package http

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/failure"
)

// bindJSON decodes a JSON body into v, strictly: unknown fields, trailing
// data, wrong types and a missing or non-JSON body become invalid-input
// failures naming the field, never a 500.
func bindJSON(c echo.Context, v any) error {
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != echo.MIMEApplicationJSON {
			return failure.InvalidMessage(msgMalformed)
		}
	}
	dec := json.NewDecoder(req.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeFailure(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return failure.InvalidMessage(msgMalformed)
	}
	return nil
}

func decodeFailure(err error) error {
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return failure.Invalid(map[string]string{typeErr.Field: fmt.Sprintf("%sの形式が正しくありません。", typeErr.Field)})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return failure.Invalid(map[string]string{field: "この項目は受け付けられません。"})
	default:
		return failure.InvalidMessage(msgMalformed)
	}
}

// valueOr is *p, or fallback when the optional parameter was not sent.
func valueOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}
