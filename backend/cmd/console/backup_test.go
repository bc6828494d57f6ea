package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/testsupport/testdb"
	"github.com/rouder/console/internal/wiring"
)

func build(t *testing.T, cfg config.Config) *wiring.App {
	t.Helper()
	cfg.EnvName, cfg.AppName, cfg.UniqueRange, cfg.Version, cfg.ShutdownTimeout = "DEV", "ROUDER", "ORGANIZATION", "test", 5*time.Second
	app, cleanup, err := wiring.Build(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cleanup)
	return app
}

// demoadminSignsIn checks the restored database still holds the demo's
// administrator with a password hash that verifies.
func demoadminSignsIn(t *testing.T, db *store.DB) {
	t.Helper()
	var hash string
	if err := db.NewRaw(`SELECT password_hash FROM users WHERE organization_id = 2 AND user_account = 'demoadmin'`).Scan(context.Background(), &hash); err != nil {
		t.Fatalf("the restored database has no demoadmin: %v", err)
	}
	if ok, err := password.NewHasher(password.DefaultParams).Verify(hash, "Demoadmin#2026"); err != nil || !ok {
		t.Errorf("demoadmin's password does not verify in the restored database: %v", err)
	}
}

func count(t *testing.T, db *store.DB, q string) int {
	t.Helper()
	var n int
	if err := db.NewRaw(q).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// `console backup` copies the SQLite database while the server writes to
// it (a second process's connection, as the command is), and the copy,
// put in place of the database, is a working installation.
func TestSQLiteBackupWhileWritingRestores(t *testing.T) {
	dir := t.TempDir()
	app := build(t, config.Config{DataDir: dir})
	if _, err := app.SeedDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
	users := count(t, app.DB, `SELECT COUNT(*) FROM users`)

	var written atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the server keeps writing meanwhile
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := app.DB.NewRaw(`INSERT INTO login_throttle (throttle_key, failures, window_started_at) VALUES (?, 1, ?)`,
				fmt.Sprintf("ip:backup-%d", i), time.Now().UTC()).Exec(context.Background()); err == nil {
				written.Add(1)
			}
		}
	}()
	for written.Load() < 20 {
		time.Sleep(5 * time.Millisecond)
	}
	t.Setenv("DATA_DIR", dir)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("LOG_LEVEL", "error")
	out := filepath.Join(t.TempDir(), "console-backup.db")
	err := run([]string{"backup", out})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("backup: %v", err)
	}
	if err := run([]string{"backup", out}); err == nil {
		t.Error("a backup over an existing file was not refused")
	}

	restored := t.TempDir()
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(restored, "console.db"), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	again := build(t, config.Config{DataDir: restored})
	var check string
	if err := again.DB.NewRaw(`PRAGMA integrity_check`).Scan(context.Background(), &check); err != nil || check != "ok" {
		t.Fatalf("integrity of the copy: %q %v", check, err)
	}
	if n := count(t, again.DB, `SELECT COUNT(*) FROM users`); n != users {
		t.Errorf("users in the copy: %d, want %d", n, users)
	}
	if n := count(t, again.DB, `SELECT COUNT(*) FROM login_throttle WHERE throttle_key LIKE 'ip:backup-%'`); n < 20 || n > int(written.Load()) {
		t.Errorf("rows written before the backup: %d in the copy, %d written in all", n, written.Load())
	}
	demoadminSignsIn(t, again.DB)
}

// The documented PostgreSQL backup: pg_dump of a running installation,
// pg_restore into an empty database, and the console starts on it.
func TestPostgresDumpRestores(t *testing.T) {
	source := testdb.PostgresURL(t)
	app := build(t, config.Config{DataDir: t.TempDir(), DatabaseURL: source})
	if _, err := app.SeedDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
	users := count(t, app.DB, `SELECT COUNT(*) FROM users`)
	dump := filepath.Join(t.TempDir(), "console.dump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--file="+dump, source).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump (postgresql-client is needed, as docs/operations.md says): %v\n%s", err, out)
	}
	target := testdb.PostgresURLFrom(t, "template0")
	if out, err := exec.Command("pg_restore", "--no-owner", "--dbname="+target, dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	again := build(t, config.Config{DataDir: t.TempDir(), DatabaseURL: target})
	if n := count(t, again.DB, `SELECT COUNT(*) FROM users`); n != users {
		t.Errorf("users after the restore: %d, want %d", n, users)
	}
	demoadminSignsIn(t, again.DB)
}
