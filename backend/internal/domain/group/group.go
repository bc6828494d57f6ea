// Package group holds the group tree of an organization. A group's path is
// the chain of ids from the top ("/1/4/9/"); a subtree is a path prefix.
package group

import "strings"

// Summary is a group as pick lists and scope checks need it.
type Summary struct {
	ID    int64
	Name  string
	Path  string
	IsTop bool
}

// Within reports whether path lies in the subtree rooted at scope.
func Within(path, scope string) bool { return scope != "" && strings.HasPrefix(path, scope) }
