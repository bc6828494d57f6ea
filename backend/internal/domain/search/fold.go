// Package search holds how the console matches what a user types: case-
// and width-insensitively, and hiragana as katakana, so 「しんじゅく」,
// 「ｼﾝｼﾞｭｸ」 and 「シンジュク」 find the same store.
package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/rouder/console/internal/domain/validation"
)

// waves are the wave dashes typed for "from … to" (〜, ～, 〰); NFKC turns
// only the full-width one into '~'.
var waves = strings.NewReplacer("\u301c", "~", "\u3030", "~")

// Fold returns the form both stored text and queries are compared in:
// NFKC (full-width letters and digits become ASCII, half-width kana become
// full-width, voiced marks compose), dash variants and a long-vowel mark
// between digits as '-', wave dashes as '~', lower case, hiragana as
// katakana, and runs of white space as one space.
func Fold(s string) string {
	s = waves.Replace(validation.FoldDashes(norm.NFKC.String(s)))
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsSpace(r):
			if !space {
				b.WriteRune(' ')
			}
			space = true
			continue
		case r >= 'ぁ' && r <= 'ゖ':
			r += 'ァ' - 'ぁ'
		default:
			r = unicode.ToLower(r)
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// Text joins the folded fields a record is found by, for its search column.
func Text(fields ...string) string {
	folded := make([]string, 0, len(fields))
	for _, f := range fields {
		if f = Fold(f); f != "" {
			folded = append(folded, f)
		}
	}
	return strings.Join(folded, " ")
}

// likeEscaper escapes LIKE's own wildcards; the queries say ESCAPE '\'.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// EscapeLike makes s match itself in a LIKE pattern (… LIKE ? ESCAPE '\').
func EscapeLike(s string) string { return likeEscaper.Replace(s) }

// Limits on what one search matches by: a query is typed into a search
// box, and each word costs the database a LIKE (SQLite refuses a statement
// of about a thousand, and a pattern of some 50,000 bytes).
const (
	MaxWords      = 10
	MaxWordLength = 100 // characters
)

// LikePatterns turns a query of words separated by spaces (half- or
// full-width) into one LIKE pattern per word: a record matches when every
// word is found, in any order, so 「新宿 駅前」 finds 新宿駅前店. A word
// repeated counts once; words past MaxWords are not matched by, and a word
// is cut at MaxWordLength (a record it still matches begins with the cut).
func LikePatterns(query string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(Fold(query)) {
		if len(out) == MaxWords {
			break
		}
		if r := []rune(w); len(r) > MaxWordLength {
			w = string(r[:MaxWordLength])
		}
		if !seen[w] {
			seen[w] = true
			out = append(out, "%"+EscapeLike(w)+"%")
		}
	}
	return out
}
