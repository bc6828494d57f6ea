package http

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

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
	"github.com/rouder/console/internal/platform/spa"
)

// maxBodyBytes bounds every request body; uploads get their own limit later.
const maxBodyBytes = "2M"

// Pinger tells whether the database answers.
type Pinger interface {
	PingContext(ctx context.Context) error
}

// Deps is what the server needs from the rest of the program.
type Deps struct {
	Log  *slog.Logger
	DB   Pinger
	Info *system.Info
	SPA  http.Handler
	// Auth recognises sessions; Account and Manuals answer the signed-in user.
	Auth    *appauth.Service
	Account *account.Queries
	Manuals *support.Manuals
	// SupportAdmin is the system administrator's manuals screen.
	SupportAdmin *support.Admin
	// Maintenance is the maintenance plan and the gate every call passes.
	Maintenance *maintenanceapp.Service
	// Deliveries is the system administrator's delivery history.
	Deliveries *notification.Deliveries
	// Schedule is the scheduled tasks' screen.
	Schedule *schedule.UseCases
	// NotificationSettings are each user's channels and browsers, the
	// organization's calendar and the check-list editor's preview.
	NotificationSettings *notification.SettingsUseCases
	// CheckHistory is the system administrator's check history.
	CheckHistory *checkhistory.UseCases
	// Facilities are the store use cases.
	Facilities    *facilityapp.UseCases
	Groups        *groupapp.UseCases
	Users         *userapp.UseCases
	Organizations *orgapp.UseCases
	Terminals     *terminalapp.UseCases
	CheckLists    *checklistapp.Masters
	Answering     *checklistapp.Answering
	Status        *checklistapp.Status
	Photos        *photoapp.UseCases
	// Surveys, PublicSurvey and SurveyResults are the survey use cases.
	Surveys       *surveyapp.Editor
	PublicSurvey  *surveyapp.Public
	SurveyResults *surveyapp.Results
	// Improvements are the improvement report use cases.
	Improvements *improvementapp.UseCases
	// FacilityTags and UserTags manage the two kinds of tag.
	FacilityTags, UserTags *tagging.UseCases
	// Exports make and serve the files made in the background (history
	// exports and reports); Reports ask for reports.
	Exports *exportapp.UseCases
	Reports *reportsapp.UseCases
	// Imports are bulk master registration.
	Imports *masterimport.UseCases
	// History records the operation history of changes made without a
	// transaction of their own (audit.go).
	History Recorder
	// SessionKey signs the session cookie.
	SessionKey []byte
	// TrustedProxies are the only peers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// MetricsToken, when set, is the bearer token /metrics asks for.
	MetricsToken string
}

// Server is the console's HTTP front.
type Server struct {
	echo     *echo.Echo
	auth     *appauth.Service
	tokens   tokens
	log      *slog.Logger
	draining atomic.Bool
	handlers *handlers
}

