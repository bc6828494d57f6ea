package survey

import (
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
)

// Period is when a survey takes answers: Tokyo calendar dates, From
// inclusive, To inclusive; no To means open-ended.
type Period struct {
	From time.Time
	To   *time.Time
}

// Stages of a survey's period on a given day.
const (
	NotYetOpen = "NOT_YET_OPEN"
	Open       = "OPEN"
	Closed     = "CLOSED"
)

// StageOn says where today (a Tokyo date) lies in the period.
func (p Period) StageOn(today time.Time) string {
	d := dateOf(today)
	switch {
	case d.Before(dateOf(p.From)):
		return NotYetOpen
	case p.To != nil && d.After(dateOf(*p.To)):
		return Closed
	}
	return Open
}

// Messages of the public page for each stage it refuses.
const (
	MsgUnknownKey   = "このアンケートは見つかりません。URLをご確認ください。"
	MsgNotYetOpen   = "このアンケートはまだ開始していません。"
	MsgClosed       = "このアンケートは終了しました。ご協力ありがとうございました。"
	MsgLimitReached = "このアンケートにはすでにご回答いただいています。ご協力ありがとうございました。"
	MsgTooMany      = "短時間に多くの回答が送信されました。しばらくしてから再度お試しください。"
	MsgTooLarge     = "送信された内容が大きすぎます。"
	MsgNoSurvey     = "アンケートが利用できません。"
)

// Codes the public page tells its screens apart by (the envelope's code
// repeats the HTTP status; data.reason names the case).
const (
	ReasonUnknown      = "UNKNOWN_KEY"
	ReasonNotYetOpen   = "NOT_YET_OPEN"
	ReasonClosed       = "CLOSED"
	ReasonLimitReached = "LIMIT_REACHED"
)

// Answered is the answer page's stage for a browser that has used its
// answer (the survey itself is Open).
const Answered = "ANSWERED"

// StageMessage is what the answer page says in a stage that takes no
// answer, or "" when the page takes one.
func StageMessage(stage string) string {
	switch stage {
	case NotYetOpen:
		return MsgNotYetOpen
	case Closed:
		return MsgClosed
	case Answered:
		return MsgLimitReached
	}
	return ""
}

// StageError is the refusal for a survey stage other than Open, or nil.
func StageError(stage string) error {
	if stage == NotYetOpen || stage == Closed {
		return failure.Refused(StageMessage(stage))
	}
	return nil
}

// Available reports whether an organization may use surveys on today: the
// option is on and its survey start date has come (menu rule of docs/product/shell.md).
func Available(option bool, start *time.Time, today time.Time) bool {
	return option && start != nil && !dateOf(today).Before(dateOf(TokyoDate(*start)))
}

// FirstOfNextMonth is the first day of next month in Tokyo, a new
// survey's default start.
func FirstOfNextMonth(c clock.Clock) time.Time {
	y, m, _ := c.Now().In(clock.Tokyo).Date()
	return time.Date(y, m+1, 1, 0, 0, 0, 0, clock.Tokyo)
}

// dateOf is t's calendar date at midnight UTC, so dates compare by day
// whatever zone they were made in.
func dateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// TokyoDate is the Tokyo calendar date of an instant.
func TokyoDate(t time.Time) time.Time { return clock.TokyoDate(t) }
