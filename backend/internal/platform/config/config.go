// Package config reads the server's settings from the environment, once, at
// start. Every setting has a default that makes `make run` work on a laptop.
package config

import (
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/validation"
)

// Config is everything the server reads from its environment.
type Config struct {
	Port        int
	BindAddress string // the interface to listen on; empty listens on all
	DataDir     string // SQLite database, local outbox, uploaded files
	DatabaseURL string // postgres://… selects PostgreSQL; empty selects SQLite in DataDir
	SMTPURL     string // empty: mail goes to the local outbox under DataDir
	SeedDemo    bool   // insert the demo organizations into an empty database

	EnvName     string // MOCK, LOCAL, DEV, PRODUCT … shown as a badge in the console
	AppName     string
	UniqueRange string // ORGANIZATION (sign-in names an organization) or SYSTEM
	Version     string // set at build time; a change makes open consoles reload

	// SupportMailAddress is where users write for help, shown in the
	// console's support dialog (SUPPORT_MAIL_ADDRESS); empty: the dialog
	// tells them to ask their administrator.
	SupportMailAddress string

	// TrustedProxies lists the proxies whose X-Forwarded-For is believed.
	// Empty: the client address is the TCP peer, whatever headers say.
	TrustedProxies []netip.Prefix

	// SessionSecret signs session cookies. Empty: a random key is created
	// once and kept in the database, shared by every server.
	SessionSecret string

	// PDFFontPath is the IPAex Gothic file the reports use when the binary
	// does not embed it (PDF_FONT_PATH; empty: Debian's fonts-ipaexfont-gothic).
	PDFFontPath string

	// ExportRetention is how long made export files stay downloadable
	// (EXPORT_RETENTION_DAYS, default 30).
	ExportRetention time.Duration

	// PublicURL is where users reach the console (PUBLIC_URL); links in
	// notifications point there. Empty: http://localhost:PORT.
	PublicURL string
	// PushContact is the VAPID subject push services may contact
	// (PUSH_CONTACT, a mailto: or https: URL).
	PushContact string

	// FilesURL selects S3-compatible object storage for the files
	// (FILES_URL, s3://ACCESS:SECRET@host:port/bucket[/prefix]?tls=false);
	// empty: DATA_DIR/files.
	FilesURL string

	// MetricsToken is the bearer token /metrics asks for (METRICS_TOKEN);
	// empty: only a local scraper talking to the process directly.
	MetricsToken string

	// SendNotifications runs the notification timer (always in a served
	// console; tests leave it off and drive the scheduler with their own clock).
	SendNotifications bool

	ShutdownTimeout time.Duration
	LogLevel        string
}

// Version is overwritten by the linker (-X) in release builds.
var Version = "dev"

