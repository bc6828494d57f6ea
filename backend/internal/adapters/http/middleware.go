package http

import (
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/labstack/echo/v4"
)

// requestLogger writes one structured line per request with its id.
func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			status := c.Response().Status
			if err != nil {
				status, _ = answerFor(err)
			}
			log.InfoContext(c.Request().Context(), "request",
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"method", c.Request().Method, "path", c.Request().URL.Path,
				"route", c.Path(), "status", status,
				"duration_ms", time.Since(start).Milliseconds(), "remote", c.RealIP())
			return err
		}
	}
}

// recoverToError turns a panic into an error for the one mapper, with the
// stack in the log, so a bug answers 500 with the envelope and the process
// keeps serving.
func recoverToError(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(c.Request().Context(), "panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			return next(c)
		}
	}
}
