package wiring_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/testsupport/objectstore"
	"github.com/rouder/console/internal/wiring"
)

// With FILES_URL the console keeps its files in the bucket: the demo seed's
// photos and manual go there (nothing under DATA_DIR/files), and a signed-in
// user reads a photo through the console, which streams it from the bucket.
func TestTheConsoleKeepsItsFilesInObjectStorage(t *testing.T) {
	dir := t.TempDir()
	cfg := config.Config{DataDir: dir, FilesURL: objectstore.URL(t), EnvName: "DEV", AppName: "ROUDER", UniqueRange: "ORGANIZATION",
		Version: "test", ShutdownTimeout: 5 * time.Second}
	ctx := context.Background()
	app, cleanup, err := wiring.Build(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if _, err := app.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "files")); len(entries) != 0 {
		t.Errorf("files were written locally: %v", entries)
	}
	var photo int64
	if err := app.DB.NewRaw(`SELECT MIN(photo_id) FROM photos WHERE organization_id = 2`).Scan(ctx, &photo); err != nil || photo == 0 {
		t.Fatalf("the demo has no photo: %v", err)
	}

	ts := httptest.NewServer(app.Server.Handler())
	defer ts.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	res, err := client.Post(ts.URL+"/login", "application/json",
		strings.NewReader(`{"organizationId":2,"userAccount":"demoadmin","password":"Demoadmin#2026"}`))
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("sign in: %v %v", res.StatusCode, err)
	}
	res.Body.Close()
	res, err = client.Get(ts.URL + "/api/photo/" + strconv.FormatInt(photo, 10) + "?ORG_ID=2")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || len(body) < 100 || body[0] != 0xFF || body[1] != 0xD8 {
		t.Errorf("the photo through the console: %d, %d bytes", res.StatusCode, len(body))
	}
	res, err = client.Get(ts.URL + "/support/file/1")
	if err == nil {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(string(b), "%PDF") {
			t.Errorf("the demo manual from the bucket: %d", res.StatusCode)
		}
	}
}
