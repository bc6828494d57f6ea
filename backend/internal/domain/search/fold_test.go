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

func TestLikePatternsEscapeWildcards(t *testing.T) {
	if got := LikePatterns("50%_OFF\\"); len(got) != 1 || got[0] != `%50\%\_off\\%` {
		t.Errorf("got %q", got)
	}
}

// However long the query, a search is a few LIKEs of bounded length.
func TestLikePatternsAreBounded(t *testing.T) {
	got := LikePatterns(strings.Repeat("ab ", 997) + strings.Repeat("c ", 3) + "d e f g h i j k l m")
	if len(got) != MaxWords || got[0] != "%ab%" || got[1] != "%c%" || got[2] != "%d%" {
		t.Errorf("%d patterns %q", len(got), got)
	}
	long := LikePatterns(strings.Repeat("東", 50_010))
	if len(long) != 1 || len([]rune(long[0])) != MaxWordLength+2 {
		t.Errorf("a long word gave %d patterns of %d characters", len(long), len([]rune(long[0])))
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
