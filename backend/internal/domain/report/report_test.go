package report

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
)

func TestEachPhotoRuleChoosesItsPhotos(t *testing.T) {
	photo := func(id int64) []Photo { return []Photo{{ID: id}} }
	answers := []AnswerRow{
		{ItemID: 1, Question: "悪い・写真あり", Scale: checklist.ScaleCircle, Choice: "×", Photos: photo(11)},
		{ItemID: 2, Question: "悪い・写真なし", Scale: checklist.ScaleCircle, Choice: "△"},
		{ItemID: 3, Question: "良い・写真あり", Scale: checklist.ScaleCircle, Choice: "○", Photos: photo(13)},
		{ItemID: 4, Question: "対象外", Scale: checklist.ScaleCircle, Choice: "×", Inapplicable: true, Photos: photo(14)},
	}
	previous := map[int64][]Photo{1: photo(21), 3: photo(23)}
	questions := func(pairs []PhotoPair) []string {
		var out []string
		for _, p := range pairs {
			out = append(out, p.Question)
		}
		return out
	}
	for rule, want := range map[PhotoCompare][]string{
		PhotosBadWithPhoto: {"悪い・写真あり"},
		PhotosAllBad:       {"悪い・写真あり", "悪い・写真なし"},
		PhotosAllWithPhoto: {"悪い・写真あり", "良い・写真あり", "対象外"},
		PhotosNone:         nil,
	} {
		got := ChoosePhotos(rule, answers, previous)
		if q := questions(got); len(q) != len(want) || (len(q) > 0 && q[0] != want[0]) || (len(q) > 1 && q[1] != want[1]) {
			t.Errorf("%s chose %v, want %v", rule, q, want)
		}
		for _, p := range got {
			if p.Question == "悪い・写真あり" && (p.Current == nil || p.Current.ID != 11 || p.Previous == nil || p.Previous.ID != 21) {
				t.Errorf("%s: the pair of item 1 is %+v", rule, p)
			}
			if p.Question == "悪い・写真なし" && (p.Current != nil || p.Previous != nil) {
				t.Errorf("%s: a bad answer without photos has %+v", rule, p)
			}
		}
	}
}

func TestRanksAndPlaces(t *testing.T) {
	sheet := func(name string, score int) StoreResult {
		return StoreResult{SheetRow: SheetRow{FacilityName: name, Score: score, Possible: 100}}
	}
	selected := []StoreResult{sheet("B店", 72), sheet("A店", 91), sheet("C店", 55)}
	all := []SheetRow{{FacilityName: "X店", Score: 95, Possible: 100}, selected[0].SheetRow, selected[1].SheetRow, selected[2].SheetRow}
	got := RankStores(selected, nil, DefaultRanks)
	if got[0].FacilityName != "A店" || got[0].Rank != "S" || got[0].Place != 1 || got[1].Rank != "B" || got[2].Rank != "D" || got[2].Place != 3 {
		t.Errorf("among the selected: %+v", got)
	}
	got = RankStores(selected, all, DefaultRanks)
	if got[0].Place != 2 || got[2].Place != 4 {
		t.Errorf("among all: places %d and %d, want 2 and 4", got[0].Place, got[2].Place)
	}
	if avg := Average(all); avg == nil || *avg != 78.3 {
		t.Errorf("average %v, want 78.3", avg)
	}
	if RankOf(-1, DefaultRanks) != "" || RankOf(60, DefaultRanks) != "C" || RankOf(59.9, DefaultRanks) != "D" {
		t.Error("rank bands")
	}
}

