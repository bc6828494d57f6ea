package checklist

import (
	"errors"
	"fmt"
	"time"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/validation"
)

// CheckList is a check-list master: what to check, at which stores, by
// whom, and when.
type CheckList struct {
	ID                            int64
	OrganizationID                int64
	Name                          string
	First                         Period // the first period; later ones follow by Recurrence
	Recurrence                    Recurrence
	StartNotificationTime         string // "HH:MM" Tokyo, "" for none
	ReminderNotificationTime      string
	ReminderDaysBefore            int
	AvailableImprovement          bool
	ImprovementReminderTime       string
	ImprovementReminderDaysBefore int
	ClosingDayRule                string // a reminder on a closing day: ClosingBefore, ClosingAfter, ClosingSkip
	BusinessDays                  bool   // "days before" counts business days
	TargetFacilityIDs             []int64
	TargetUserIDs                 []int64
	Categories                    []Category
	Version                       int64
}

// What a reminder that falls on a closing day does (closingDayRule).
const (
	ClosingBefore = "BEFORE" // moves to the business day before (the default)
	ClosingAfter  = "AFTER"  // moves to the business day after
	ClosingSkip   = "SKIP"   // is not sent
)

// ClosingRuleOrDefault is the list's rule, BEFORE when unset.
func (c CheckList) ClosingRuleOrDefault() string {
	if c.ClosingDayRule == "" {
		return ClosingBefore
	}
	return c.ClosingDayRule
}

// Category groups items, in order.
type Category struct {
	ID    int64 // 0 for a new one
	Name  string
	Items []Item
}

// Item is one question.
type Item struct {
	ID                  int64 // 0 for a new one
	Question            string
	Explanation         string
	Scale               Scale
	PhotoRequired       bool
	InapplicableAllowed bool
}

// ItemCount is the number of questions a store answers.
func (c CheckList) ItemCount() int {
	n := 0
	for _, cat := range c.Categories {
		n += len(cat.Items)
	}
	return n
}

// Form is the editor's view of a check list, named as the wire names it so
// validation reports errors under those names.
type Form struct {
	Name                          string     `json:"checkListMasterName"`
	FromDate                      time.Time  `json:"fromDate"`
	ToDate                        time.Time  `json:"toDate"`
	NextInterval                  int        `json:"nextInterval"`
	NextDuration                  string     `json:"nextDuration"`
	StartNotificationTime         string     `json:"startNotificationTime"`
	ReminderNotificationTime      string     `json:"reminderNotificationTime"`
	ReminderDaysBefore            int        `json:"reminderDaysBefore"`
	ImprovementReminderTime       string     `json:"improvementReminderNotificationTime"`
	ImprovementReminderDaysBefore int        `json:"improvementReminderDaysBefore"`
	ClosingDayRule                string     `json:"closingDayRule"`
	Categories                    []Category `json:"categoryList"`
}

// Validate checks a check list as edited: its schedule (ValidateSchedule's
// rules), its name and its categories.
func (c CheckList) Validate() error {
	f := c.form()
	return validation.Check(v.ValidateStruct(&f, append(f.scheduleRules(),
		v.Field(&f.Name, validation.Required("チェックリスト名"), validation.MaxLength("チェックリスト名", 100)),
		v.Field(&f.Categories, v.Required.Error("カテゴリを1つ以上追加してください。"), v.By(categoriesRule)),
	)...))
}

// ValidateSchedule checks only when the list runs and notifies — the first
// period, the recurrence, the notice times and days before, the closing-day
// rule — with the rules and messages saving applies (Validate runs the same
// rules). The editor's notification preview checks its input with it, so
// what saving refuses is never previewed.
func (c CheckList) ValidateSchedule() error {
	f := c.form()
	return validation.Check(v.ValidateStruct(&f, f.scheduleRules()...))
}

func (c CheckList) form() Form {
	return Form{Name: c.Name, FromDate: c.First.From, ToDate: c.First.To, NextInterval: c.Recurrence.Interval,
		NextDuration: c.Recurrence.Unit, StartNotificationTime: c.StartNotificationTime,
		ReminderNotificationTime: c.ReminderNotificationTime, ReminderDaysBefore: c.ReminderDaysBefore,
		ImprovementReminderTime: c.ImprovementReminderTime, ImprovementReminderDaysBefore: c.ImprovementReminderDaysBefore,
		ClosingDayRule: c.ClosingDayRule, Categories: c.Categories}
}

