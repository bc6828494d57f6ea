package store

import (
	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/search"
)

// matchesAll limits q to rows whose folded search column (for example
// "f.search_text") contains every word of the user's query; a blank query
// adds nothing. Every list's search goes through here.
func matchesAll(q *bun.SelectQuery, column, query string) *bun.SelectQuery {
	for _, p := range search.LikePatterns(query) {
		q = q.Where(column+` LIKE ? ESCAPE '\'`, p)
	}
	return q
}