func TestAdvancedSeriesGroupsAndMovers(t *testing.T) {
	periods := []Period{{ID: 1}, {ID: 2}, {ID: 3}}
	stores := []AdvancedStore{{ID: 10, Name: "上昇店", Group: "関東", Tags: []string{"駅前"}},
		{ID: 11, Name: "下降店", Group: "関東"}, {ID: 12, Name: "新店", Group: "関西", Tags: []string{"駅前"}}}
	sheets := []SheetRate{{1, 10, 50, 100}, {2, 10, 60, 100}, {3, 10, 90, 100},
		{1, 11, 90, 100}, {2, 11, 80, 100}, {3, 11, 70, 100}, {3, 12, 40, 50}}
	totals := []ItemTotal{{PeriodID: 3, ItemID: 100, Score: 3, Answered: 2}, {PeriodID: 3, ItemID: 101, Score: 0, Answered: 1}}
	items := map[int64]ItemScale{100: {Category: "清掃", Max: 2}, 101: {Category: "接客", Max: 2}}
	overall, cats, series, groups, best, worst := BuildAdvanced(periods, stores, sheets, totals, items, []string{"清掃", "接客"}, ByStoreTag)
	if overall[0] != 70 || overall[2] != 80 {
		t.Errorf("overall %v", overall)
	}
	if cats[0].Rates[2] != 75 || cats[1].Rates[2] != 0 || cats[0].Rates[0] != -1 {
		t.Errorf("categories %+v", cats)
	}
	if series[0].Name != "上昇店" || series[2].Name != "下降店" {
		t.Errorf("stores by latest rate: %v, %v, %v", series[0].Name, series[1].Name, series[2].Name)
	}
	if len(best) != 1 || best[0].Name != "上昇店" || len(worst) != 1 || worst[0].Name != "下降店" {
		t.Errorf("movers: best %v worst %v", best, worst)
	}
	if len(groups) != 2 || groups[0].Name != "駅前" || groups[0].Stores != 2 || groups[1].Name != "（タグなし）" {
		t.Errorf("tag groups %+v", groups)
	}
	if c, ok := series[0].Rates.Change(); !ok || c != 30 {
		t.Errorf("change %v %v", c, ok)
	}
}

func TestReportRequestsAreChecked(t *testing.T) {
	id := int64(1)
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	ok := Request{Type: Basic, CheckListID: &id, From: day(1), To: day(30), FacilityIDs: []int64{1}}.Normalize()
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	if ok.PhotoCompare != PhotosBadWithPhoto || ok.Grouping != ByGroup {
		t.Errorf("defaults: %+v", ok)
	}
	survey := Request{Type: Survey, CheckListID: &id, IncludeRank: true, From: day(1), To: day(30), FacilityIDs: []int64{1}}.Normalize()
	if survey.CheckListID != nil || survey.IncludeRank || survey.Validate() == nil {
		t.Errorf("a survey report keeps the check list or its options, or needs no survey: %+v", survey)
	}
	bad := Request{Type: Basic, CheckListID: &id, From: day(30), To: day(1)}.Normalize()
	fe, _ := failure.As(bad.Validate())
	if fe == nil || fe.Fields["fromDate"] != MsgPeriodOrder || fe.Fields["facilityIdList"] != MsgStores {
		t.Errorf("reversed dates and no stores: %v", bad.Validate())
	}
	if got := ok.FileName(time.Date(2026, 11, 25, 6, 30, 12, 0, time.UTC), time.FixedZone("JST", 9*3600)); got != "基本レポート_20261101-20261130_20261125-153012.pdf" {
		t.Errorf("file name %s", got)
	}
}

func TestOrganizationsRankBands(t *testing.T) {
	if r, err := ParseRanks(""); err != nil || len(r) != 5 || r[0].Name != "S" {
		t.Errorf("empty: %v %v", r, err)
	}
	r, err := ParseRanks("優:85, 良:70、可:50\n不可:0")
	if err != nil || len(r) != 4 || r[1].Name != "良" || r[3].Min != 0 || RankOf(69.9, r) != "可" {
		t.Errorf("four bands: %v %v", r, err)
	}
	for _, bad := range []string{"S:50,A:60,B:0", "S:90,A:80", "S:101,A:0", "S90,A:0", ":90,A:0", "長すぎる名前:90,A:0", "S:abc,A:0"} {
		if _, err := ParseRanks(bad); err == nil || err.Error() != MsgRanks {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
