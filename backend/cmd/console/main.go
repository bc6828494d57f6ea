// Command console is the whole product in one binary: the API, the
// embedded web console, and the background jobs.
//
//	console [serve]   migrate, seed the demo if SEED_DEMO=true, and serve
//	console migrate   apply migrations and exit
//	console seed      insert the demo data into an empty database and exit
//	console backup F  write a consistent copy of the SQLite database to file F
//	                  while the server keeps serving (PostgreSQL: pg_dump)
//	console files migrate
//	                  copy DATA_DIR/files into the FILES_URL bucket and exit
//	console init      create the installation's first system administrator
//	                  (the password from standard input or -password-file,
//	                  never the command line) and exit
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/rouder/console/internal/adapters/files"
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

	if cmd != "serve" && cmd != "migrate" && cmd != "seed" && cmd != "init" && cmd != "backup" && cmd != "files" {
		return fmt.Errorf("unknown command %q (serve, migrate, seed, init, backup or files)", cmd)
	}
	if cmd == "files" {
		return migrateFiles(ctx, cfg, args[1:])
	}
	if cmd == "backup" {
		return backup(ctx, cfg, args[1:])
	}
	var admin wiring.FirstAdmin
	if cmd == "init" {
		// Read everything first: a mistake in the flags changes nothing.
		if admin, err = initArgs(args[1:], os.Stdin); err != nil {
			return err
		}
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
	case "init":
		if err := app.Init(ctx, admin); err != nil {
			return fmt.Errorf("init: %w", err)
		}
		fmt.Fprintf(os.Stderr, "システム管理者 %s を作成しました（組織ID 1）。\n", admin.Account)
		return nil
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

// initArgs reads `console init`'s flags and the password: from
// -password-file, else the first line of standard input (a password on the
// command line would be in the shell history and the process list).
func initArgs(args []string, stdin io.Reader) (wiring.FirstAdmin, error) {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	a := wiring.FirstAdmin{}
	fs.StringVar(&a.Account, "account", "admin01", "the administrator's account (5–50 ASCII characters)")
	fs.StringVar(&a.LastName, "last-name", "管理", "姓")
	fs.StringVar(&a.FirstName, "first-name", "システム", "名")
	fs.StringVar(&a.MailAddress, "mail", "", "the administrator's mail address (required)")
	passwordFile := fs.String("password-file", "", "a file whose first line is the password (default: standard input)")
	if err := fs.Parse(args); err != nil {
		return a, err
	}
	if fs.NArg() > 0 {
		return a, fmt.Errorf("init: unexpected arguments %q (the password is read from standard input or -password-file)", fs.Args())
	}
	in := stdin
	if *passwordFile != "" {
		f, err := os.Open(*passwordFile)
		if err != nil {
			return a, fmt.Errorf("init: %w", err)
		}
		defer f.Close()
		in = f
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return a, fmt.Errorf("init: read the password: %w", err)
	}
	a.Password = strings.TrimRight(line, "\r\n")
	if a.Password == "" {
		return a, errors.New("init: no password: give it on standard input or with -password-file")
	}
	return a, nil
}

// backup copies the SQLite database beside a running server: it opens the
// file alone (no migration, no secrets: the copy is of what is there).
func backup(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) != 1 {
		return errors.New("backup: give the file to write: console backup /var/backups/console/console-2026-11-26.db")
	}
	if cfg.UsesPostgres() {
		return errors.New("backup: PostgreSQL is backed up with pg_dump (docs/operations.md, Backups)")
	}
	if _, err := os.Stat(cfg.SQLitePath()); err != nil {
		return fmt.Errorf("backup: no database at %s (DATA_DIR): %w", cfg.SQLitePath(), err)
	}
	db, err := store.OpenSQLite(ctx, cfg.SQLitePath())
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.BackupTo(ctx, args[0]); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "バックアップを書き出しました: %s\n", args[0])
	return nil
}

// migrateFiles copies every file of the local storage (DATA_DIR/files) into
// the FILES_URL bucket under the same keys, once, when an installation moves
// to object storage; running it again copies again (same keys, same bytes).
func migrateFiles(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) != 1 || args[0] != "migrate" {
		return errors.New("files: the one subcommand is `console files migrate`")
	}
	if cfg.FilesURL == "" {
		return errors.New("files migrate: set FILES_URL to the bucket to copy into")
	}
	bucket, err := files.NewS3(ctx, cfg.FilesURL)
	if err != nil {
		return err
	}
	root := cfg.FilesDir()
	copied, size := 0, int64(0)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".upload-") {
			return err // a half-written upload is not a file yet
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		n, err := bucket.Put(ctx, filepath.ToSlash(rel), f)
		if err != nil {
			return err
		}
		copied, size = copied+1, size+n
		return nil
	})
	if err != nil {
		return fmt.Errorf("files migrate: %w", err)
	}
	fmt.Fprintf(os.Stderr, "%d件（%d バイト）のファイルをコピーしました。\n", copied, size)
	return nil
}
