// Package wiring builds the program's object graph with Google Wire.
// wire.go declares it; wire_gen.go is generated (`make generate`) and
// committed, so the binary has no runtime dependency on Wire.
package wiring

import (
	"context"
	"log/slog"

	"github.com/rouder/console/internal/adapters/files"
	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/mail"
	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/pdf"
	"github.com/rouder/console/internal/adapters/push"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/adapters/workbook"
	"github.com/rouder/console/internal/app/account"
	appauth "github.com/rouder/console/internal/app/auth"
	"github.com/rouder/console/internal/app/checkhistory"
	checklistapp "github.com/rouder/console/internal/app/checklist"
	exportapp "github.com/rouder/console/internal/app/export"
	facilityapp "github.com/rouder/console/internal/app/facility"
	"github.com/rouder/console/internal/app/filestore"
	groupapp "github.com/rouder/console/internal/app/group"
	"github.com/rouder/console/internal/app/housekeeping"
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
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/platform/spa"
)

// App is the assembled program: what `console serve` runs.
type App struct {
	Config config.Config
	Log    *slog.Logger
	DB     *store.DB
	Server *httpadapter.Server
	Queue  *jobs.Queue
	Hasher *password.Hasher
	Mail   *notification.Mail
	Files  filestore.Store
	// Periods opens due check periods; the scheduler runs it hourly.
	Periods *checklistapp.Periods
	// Exports makes and expires the files made in the background; Reports
	// asks for reports (the demo seed uses both).
	Exports *exportapp.UseCases
	Reports *reportsapp.UseCases
	// Imports is bulk master registration (the demo seed previews an upload).
	Imports *masterimport.UseCases
	// Notices sends the scheduled notifications (tests run it at their own instants).
	Notices *notification.Scheduler
}

// provideDB opens the configured database (PostgreSQL when DATABASE_URL
// names one, else the SQLite file in DATA_DIR) and brings its schema up to
// date, ours and River's: nothing else may touch a database of an older shape.
func provideDB(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.DB, func(), error) {
	var db *store.DB
	var err error
	if cfg.UsesPostgres() {
		db, err = store.OpenPostgres(ctx, cfg.DatabaseURL)
	} else {
		db, err = store.OpenSQLite(ctx, cfg.SQLitePath())
	}
	if err != nil {
		return nil, nil, err
	}
	applied, err := store.Migrate(ctx, db)
	if err == nil {
		err = jobs.Migrate(ctx, db)
	}
	if err != nil {
		_ = db.Close()
		return nil, nil, err
	}
	if len(applied) > 0 {
		log.Info("migrated", "applied", applied)
	}
	return db, func() { _ = db.Close() }, nil
}

// keys are the installation's secrets.
type keys struct {
	session []byte // signs session cookies
	code    []byte // keys the HMAC of one-time codes
}

func provideKeys(ctx context.Context, cfg config.Config, db *store.DB) (keys, error) {
	var k keys
	var err error
	if cfg.SessionSecret != "" {
		k.session = []byte(cfg.SessionSecret)
	} else if k.session, err = store.Secret(ctx, db, "session"); err != nil {
		return keys{}, err
	}
	if k.code, err = store.Secret(ctx, db, "mfa_code"); err != nil {
		return keys{}, err
	}
	return k, nil
}

// providePusher signs Web Push with the installation's VAPID key, made once
// and kept with the other secrets.
func providePusher(ctx context.Context, cfg config.Config, db *store.DB) (*push.Sender, error) {
	secret, err := store.Secret(ctx, db, "vapid")
	if err != nil {
		return nil, err
	}
	contact := cfg.PushContact
	if contact == "" {
		contact = "mailto:noreply@example.invalid"
	}
	return push.NewSender(secret, contact)
}

func provideBaseURL(cfg config.Config) notification.BaseURL {
	return notification.BaseURL(cfg.PublicURL)
}

// provideFiles keeps files in the S3-compatible bucket FILES_URL names, so
// several instances share them; without it, in DATA_DIR/files.
func provideFiles(ctx context.Context, cfg config.Config) (filestore.Store, error) {
	if cfg.FilesURL != "" {
		return files.NewS3(ctx, cfg.FilesURL)
	}
	return files.NewLocal(cfg.FilesDir())
}

func provideAuth(cfg config.Config, k keys, d appauth.Deps) (*appauth.Service, error) {
	return appauth.NewService(appauth.Config{SystemRange: cfg.UniqueRange == "SYSTEM", AppName: cfg.AppName, CodeKey: k.code}, d)
}

// provideMailer sends through SMTP when SMTP_URL is set, else writes to the
// local outbox directory (and the log) so development needs no mail server.
func provideMailer(cfg config.Config, log *slog.Logger) (notification.Mailer, error) {
	if cfg.SMTPURL != "" {
		return mail.NewSMTPMailer(cfg.SMTPURL)
	}
	return mail.NewOutboxMailer(cfg.OutboxDir(), log)
}

func provideSettings(cfg config.Config) system.Settings {
	return system.Settings{Version: cfg.Version, EnvName: cfg.EnvName, AppName: cfg.AppName, UniqueRange: cfg.UniqueRange,
		SupportMail: cfg.SupportMailAddress}
}

func provideHasher() *password.Hasher { return password.NewHasher(password.DefaultParams) }

func provideSPA() *spa.Handler { return spa.New() }

