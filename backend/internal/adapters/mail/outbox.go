package mail

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"time"

	appnotification "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/notification"
)

var _ appnotification.Mailer = (*OutboxMailer)(nil)

// outboxFrom is the sender written into development mail; .invalid keeps a
// reply from ever leaving the machine.
var outboxFrom = &mail.Address{Address: "noreply@outbox.invalid"}

// OutboxMailer writes each message as an .eml file instead of sending it, so
// development needs no mail server and a developer (or an end-to-end test)
// can open what would have been sent.
type OutboxMailer struct {
	dir    string
	logger *slog.Logger
}

// NewOutboxMailer creates dir if needed. logger must not be nil: the log
// line is how a developer finds the file.
func NewOutboxMailer(dir string, logger *slog.Logger) (*OutboxMailer, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("mail: outbox: %w", err)
	}
	return &OutboxMailer{dir: dir, logger: logger}, nil
}

// Send writes msg to a new file named after the current time, which sorts
// the outbox in sending order; the random suffix keeps names unique.
func (o *OutboxMailer) Send(ctx context.Context, msg notification.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := time.Now()
	_, raw, err := compose(outboxFrom, msg, now)
	if err != nil {
		return err
	}
	name := now.UTC().Format("20060102T150405.000000000Z") + "-" + rand.Text()[:8] + ".eml"
	path := filepath.Join(o.dir, name)
	if err := writeAtomically(path, raw); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	o.logger.InfoContext(ctx, "mail written to outbox", "to", msg.To, "subject", msg.Subject, "path", path)
	return nil
}

// writeAtomically writes under a temporary name and renames, so anything
// watching the outbox for *.eml never reads a half-written message. The
// file keeps CreateTemp's 0600: it may hold a sign-in code.
func writeAtomically(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".writing-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