// Load reads the environment. It fails on values that are present but wrong,
// so a typo in production stops the start instead of silently using a default.
func Load() (Config, error) {
	c := Config{
		DataDir:            env("DATA_DIR", "./var"),
		BindAddress:        os.Getenv("BIND_ADDRESS"),
		DatabaseURL:        os.Getenv("DATABASE_URL"),
		SMTPURL:            os.Getenv("SMTP_URL"),
		EnvName:            strings.ToUpper(env("APP_ENV", "LOCAL")),
		AppName:            env("APP_NAME", "ROUDER"),
		UniqueRange:        strings.ToUpper(env("UNIQUE_RANGE", "ORGANIZATION")),
		Version:            env("APP_VERSION", Version),
		LogLevel:           env("LOG_LEVEL", "info"),
		SessionSecret:      os.Getenv("SESSION_SECRET"),
		PDFFontPath:        os.Getenv("PDF_FONT_PATH"),
		MetricsToken:       os.Getenv("METRICS_TOKEN"),
		FilesURL:           os.Getenv("FILES_URL"),
		PublicURL:          strings.TrimRight(os.Getenv("PUBLIC_URL"), "/"),
		PushContact:        env("PUSH_CONTACT", "mailto:noreply@example.invalid"),
		SupportMailAddress: strings.TrimSpace(os.Getenv("SUPPORT_MAIL_ADDRESS")),
		ShutdownTimeout:    15 * time.Second,
		SendNotifications:  true,
	}
	var err error
	if c.Port, err = strconv.Atoi(env("PORT", "8080")); err != nil || c.Port < 0 || c.Port > 65535 {
		return c, fmt.Errorf("PORT: %q is not a port number", os.Getenv("PORT"))
	}
	if c.SeedDemo, err = strconv.ParseBool(env("SEED_DEMO", "false")); err != nil {
		return c, fmt.Errorf("SEED_DEMO: %q is not true or false", os.Getenv("SEED_DEMO"))
	}
	days, err := strconv.Atoi(env("EXPORT_RETENTION_DAYS", "30"))
	if err != nil || days < 1 || days > 3650 {
		return c, fmt.Errorf("EXPORT_RETENTION_DAYS: %q is not a number of days (1–3650)", os.Getenv("EXPORT_RETENTION_DAYS"))
	}
	c.ExportRetention = time.Duration(days) * 24 * time.Hour
	if c.UniqueRange != "ORGANIZATION" && c.UniqueRange != "SYSTEM" {
		return c, fmt.Errorf("UNIQUE_RANGE: %q is neither ORGANIZATION nor SYSTEM", c.UniqueRange)
	}
	if s := os.Getenv("TRUSTED_PROXIES"); s != "" {
		for _, part := range strings.Split(s, ",") {
			p, err := parsePrefix(strings.TrimSpace(part))
			if err != nil {
				return c, fmt.Errorf("TRUSTED_PROXIES: %w", err)
			}
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
	}
	if c.DatabaseURL != "" && !c.UsesPostgres() {
		return c, fmt.Errorf("DATABASE_URL: only postgres:// URLs are supported (leave it empty for SQLite in DATA_DIR)")
	}
	switch strings.ToLower(c.LogLevel) {
	case "debug", "info", "warn", "error":
	default:
		return c, fmt.Errorf("LOG_LEVEL: %q is not debug, info, warn or error", c.LogLevel)
	}
	if c.SessionSecret != "" && len(c.SessionSecret) < 32 {
		return c, fmt.Errorf("SESSION_SECRET: use at least 32 characters")
	}
	if c.PublicURL != "" && !strings.HasPrefix(c.PublicURL, "https://") && !strings.HasPrefix(c.PublicURL, "http://") {
		return c, fmt.Errorf("PUBLIC_URL: %q is not an http(s) URL", c.PublicURL)
	}
	if c.PublicURL == "" {
		c.PublicURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	if !strings.HasPrefix(c.PushContact, "mailto:") && !strings.HasPrefix(c.PushContact, "https://") {
		return c, fmt.Errorf("PUSH_CONTACT: %q is neither a mailto: nor an https: URL", c.PushContact)
	}
	if err := validation.Email.Validate(c.SupportMailAddress); err != nil {
		return c, fmt.Errorf("SUPPORT_MAIL_ADDRESS: %q is not a plain mail address (name@example.com)", c.SupportMailAddress)
	}
	if c.FilesURL != "" && !strings.HasPrefix(c.FilesURL, "s3://") {
		return c, fmt.Errorf("FILES_URL: only s3:// URLs are supported (leave it empty for DATA_DIR/files)")
	}
	if c.DataDir, err = filepath.Abs(c.DataDir); err != nil {
		return c, fmt.Errorf("DATA_DIR: %w", err)
	}
	return c, nil
}

// UsesPostgres reports whether the database is PostgreSQL rather than the
// embedded SQLite file.
func (c Config) UsesPostgres() bool {
	return strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://")
}

// SQLitePath is where the embedded database lives.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "console.db") }

// FilesDir is the local file storage (manuals, photos, exports).
func (c Config) FilesDir() string { return filepath.Join(c.DataDir, "files") }

// OutboxDir is where mail goes when no SMTP server is configured.
func (c Config) OutboxDir() string { return filepath.Join(c.DataDir, "outbox") }

func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		return netip.ParsePrefix(s)
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a, a.BitLen()), nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
