// Package wiring builds the program's object graph with Google Wire.
// wire.go declares it; wire_gen.go is generated (`make generate`) and
// committed, so the binary has no runtime dependency on Wire.
package wiring

import (
	"context"
	"log/slog"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/mail"
	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/app/system"
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
}

// provideDB opens the configured database: PostgreSQL when DATABASE_URL
// names one, else the SQLite file in DATA_DIR.
func provideDB(ctx context.Context, cfg config.Config) (*store.DB, func(), error) {
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
	return db, func() { _ = db.Close() }, nil
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
	return system.Settings{Version: cfg.Version, EnvName: cfg.EnvName, AppName: cfg.AppName, UniqueRange: cfg.UniqueRange}
}

func provideHasher() *password.Hasher { return password.NewHasher(password.DefaultParams) }

func provideSPA() *spa.Handler { return spa.New() }

func provideServer(cfg config.Config, log *slog.Logger, db *store.DB, info *system.Info, site *spa.Handler) *httpadapter.Server {
	return httpadapter.NewServer(httpadapter.Deps{Log: log, DB: db, Info: info, SPA: site, TrustedProxies: cfg.TrustedProxies})
}

func provideApp(cfg config.Config, log *slog.Logger, db *store.DB, srv *httpadapter.Server,
	q *jobs.Queue, reg *jobs.Registry, h *password.Hasher, m *notification.Mail) (*App, error) {
	if err := reg.Register(jobs.Workers{Mail: m}); err != nil {
		return nil, err
	}
	return &App{Config: cfg, Log: log, DB: db, Server: srv, Queue: q, Hasher: h, Mail: m}, nil
}
