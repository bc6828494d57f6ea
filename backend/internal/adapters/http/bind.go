package http

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
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
	body := bufio.NewReader(req.Body)
	if first, err := firstByte(body); err == nil && first == 'n' {
		// `null` decodes to zero values: every field cleared, every flag off. No call takes it.
		return failure.InvalidMessage(msgMalformed)
	}
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeFailure(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return failure.InvalidMessage(msgMalformed)
	}
	if msg := refused(reflect.ValueOf(v)); msg != "" {
		return failure.InvalidMessage(msg)
	}
	return nil
}

// Dates a body may hold: the console's records are of this age. A year 0
// or 9999 is a typo, and each database reads such a date differently.
const (
	firstYear = 1900
	lastYear  = 2999
)

var timeType = reflect.TypeFor[time.Time]()

// refused says why a decoded body cannot be taken, or "": a string holding
// a NUL character (JSON's "\u0000": PostgreSQL cannot store one in a text
// column, so it would fail the statement — a 500, or a whole batch of survey
// answers — instead of being refused here), or a date outside the years
// the console keeps.
func refused(v reflect.Value) string {
	if v.Type() == timeType {
		if t, ok := v.Interface().(time.Time); ok && !t.IsZero() && (t.Year() < firstYear || t.Year() > lastYear) {
			return msgDateRange
		}
		return ""
	}
	switch v.Kind() {
	case reflect.String:
		return validation.TextProblem(v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return refused(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if msg := refused(v.Field(i)); msg != "" {
				return msg
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if msg := refused(v.Index(i)); msg != "" {
				return msg
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if msg := refused(it.Key()); msg != "" {
				return msg
			}
			if msg := refused(it.Value()); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// formBool reads a form field holding true or false; absent is false, and
// anything else is refused under the field (a typo must not unpublish).
func formBool(c echo.Context, name string) (bool, error) {
	switch c.FormValue(name) {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, failure.Invalid(map[string]string{name: typeMessage(reflect.Bool)})
}

// firstByte is the first byte of r past JSON's white space, left unread.
func firstByte(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = r.ReadByte()
		default:
			return b[0], nil
		}
	}
}

// typeMessage says what a field of kind k takes, without the wire's field
// path (the field error is shown under the field itself).
func typeMessage(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return validation.MsgInteger
	case reflect.String:
		return "文字で入力してください。"
	case reflect.Bool:
		return "はい・いいえ（true/false）で指定してください。"
	}
	return "入力値の形式が正しくありません。"
}

func decodeFailure(err error) error {
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return failure.Invalid(map[string]string{typeErr.Field: typeMessage(typeErr.Type.Kind())})
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

// refuseBadText refuses a request whose path or query breaks the text rule
// of every body (validation.TextProblem: a NUL, another control character,
// a direction override) before it reaches a handler: PostgreSQL cannot
// compare or store a NUL, so a search for one would fail its statement (a
// 500). JSON bodies are checked by bindJSON.
func refuseBadText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		u := c.Request().URL
		if msg := validation.TextProblem(u.Path); msg != "" {
			return failure.InvalidMessage(msg)
		}
		for _, values := range u.Query() {
			for _, v := range values {
				if msg := validation.TextProblem(v); msg != "" {
					return failure.InvalidMessage(msg)
				}
			}
		}
		return next(c)
	}
}
