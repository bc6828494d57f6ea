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
		// Phone numbers and addresses are typed with every kind of dash.
		{"03-1234-5678", "03−1234−5678", "03‐1234‐5678", "０３－１２３４－５６７８", "03ー1234ー5678", "03–1234—5678"},
		{"1-2-3", "1ー2ー3", "１ｰ２ｰ３"},
		{"10:00~18:00", "10:00〜18:00", "10:00～18:00"},
	}
	for _, group := range same {
		want := Fold(group[0])
		for _, s := range group[1:] {
			if got := Fold(s); got != want {
				t.Errorf("Fold(%q) = %q, want %q (as %q)", s, got, want, group[0])
			}
		}
	}
	if Fold("ラーメン") != "ラーメン" || Fold("データ1ー2") != "データ1-2" {
		t.Error("a katakana word's long vowel is folded")
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

func TestLikePatternsMatchEveryWord(t *testing.T) {
	got := LikePatterns(" 新宿　駅前 ")
	if len(got) != 2 || got[0] != "%新宿%" || got[1] != "%駅前%" {
		t.Errorf("got %q", got)
	}
	if len(LikePatterns("  　")) != 0 {
		t.Error("blank query gave patterns")
	}
}
