package wiring_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/testsupport/testdb"
	"github.com/rouder/console/internal/wiring"
)

// The whole program as `console serve` assembles it, on each database:
// migrate, seed, serve, answer, and shut down cleanly when told to.
func TestProgramServesAndStops(t *testing.T) {
	for _, name := range []string{"postgres", "sqlite"} {
		t.Run(name, func(t *testing.T) {
			cfg := config.Config{
				Port: 0, DataDir: t.TempDir(), EnvName: "DEV", AppName: "ROUDER",
				UniqueRange: "ORGANIZATION", Version: "test", ShutdownTimeout: 5 * time.Second,
			}
			if name == "postgres" {
				cfg.DatabaseURL = testdb.PostgresURL(t)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			app, cleanup, err := wiring.Build(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			defer cleanup()
			if seeded, err := app.SeedDemo(ctx); err != nil || !seeded {
				t.Fatalf("seed: %v %v", seeded, err)
			}

			addrc := make(chan string, 1)
			done := make(chan error, 1)
			go func() { done <- app.Serve(ctx, func(addr string) { addrc <- addr }) }()
			var base string
			select {
			case addr := <-addrc:
				base = "http://" + strings.Replace(addr, "[::]", "127.0.0.1", 1)
			case err := <-done:
				t.Fatalf("serve: %v", err)
			}

			for path, want := range map[string]string{
				"/readyz":       `"ok"`,
				"/unique_range": "ORGANIZATION",
				"/api/const":    `"appName":"ROUDER"`,
			} {
				res, err := http.Get(base + path)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != 200 || !strings.Contains(string(body), want) {
					t.Errorf("%s: %d %s", path, res.StatusCode, body)
				}
			}

			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("shutdown: %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("did not shut down")
			}
		})
	}
}
