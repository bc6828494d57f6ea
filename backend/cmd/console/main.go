// Command console is the whole product in one binary: the API, the
// embedded web console, and the background jobs.
//
//	console [serve]   migrate, seed the demo if SEED_DEMO=true, and serve
//	console migrate   apply migrations and exit
//	console seed      insert the demo data into an empty database and exit
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/platform/logging"
	"github.com/rouder/console/internal/wiring"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "console:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log := logging.New(os.Stderr, cfg.LogLevel)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if cmd != "serve" && cmd != "migrate" && cmd != "seed" {
		return fmt.Errorf("unknown command %q (serve, migrate or seed)", cmd)
	}
	// Building the program migrates the database: it never runs on an
	// older schema.
	app, cleanup, err := wiring.Build(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer cleanup()

	switch cmd {
	case "migrate":
		return nil
	case "seed":
		_, err := app.SeedDemo(ctx)
		return err
	default:
		if cfg.SeedDemo {
			if _, err := app.SeedDemo(ctx); err != nil {
				return err
			}
		}
		return app.Serve(ctx, func(addr string) { announce(cfg, addr) })
	}
}

// announce tells the person who ran `make run` where to go and how to sign in.
func announce(cfg config.Config, addr string) {
	db := "SQLite " + cfg.SQLitePath()
	if cfg.UsesPostgres() {
		db = "PostgreSQL"
	}
	fmt.Fprintf(os.Stderr, "\nコンソール: http://localhost:%d/home/  (%s, listening on %s)\n", cfg.Port, db, addr)
	if cfg.SMTPURL == "" {
		fmt.Fprintf(os.Stderr, "メール: SMTP_URL 未設定のため %s に保存します\n", cfg.OutboxDir())
	}
	if cfg.SeedDemo {
		fmt.Fprintln(os.Stderr, "デモ用サインイン (組織ID / アカウント / パスワード):")
		for _, a := range store.DemoAccounts {
			fmt.Fprintf(os.Stderr, "  %d / %-10s / %-15s %s\n", a.OrganizationID, a.Account, a.Password, a.Description)
		}
	}
	fmt.Fprintln(os.Stderr)
}
