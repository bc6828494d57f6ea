package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	improvementapp "github.com/rouder/console/internal/app/improvement"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func TestImprovementsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		w := newCheckWorld(t, db)
		reports := store.NewImprovements(db)
		src := improvement.Source{Kind: improvement.FromCheck, PeriodID: w.period(t), ItemID: 1, Question: "床", Choice: "×"}
		office := improvement.Viewer{Side: improvement.Office}

		t.Run("one answer, one report, however many submit it at once", func(t *testing.T) {
			var wg sync.WaitGroup
			ids := make([]int64, 8)
			created := make([]bool, 8)
			errs := make([]error, 8)
			for i := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r, ev := improvement.New(w.shinjuku, src.Subject(), src, w.today, improvement.Office)
					errs[i] = store.NewTxManager(db).InTx(bg, func(ctx context.Context) error {
						var err error
						ids[i], created[i], err = reports.Create(ctx, w.ta, r, ev, nil, w.now)
						return err
					})
				}()
			}
			wg.Wait()
			made := 0
			for i := range 8 {
				if errs[i] != nil {
					t.Fatalf("create %d: %v", i, errs[i])
				}
				if ids[i] != ids[0] {
					t.Errorf("create %d answered report %d, not %d", i, ids[i], ids[0])
				}
				if created[i] {
					made++
				}
			}
			p, _, _ := reports.List(bg, w.ta, office, improvement.Filter{Today: w.today}, paging.Request{})
			if made != 1 || p.Total != 1 {
				t.Errorf("%d creations reported, %d reports stored", made, p.Total)
			}
			th, _ := reports.Thread(bg, w.ta, ids[0])
			if len(th) != 1 || th[0].Kind != improvement.EventCreated {
				t.Errorf("thread %+v", th)
			}
			// Another store's same item is another report.
			r, ev := improvement.New(w.shibuya, src.Subject(), src, w.today, improvement.Office)
			if _, ok, err := reports.Create(bg, w.ta, r, ev, nil, w.now); !ok || err != nil {
				t.Errorf("the same item at another store: %v %v", ok, err)
			}
		})

		t.Run("another organization and another subtree see nothing", func(t *testing.T) {
			first, _, _ := reports.List(bg, w.ta, office, improvement.Filter{Today: w.today}, paging.Request{})
			id := first.Items[0].ID
			_, err := reports.Get(bg, w.tb, id)
			wantKind(t, "B reads A's report", err, failure.KindNotFound)
			p, _, _ := reports.List(bg, w.tb, office, improvement.Filter{Today: w.today}, paging.Request{})
			if p.Total != 0 {
				t.Errorf("B lists %d of A's reports", p.Total)
			}
			west := w.scoped(w.west.Path)
			p, _, _ = reports.List(bg, west, improvement.Viewer{Side: improvement.Office, OwnPath: w.west.Path}, improvement.Filter{Today: w.today}, paging.Request{})
			_, err = reports.Get(bg, west, id)
			wantKind(t, "西日本 reads 新宿's report", err, failure.KindNotFound)
			if p.Total != 0 {
				t.Errorf("西日本 lists 新宿's report")
			}
			p, _, _ = reports.List(bg, w.ta, improvement.Viewer{Side: improvement.Office, OwnPath: w.west.Path}, improvement.Filter{Today: w.today}, paging.Request{})
			q, _, _ := reports.List(bg, w.ta, improvement.Viewer{Side: improvement.Office, OwnPath: w.west.Path}, improvement.Filter{Today: w.today, IncludesUnrelated: true}, paging.Request{})
			if p.Total != 0 || q.Total != 2 {
				t.Errorf("a top-group user of 西日本: %d related, %d with unrelated", p.Total, q.Total)
			}
		})

		t.Run("append is optimistic; counts and unread follow the markers", func(t *testing.T) {
			store001 := improvement.Viewer{Side: improvement.Store, FacilityID: w.shinjuku}
			p, _, _ := reports.List(bg, w.ta, store001, improvement.Filter{Today: w.today}, paging.Request{})
			if p.Total != 1 {
				t.Fatalf("the store's list: %d", p.Total)
			}
			r := p.Items[0]
			after, ev, err := r.Apply(improvement.Store, improvement.Step{Action: improvement.ActComment, Text: "確認中"})
			if err != nil {
				t.Fatal(err)
			}
			if err := reports.Append(bg, w.ta, after, ev, w.now); err != nil {
				t.Fatal(err)
			}
			wantKind(t, "a second append from the same version", reports.Append(bg, w.ta, after, ev, w.now), failure.KindConflict)
			_, c, _ := reports.List(bg, w.ta, office, improvement.Filter{Today: w.today}, paging.Request{})
			if c.ByStatus[improvement.InProgressUnread] != 1 || c.ByStatus[improvement.InProgress] != 1 || c.Waiting != 0 {
				t.Errorf("head office's counts: %+v", c)
			}
			if n, err := reports.Waiting(bg, w.ta, office); n != 0 || err != nil {
				t.Errorf("waiting for head office: %d %v", n, err)
			}
			if n, err := reports.Waiting(bg, w.ta, store001); n != 1 || err != nil {
				t.Errorf("waiting for the store: %d %v", n, err)
			}
			unread, _, _ := reports.List(bg, w.ta, office, improvement.Filter{Today: w.today, Statuses: []improvement.Status{improvement.InProgressUnread}}, paging.Request{})
			if unread.Total != 1 || unread.Items[0].ID != r.ID {
				t.Errorf("unread filter: %+v", unread)
			}
			got, _ := reports.Get(bg, w.ta, r.ID)
			if err := reports.SetRead(bg, w.ta, r.ID, got.Markers.Read(improvement.Office)); err != nil {
				t.Fatal(err)
			}
			got, _ = reports.Get(bg, w.ta, r.ID)
			if got.Markers.UnreadFor(improvement.Office) || got.Version != after.Version+1 {
				t.Errorf("after reading: %+v", got)
			}
			_, c, _ = reports.List(bg, w.ta, store001, improvement.Filter{Today: w.today.AddDate(1, 0, 0)}, paging.Request{})
			if c.Waiting != 1 || c.Overdue != 1 || c.Total(nil) != 1 || c.Total([]improvement.Status{improvement.InProgress, improvement.InProgress}) != 1 {
				t.Errorf("the store's counts a year later: %+v", c)
			}
		})

		t.Run("the intake: one report per bad answer, and a note once it is no longer bad", func(t *testing.T) {
			if _, err := db.NewRaw("UPDATE organizations SET available_improvement = ? WHERE organization_id = ?", true, w.ta.Org()).Exec(bg); err != nil {
				t.Fatal(err)
			}
			sh, err := store.NewChecks(db).Sheet(bg, w.ta, w.period(t), w.umeda)
			if err != nil {
				t.Fatal(err)
			}
			sh.AvailableImprovement = true
			floor, smile := sh.Categories[0].Items[0], sh.Categories[1].Items[0]
			answers := func(floorChoice string) map[int64]checklist.Answer {
				return map[int64]checklist.Answer{floor.ID: {ItemID: floor.ID, Choice: floorChoice}, smile.ID: {ItemID: smile.ID, Choice: "5"}}
			}
			intake := improvementapp.NewIntake(reports)
			umeda := improvement.Viewer{Side: improvement.Store, FacilityID: w.umeda}
			list := func() []improvement.Report {
				p, _, err := reports.List(bg, w.ta, umeda, improvement.Filter{Today: w.today}, paging.Request{})
				if err != nil {
					t.Fatal(err)
				}
				return p.Items
			}
			for range 2 { // submitted twice: still one report
				if err := intake.FromSheet(bg, w.ta, sh, answers("×"), w.now); err != nil {
					t.Fatal(err)
				}
			}
			got := list()
			if len(got) != 1 || got[0].Subject != "床は清潔か：×" || !got[0].Markers.UnreadFor(improvement.Office) || !got[0].Markers.UnreadFor(improvement.Store) {
				t.Fatalf("after a bad answer: %+v", got)
			}
			for range 2 { // the answer is ○ now: one note, the report stays open
				if err := intake.FromSheet(bg, w.ta, sh, answers("○"), w.now); err != nil {
					t.Fatal(err)
				}
			}
			th, _ := reports.Thread(bg, w.ta, got[0].ID)
			if after := list(); len(after) != 1 || after[0].Status != improvement.InProgress || len(th) != 2 ||
				th[1].Kind != improvement.EventNoLongerBad || th[1].Text != "回答が「○」に変更され、低評価ではなくなりました。" {
				t.Errorf("after the answer became good: %+v, thread %+v", after, th)
			}
		})

		t.Run("found by source key, in the tenant only", func(t *testing.T) {
			key := src.Key(w.shinjuku)
			got, err := reports.BySourceKeys(bg, w.ta, []string{key, "check:0:0:0"})
			if err != nil || len(got) != 1 || got[key].Source.Question != "床" {
				t.Errorf("by key: %+v %v", got, err)
			}
			if got, _ := reports.BySourceKeys(bg, w.tb, []string{key}); len(got) != 0 {
				t.Errorf("B finds A's report by key")
			}
		})
	})
}
