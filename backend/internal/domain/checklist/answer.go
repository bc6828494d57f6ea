package checklist

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/rouder/console/internal/domain/failure"
)

// Answer is a store's answer to one item.
type Answer struct {
	ItemID       int64
	Choice       string // a label of the item's scale; "" while unanswered
	Comment      string
	Inapplicable bool
	PhotoIDs     []int64
	InputDate    *time.Time // the Tokyo date the check was done
}

// Done reports whether the answer counts as answered.
func (a Answer) Done() bool { return a.Inapplicable || a.Choice != "" }

// Limits and messages of answering.
const (
	MaxComment       = 1000
	MaxPhotosPerItem = 5

	MsgNotOpen     = "このチェックは現在回答できません(期間外です)。"
	MsgNotTarget   = "この店舗はこのチェックの対象ではありません。"
	MsgNoFacility  = "所属店舗が設定されていないため回答できません。"
	MsgSubmitted   = "提出済みのため変更できません。"
	MsgUnknownItem = "このチェックにない項目への回答が含まれています。"
	MsgIncomplete  = "未回答の項目があります。すべての項目に回答してから提出してください。"
	MsgTwice       = "同じ項目への回答が2つ含まれています。"
)

// OneEach refuses answers that answer an item twice (which one would be
// kept was the store's accident).
func OneEach(answers []Answer) error {
	seen := make(map[int64]bool, len(answers))
	for _, a := range answers {
		if seen[a.ItemID] {
			return failure.InvalidMessage(MsgTwice)
		}
		seen[a.ItemID] = true
	}
	return nil
}

// CheckAnswers validates answers against the items they answer; with
// submit it also requires every item answered and every photo-required
// item (unless inapplicable) to carry a photo. Errors name the item.
func CheckAnswers(items []Item, answers []Answer, submit bool) error {
	byID := map[int64]Item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	given := map[int64]Answer{}
	fields := map[string]string{}
	for _, a := range answers {
		it, ok := byID[a.ItemID]
		if !ok {
			return failure.InvalidMessage(MsgUnknownItem)
		}
		key := fmt.Sprintf("item%d", a.ItemID)
		switch {
		case a.Choice != "" && !hasChoice(it.Scale, a.Choice):
			fields[key] = "選択肢が正しくありません。"
		case a.Inapplicable && !it.InapplicableAllowed:
			fields[key] = "この項目は「該当なし」にできません。"
		case a.Inapplicable && a.Choice != "":
			fields[key] = "「該当なし」と評価は同時に選べません。"
		case utf8.RuneCountInString(a.Comment) > MaxComment:
			fields[key] = fmt.Sprintf("コメントは%d文字以内です。", MaxComment)
		case len(a.PhotoIDs) > MaxPhotosPerItem:
			fields[key] = fmt.Sprintf("写真は1項目%d枚までです。", MaxPhotosPerItem)
		}
		given[a.ItemID] = a
	}
	if submit && len(fields) == 0 {
		for _, it := range items {
			a, ok := given[it.ID]
			key := fmt.Sprintf("item%d", it.ID)
			switch {
			case !ok || !a.Done():
				fields[key] = "未回答です。"
			case it.PhotoRequired && !a.Inapplicable && len(a.PhotoIDs) == 0:
				fields[key] = "写真が必要です。"
			}
		}
		if len(fields) > 0 {
			return &failure.Error{Kind: failure.KindInvalid, Message: MsgIncomplete, Fields: fields}
		}
	}
	if len(fields) > 0 {
		return failure.Invalid(fields)
	}
	return nil
}

func hasChoice(s Scale, label string) bool {
	_, ok := s.Find(label)
	return ok
}
