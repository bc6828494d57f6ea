package http

import (
	"strings"

	"github.com/labstack/echo/v4"

	maintenanceapp "github.com/rouder/console/internal/app/maintenance"
	"github.com/rouder/console/internal/domain/access"
)

// openDuringMaintenance are the calls that still answer during maintenance:
// signing in and out (a system administrator must get in; anyone else signs
// in to find the maintenance page), what the SPA needs to start and to know
// who is there, and the maintenance status itself.
var openDuringMaintenance = map[string]bool{
	"/login": true, "/logout": true, "/unique_range": true, "/mfa_required": true, "/session_state": true,
	"/maintenance": true, "/healthz": true, "/readyz": true, "/metrics": true,
	"/api/const": true, "/api/login_user": true, "/api/login_user/organization": true, "/api/enums": true,
	"/api/mfa/authenticate": true, "/api/mfa/resend": true,
}

// maintenanceGate answers 503 with the maintenance message to every API call
// but a system administrator's while maintenance is on. It runs after
// authorize, so it knows who is asking; the SPA's files are always served
// (they show the maintenance page).
func maintenanceGate(m *maintenanceapp.Service) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			route := c.Path()
			if m == nil || openDuringMaintenance[route] || !strings.HasPrefix(route, "/api/") {
				return next(c)
			}
			var who *access.Principal
			if p, err := access.PrincipalFrom(c.Request().Context()); err == nil {
				who = &p
			}
			if err := m.Check(c.Request().Context(), who); err != nil {
				return err
			}
			return next(c)
		}
	}
}
