package search

import (
	"strings"
	"testing"
)

func TestFoldMatchesAcrossWidthCaseAndKana(t *testing.T) {
	same := [][]string{
		{"シンジュク", "しんじゅく", "ｼﾝｼﾞｭｸ"},
		{"abc123", "ABC123", "ＡＢＣ１２３"},
		{"新宿 駅前", "新宿　駅前", "新宿   駅前"},
		{"ガ", "ｶﾞ", "が"},
	}
	for _, group := range same {
		want := Fold(group[0])
		for _, s := range group[1:] {
			if got := Fold(s); got != want {
				t.Errorf("Fold(%q) = %q, want %q (as %q)", s, got, want, group[0])
			}
		}
	}
	if !strings.Contains(Text("新宿駅前店", "シンジュクエキマエテン"), Fold("ｴｷﾏｴ")) {
		t.Error("kana query does not find the store")
	}
}

func TestLikePatternEscapesWildcards(t *testing.T) {
	if got := LikePattern("50%_OFF\\"); got != `%50\%\_off\\%` {
		t.Errorf("got %q", got)
	}
}
