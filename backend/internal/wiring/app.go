package wiring

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/rouder/console/internal/adapters/store"
)

// SeedDemo inserts the demo data into an empty database and logs the demo
// sign-ins; a database with users is left alone.
func (a *App) SeedDemo(ctx context.Context) (bool, error) {
	seeded, err := store.SeedDemo(ctx, a.DB, a.Hasher.Hash, a.Files, time.Now())
	if err != nil {
		return false, fmt.Errorf("seed demo data: %w", err)
	}
	if seeded {
		a.Log.Info("demo data seeded")
	}
	return seeded, nil
}

// Serve runs the jobs and the HTTP server until ctx ends, then shuts down in
// order: stop taking requests and drain them, stop the jobs (running ones
// finish), and let the caller close the database.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	// The jobs get their own context: the signal that ends ctx must let
	// running jobs finish (Stop, below), not cut them off.
	if err := a.Queue.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(a.Config.BindAddress, strconv.Itoa(a.Config.Port)))
	if err != nil {
		return fmt.Errorf("listen on port %d: %w", a.Config.Port, err)
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	serveErr := a.Server.ServeListener(ctx, ln, a.Config.ShutdownTimeout)
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), a.Config.ShutdownTimeout)
	defer cancel()
	if err := a.Queue.Stop(stopCtx); err != nil {
		a.Log.Warn("jobs did not stop cleanly", "error", err)
	}
	if errors.Is(serveErr, http.ErrServerClosed) {
		return nil
	}
	return serveErr
}
