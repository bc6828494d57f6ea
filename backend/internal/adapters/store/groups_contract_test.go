package store_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func groupNames(items []group.Group) []string {
	out := make([]string, len(items))
	for i, g := range items {
		out[i] = g.Name
	}
	return out
}

func TestGroupsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		repo := store.NewGroups(db)
		kanto := m.group(t, m.ta, &m.east, "関東ブロック", "カントウブロック")

		t.Run("create, get and detail", func(t *testing.T) {
			if m.top.Path != fmt.Sprintf("/%d/", m.top.ID) || !m.top.IsTop ||
				kanto.Path != fmt.Sprintf("%s%d/", m.east.Path, kanto.ID) || kanto.IsTop {
				t.Fatalf("paths: top %+v, kanto %+v", m.top, kanto)
			}
			m.store(t, m.ta, m.east.ID, "新宿店", "シンジュクテン")
			m.user(t, m.ta, "east01", m.east.ID, 0)
			d, err := repo.Detail(bg, m.ta, m.east.ID)
			if err != nil {
				t.Fatal(err)
			}
			if d.Name != "東日本エリア" || d.ParentName != "本部" || *d.ParentID != m.top.ID || d.Children != 1 ||
				d.Facilities != 1 || d.Users != 1 || d.Version != 1 {
				t.Fatalf("detail %+v", d)
			}
			if err := group.CanDelete(d); !failure.Is(err, failure.KindRefused) {
				t.Errorf("a group with children, a store and a user may be deleted: %v", err)
			}
		})

		t.Run("update with version, and move a subtree", func(t *testing.T) {
			in := group.Input{ParentID: &m.west.ID, Name: "東日本エリア（移設）", NameKana: "ヒガシ", JKCode: "E1"}
			if err := repo.Update(bg, m.ta, m.east.ID, 1, &m.west, in, m.now); err != nil {
				t.Fatal(err)
			}
			moved, _ := repo.Get(bg, m.ta, m.east.ID)
			movedKanto, _ := repo.Get(bg, m.ta, kanto.ID)
			wantEast := fmt.Sprintf("%s%d/", m.west.Path, m.east.ID)
			if moved.Path != wantEast || movedKanto.Path != fmt.Sprintf("%s%d/", wantEast, kanto.ID) || moved.Name != in.Name {
				t.Fatalf("after the move: %+v, %+v", moved, movedKanto)
			}
			wantKind(t, "stale version", repo.Update(bg, m.ta, m.east.ID, 1, &m.top, in, m.now), failure.KindConflict)
			// Back under the top, for the cases below.
			in.ParentID, in.Name = &m.top.ID, "東日本エリア"
			if err := repo.Update(bg, m.ta, m.east.ID, 2, &m.top, in, m.now); err != nil {
				t.Fatal(err)
			}
			if g, _ := repo.Get(bg, m.ta, kanto.ID); g.Path != kanto.Path {
				t.Errorf("moved back: %q, want %q", g.Path, kanto.Path)
			}
		})

		t.Run("another organization gets not found", func(t *testing.T) {
			_, err := repo.Get(bg, m.tb, m.east.ID)
			wantKind(t, "get", err, failure.KindNotFound)
			_, err = repo.Detail(bg, m.tb, m.east.ID)
			wantKind(t, "detail", err, failure.KindNotFound)
			in := group.Input{Name: "乗っ取り"}
			wantKind(t, "update", repo.Update(bg, m.tb, kanto.ID, 1, nil, in, m.now), failure.KindNotFound)
			wantKind(t, "delete", repo.Delete(bg, m.tb, kanto.ID), failure.KindNotFound)
			if g, err := repo.Detail(bg, m.ta, kanto.ID); err != nil || g.Name != "関東ブロック" {
				t.Errorf("A's group after B's attempts: %+v %v", g, err)
			}
		})

		t.Run("list, search, page", func(t *testing.T) {
			all, err := repo.List(bg, m.ta, "", paging.Request{})
			if err != nil {
				t.Fatal(err)
			}
			if all.Total != 4 || !slices.Equal(groupNames(all.Items), []string{"本部", "東日本エリア", "関東ブロック", "西日本エリア"}) {
				t.Fatalf("tree order: %v", groupNames(all.Items))
			}
			bList, _ := repo.List(bg, m.tb, "", paging.Request{})
			if bList.Total != 1 || bList.Items[0].ID != m.bTop.ID {
				t.Errorf("B's list: %v", groupNames(bList.Items))
			}
			for q, want := range map[string][]string{
				"日本 東":   {"東日本エリア"},
				"えりあ":    {"東日本エリア", "西日本エリア"},
				"関東 西日本": {},
			} {
				p, err := repo.List(bg, m.ta, q, paging.Request{})
				if err != nil || !slices.Equal(groupNames(p.Items), want) && !(len(want) == 0 && len(p.Items) == 0) {
					t.Errorf("search %q: %v %v, want %v", q, groupNames(p.Items), err, want)
				}
			}
			p2, _ := repo.List(bg, m.ta, "", paging.Request{Page: 2, Size: 3})
			if p2.Total != 4 || !slices.Equal(groupNames(p2.Items), []string{"西日本エリア"}) {
				t.Errorf("second page of 3: %v", groupNames(p2.Items))
			}
			sums, _ := repo.Summaries(bg, m.ta)
			if len(sums) != 4 {
				t.Errorf("summaries: %+v", sums)
			}
		})

		t.Run("a scoped tenant lists only its subtree", func(t *testing.T) {
			east := m.scoped(m.east.Path)
			p, err := repo.List(bg, east, "", paging.Request{})
			if err != nil || !slices.Equal(groupNames(p.Items), []string{"東日本エリア", "関東ブロック"}) {
				t.Errorf("east scope: %v %v", groupNames(p.Items), err)
			}
			if p, _ := repo.List(bg, east, "西日本", paging.Request{}); p.Total != 0 {
				t.Errorf("east scope finds west: %v", groupNames(p.Items))
			}
			sums, _ := repo.Summaries(bg, east)
			if len(sums) != 2 || sums[0].ID != m.east.ID || sums[1].ID != kanto.ID {
				t.Errorf("east scope summaries: %+v", sums)
			}
			if all, _ := repo.Summaries(bg, east.WholeOrganization()); len(all) != 4 {
				t.Errorf("whole organization summaries: %+v", all)
			}
		})

		t.Run("delete", func(t *testing.T) {
			d, _ := repo.Detail(bg, m.ta, kanto.ID)
			if err := group.CanDelete(d); err != nil {
				t.Fatalf("an empty group may not be deleted: %v", err)
			}
			if err := repo.Delete(bg, m.ta, kanto.ID); err != nil {
				t.Fatal(err)
			}
			_, err := repo.Get(bg, m.ta, kanto.ID)
			wantKind(t, "deleted group", err, failure.KindNotFound)
			wantKind(t, "delete twice", repo.Delete(bg, m.ta, kanto.ID), failure.KindNotFound)
		})
	})
}
