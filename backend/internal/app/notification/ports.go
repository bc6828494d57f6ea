// Package notification holds the use cases that send mail: they queue a
// message in the same transaction as the change it reports, and a background
// job delivers it through the Mailer.
package notification

import (
	"context"

	"github.com/rouder/console/internal/domain/notification"
)

// Mailer delivers one message. Implementations: SMTP, and a local outbox
// directory for development. Send must be safe to call again for the same
// message after a failure (the job that calls it retries).
type Mailer interface {
	Send(ctx context.Context, msg notification.Message) error
}
