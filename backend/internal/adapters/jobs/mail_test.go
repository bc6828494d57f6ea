package jobs_test

import (
	"context"
	"errors"
	"github.com/rouder/console/internal/domain/access"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/mail"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/clock"
	domain "github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/testsupport/smtptest"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The mail pipeline end to end: a use case queues mail inside its
// transaction, River runs the delivery job, and a real SMTP server (in this
// process) receives it. A rolled-back transaction sends nothing.
func TestMailIsDeliveredOnlyWhenItsTransactionCommits(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		smtp := smtptest.Start(t)
		mailer, err := mail.NewSMTPMailer(smtp.URL())
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		reg := jobs.NewRegistry()
		queue, err := jobs.NewQueue(db, log, reg)
		if err != nil {
			t.Fatal(err)
		}
		tx := store.NewTxManager(db)
		outbox := store.NewOutbox(db)
		uc := notification.NewMail(tx, outbox, queue, mailer, clock.System{})
		if err := reg.Register(jobs.Workers{Mail: uc}); err != nil {
			t.Fatal(err)
		}

		org := organization.SystemOrganizationID
		rollback := errors.New("the change failed")
		err = tx.InTx(ctx, func(ctx context.Context) error {
			if _, err := uc.Queue(ctx, access.TrustedTenant(org), domain.Message{To: "lost@example.com", Subject: "取り消し", Body: "届かない"}); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("InTx: %v", err)
		}
		var id int64
		err = tx.InTx(ctx, func(ctx context.Context) (err error) {
			id, err = uc.Queue(ctx, access.TrustedTenant(org), domain.Message{To: "tenpo@example.com", Subject: "確認コードのお知らせ", Body: "確認コード: 123456"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		if err := queue.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = queue.Stop(context.Background()) }()
		got := smtp.WaitFor(t, func(r smtptest.Received) bool { return r.Subject == "確認コードのお知らせ" }, 30*time.Second)
		if got.Body != "確認コード: 123456" || len(got.To) != 1 || got.To[0] != "tenpo@example.com" {
			t.Errorf("received %+v", got)
		}
		waitUntil(t, 10*time.Second, func() bool {
			q, err := outbox.Get(ctx, access.TrustedTenant(org), id)
			return err == nil && q.Sent()
		})
		// Give a wrongly enqueued job for the rolled-back mail time to show.
		time.Sleep(500 * time.Millisecond)
		for _, m := range smtp.Messages() {
			if m.Subject == "取り消し" {
				t.Fatal("mail of a rolled-back transaction was sent")
			}
		}
		// Delivering again (a retried job) sends nothing more.
		if err := uc.Deliver(ctx, notification.DeliverMailJob{OrganizationID: org, MailID: id}); err != nil {
			t.Fatal(err)
		}
		if n := len(smtp.Messages()); n != 1 {
			t.Fatalf("%d messages after a repeated delivery, want 1", n)
		}
	})
}

func TestQueueRejectsABadAddressBeforeStoringAnything(t *testing.T) {
	db := testdb.SQLite(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	queue, err := jobs.NewQueue(db, log, jobs.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	uc := notification.NewMail(store.NewTxManager(db), store.NewOutbox(db), queue, nil, clock.System{})
	if _, err := uc.Queue(context.Background(), access.TrustedTenant(1), domain.Message{To: "not an address", Subject: "s"}); err == nil {
		t.Fatal("queued mail to a bad address")
	}
	n, err := db.NewSelect().Table("mail_outbox").Count(context.Background())
	if err != nil || n != 0 {
		t.Fatalf("outbox rows: %d (%v)", n, err)
	}
}

func waitUntil(t *testing.T, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
