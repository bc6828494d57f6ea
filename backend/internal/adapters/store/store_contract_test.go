package store_test

import (
	"context"
	"errors"
	"github.com/rouder/console/internal/domain/access"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The cases below run on PostgreSQL and on SQLite: one repository code
// path, two databases, the same answers.

func TestMigrationsCreateTheSystemOrganization(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var orgName string
		if err := db.NewSelect().Table("organizations").Column("organization_name").
			Where("organization_id = ?", organization.SystemOrganizationID).Scan(ctx, &orgName); err != nil {
			t.Fatalf("system organization: %v", err)
		}
		var groupOrg int64
		if err := db.NewSelect().Table("org_groups").Column("organization_id").
			Where("group_id = ?", organization.SystemGroupID).Scan(ctx, &groupOrg); err != nil {
			t.Fatalf("system group: %v", err)
		}
		if orgName != "システム管理" || groupOrg != organization.SystemOrganizationID {
			t.Fatalf("got organization %q, group in organization %d", orgName, groupOrg)
		}
	})
}

func TestMigrateTwiceAppliesNothingNew(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		applied, err := store.Migrate(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second run applied %v", applied)
		}
	})
}

func TestTxManagerCommitsAndRollsBack(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tx := store.NewTxManager(db)
		outbox := store.NewOutbox(db)
		msg := notification.Message{To: "a@example.com", Subject: "件名", Body: "本文"}

		var kept, dropped int64
		if err := tx.InTx(ctx, func(ctx context.Context) (err error) {
			kept, err = outbox.Add(ctx, access.TrustedTenant(organization.SystemOrganizationID), msg)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err := tx.InTx(ctx, func(ctx context.Context) (err error) {
			if dropped, err = outbox.Add(ctx, access.TrustedTenant(organization.SystemOrganizationID), msg); err != nil {
				return err
			}
			// A nested InTx joins the outer transaction instead of committing.
			return tx.InTx(ctx, func(context.Context) error { return boom })
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx returned %v, want boom", err)
		}
		if _, err := outbox.Get(ctx, access.TrustedTenant(organization.SystemOrganizationID), kept); err != nil {
			t.Fatalf("committed row: %v", err)
		}
		if _, err := outbox.Get(ctx, access.TrustedTenant(organization.SystemOrganizationID), dropped); !failure.Is(err, failure.KindNotFound) {
			t.Fatalf("rolled-back row: got %v, want not found", err)
		}
	})
}

func TestOutboxKeepsOrganizationsApart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		outbox := store.NewOutbox(db)
		other := insertOrganization(t, db, "他社")
		id, err := outbox.Add(ctx, access.TrustedTenant(organization.SystemOrganizationID), notification.Message{To: "a@example.com", Subject: "s", Body: "b"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := outbox.Get(ctx, access.TrustedTenant(other), id); !failure.Is(err, failure.KindNotFound) {
			t.Fatalf("read from another organization: got %v, want not found", err)
		}
		if err := outbox.MarkSent(ctx, access.TrustedTenant(other), id, time.Now()); !failure.Is(err, failure.KindNotFound) {
			t.Fatalf("update from another organization: got %v, want not found", err)
		}
	})
}

func TestOutboxRecordsDelivery(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		outbox := store.NewOutbox(db)
		org := organization.SystemOrganizationID
		id, err := outbox.Add(ctx, access.TrustedTenant(org), notification.Message{To: "a@example.com", Subject: "ご案内", Body: "こんにちは"})
		if err != nil {
			t.Fatal(err)
		}
		if err := outbox.RecordFailure(ctx, access.TrustedTenant(org), id, "connection refused"); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 22, 1, 2, 3, 0, time.UTC)
		if err := outbox.MarkSent(ctx, access.TrustedTenant(org), id, at); err != nil {
			t.Fatal(err)
		}
		got, err := outbox.Get(ctx, access.TrustedTenant(org), id)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Sent() || !got.SentAt.Equal(at) || got.Attempts != 2 || got.Message.Subject != "ご案内" {
			t.Fatalf("got %+v (sent at %v)", got, got.SentAt)
		}
	})
}

func insertOrganization(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	var id int64
	err := db.NewRaw("INSERT INTO organizations (organization_name) VALUES (?) RETURNING organization_id", name).
		Scan(context.Background(), &id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
