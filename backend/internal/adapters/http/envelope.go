// Package http is the HTTP adapter: the Echo server, its middleware, the
// handlers (thin: bind, call one use case, answer), and the one place that
// turns errors into answers.
package http

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// envelope is the shape of every JSON answer (docs/product/errors.md): code 0 is
// success; any other code is the failure's HTTP status.
type envelope struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

// ok answers success with data.
func ok(c echo.Context, data any) error {
	return c.JSON(http.StatusOK, envelope{Code: 0, Message: "", Data: data})
}

// okMessage answers success with a message the console shows as a toast.
func okMessage(c echo.Context, message string, data any) error {
	return c.JSON(http.StatusOK, envelope{Code: 0, Message: message, Data: data})
}

type fieldErrors struct {
	FieldErrors map[string]string `json:"fieldErrors"`
}
