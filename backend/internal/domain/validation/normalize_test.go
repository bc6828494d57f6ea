package validation

import "testing"

func TestNormalizeCodeFoldsWidthAndDashes(t *testing.T) {
	cases := map[string]string{
		"２":            "2",
		"０３－１２３４－５６７８": "03-1234-5678",
		"03−1234−5678": "03-1234-5678", // U+2212 minus
		"03‐1234‐5678": "03-1234-5678", // U+2010 hyphen
		"03—1234–5678": "03-1234-5678", // em and en dash
		"1ー2ー3":        "1-2-3",
		"１ｰ２":          "1-2",
		" ｓｔｏｒｅ００１ ":   "store001",
		"ｈａｎａｋｏ＠ｒｏｕｄｅｒ．ｅｘａｍｐｌｅ": "hanako@rouder.example",
		"コーヒー": "コーヒー", // a word's long vowel stays
		"A-1ー": "A-1ー",
	}
	for in, want := range cases {
		if got := NormalizeCode(in); got != want {
			t.Errorf("NormalizeCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeKanaMakesFullWidthKatakana(t *testing.T) {
	cases := map[string]string{
		"ぜんかくてすとてん":    "ゼンカクテストテン",
		"ｼﾝｼﾞｭｸｴｷﾏｴﾃﾝ": "シンジュクエキマエテン",
		" シンジュク ":      "シンジュク",
		"ゔぁ":           "ヴァ",
	}
	for in, want := range cases {
		if got := NormalizeKana(in); got != want {
			t.Errorf("NormalizeKana(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizedInputPassesTheRulesItFailedBefore(t *testing.T) {
	if err := Phone.Validate("０３－１２３４－５６７８"); err == nil {
		t.Fatal("the raw full-width number passes the phone rule; the test proves nothing")
	}
	if err := Phone.Validate(NormalizeCode("０３－１２３４－５６７８")); err != nil {
		t.Errorf("normalized phone: %v", err)
	}
}
