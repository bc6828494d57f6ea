//go:build wireinject

package wiring

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/app/system"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/platform/config"
)

// Build assembles the program. The cleanup closes what Build opened.
func Build(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, func(), error) {
	wire.Build(
		provideDB,
		store.NewTxManager, wire.Bind(new(background.Transactor), new(*store.TxManager)),
		store.NewOutbox, wire.Bind(new(notification.Outbox), new(*store.Outbox)),
		jobs.NewRegistry, jobs.NewQueue, wire.Bind(new(background.Enqueuer), new(*jobs.Queue)),
		provideMailer,
		wire.InterfaceValue(new(clock.Clock), clock.System{}),
		notification.NewMail,
		provideSettings, system.NewInfo,
		provideHasher, provideSPA, provideServer,
		provideApp,
	)
	return nil, nil, nil
}
