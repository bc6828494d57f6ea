package store_test

import (
	"cmp"
	"slices"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/photo"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// checkWorld is the masters world with three of A's stores, one of B's, and
// a monthly check list of A (two categories, three items) whose first
// period runs through "today" (2026-11-24, Tokyo).
type checkWorld struct {
	*masters
	shinjuku, shibuya, umeda, bStore int64
	station                          int64 // A's store tag on 新宿 and 梅田
	list                             int64
	today                            time.Time
}

func newCheckWorld(t *testing.T, db *store.DB) *checkWorld {
	t.Helper()
	w := &checkWorld{masters: newMasters(t, db), today: time.Date(2026, 11, 24, 0, 0, 0, 0, clock.Tokyo)}
	w.station = w.facilityTag(t, w.ta, "駅前")
	w.shinjuku = w.store(t, w.ta, w.east.ID, "新宿駅前店", "シンジュクエキマエテン", w.station)
	w.shibuya = w.store(t, w.ta, w.east.ID, "渋谷店", "シブヤテン")
	w.umeda = w.store(t, w.ta, w.west.ID, "梅田駅前店", "ウメダエキマエテン", w.station)
	w.bStore = w.store(t, w.tb, w.bTop.ID, "乙の店", "オツノミセ")
	id, err := store.NewCheckLists(db).Create(bg, w.ta, w.sampleList("月次 衛生点検", w.shinjuku, w.shibuya, w.umeda), w.now)
	if err != nil {
		t.Fatal(err)
	}
	w.list = id
	return w
}

func (w *checkWorld) sampleList(name string, stores ...int64) checklist.CheckList {
	return checklist.CheckList{Name: name,
		First:      checklist.Period{From: time.Date(2026, 11, 1, 0, 0, 0, 0, clock.Tokyo), To: time.Date(2026, 11, 30, 0, 0, 0, 0, clock.Tokyo)},
		Recurrence: checklist.Recurrence{Interval: 1, Unit: checklist.Months}, TargetFacilityIDs: stores,
		Categories: []checklist.Category{
			{Name: "店内", Items: []checklist.Item{
				{Question: "床は清潔か", Scale: checklist.ScaleCircle},
				{Question: "トイレは清潔か", Scale: checklist.ScaleCircle, PhotoRequired: true, InapplicableAllowed: true},
			}},
			{Name: "接客", Items: []checklist.Item{{Question: "挨拶しているか", Scale: checklist.ScaleFive}}},
		}}
}

// period is the list's running period.
func (w *checkWorld) period(t *testing.T) int64 {
	t.Helper()
	open, err := store.NewChecks(w.db).Open(bg, w.ta, w.shinjuku, w.today)
	if err != nil || len(open) != 1 {
		t.Fatalf("open checks of 新宿: %+v %v", open, err)
	}
	return open[0].PeriodID
}

func (w *checkWorld) answer(t *testing.T, store_ int64, submit bool, answers ...checklist.Answer) {
	t.Helper()
	checks := store.NewChecks(w.db)
	sh, err := checks.Sheet(bg, w.ta, w.period(t), store_)
	if err != nil {
		t.Fatal(err)
	}
	if err := checks.Save(bg, w.ta, sh, answers, submit, 1, w.now); err != nil {
		t.Fatal(err)
	}
}

func TestCheckListsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		w := newCheckWorld(t, db)
		repo := store.NewCheckLists(db)

		t.Run("get reads targets, categories and items in order", func(t *testing.T) {
			cl, err := repo.Get(bg, w.ta, w.list)
			if err != nil {
				t.Fatal(err)
			}
			if cl.Name != "月次 衛生点検" || cl.Version != 1 || !slices.Equal(cl.TargetFacilityIDs, []int64{w.shinjuku, w.shibuya, w.umeda}) ||
				len(cl.Categories) != 2 || cl.Categories[0].Name != "店内" || len(cl.Categories[0].Items) != 2 ||
				cl.Categories[0].Items[1].Question != "トイレは清潔か" || !cl.Categories[0].Items[1].PhotoRequired ||
				cl.Categories[1].Items[0].Scale.Max() != 5 {
				t.Fatalf("read back %+v", cl)
			}
			wantKind(t, "another organization's list", func() error { _, err := repo.Get(bg, w.tb, w.list); return err }(), failure.KindNotFound)
			for _, table := range []string{"check_categories", "check_items", "check_list_facilities"} {
				if orgs := w.linkOrganizations(t, table, "check_list_id", w.list); len(orgs) == 0 || slices.ContainsFunc(orgs, func(o int64) bool { return o != w.a }) {
					t.Errorf("%s rows carry organizations %v, want only %d", table, orgs, w.a)
				}
			}
		})

		t.Run("list searches every word, pages and counts", func(t *testing.T) {
			second, err := repo.Create(bg, w.ta, w.sampleList("週次 接客チェック", w.shinjuku), w.now)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := repo.Create(bg, w.tb, w.sampleList("乙の 衛生点検", w.bStore), w.now); err != nil {
				t.Fatal(err)
			}
			page, err := repo.List(bg, w.ta, "", paging.Request{Page: 1, Size: 10})
			if err != nil || page.Total != 2 || page.Items[0].ID != second || page.Items[1].ID != w.list ||
				page.Items[1].Items != 3 || page.Items[1].Facilities != 3 || page.Items[0].Facilities != 1 {
				t.Fatalf("list: %+v %v", page, err)
			}
			if page, _ := repo.List(bg, w.ta, "衛生　月次", paging.Request{Page: 1, Size: 10}); page.Total != 1 || page.Items[0].ID != w.list {
				t.Errorf("two words: %+v", page)
			}
			if page, _ := repo.List(bg, w.ta, "衛生 週次", paging.Request{Page: 1, Size: 10}); page.Total != 0 {
				t.Errorf("words of two lists matched one: %+v", page)
			}
			if page, _ := repo.List(bg, w.ta, "", paging.Request{Page: 2, Size: 1}); page.Total != 2 || len(page.Items) != 1 || page.Items[0].ID != w.list {
				t.Errorf("page 2: %+v", page)
			}
		})

		t.Run("update keeps item ids, archives answered removed items, checks the version", func(t *testing.T) {
			id, _ := repo.Create(bg, w.ta, w.sampleList("編集用", w.shinjuku), w.now)
			cl, _ := repo.Get(bg, w.ta, id)
			checks := store.NewChecks(db)
			open, _ := checks.Open(bg, w.ta, w.shinjuku, w.today)
			var period int64
			for _, o := range open {
				if o.CheckListID == id {
					period = o.PeriodID
				}
			}
			sh, _ := checks.Sheet(bg, w.ta, period, w.shinjuku)
			floor, toilet, greet := cl.Categories[0].Items[0], cl.Categories[0].Items[1], cl.Categories[1].Items[0]
			if err := checks.Save(bg, w.ta, sh, []checklist.Answer{{ItemID: floor.ID, Choice: "○"}}, false, 1, w.now); err != nil {
				t.Fatal(err)
			}
			// Drop the answered floor item and the unanswered greeting; rename the toilet item.
			edited := cl
			toilet.Question = "化粧室は清潔か"
			edited.Categories = []checklist.Category{{ID: cl.Categories[0].ID, Name: "店内", Items: []checklist.Item{toilet}}}
			if ok, err := repo.ItemsBelong(bg, w.ta, id, edited); !ok || err != nil {
				t.Fatalf("own items do not belong: %v", err)
			}
			if err := repo.Update(bg, w.ta, edited, 1, w.today, w.now); err != nil {
				t.Fatal(err)
			}
			got, _ := repo.Get(bg, w.ta, id)
			if got.Version != 2 || len(got.Categories) != 1 || len(got.Categories[0].Items) != 1 ||
				got.Categories[0].Items[0].ID != toilet.ID || got.Categories[0].Items[0].Question != "化粧室は清潔か" {
				t.Fatalf("after update %+v", got)
			}
			if n := countRows(t, w.db, "SELECT COUNT(*) FROM check_items WHERE item_id = ? AND archived_at IS NOT NULL", floor.ID); n != 1 {
				t.Error("the answered item was not archived")
			}
			if n := countRows(t, w.db, "SELECT COUNT(*) FROM check_items WHERE item_id = ?", greet.ID); n != 0 {
				t.Error("the unanswered item was kept")
			}
			if n := countRows(t, w.db, "SELECT item_count FROM check_periods WHERE period_id = ?", period); n != 1 {
				t.Errorf("the running period counts %d items, want 1", n)
			}
			wantKind(t, "stale version", repo.Update(bg, w.ta, edited, 1, w.today, w.now), failure.KindConflict)
			wantKind(t, "another organization", repo.Update(bg, w.tb, edited, 2, w.today, w.now), failure.KindNotFound)
			// An item of another list does not belong to this one.
			other, _ := repo.Get(bg, w.ta, w.list)
			stolen := edited
			stolen.Categories = []checklist.Category{{Name: "x", Items: []checklist.Item{other.Categories[0].Items[0]}}}
			if ok, _ := repo.ItemsBelong(bg, w.ta, id, stolen); ok {
				t.Error("another list's item belongs")
			}
			if ok, _ := repo.ItemsBelong(bg, w.tb, id, edited); ok {
				t.Error("the list's items belong to another organization")
			}
		})

		t.Run("targets must be the organization's", func(t *testing.T) {
			if ok, err := repo.TargetsExist(bg, w.ta, []int64{w.shinjuku, w.umeda}, nil); !ok || err != nil {
				t.Errorf("own stores: %v %v", ok, err)
			}
			if ok, _ := repo.TargetsExist(bg, w.ta, []int64{w.shinjuku, w.bStore}, nil); ok {
				t.Error("another organization's store is a target")
			}
		})

		t.Run("delete hides the list from its organization only", func(t *testing.T) {
			id, _ := repo.Create(bg, w.ta, w.sampleList("削除用", w.shinjuku), w.now)
			wantKind(t, "another organization deletes", repo.Delete(bg, w.tb, id, w.now), failure.KindNotFound)
			if err := repo.Delete(bg, w.ta, id, w.now); err != nil {
				t.Fatal(err)
			}
			wantKind(t, "deleted list", func() error { _, err := repo.Get(bg, w.ta, id); return err }(), failure.KindNotFound)
			wantKind(t, "deleted twice", repo.Delete(bg, w.ta, id, w.now), failure.KindNotFound)
		})
	})
}

func TestChecksContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		w := newCheckWorld(t, db)
		checks := store.NewChecks(db)
		cl, _ := store.NewCheckLists(db).Get(bg, w.ta, w.list)
		floor, toilet, greet := cl.Categories[0].Items[0].ID, cl.Categories[0].Items[1].ID, cl.Categories[1].Items[0].ID
		period := w.period(t)

		t.Run("sheet: not found elsewhere, refused for a store that is not a target", func(t *testing.T) {
			sh, err := checks.Sheet(bg, w.ta, period, w.shinjuku)
			if err != nil || sh.Version != 0 || sh.Total != 3 || sh.FacilityName != "新宿駅前店" || len(sh.Items()) != 3 {
				t.Fatalf("fresh sheet %+v %v", sh, err)
			}
			wantKind(t, "another organization's period", func() error { _, err := checks.Sheet(bg, w.tb, period, w.bStore); return err }(), failure.KindNotFound)
			extra := w.store(t, w.ta, w.east.ID, "対象外店", "タイショウガイテン")
			_, err = checks.Sheet(bg, w.ta, period, extra)
			if e, ok := failure.As(err); !ok || e.Kind != failure.KindRefused || e.Message != checklist.MsgNotTarget {
				t.Errorf("not a target: %v", err)
			}
		})

		t.Run("save counts, versions and attaches photos in order", func(t *testing.T) {
			photos := store.NewPhotos(db)
			p1, _ := photos.Create(bg, w.ta, photo.Photo{StorageKey: "a.jpg", ThumbnailKey: "a-t.jpg", ContentType: photo.JPEG, CreatedAt: w.now})
			p2, _ := photos.Create(bg, w.ta, photo.Photo{StorageKey: "b.jpg", ThumbnailKey: "b-t.jpg", ContentType: photo.JPEG, CreatedAt: w.now})
			sh, _ := checks.Sheet(bg, w.ta, period, w.shinjuku)
			if err := checks.Save(bg, w.ta, sh, []checklist.Answer{{ItemID: floor, Choice: "△", Comment: "隅に埃", PhotoIDs: []int64{p2, p1}}}, false, 1, w.now); err != nil {
				t.Fatal(err)
			}
			wantKind(t, "a second first save", checks.Save(bg, w.ta, sh, nil, false, 1, w.now), failure.KindConflict)
			sh, _ = checks.Sheet(bg, w.ta, period, w.shinjuku)
			if sh.Version != 1 || sh.Answered != 1 || sh.Score != 1 || sh.Possible != 2 || sh.Submitted ||
				!slices.Equal(sh.Answers[floor].PhotoIDs, []int64{p2, p1}) || sh.Answers[floor].Comment != "隅に埃" {
				t.Fatalf("after a draft %+v", sh)
			}
			if orgs := w.linkOrganizations(t, "check_answer_photos", "photo_id", p1); !slices.Equal(orgs, []int64{w.a}) {
				t.Errorf("answer photos carry organizations %v", orgs)
			}
			stale := sh
			if err := checks.Save(bg, w.ta, sh, []checklist.Answer{{ItemID: toilet, Inapplicable: true}, {ItemID: greet, Choice: "4"}}, true, 1, w.now); err != nil {
				t.Fatal(err)
			}
			wantKind(t, "stale version", checks.Save(bg, w.ta, stale, nil, false, 1, w.now), failure.KindConflict)
			sh, _ = checks.Sheet(bg, w.ta, period, w.shinjuku)
			if !sh.Submitted || sh.Answered != 3 || sh.Score != 5 || sh.Possible != 7 {
				t.Fatalf("after submitting %+v", sh)
			}
			wantKind(t, "a submitted sheet is final", checks.Save(bg, w.ta, sh, nil, false, 1, w.now), failure.KindConflict)
		})

		t.Run("status lists targets with their progress, scoped and filtered", func(t *testing.T) {
			w.answer(t, w.umeda, false, checklist.Answer{ItemID: floor, Choice: "×"})
			status := func(tn access.Tenant, f checklist.StatusFilter) paging.Page[checklist.StatusRow] {
				t.Helper()
				f.Today = w.today
				page, err := checks.Status(bg, tn, f, paging.Request{Page: 1, Size: 50})
				if err != nil {
					t.Fatal(err)
				}
				return page
			}
			stores := func(p paging.Page[checklist.StatusRow]) []int64 {
				out := make([]int64, len(p.Items))
				for i, r := range p.Items {
					out[i] = r.FacilityID
				}
				return out
			}
			all := status(w.ta, checklist.StatusFilter{})
			if all.Total != 3 || !slices.Equal(stores(all), []int64{w.umeda, w.shibuya, w.shinjuku}) { // kana order
				t.Fatalf("all: %+v", all)
			}
			for progress, want := range map[checklist.Progress][]int64{
				checklist.Checked: {w.shinjuku}, checklist.InProgress: {w.umeda}, checklist.Unchecked: {w.shibuya},
			} {
				if got := stores(status(w.ta, checklist.StatusFilter{CheckStatus: progress})); !slices.Equal(got, want) {
					t.Errorf("%s: %v, want %v", progress, got, want)
				}
			}
			if got := stores(status(w.ta, checklist.StatusFilter{TagID: &w.station})); !slices.Equal(got, []int64{w.umeda, w.shinjuku}) {
				t.Errorf("by tag: %v", got)
			}
			if got := stores(status(w.ta, checklist.StatusFilter{GroupID: &w.west.ID})); !slices.Equal(got, []int64{w.umeda}) {
				t.Errorf("by group: %v", got)
			}
			if got := stores(status(w.ta, checklist.StatusFilter{FacilityName: "駅前 しんじゅく"})); !slices.Equal(got, []int64{w.shinjuku}) {
				t.Errorf("by two words: %v", got)
			}
			if got := stores(status(w.scoped(w.east.Path), checklist.StatusFilter{})); !slices.Equal(got, []int64{w.shibuya, w.shinjuku}) {
				t.Errorf("a user of 東日本 sees %v", got)
			}
			if got := status(w.tb, checklist.StatusFilter{}); got.Total != 0 {
				t.Errorf("another organization sees %+v", got)
			}
			for _, desc := range []bool{false, true} {
				got := stores(status(w.ta, checklist.StatusFilter{SortBy: checklist.StatusSortScore, Descending: desc}))
				if got[2] != w.shibuya {
					t.Errorf("score sort (descending %v): %v, the unanswered store is not last", desc, got)
				}
			}
		})

		t.Run("history, names and periods", func(t *testing.T) {
			h, err := checks.History(bg, w.ta, w.shinjuku, w.list, w.today, 10)
			if err != nil || len(h) != 1 || h[0].PeriodID != period || !h[0].Submitted || h[0].Answered != 3 {
				t.Fatalf("history %+v %v", h, err)
			}
			if h, _ := checks.History(bg, w.tb, w.shinjuku, w.list, w.today, 10); len(h) != 0 {
				t.Errorf("another organization reads the history: %+v", h)
			}
			names, _ := checks.Names(bg, w.ta)
			if len(names) != 1 || names[0].ID != w.list {
				t.Errorf("names %+v", names)
			}
			next := checklist.Period{From: time.Date(2026, 12, 1, 0, 0, 0, 0, clock.Tokyo), To: time.Date(2026, 12, 31, 0, 0, 0, 0, clock.Tokyo)}
			for range 2 { // idempotent
				if err := checks.AddPeriod(bg, w.ta, w.list, 2, next, 3); err != nil {
					t.Fatal(err)
				}
			}
			bList, _ := store.NewCheckLists(db).Create(bg, w.tb, w.sampleList("乙の点検", w.bStore), w.now)
			latest, err := checks.LatestPeriods(bg)
			if err != nil {
				t.Fatal(err)
			}
			seqOf := map[int64]int{}
			for _, l := range latest {
				seqOf[l.CheckListID] = l.Seq
			}
			if seqOf[w.list] != 2 || seqOf[bList] != 1 {
				t.Errorf("latest periods of every organization: %+v", latest)
			}
		})
	})
}

func TestPhotosContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		repo := store.NewPhotos(db)
		id, err := repo.Create(bg, m.ta, photo.Photo{StorageKey: "p.jpg", ThumbnailKey: "p-t.jpg", ContentType: photo.JPEG,
			Bytes: 1234, Width: 640, Height: 480, UploadedBy: 7, CreatedAt: m.now})
		if err != nil {
			t.Fatal(err)
		}
		got, err := repo.Get(bg, m.ta, id)
		if err != nil || got.OrganizationID != m.a || got.StorageKey != "p.jpg" || got.Width != 640 || got.Bytes != 1234 {
			t.Fatalf("read back %+v %v", got, err)
		}
		wantKind(t, "another organization's photo", func() error { _, err := repo.Get(bg, m.tb, id); return err }(), failure.KindNotFound)
		if ok, _ := repo.AllExist(bg, m.ta, []int64{id, id}); !ok {
			t.Error("own photo does not exist")
		}
		if ok, _ := repo.AllExist(bg, m.tb, []int64{id}); ok {
			t.Error("another organization's photo exists")
		}

		execSQL(t, m.db, "UPDATE organizations SET storage_usage = 1000, max_storage_usage = 1500 WHERE organization_id = ?", m.a)
		if err := repo.Reserve(bg, m.ta, 500); err != nil {
			t.Fatalf("up to the limit: %v", err)
		}
		err = repo.Reserve(bg, m.ta, 1)
		if e, ok := failure.As(err); !ok || e.Kind != failure.KindRefused || e.Message != photo.MsgStorageFull {
			t.Errorf("over the limit: %v", err)
		}
		if n := countRows(t, m.db, "SELECT storage_usage FROM organizations WHERE organization_id = ?", m.a); n != 1500 {
			t.Errorf("usage %d after a refusal, want 1500", n)
		}
		if err := repo.Reserve(bg, m.tb, 1<<30); err != nil { // B has no limit
			t.Errorf("no limit: %v", err)
		}
	})
}

