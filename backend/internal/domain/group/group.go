// Package group holds the group tree of an organization. A group's path is
// the chain of ids from the top ("/1/4/9/"); a subtree is a path prefix.
package group

import (
	"strings"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Summary is a group as pick lists and scope checks need it.
type Summary struct {
	ID    int64
	Name  string
	Path  string
	IsTop bool
}

// Within reports whether path lies in the subtree rooted at scope.
func Within(path, scope string) bool { return scope != "" && strings.HasPrefix(path, scope) }

// Group is one node of the tree with what its screen shows.
type Group struct {
	ID         int64
	ParentID   *int64
	ParentName string
	Path       string
	Name       string
	NameKana   string
	JKCode     string
	Children   int
	Facilities int
	Users      int
	Version    int64
}

// Depth is how far below the top the group sits (a top group is 0).
func (g Group) Depth() int { return strings.Count(g.Path, "/") - 2 }

// Input is what a user edits of a group.
type Input struct {
	ParentID *int64 `json:"parentGroupId"`
	Name     string `json:"groupName"`
	NameKana string `json:"groupNameKana"`
	JKCode   string `json:"jkCode"`
}

// Normalized is the input as stored: kana in full-width katakana, the JK
// code in ASCII.
func (in Input) Normalized() Input {
	in.NameKana = validation.NormalizeKana(in.NameKana)
	in.JKCode = validation.NormalizeCode(in.JKCode)
	return in
}

// Validate applies docs/product/validation.md.
func (in Input) Validate() error {
	return validation.Check(v.ValidateStruct(&in,
		v.Field(&in.Name, validation.Required("グループ名"), validation.MaxLength("グループ名", 50)),
		v.Field(&in.NameKana, validation.MaxLength("グループ名カナ", 50)),
		v.Field(&in.JKCode, validation.MaxLength("JKコード", 16), validation.ASCII),
	))
}

// CanMoveUnder reports whether a group at path may hang under a parent at
// parentPath: never under itself or its own subtree.
func CanMoveUnder(path, parentPath string) bool { return !strings.HasPrefix(parentPath, path) }

// CanDelete is the rule for deleting a group: only an empty one goes, with
// no child group, store or user under it (they would be left without a
// place in the tree). g carries the counts the repository read.
func CanDelete(g Group) error {
	if g.Children+g.Facilities+g.Users > 0 {
		return failure.Refused(MsgInUse)
	}
	return nil
}

// Messages.
const (
	MsgInUse        = "下位グループ・店舗・ユーザーのいずれかがあるため削除できません。"
	MsgParentCycle  = "自分自身または下位のグループを親にすることはできません。"
	MsgParentAbsent = "親グループが見つかりません。"
	MsgTopOnly      = "最上位のグループは本部のユーザーだけが作成できます。"
	MsgOutside      = "このグループは操作できる範囲の外にあります。"
)
