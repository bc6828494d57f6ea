package store_test

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/adapters/workbook"
	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/masterimport"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	mdomain "github.com/rouder/console/internal/domain/masters"
)

// Bulk master registration at scale (issue 14): the chain of 10,000 stores
// and 50,000 users (seedChain) on PostgreSQL. Each step runs as the screen
// runs it — the download, the upload read at once and previewed by the job,
// the apply by the job in one transaction — with the process's peak memory.
// The spring reorganization changes 1,000 stores (moved to another area),
// 10 group names, 5,000 users' mail addresses, and adds 100 stores and 500
// users (each new user's initial password is hashed with the sign-in
// cost). References, measured in the same run: reading the masters alone
// (the snapshot every step starts from), and writing the same changed rows
// as plain UPDATE/INSERT statements in one transaction.
func BenchmarkMasterImport(b *testing.B) {
	db, _, _, _ := seedChain(b)
	ctx := context.Background()
	var admin struct {
		ID   int64  `bun:"user_id"`
		Path string `bun:"path"`
	}
	if err := db.NewRaw(`UPDATE users SET main_authority_name = 'ORGANIZATION_ADMIN' WHERE user_id =
		(SELECT MIN(user_id) FROM users WHERE organization_id = 100) RETURNING user_id,
		(SELECT '/' || MIN(group_id) || '/' FROM org_groups WHERE organization_id = 100) AS path`).Scan(ctx, &admin); err != nil {
		b.Fatal(err)
	}
	p := access.Principal{UserID: admin.ID, Account: "user000001", OrganizationID: 100, ActingOrgID: 100, TopGroupUser: true,
		Roles: access.RolesOf(access.OrganizationAdmin, nil)}
	ctx = access.WithPrincipal(ctx, p)
	fileStore, err := files.NewLocal(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	imports := store.NewMasterImports(db)
	uc := masterimport.New(store.NewTxManager(db), noQueue{}, imports, store.NewMasterSnapshot(db), workbook.Files{}, fileStore,
		store.NewOrganizations(db), masterimport.Repos{Groups: store.NewGroups(db), Facilities: store.NewFacilities(db),
			Users: store.NewUsers(db), FacilityTags: store.NewFacilityTags(db), UserTags: store.NewUserTags(db), CheckLists: store.NewCheckLists(db), Surveys: store.NewSurveys(db), Sessions: store.NewSessions(db)},
		password.NewHasher(password.DefaultParams), store.NewOperationHistory(db), clock.System{}, masterimport.Config{})
	tn := access.TrustedTenant(100)
	snapshot := func() mdomain.Snapshot {
		s, err := store.NewMasterSnapshot(db).Snapshot(ctx, tn)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	rowsOf := func(s mdomain.Snapshot) int {
		return len(s.Groups) + len(s.Facilities) + len(s.Users) + len(s.FacilityTags)
	}

	b.Run("reference-read-masters", func(b *testing.B) {
		measure(b, func() int { return rowsOf(snapshot()) })
	})
	var current bytes.Buffer
	if err := uc.Download(ctx, &current, false, ""); err != nil {
		b.Fatal(err)
	}
	b.Run("download", func(b *testing.B) {
		measure(b, func() int {
			current.Reset()
			if err := uc.Download(ctx, &current, false, ""); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(current.Len())/1e6, "file-MB")
			return rowsOf(snapshot())
		})
	})
	preview := func(b *testing.B, data []byte) mdomain.Import {
		im, err := uc.Upload(ctx, "bench.xlsx", bytes.NewReader(data), nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := uc.Run(ctx, masterimport.RunJob{OrganizationID: 100, ImportID: im.ID}, true); err != nil {
			b.Fatal(err)
		}
		im, err = imports.Get(ctx, tn, im.ID)
		if err != nil || im.Status != mdomain.Previewed {
			b.Fatalf("preview: %+v %v", im, err)
		}
		return im
	}
	b.Run("preview-unchanged", func(b *testing.B) {
		measure(b, func() int {
			im := preview(b, current.Bytes())
			if (mdomain.Plan{Counts: im.Counts}).Changes() != 0 {
				b.Fatalf("the downloaded workbook is not unchanged: %+v", im.Counts)
			}
			return im.Total
		})
	})

	// The reorganization's workbook, from the masters as they are.
	s := snapshot()
	org, _ := store.NewOrganizations(db).Get(ctx, 100)
	labels := mdomain.Labels{ExternalDataID: org.ExternalDataIDLabel, ExternalDataValue: org.ExternalDataValueLabel}
	if labels.ExternalDataID == "" {
		labels = mdomain.Labels{ExternalDataID: "外部データID", ExternalDataValue: "外部データ"}
	}
	rows := mdomain.Render(s)
	leaves := []string{}
	for _, g := range s.Groups {
		if g.Depth() == 2 {
			leaves = append(leaves, strconv.FormatInt(g.ID, 10))
		}
	}
	// A moved store takes its staff along (their group follows the store's).
	movedTo := map[string]string{}
	for i := range 1000 {
		r := rows[mdomain.SetFacilities][i*10]
		to := leaves[(i*7+3)%len(leaves)]
		if to == r[1] {
			to = leaves[(i*7+4)%len(leaves)]
		}
		r[1] = to
		movedTo[r[0]] = to
	}
	for _, r := range rows[mdomain.SetUsers] {
		if to, ok := movedTo[r[7]]; ok {
			r[6] = to
		}
	}
	for i := range 10 {
		r := rows[mdomain.SetGroups][len(rows[mdomain.SetGroups])-1-i]
		r[2] += "（再編）"
	}
	for i := range 5000 {
		r := rows[mdomain.SetUsers][i*10]
		r[12] = "new-" + r[12]
	}
	for i := range 100 {
		rows[mdomain.SetFacilities] = append(rows[mdomain.SetFacilities], []string{"", leaves[i%len(leaves)], fmt.Sprintf("新店%03d", i),
			fmt.Sprintf("シンテン%03d", i), "東京都", "03-0000-0000", "", fmt.Sprintf("N%04d", i), "", mdomain.No, mdomain.No, "タグ1"})
	}
	for i := range 500 {
		rows[mdomain.SetUsers] = append(rows[mdomain.SetUsers], []string{"", fmt.Sprintf("newuser%04d", i), "新", "人", "グループスタッフ", "",
			leaves[(i/5)%len(leaves)], "", fmt.Sprintf("N%04d", i/5), "", "", "", fmt.Sprintf("newuser%04d@example.com", i), ""})
	}
	var changed bytes.Buffer
	if err := workbook.Write(&changed, mdomain.Layouts(labels), rows, nil); err != nil {
		b.Fatal(err)
	}
	var planned mdomain.Import
	b.Run("preview-reorganization", func(b *testing.B) {
		measure(b, func() int {
			planned = preview(b, changed.Bytes())
			return planned.Total
		})
		plan := mdomain.Plan{Counts: planned.Counts}
		if plan.Errors() != 0 || plan.Changes() < 1000+10+5000+100+500 {
			b.Fatalf("the reorganization's plan: %+v", planned.Counts)
		}
		b.ReportMetric(float64(plan.Changes()), "changes")
	})
	b.Run("reference-plain-writes", func(b *testing.B) {
		measure(b, func() int {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer func() { _ = tx.Rollback() }() // a reference: nothing stays
			n := 0
			for i := range 1000 {
				_, err = tx.NewRaw("UPDATE facilities SET group_id = ?, version = version + 1 WHERE organization_id = 100 AND facility_id = ?",
					leaves[(i*7+3)%len(leaves)], s.Facilities[i*10].ID).Exec(ctx)
				n++
			}
			for i := range 5000 {
				_, err = tx.NewRaw("UPDATE users SET mail_address = ?, version = version + 1 WHERE organization_id = 100 AND user_id = ?",
					"x"+strconv.Itoa(i), s.Users[i*10].ID).Exec(ctx)
				n++
			}
			for i := range 600 {
				_, err = tx.NewRaw(`INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana, search_text)
					VALUES (100, ?, ?, 'ア', '')`, leaves[0], "参照"+strconv.Itoa(i)).Exec(ctx)
				n++
			}
			if err != nil {
				b.Fatal(err)
			}
			return n
		})
	})
	b.Run("reference-hash-500-passwords", func(b *testing.B) {
		h := password.NewHasher(password.DefaultParams)
		measure(b, func() int {
			var wg sync.WaitGroup
			work := make(chan int)
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for range work {
						if _, err := h.Hash(mdomain.Yes + "Aa1aaaaa"); err != nil {
							b.Error(err)
						}
					}
				})
			}
			for i := range 500 {
				work <- i
			}
			close(work)
			wg.Wait()
			return 500
		})
	})
	b.Run("apply-reorganization", func(b *testing.B) {
		if b.N > 1 {
			b.Skip("applies once: the masters change")
		}
		if planned.ID == 0 {
			b.Skip("needs preview-reorganization's plan")
		}
		measure(b, func() int {
			if _, err := uc.Apply(ctx, planned.ID); err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			if err := uc.Run(ctx, masterimport.RunJob{OrganizationID: 100, ImportID: planned.ID, Apply: true}, true); err != nil {
				b.Fatal(err)
			}
			im, err := imports.Get(ctx, tn, planned.ID)
			if err != nil || im.Status != mdomain.Applied {
				b.Fatalf("apply: %+v %v", im, err)
			}
			b.Logf("applied %d changes in %s", (mdomain.Plan{Counts: im.Counts}).Changes(), time.Since(start).Round(time.Millisecond))
			return (mdomain.Plan{Counts: im.Counts}).Changes()
		})
	})
}

// noQueue stands in for the job queue: the benchmark runs each job itself,
// so its time is the work's and not the queue's polling.
type noQueue struct{}

func (noQueue) Enqueue(context.Context, background.Job) error { return nil }