// useCases are the master-data use cases the server calls.
type useCases struct {
	Facilities *facilityapp.UseCases
	Groups     *groupapp.UseCases
	Users      *userapp.UseCases
	Orgs       *orgapp.UseCases
	Terminals  *terminalapp.UseCases
	CheckLists *checklistapp.Masters
	Answering  *checklistapp.Answering
	Status     *checklistapp.Status
	Photos     *photoapp.UseCases
	Surveys    *surveyapp.Editor
	Public     *surveyapp.Public
	Results    *surveyapp.Results
	Improve    *improvementapp.UseCases
	Exports    *exportapp.UseCases
	Reports    *reportsapp.UseCases
	Imports    *masterimport.UseCases
}

// provideMasterImports is bulk master registration over the screens' repositories.
func provideMasterImports(cfg config.Config, db *store.DB, tx *store.TxManager, q *jobs.Queue, f filestore.Store,
	orgs *store.Organizations, g *store.Groups, fac *store.Facilities, u *store.Users, ft *store.FacilityTags,
	ut *store.UserTags, cl *store.CheckLists, sv *store.Surveys, s *store.Sessions, h *password.Hasher, hist *store.OperationHistory, c clock.Clock) *masterimport.UseCases {
	return masterimport.New(tx, q, store.NewMasterImports(db), store.NewMasterSnapshot(db), workbook.Files{}, f, orgs,
		masterimport.Repos{Groups: g, Facilities: fac, Users: u, FacilityTags: ft, UserTags: ut, CheckLists: cl, Surveys: sv, Sessions: s},
		h, hist, c, masterimport.Config{SystemRange: cfg.UniqueRange == "SYSTEM"})
}

// providePDF is the report renderer; a missing Japanese font is said at
// start (reports would fail with pdf.MsgNoFont), not found by the first user.
func providePDF(cfg config.Config, log *slog.Logger) *pdf.Renderer {
	r := pdf.NewRenderer(cfg.PDFFontPath)
	if ok, where := r.FontAvailable(); !ok {
		log.Warn("no Japanese font for PDF reports: install fonts-ipaexfont-gothic, set PDF_FONT_PATH, or build with make build", "looked in", where)
	}
	return r
}

func provideRetention(cfg config.Config) exportapp.Retention {
	return exportapp.Retention(cfg.ExportRetention)
}

// tagSets are the two kinds of tag, one use-case value each.
type tagSets struct{ facility, user *tagging.UseCases }

func provideTagSets(tx *store.TxManager, f *store.FacilityTags, u *store.UserTags, c clock.Clock) tagSets {
	return tagSets{
		facility: tagging.New(tx, f, tagging.Roles{Edit: access.RoleFacilityEdit}, c),
		user:     tagging.New(tx, u, tagging.Roles{Read: access.RoleUserReference, Edit: access.RoleUserReference}, c),
	}
}

func provideUsers(cfg config.Config, d userapp.Deps) *userapp.UseCases {
	return userapp.New(userapp.Config{SystemRange: cfg.UniqueRange == "SYSTEM"}, d)
}

func provideServer(cfg config.Config, log *slog.Logger, db *store.DB, info *system.Info, site *spa.Handler,
	k keys, a *appauth.Service, q *account.Queries, m *support.Manuals, sa *support.Admin, mt *maintenanceapp.Service,
	dl *notification.Deliveries, sc *schedule.UseCases, ns *notification.SettingsUseCases, ch *checkhistory.UseCases,
	uc useCases, tags tagSets,
	history *store.OperationHistory) *httpadapter.Server {
	return httpadapter.NewServer(httpadapter.Deps{Log: log, DB: db, Info: info, SPA: site, TrustedProxies: cfg.TrustedProxies,
		Auth: a, Account: q, Manuals: m, SupportAdmin: sa, Maintenance: mt, Deliveries: dl, Schedule: sc, NotificationSettings: ns, CheckHistory: ch, Facilities: uc.Facilities, Groups: uc.Groups, Users: uc.Users, Organizations: uc.Orgs, Terminals: uc.Terminals, CheckLists: uc.CheckLists, Answering: uc.Answering, Status: uc.Status, Photos: uc.Photos,
		Surveys: uc.Surveys, PublicSurvey: uc.Public, SurveyResults: uc.Results, Improvements: uc.Improve,
		Exports: uc.Exports, Reports: uc.Reports, Imports: uc.Imports, History: history, FacilityTags: tags.facility, UserTags: tags.user, SessionKey: k.session, MetricsToken: cfg.MetricsToken})
}

func provideApp(cfg config.Config, log *slog.Logger, db *store.DB, srv *httpadapter.Server,
	q *jobs.Queue, reg *jobs.Registry, h *password.Hasher, m *notification.Mail, f filestore.Store, periods *checklistapp.Periods,
	notices *notification.Scheduler, pushes *notification.Push, purge *housekeeping.UseCases, uc useCases) (*App, error) {
	uc.Exports.SetReportWriter(uc.Reports)
	if err := reg.Register(jobs.Workers{Mail: m, Periods: periods, Exports: uc.Exports, Imports: uc.Imports,
		Notices: notices, Push: pushes, Purge: purge}); err != nil {
		return nil, err
	}
	if cfg.SendNotifications {
		q.Schedule()
	} else {
		q.Schedule(notification.SendNotificationsJob{}.Kind())
	}
	return &App{Config: cfg, Log: log, DB: db, Server: srv, Queue: q, Hasher: h, Mail: m, Files: f, Periods: periods, Exports: uc.Exports, Reports: uc.Reports,
		Imports: uc.Imports, Notices: notices}, nil
}
