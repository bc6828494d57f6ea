package mail

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rouder/console/internal/testsupport/smtptest"
)

func TestOutboxWritesParseableEML(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	var logs bytes.Buffer
	o, err := NewOutboxMailer(dir, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o750 {
		t.Fatalf("outbox dir: %v, %v", info, err)
	}
	for range 2 {
		if err := o.Send(t.Context(), japanese); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("outbox holds %v, want two messages and nothing else", entries)
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.HasSuffix(e.Name(), ".eml") {
			t.Errorf("file %s is not .eml", e.Name())
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, raw)
		got, err := smtptest.Decode(raw)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got.Subject != japanese.Subject || got.Body != japanese.Body {
			t.Errorf("%s decodes to %q / %q", path, got.Subject, got.Body)
		}
		if !strings.Contains(logs.String(), path) {
			t.Errorf("no log line names %s:\n%s", path, logs.String())
		}
	}
	if !strings.Contains(logs.String(), "taro@rouder.test") {
		t.Errorf("log does not say whom the mail was for:\n%s", logs.String())
	}
}

func TestOutboxHonoursCancelledContext(t *testing.T) {
	o, err := NewOutboxMailer(t.TempDir(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := o.Send(ctx, japanese); err == nil {
		t.Fatal("Send with a cancelled context succeeded")
	}
}