// scheduleRules are the rules of the schedule's fields of f (f must be the
// struct validated: the rules point into it).
func (f *Form) scheduleRules() []*v.FieldRules {
	days := func(label string) v.Rule {
		return v.By(func(value any) error {
			if n, _ := value.(int); n < 0 || n > 31 {
				return fmt.Errorf("%sは0から31の間で入力してください。", label)
			}
			return nil
		})
	}
	return []*v.FieldRules{
		v.Field(&f.FromDate, validation.Required("開始日")),
		v.Field(&f.ToDate, validation.Required("終了日"), v.By(func(any) error {
			if !f.FromDate.IsZero() && f.ToDate.Before(f.FromDate) {
				return errors.New("終了日は開始日以降の日付にしてください。")
			}
			return nil
		})),
		// ozzo's Min skips zero values, so the range is checked by hand.
		v.Field(&f.NextInterval, v.By(func(any) error {
			switch {
			case f.NextInterval < 1:
				return errors.New(validation.MsgMinValue("繰り返し間隔", 1))
			case f.NextInterval > 365:
				return errors.New(validation.MsgMaxValue("繰り返し間隔", 365))
			}
			return nil
		})),
		v.Field(&f.NextDuration, validation.OneOf("繰り返しの単位が正しくありません。", Days, Weeks, Months)),
		v.Field(&f.StartNotificationTime, validation.ClockTime),
		v.Field(&f.ReminderNotificationTime, validation.ClockTime),
		v.Field(&f.ReminderDaysBefore, days("リマインド日数")),
		v.Field(&f.ImprovementReminderTime, validation.ClockTime),
		v.Field(&f.ImprovementReminderDaysBefore, days("改善リマインド日数")),
		v.Field(&f.ClosingDayRule, v.In(ClosingBefore, ClosingAfter, ClosingSkip).Error("休業日の扱いが正しくありません。")),
	}
}

// MaxExplanation is the longest explanation of an item: a few paragraphs
// under the question on the store's phone.
const MaxExplanation = 1000

// categoriesRule checks every category and item, naming the first problem
// with its position so the editor can point at it.
func categoriesRule(value any) error {
	cats, _ := value.([]Category)
	for i, c := range cats {
		where := fmt.Sprintf("カテゴリ%d", i+1)
		if c.Name == "" {
			return fmt.Errorf("%sの名前は必須です", where)
		}
		if len([]rune(c.Name)) > 100 {
			return fmt.Errorf("%sの名前は100文字以内です。", where)
		}
		if len(c.Items) == 0 {
			return fmt.Errorf("%sに項目を1つ以上追加してください。", where)
		}
		for j, it := range c.Items {
			at := fmt.Sprintf("%sの項目%d", where, j+1)
			if it.Question == "" {
				return fmt.Errorf("%sの質問は必須です", at)
			}
			if len([]rune(it.Question)) > 500 {
				return fmt.Errorf("%sの質問は500文字以内です。", at)
			}
			if len([]rune(it.Explanation)) > MaxExplanation {
				return fmt.Errorf("%sの説明は%d文字以内です。", at, MaxExplanation)
			}
			switch err := it.Scale.Validate(); {
			case errors.Is(err, ErrChoiceLabel):
				return fmt.Errorf("%sの選択肢名は%d文字以内です。", at, MaxChoiceLabel)
			case errors.Is(err, ErrScore):
				return fmt.Errorf("%sの点数は-%d〜%dで入力してください。", at, MaxScore, MaxScore)
			case err != nil:
				return fmt.Errorf("%sの選択肢は2〜10個の異なる名前にしてください。", at)
			}
		}
	}
	return nil
}

// Named is a check list by its name only (filters and pickers).
type Named struct {
	ID   int64
	Name string
}

// Summary is a check list as the list screen shows it.
type Summary struct {
	ID         int64
	Name       string
	First      Period
	Recurrence Recurrence
	Items      int
	Facilities int
	Version    int64
}
