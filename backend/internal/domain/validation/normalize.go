package validation

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// People type with the input method on: 「２」, 「０３－１２３４－５６７８」,
// ｼﾝｼﾞｭｸ or しんじゅく. Input is normalized before it is validated and
// stored, so the rules (digits, phone, ASCII, e-mail) judge what the user
// meant and lists sort and search one form. The SPA does the same before
// sending (frontend/src/lib/validation), so a form shows what is saved.

// dashes are the characters typed for a hyphen in phone numbers, codes and
// addresses: hyphen, non-breaking hyphen, figure dash, en and em dash,
// horizontal bar, minus sign, small and full-width hyphen-minus.
var dashes = strings.NewReplacer(
	"\u2010", "-", "\u2011", "-", "\u2012", "-", "\u2013", "-", "\u2014", "-", "\u2015", "-",
	"\u2212", "-", "\ufe63", "-", "\uff0d", "-",
)

// NormalizeCode is for what is typed as a number, code, phone number,
// account or mail address: full-width letters, digits and symbols become
// ASCII (NFKC), dash variants and a long-vowel mark between digits
// (1ー2ー3) become '-', and surrounding spaces go.
func NormalizeCode(s string) string {
	return strings.TrimSpace(FoldDashes(norm.NFKC.String(s)))
}

// FoldDashes turns the dash variants and a long-vowel mark between digits
// into '-' in text already in NFKC; search folds queries and stored text
// with it too, so 03−1234 finds 03-1234.
func FoldDashes(s string) string {
	return longVowelBetweenDigits(dashes.Replace(s))
}

// NormalizeKana is for kana names: half-width katakana become full-width
// (NFKC) and hiragana become katakana, so ぜんかく, ｾﾞﾝｶｸ and ゼンカク are
// stored — and sorted — alike. Surrounding spaces go.
func NormalizeKana(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r >= 'ぁ' && r <= 'ゖ' || r == 'ゝ' || r == 'ゞ' {
			r += 'ァ' - 'ぁ'
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// longVowelBetweenDigits turns ー (U+30FC; NFKC has already folded the
// half-width ｰ into it) into '-' where it stands between two digits, as in
// 03ー1234ー5678; a katakana word's ー stays.
func longVowelBetweenDigits(s string) string {
	if !strings.ContainsRune(s, 'ー') {
		return s
	}
	rs := []rune(s)
	for i := 1; i+1 < len(rs); i++ {
		if rs[i] == 'ー' && isDigit(rs[i-1]) && (isDigit(rs[i+1]) || rs[i+1] == 'ー') {
			rs[i] = '-'
		}
	}
	return string(rs)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }
