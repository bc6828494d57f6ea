package http

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/failure"
)

const (
	msgRouteNotFound   = "ページが見つかりません。"
	msgMethod          = "この操作はできません。"
	msgTooLarge        = "送信データが大きすぎます。"
	msgMalformed       = "リクエストの形式が正しくありません。"
	msgDateRange       = "日付は1900年から2999年までの間で入力してください。"
	msgDateFormat      = "日付の形式が正しくありません。"
	msgFieldMissing    = "この項目を送信してください。" // a required field left out of a JSON body (bindJSON)
	msgUnavailable     = "ただいまメンテナンス中です。しばらくしてから再度お試しください。"
	msgClientCancelled = "リクエストが中断されました。"
	// The database is away (restarting, failing over): nothing was saved,
	// and the same request will work again shortly.
	msgDatabaseAway = "ただいま処理を受け付けられません。しばらくしてから再度お試しください。"
)

// statusOf is where each kind of user failure gets its HTTP status.
var statusOf = map[failure.Kind]int{
	failure.KindInvalid:      http.StatusBadRequest,
	failure.KindNotFound:     http.StatusNotFound,
	failure.KindConflict:     http.StatusConflict,
	failure.KindUnauthorized: http.StatusUnauthorized,
	failure.KindForbidden:    http.StatusForbidden,
	failure.KindTooMany:      http.StatusTooManyRequests,
	failure.KindRefused:      http.StatusUnprocessableEntity,
	failure.KindUnavailable:  http.StatusServiceUnavailable,
}

// errorHandler is the one error mapper: every error a handler or middleware
// returns ends here and leaves as an envelope. A user never sees a Go error;
// our own faults are logged with the request id and answered generically.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, env := answerFor(err)
		if status == http.StatusServiceUnavailable && store.Unreachable(err) {
			log.WarnContext(c.Request().Context(), "database unreachable",
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "path", c.Request().URL.Path, "error", err.Error())
		} else if _, expected := failure.As(err); status >= http.StatusInternalServerError && !expected {
			log.ErrorContext(c.Request().Context(), "request failed",
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"method", c.Request().Method, "path", c.Request().URL.Path, "error", err.Error())
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, env)
	}
}

// answerFor maps an error to its status and envelope.
func answerFor(err error) (int, envelope) {
	if f, ok := failure.As(err); ok {
		status := statusOf[f.Kind]
		if status == 0 {
			status = http.StatusBadRequest
		}
		env := envelope{Code: status, Message: f.Message}
		if len(f.Fields) > 0 {
			env.Data = fieldErrors{FieldErrors: f.Fields}
		}
		return status, env
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return fromEcho(he.Code)
	}
	if errors.Is(err, context.Canceled) {
		// The client went away (which can also cut a query's connection,
		// so this comes before the database check); 499 is nginx's word for
		// it and keeps such requests out of the 5xx alarms.
		return 499, envelope{Code: 499, Message: msgClientCancelled}
	}
	if store.Unreachable(err) {
		return http.StatusServiceUnavailable, envelope{Code: http.StatusServiceUnavailable, Message: msgDatabaseAway}
	}
	return http.StatusInternalServerError, envelope{Code: http.StatusInternalServerError, Message: failure.MsgUnknown}
}

// fromEcho maps the statuses Echo and its middleware produce themselves
// (no route, wrong method, bad parameter, body too large …).
func fromEcho(status int) (int, envelope) {
	msg := failure.MsgUnknown
	switch status {
	case http.StatusBadRequest:
		msg = failure.MsgInvalid
	case http.StatusUnauthorized:
		msg = failure.MsgUnauthorized
	case http.StatusForbidden:
		msg = failure.MsgForbidden
	case http.StatusNotFound:
		msg = msgRouteNotFound
	case http.StatusMethodNotAllowed:
		msg = msgMethod
	case http.StatusRequestEntityTooLarge:
		msg = msgTooLarge
	case http.StatusUnsupportedMediaType:
		msg = msgMalformed
	case http.StatusTooManyRequests:
		msg = failure.MsgTooMany
	case http.StatusServiceUnavailable:
		msg = msgUnavailable
	default:
		if status < 500 && status >= 400 {
			msg = failure.MsgInvalid
		} else {
			status = http.StatusInternalServerError
		}
	}
	return status, envelope{Code: status, Message: msg}
}
