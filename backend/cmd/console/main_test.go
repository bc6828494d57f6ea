package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/validation"
)

// withStdin runs fn with standard input reading text.
func withStdin(t *testing.T, text string, fn func() error) error {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.WriteString(text)
	w.Close()
	old := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = old; r.Close() }()
	return fn()
}

// `console init` on a fresh installation (SQLite in a temporary DATA_DIR):
// a weak password is refused with the product's message, the first
// administrator is made once and signs in with the password given on
// standard input, and a second run is refused.
func TestInitCreatesTheFirstAdministratorOnce(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DATA_DIR", dir)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SMTP_URL", "")
	t.Setenv("SEED_DEMO", "false")
	t.Setenv("LOG_LEVEL", "error")

	err := withStdin(t, "weak\n", func() error { return run([]string{"init", "-mail", "ops@example.jp"}) })
	if err == nil || !strings.Contains(err.Error(), validation.MsgPassword) {
		t.Fatalf("a weak password: %v", err)
	}
	if err := run([]string{"init", "-mail", "ops@example.jp", "Secret#2026"}); err == nil || !strings.Contains(err.Error(), "standard input") {
		t.Fatalf("a password on the command line: %v", err)
	}
	if err := withStdin(t, "Strong#2026\n", func() error { return run([]string{"init", "-account", "ops-admin", "-mail", "ops@example.jp"}) }); err != nil {
		t.Fatalf("init: %v", err)
	}
	file := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(file, []byte("Another#2026\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"init", "-account", "second", "-mail", "b@example.jp", "-password-file", file}); err == nil ||
		!strings.Contains(err.Error(), "initialised") {
		t.Fatalf("a second init: %v", err)
	}

	db, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows []struct {
		Account string `bun:"user_account"`
		Hash    string `bun:"password_hash"`
		Main    string `bun:"main_authority_name"`
	}
	if err := db.NewRaw(`SELECT user_account, password_hash, main_authority_name FROM users`).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Account != "ops-admin" || rows[0].Main != "SYSTEM_ADMIN" {
		t.Fatalf("users: %+v", rows)
	}
	if ok, err := password.NewHasher(password.DefaultParams).Verify(rows[0].Hash, "Strong#2026"); err != nil || !ok {
		t.Errorf("the stored hash does not verify the password: %v", err)
	}
}