func countRows(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.NewRaw(query, args...).Scan(bg, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func execSQL(t *testing.T, db *store.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.NewRaw(query, args...).Exec(bg); err != nil {
		t.Fatal(err)
	}
}

// TestStatusByProgressContract pages through the status list filtered by
// progress across several check lists, whose periods PostgreSQL reads one
// at a time (docs/benchmarks.md, the status list) and SQLite all at once:
// both must give the whole list in order — ties broken by store, then list —
// count it, and leave out a store that is no longer a list's target.
func TestStatusByProgressContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		w := newCheckWorld(t, db)
		checks, lists := store.NewChecks(db), store.NewCheckLists(db)
		ikebukuro := w.store(t, w.ta, w.east.ID, "池袋店", "イケブクロテン")
		namba := w.store(t, w.ta, w.west.ID, "難波店", "ナンバテン")
		stores := []int64{w.shinjuku, w.shibuya, w.umeda, ikebukuro, namba}
		kana := map[int64]string{w.shinjuku: "シンジュクエキマエテン", w.shibuya: "シブヤテン", w.umeda: "ウメダエキマエテン",
			ikebukuro: "イケブクロテン", namba: "ナンバテン"}
		ids := []int64{w.list}
		for _, name := range []string{"週次 安全点検", "月次 設備点検"} {
			id, err := lists.Create(bg, w.ta, w.sampleList(name, stores...), w.now)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		// What each store answers, by (store + list) % 6: nothing, four
		// in-progress sheets — 2 of 2 points and 5 of 5 tie at 100 %, 2 of 7
		// points is 28 % (by raw points the three would tie or invert), and
		// one with no share at all (its one answer is "inapplicable"), last
		// either way — and a checked one (6 of 7).
		type row struct {
			store, list int64
			rate        int
			none        bool // no share: nothing scored answered
			progress    checklist.Progress
		}
		rowOf := func(store, list int64, score, possible int, progress checklist.Progress) row {
			if rate := (checklist.Tally{Score: score, Possible: possible}).Rate(); rate != nil {
				return row{store, list, *rate, false, progress}
			}
			return row{store, list, 0, true, progress}
		}
		var rows []row
		for i, s := range stores {
			open, err := checks.Open(bg, w.ta, s, w.today)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range open {
				cl, _ := lists.Get(bg, w.ta, o.CheckListID)
				floor, toilet, greet := cl.Categories[0].Items[0].ID, cl.Categories[0].Items[1].ID, cl.Categories[1].Items[0].ID
				answers := [][]checklist.Answer{nil,
					{{ItemID: floor, Choice: "○"}},
					{{ItemID: floor, Choice: "△"}, {ItemID: greet, Choice: "1"}},
					{{ItemID: greet, Choice: "5"}},
					{{ItemID: floor, Choice: "○"}, {ItemID: toilet, Inapplicable: true}, {ItemID: greet, Choice: "4"}},
					{{ItemID: toilet, Inapplicable: true}},
				}[(i+slices.Index(ids, o.CheckListID))%6]
				if answers == nil {
					continue
				}
				sh, err := checks.Sheet(bg, w.ta, o.PeriodID, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := checks.Save(bg, w.ta, sh, answers, false, 1, w.now); err != nil {
					t.Fatal(err)
				}
				sh, _ = checks.Sheet(bg, w.ta, o.PeriodID, s)
				rows = append(rows, rowOf(s, o.CheckListID, sh.Score, sh.Possible, checklist.ProgressOf(sh.Total, sh.Answered)))
			}
		}
		// 難波 answered the third list, then stopped being one of its targets.
		third, _ := lists.Get(bg, w.ta, ids[2])
		third.TargetFacilityIDs = stores[:4]
		if err := lists.Update(bg, w.ta, third, third.Version, w.today, w.now); err != nil {
			t.Fatal(err)
		}
		rows = slices.DeleteFunc(rows, func(r row) bool { return r.store == namba && r.list == ids[2] })

		for _, progress := range []checklist.Progress{checklist.InProgress, checklist.Checked} {
			for _, sortBy := range []string{checklist.StatusSortScore, checklist.StatusSortKana} {
				for _, desc := range []bool{false, true} {
					// The expected order: the sort key, then the store (both in
					// the asked direction), then the list.
					var want []row
					for _, r := range rows {
						if r.progress == progress {
							want = append(want, r)
						}
					}
					slices.SortFunc(want, func(a, b row) int {
						if sortBy == checklist.StatusSortScore && a.none != b.none {
							return map[bool]int{true: 1, false: -1}[a.none] // no share last, either way
						}
						c := cmp.Compare(a.rate, b.rate)
						if sortBy == checklist.StatusSortKana {
							c = cmp.Compare(kana[a.store], kana[b.store])
						}
						if c == 0 {
							c = cmp.Compare(a.store, b.store)
						}
						if desc {
							c = -c
						}
						return cmp.Or(c, cmp.Compare(a.list, b.list))
					})
					var got []row
					for page := 1; ; page++ {
						p, err := checks.Status(bg, w.ta, checklist.StatusFilter{Today: w.today, CheckStatus: progress, SortBy: sortBy, Descending: desc},
							paging.Request{Page: page, Size: 2})
						if err != nil {
							t.Fatal(err)
						}
						if p.Total != len(want) {
							t.Fatalf("%s by %s (descending %v): total %d, want %d", progress, sortBy, desc, p.Total, len(want))
						}
						for _, it := range p.Items {
							got = append(got, rowOf(it.FacilityID, it.CheckListID, it.Score, it.Possible, progress))
						}
						if len(p.Items) < 2 {
							break
						}
					}
					if !slices.Equal(got, want) {
						t.Errorf("%s by %s (descending %v):\n got %v\nwant %v", progress, sortBy, desc, got, want)
					}
				}
			}
		}
	})
}
