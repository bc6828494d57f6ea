// Package tag holds the labels an organization puts on its stores and its
// users (facility attributes and user attributes in the API): the same rules
// for both kinds.
package tag

import (
	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/validation"
)

// Tag is one label.
type Tag struct {
	ID    int64
	Label string
	// Uses counts the stores or users that carry it (filled by lists).
	Uses int
}

// Input is what a user edits of a tag.
type Input struct {
	Label string `json:"label"`
}

func (in Input) Validate() error {
	return validation.Check(v.ValidateStruct(&in,
		v.Field(&in.Label, validation.Required("タグ名"), validation.MaxLength("タグ名", 50)),
	))
}

// Messages.
const (
	MsgDuplicate = "同じ名前のタグがすでにあります。"
	MsgUnknown   = "存在しないタグが含まれています。"
)
