package main

import (
	"context"
	"crypto/rand"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/testsupport/objectstore"
)

// `console files migrate` copies the local file storage into the bucket
// under the same keys (a half-written upload left out), so the console
// started with FILES_URL finds every file it had.
func TestFilesMigrateCopiesTheLocalStorageIntoTheBucket(t *testing.T) {
	u, err := url.Parse(objectstore.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path += "/migrate-" + strings.ToLower(rand.Text()[:8]) // a prefix of its own in a shared bucket
	filesURL := u.String()

	dir := t.TempDir()
	local := map[string]string{"support/manual.pdf": "%PDF-1.4 manual", "photos/2/abc.jpg": "jpeg bytes", "photos/2/abc-thumb.jpg": "thumb"}
	for key, body := range local {
		p := filepath.Join(dir, "files", filepath.FromSlash(key))
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "files", "photos", ".upload-123"), []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DATA_DIR", dir)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("LOG_LEVEL", "error")
	t.Setenv("FILES_URL", "")
	if err := run([]string{"files", "migrate"}); err == nil || !strings.Contains(err.Error(), "FILES_URL") {
		t.Fatalf("without FILES_URL: %v", err)
	}
	t.Setenv("FILES_URL", filesURL)
	if err := run([]string{"files", "migrate"}); err != nil {
		t.Fatalf("files migrate: %v", err)
	}
	bucket, err := files.NewS3(context.Background(), filesURL)
	if err != nil {
		t.Fatal(err)
	}
	for key, body := range local {
		r, err := bucket.Open(context.Background(), key)
		if err != nil {
			t.Fatalf("%s in the bucket: %v", key, err)
		}
		got, _ := io.ReadAll(r)
		r.Close()
		if string(got) != body {
			t.Errorf("%s: %q, want %q", key, got, body)
		}
	}
	if _, err := bucket.Open(context.Background(), "photos/.upload-123"); !failure.Is(err, failure.KindNotFound) {
		t.Errorf("a half-written upload was copied: %v", err)
	}
}