// NewServer builds the Echo instance with its middleware and routes.
func NewServer(d Deps) *Server {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	s := &Server{echo: e, log: d.Log, auth: d.Auth, tokens: tokens{key: d.SessionKey}}
	m := newMetrics()

	e.HTTPErrorHandler = errorHandler(d.Log)
	e.IPExtractor = clientIP(d.TrustedProxies)
	e.Pre(middleware.RemoveTrailingSlashWithConfig(middleware.TrailingSlashConfig{
		Skipper: func(c echo.Context) bool { return isSPAPath(c.Request().URL.Path) },
	}))
	e.Use(middleware.RequestID())
	e.Use(requestLogger(d.Log))
	e.Use(recoverToError(d.Log))
	e.Use(m.middleware)
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy: "same-origin", ContentSecurityPolicy: contentSecurityPolicy,
	}))
	e.Use(noStoreForAPI)
	// Photo and workbook uploads carry their own, larger limits
	// (handlers_check.go, handlers_master.go).
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: maxBodyBytes,
		Skipper: func(c echo.Context) bool {
			return c.Path() == "/api/photo" || (c.Request().Method == http.MethodPost &&
				(c.Path() == "/api/master/import" || c.Path() == "/api/system/support_file"))
		}}))
	e.Use(refuseBadText)
	e.Use(crossOrigin())
	e.Use(s.authorize)
	e.Use(maintenanceGate(d.Maintenance))
	e.Use(s.audit(d.History))

	s.handlers = &handlers{server: s, info: d.Info, db: d.DB, draining: &s.draining,
		auth: d.Auth, account: d.Account, manuals: d.Manuals, facilities: d.Facilities, groups: d.Groups,
		users: d.Users, facilityTags: d.FacilityTags, userTags: d.UserTags, organizations: d.Organizations,
		terminals: d.Terminals, checkLists: d.CheckLists,
		answering: d.Answering, status: d.Status, photos: d.Photos,
		surveys: d.Surveys, public: d.PublicSurvey, surveyResults: d.SurveyResults, improvements: d.Improvements, exports: d.Exports, reports: d.Reports, imports: d.Imports,
		supportAdmin: d.SupportAdmin, maintenance: d.Maintenance, deliveries: d.Deliveries,
		schedule: d.Schedule, notices: d.NotificationSettings, checkHistory: d.CheckHistory}
	api.RegisterHandlers(e, s.handlers)
	e.GET("/metrics", m.handler(d.MetricsToken))

	spaHandler := echo.WrapHandler(d.SPA)
	e.GET(spa.BasePath, func(c echo.Context) error { return c.Redirect(http.StatusMovedPermanently, spa.BasePath+"/") })
	e.GET(spa.BasePath+"/*", spaHandler)
	e.HEAD(spa.BasePath+"/*", spaHandler)
	e.GET("/", func(c echo.Context) error { return c.Redirect(http.StatusFound, spa.BasePath+"/") })
	return s
}

// Handler exposes the server for httptest.
func (s *Server) Handler() http.Handler { return s.echo }

// Echo exposes the router, for the route-enumerating tests.
func (s *Server) Echo() *echo.Echo { return s.echo }

// ServeListener serves on ln until ctx ends, then drains: readiness turns
// false at once so the proxy stops sending, and in-flight requests get up to
// drain to finish.
func (s *Server) ServeListener(ctx context.Context, ln net.Listener, drain time.Duration) error {
	srv := &http.Server{
		Handler:           s.echo,
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 60 * time.Second,
		WriteTimeout: 120 * time.Second, IdleTimeout: 120 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.draining.Store(true)
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), drain)
	defer cancel()
	return srv.Shutdown(sctx)
}

func isSPAPath(p string) bool {
	return p == spa.BasePath || len(p) > len(spa.BasePath) && p[:len(spa.BasePath)+1] == spa.BasePath+"/"
}

// clientIP decides where a request comes from. Without trusted proxies it is
// the TCP peer, whatever headers say, so nobody can forge an address that
// the IP restriction or the sign-in throttle would believe.
func clientIP(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		opts = append(opts, echo.TrustIPRange(netipToIPNet(p)))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

func netipToIPNet(p netip.Prefix) *net.IPNet {
	p = p.Masked()
	return &net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}
}

// contentSecurityPolicy allows what the console needs and no more: its own
// scripts only; inline styles (antd writes its CSS-in-JS as <style> tags
// and style attributes); images from itself, data: URIs (survey icons) and
// blob: URLs (photos read through the API); calls to itself; its own
// service worker; no plugins, no framing (the console and the public answer
// page alike).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// noStoreForAPI keeps the API's answers — personal data, most of them — out
// of every cache, shared or the browser's; a handler that knows better
// (none today) may set its own Cache-Control.
func noStoreForAPI(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := c.Request().URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/login" || p == "/logout" || p == "/session_state" {
			c.Response().Header().Set("Cache-Control", "no-store")
		}
		return next(c)
	}
}
