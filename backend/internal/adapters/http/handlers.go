package http

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/app/account"
	appauth "github.com/rouder/console/internal/app/auth"
	"github.com/rouder/console/internal/app/checkhistory"
	checklistapp "github.com/rouder/console/internal/app/checklist"
	exportapp "github.com/rouder/console/internal/app/export"
	facilityapp "github.com/rouder/console/internal/app/facility"
	groupapp "github.com/rouder/console/internal/app/group"
	improvementapp "github.com/rouder/console/internal/app/improvement"
	maintenanceapp "github.com/rouder/console/internal/app/maintenance"
	"github.com/rouder/console/internal/app/masterimport"
	"github.com/rouder/console/internal/app/notification"
	orgapp "github.com/rouder/console/internal/app/organization"
	photoapp "github.com/rouder/console/internal/app/photo"
	reportsapp "github.com/rouder/console/internal/app/reports"
	"github.com/rouder/console/internal/app/schedule"
	"github.com/rouder/console/internal/app/support"
	surveyapp "github.com/rouder/console/internal/app/survey"
	"github.com/rouder/console/internal/app/system"
	"github.com/rouder/console/internal/app/tagging"
	terminalapp "github.com/rouder/console/internal/app/terminal"
	userapp "github.com/rouder/console/internal/app/user"
)

// handlers implements the generated api.ServerInterface. Each method binds,
// calls one use case and answers.
type handlers struct {
	server        *Server
	info          *system.Info
	db            Pinger
	draining      *atomic.Bool
	auth          *appauth.Service
	account       *account.Queries
	manuals       *support.Manuals
	supportAdmin  *support.Admin
	maintenance   *maintenanceapp.Service
	deliveries    *notification.Deliveries
	schedule      *schedule.UseCases
	notices       *notification.SettingsUseCases
	checkHistory  *checkhistory.UseCases
	facilities    *facilityapp.UseCases
	groups        *groupapp.UseCases
	users         *userapp.UseCases
	facilityTags  *tagging.UseCases
	userTags      *tagging.UseCases
	organizations *orgapp.UseCases
	terminals     *terminalapp.UseCases
	checkLists    *checklistapp.Masters
	answering     *checklistapp.Answering
	status        *checklistapp.Status
	photos        *photoapp.UseCases
	surveys       *surveyapp.Editor
	public        *surveyapp.Public
	surveyResults *surveyapp.Results
	improvements  *improvementapp.UseCases
	exports       *exportapp.UseCases
	reports       *reportsapp.UseCases
	imports       *masterimport.UseCases
}

var _ api.ServerInterface = (*handlers)(nil)

func (h *handlers) GetUniqueRange(c echo.Context) error {
	return c.String(http.StatusOK, h.info.UniqueRange())
}

func (h *handlers) GetConstants(c echo.Context, _ api.GetConstantsParams) error {
	k := h.info.Constants()
	return ok(c, api.Constants{
		Version: k.Version, EnvName: k.EnvName, AppName: k.AppName,
		SystemOrganizationId: k.SystemOrganizationID, SystemGroupId: k.SystemGroupID,
		DefaultSurveyTermsOfService: k.DefaultSurveyTermsOfService, SupportMailAddress: k.SupportMailAddress,
	})
}

func (h *handlers) GetHealthz(c echo.Context) error {
	return c.JSON(http.StatusOK, api.Probe{Status: api.Ok})
}

func (h *handlers) GetReadyz(c echo.Context) error {
	if h.draining.Load() {
		msg := "shutting down"
		return c.JSON(http.StatusServiceUnavailable, api.Probe{Status: api.Unavailable, Error: &msg})
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := h.db.PingContext(ctx); err != nil {
		// The detail goes to the log, not to whoever asks.
		h.server.log.WarnContext(ctx, "readiness: database unavailable", "error", err)
		msg := "database unavailable"
		return c.JSON(http.StatusServiceUnavailable, api.Probe{Status: api.Unavailable, Error: &msg})
	}
	return c.JSON(http.StatusOK, api.Probe{Status: api.Ok})
}
