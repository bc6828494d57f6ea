package store_test

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/support"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The operation history on both databases: records land in their own
// organization and are listed newest first within the range asked.
func TestOperationHistoryContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		ops := store.NewOperationHistory(db)
		at := func(minutes int) time.Time { return m.now.Add(time.Duration(minutes) * time.Minute) }
		for i, e := range []history.Operation{
			{OrganizationID: m.a, UserAccount: "alice", Kind: history.Login, IPAddress: "192.0.2.1", At: at(0)},
			{OrganizationID: m.a, UserAccount: "alice", Kind: history.LoginFailed, Detail: "password", At: at(5)},
			{OrganizationID: m.b, UserAccount: "bob", Kind: history.Login, At: at(6)},
			{OrganizationID: m.a, UserAccount: "carol", Kind: history.Login, At: at(60)},
		} {
			if err := ops.Record(bg, e); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
		}
		got, err := ops.List(bg, m.ta, at(0), at(30), 100)
		if err != nil || len(got) != 2 || got[0].Kind != history.LoginFailed || got[0].Detail != "password" ||
			got[1].IPAddress != "192.0.2.1" || !got[1].At.Equal(at(0)) {
			t.Fatalf("A's first half hour: %+v %v", got, err)
		}
		if got, _ = ops.List(bg, m.ta, at(0), at(120), 1); len(got) != 1 || got[0].UserAccount != "carol" {
			t.Errorf("the newest one: %+v", got)
		}
		if got, _ = ops.List(bg, m.tb, at(0), at(120), 100); len(got) != 1 || got[0].UserAccount != "bob" {
			t.Errorf("B's records: %+v", got)
		}
	})
}

// The manuals on both databases: only published ones are listed and read.
func TestSupportFilesContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		files := store.NewSupportFiles(db)
		now := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
		add := func(name string, published bool, at time.Time) int64 {
			t.Helper()
			id, err := files.Add(bg, support.File{FileName: name, ContentType: "application/pdf", Size: 10, StorageKey: "support/" + name,
				Published: published, CreatedAt: at})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		old := add("操作マニュアル.pdf", true, now)
		draft := add("下書き.pdf", false, now.Add(time.Hour))
		add("新版マニュアル.pdf", true, now.Add(2*time.Hour))
		list, err := files.Published(bg)
		if err != nil || len(list) != 2 || list[0].FileName != "新版マニュアル.pdf" || list[1].ID != old {
			t.Fatalf("published: %+v %v", list, err)
		}
		if f, err := files.GetPublished(bg, old); err != nil || f.StorageKey != "support/操作マニュアル.pdf" || f.Size != 10 {
			t.Errorf("read: %+v %v", f, err)
		}
		_, err = files.GetPublished(bg, draft)
		wantKind(t, "an unpublished manual", err, failure.KindNotFound)
	})
}
