package store_test

import (
	"slices"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/terminal"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func terminalCodes(p paging.Page[terminal.Terminal]) []string {
	out := make([]string, len(p.Items))
	for i, t := range p.Items {
		out[i] = t.Code
	}
	return out
}

// Terminals are registered and removed, never edited: no version to
// conflict on.
func TestTerminalsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		repo := store.NewTerminals(db)
		shinjuku := m.store(t, m.ta, m.east.ID, "新宿駅前店", "シンジュクエキマエテン")
		umeda := m.store(t, m.ta, m.west.ID, "梅田店", "ウメダテン")
		bStore := m.store(t, m.tb, m.bTop.ID, "新宿駅前店", "シンジュクエキマエテン")
		register := func(facilityID int64, code, name string) int64 {
			t.Helper()
			id, err := repo.Create(bg, m.ta, terminal.Input{FacilityID: facilityID, Code: code, Name: name}, m.now)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		reg1 := register(shinjuku, "TERM-001", "レジ1")
		register(shinjuku, "TERM-002", "バックヤード")
		register(umeda, "TERM-101", "レジ1")
		bTerm, err := repo.Create(bg, m.tb, terminal.Input{FacilityID: bStore, Code: "TERM-001", Name: "レジ1"}, m.now)
		if err != nil {
			t.Fatal(err)
		}

		t.Run("get and code taken", func(t *testing.T) {
			got, path, err := repo.Get(bg, m.ta, reg1)
			if err != nil || got.FacilityID != shinjuku || got.Code != "TERM-001" || got.Name != "レジ1" || path != m.east.Path {
				t.Fatalf("get: %+v %q %v", got, path, err)
			}
			if taken, _ := repo.CodeTaken(bg, m.ta, "TERM-101"); !taken {
				t.Error("A's code is free in A")
			}
			if taken, _ := repo.CodeTaken(bg, m.tb, "TERM-101"); taken {
				t.Error("A's code is taken in B")
			}
			if f, _ := store.NewFacilities(db).Get(bg, m.ta, shinjuku); !slices.Equal(f.TerminalCodes, []string{"TERM-001", "TERM-002"}) {
				t.Errorf("store's terminal codes: %v", f.TerminalCodes)
			}
		})

		t.Run("another organization gets not found", func(t *testing.T) {
			_, _, err := repo.Get(bg, m.tb, reg1)
			wantKind(t, "get", err, failure.KindNotFound)
			wantKind(t, "delete", repo.Delete(bg, m.tb, reg1), failure.KindNotFound)
			if _, _, err := repo.Get(bg, m.ta, reg1); err != nil {
				t.Errorf("A's terminal after B's delete: %v", err)
			}
		})

		t.Run("list, search, page", func(t *testing.T) {
			all, err := repo.List(bg, m.ta, nil, "", paging.Request{})
			if err != nil || all.Total != 3 || !slices.Equal(terminalCodes(all), []string{"TERM-101", "TERM-001", "TERM-002"}) {
				t.Fatalf("by store kana and code: %v %v", terminalCodes(all), err)
			}
			if b, _ := repo.List(bg, m.tb, nil, "", paging.Request{}); b.Total != 1 || b.Items[0].ID != bTerm {
				t.Errorf("B's list: %+v", b)
			}
			if p, _ := repo.List(bg, m.ta, &shinjuku, "", paging.Request{}); p.Total != 2 {
				t.Errorf("one store: %v", terminalCodes(p))
			}
			if p, _ := repo.List(bg, m.ta, &bStore, "", paging.Request{}); p.Total != 0 {
				t.Errorf("B's store named in A: %v", terminalCodes(p))
			}
			for q, want := range map[string][]string{
				"しんじゅく れじ": {"TERM-001"}, // the store's kana and the terminal's name
				"term-1":   {"TERM-101"},
				"梅田 バック":   {},
			} {
				p, err := repo.List(bg, m.ta, nil, q, paging.Request{})
				if err != nil || !slices.Equal(terminalCodes(p), want) && !(len(want) == 0 && len(p.Items) == 0) {
					t.Errorf("search %q: %v %v, want %v", q, terminalCodes(p), err, want)
				}
			}
			p2, _ := repo.List(bg, m.ta, nil, "", paging.Request{Page: 2, Size: 2})
			if p2.Total != 3 || !slices.Equal(terminalCodes(p2), []string{"TERM-002"}) {
				t.Errorf("second page of 2: %v", terminalCodes(p2))
			}
		})

		t.Run("a scoped tenant lists only its subtree", func(t *testing.T) {
			p, err := repo.List(bg, m.scoped(m.west.Path), nil, "", paging.Request{})
			if err != nil || !slices.Equal(terminalCodes(p), []string{"TERM-101"}) {
				t.Errorf("west scope: %v %v", terminalCodes(p), err)
			}
			if p, _ := repo.List(bg, m.scoped(m.west.Path), &shinjuku, "", paging.Request{}); p.Total != 0 {
				t.Errorf("west scope naming an east store: %v", terminalCodes(p))
			}
		})

		t.Run("delete", func(t *testing.T) {
			if err := repo.Delete(bg, m.ta, reg1); err != nil {
				t.Fatal(err)
			}
			wantKind(t, "delete twice", repo.Delete(bg, m.ta, reg1), failure.KindNotFound)
			if _, _, err := repo.Get(bg, m.tb, bTerm); err != nil {
				t.Errorf("B's terminal of the same code: %v", err)
			}
		})
	})
}
