package consoletest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/testsupport/testdb"
	"github.com/rouder/console/internal/wiring"
)

// Seeding the demo (argon2 hashes, check lists with answers, photos) takes
// seconds under -race; every test needs the same result. So it is made once
// per dialect and copied per test: a PostgreSQL template database and a
// SQLite file, each with its files directory, named after a hash of the
// backend's source so a code change makes a new one (old ones are removed).

// snapshot is a seeded database to copy.
type snapshot struct {
	pgTemplate string // PostgreSQL: the template database
	sqliteFile string // SQLite: the database file
	filesDir   string // the files the seed stored (manual, photos)
}

var (
	snapshotsMu sync.Mutex
	snapshots   = map[string]*snapshot{}
)

func seeded(dialect string) (*snapshot, error) {
	snapshotsMu.Lock()
	defer snapshotsMu.Unlock()
	if s, ok := snapshots[dialect]; ok {
		return s, nil
	}
	hash, err := sourceHash()
	if err != nil {
		return nil, err
	}
	root := filepath.Join(os.TempDir(), "console-seeded-"+hash)
	removeStale(filepath.Join(os.TempDir(), "console-seeded-"), root)
	s := &snapshot{filesDir: filepath.Join(root, dialect, "files")}
	if dialect == "postgres" {
		s.pgTemplate, err = testdb.SeededPostgres("console_seeded_"+hash, "console_seeded_", func(url string) error {
			return seedInto(config.Config{DatabaseURL: url}, filepath.Join(root, dialect))
		})
	} else {
		s.sqliteFile = filepath.Join(root, dialect, "console.db")
		err = onceInDir(filepath.Join(root, dialect), func(dir string) error { return seedInto(config.Config{}, dir) })
	}
	if err != nil {
		return nil, err
	}
	snapshots[dialect] = s
	return s, nil
}

// seedInto builds the program on cfg's database with dataDir, seeds the
// demo and closes everything, leaving the database and files behind.
func seedInto(cfg config.Config, dataDir string) error {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return err
	}
	cfg.DataDir, cfg.EnvName, cfg.AppName, cfg.UniqueRange, cfg.Version = dataDir, "DEV", "ROUDER", "ORGANIZATION", "test"
	cfg.ShutdownTimeout = 5 * time.Second
	ctx := context.Background()
	app, cleanup, err := wiring.Build(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return fmt.Errorf("build console to seed: %w", err)
	}
	defer cleanup()
	if _, err := app.SeedDemo(ctx); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if cfg.DatabaseURL == "" {
		_, err = app.DB.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	return err
}

// onceInDir runs make into a new directory and moves it to dir, unless
// dir exists (another test process made it first).
func onceInDir(dir string, make func(dir string) error) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o750); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".building-*")
	if err != nil {
		return err
	}
	if err := make(tmp); err != nil {
		_ = os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.RemoveAll(tmp) // lost the race: the other one is as good
	}
	return nil
}

// copySnapshot prepares dataDir (and, for SQLite, its database) from s.
func copySnapshot(s *snapshot, dataDir string) error {
	if _, err := os.Stat(s.filesDir); err == nil {
		if err := os.CopyFS(filepath.Join(dataDir, "files"), os.DirFS(s.filesDir)); err != nil {
			return fmt.Errorf("copy seeded files: %w", err)
		}
	}
	if s.sqliteFile == "" {
		return nil
	}
	data, err := os.ReadFile(s.sqliteFile)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dataDir, "console.db"), data, 0o600)
}

// sourceHash names the seeded snapshots after the backend's Go sources and
// migrations (tests excluded): the same code seeds the same data.
func sourceHash() (string, error) {
	_, here, _, _ := runtime.Caller(0)
	internal := filepath.Join(filepath.Dir(here), "..", "..")
	h := sha256.New()
	err := filepath.WalkDir(internal, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, "_test.go") || !(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".sql") || strings.HasSuffix(p, ".pdf")) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, _ = h.Write([]byte(p))
		_, _ = h.Write(b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12], err
}

// removeStale deletes snapshot directories of earlier code versions once
// they have not been touched for testdb.StaleAfter: a run of other code in
// another checkout at the same time may still be using its own.
func removeStale(prefix, keep string) {
	matches, _ := filepath.Glob(prefix + "*")
	for _, m := range matches {
		if info, err := os.Stat(m); m != keep && err == nil && time.Since(info.ModTime()) > testdb.StaleAfter {
			_ = os.RemoveAll(m)
		}
	}
}
