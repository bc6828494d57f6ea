package improvement

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rouder/console/internal/domain/failure"
)

// EventKind is one kind of entry of a report's thread.
type EventKind string

const (
	EventCreated     EventKind = "CREATED"
	EventComment     EventKind = "COMMENT"   // either side; no status change
	EventReply       EventKind = "REPLY"     // the store: what it did → IN_REVIEW
	EventSentBack    EventKind = "SENT_BACK" // head office, with a reason → IN_PROGRESS
	EventCompleted   EventKind = "COMPLETED" // head office → COMPLETED
	EventReopened    EventKind = "REOPENED"  // head office, with a reason → IN_PROGRESS
	EventDueChanged  EventKind = "DUE_DATE_CHANGED"
	EventAssignee    EventKind = "ASSIGNEE_CHANGED"
	EventNoLongerBad EventKind = "ANSWER_NO_LONGER_BAD" // the system: the source answer was changed to a good one
)

// Event is one entry of the thread; the thread is append-only.
type Event struct {
	Seq      int
	Kind     EventKind
	Side     Side
	UserID   *int64 // nil for the system
	UserName string
	Text     string
	PhotoIDs []int64
	DueDate  *time.Time // DUE_DATE_CHANGED: the new date
	At       time.Time
}

// Limits and messages of the thread.
const (
	MaxText    = 2000
	MaxPhotos  = 10
	MaxSubject = 200

	MsgTextRequired    = "コメントを入力してください。"
	MsgReasonRequired  = "理由を入力してください。"
	MsgPhotoRequired   = "この改善報告の返信には写真を1枚以上添付してください。"
	MsgStoreOnly       = "この操作は店舗の担当者のみ行えます。"
	MsgOfficeOnly      = "この操作は本部(店舗の担当者以外)のみ行えます。"
	MsgCompleted       = "完了した改善報告です。再開してから操作してください。"
	MsgSubjectRequired = "件名を入力してください。"
	MsgDueRequired     = "期限を入力してください。"
	MsgNoImprovement   = "この組織では改善報告を利用できません。"
	MsgPhotoMissing    = "存在しない写真が含まれています。"
)

// Action is what a user asks to do to a report.
type Action string

const (
	ActComment  Action = "COMMENT"
	ActReply    Action = "REPLY"
	ActSendBack Action = "SEND_BACK"
	ActComplete Action = "COMPLETE"
	ActReopen   Action = "REOPEN"
)

// Step is an action with what it carries.
type Step struct {
	Action   Action
	Text     string
	PhotoIDs []int64
}

// rule is what an action needs and does.
type rule struct {
	side   Side
	from   []Status // the stored statuses it is allowed from
	to     Status   // "" keeps the status
	kind   EventKind
	reason bool // the text is a required reason
}

var rules = map[Action]rule{
	ActComment:  {side: "", from: []Status{InProgress, InReview}, kind: EventComment},
	ActReply:    {side: Store, from: []Status{InProgress}, to: InReview, kind: EventReply},
	ActSendBack: {side: Office, from: []Status{InReview}, to: InProgress, kind: EventSentBack, reason: true},
	ActComplete: {side: Office, from: []Status{InProgress, InReview}, to: Completed, kind: EventCompleted},
	ActReopen:   {side: Office, from: []Status{Completed}, to: InProgress, kind: EventReopened, reason: true},
}

// Apply checks that side may take step on r now and returns the report
// after it and the event to append (its Seq, user and time are the
// caller's). Nothing changes on an error.
func (r Report) Apply(side Side, st Step) (Report, Event, error) {
	ru, ok := rules[st.Action]
	if !ok {
		return r, Event{}, failure.Invalid(map[string]string{"action": "操作が正しくありません。"})
	}
	if ru.side != "" && ru.side != side {
		if ru.side == Store {
			return r, Event{}, failure.Refused(MsgStoreOnly)
		}
		return r, Event{}, failure.Refused(MsgOfficeOnly)
	}
	if !slices.Contains(ru.from, r.Status) {
		if r.Status == Completed {
			return r, Event{}, failure.Refused(MsgCompleted)
		}
		return r, Event{}, failure.Refused("現在の状態(" + r.Status.Label() + ")ではこの操作はできません。画面を再読み込みしてください。")
	}
	fields := map[string]string{}
	switch {
	case ru.reason && strings.TrimSpace(st.Text) == "":
		fields["text"] = MsgReasonRequired
	case (st.Action == ActComment || st.Action == ActReply) && strings.TrimSpace(st.Text) == "":
		fields["text"] = MsgTextRequired
	case utf8.RuneCountInString(st.Text) > MaxText:
		fields["text"] = "2000文字以内で入力してください。"
	}
	switch {
	case len(st.PhotoIDs) > MaxPhotos:
		fields["photoIdList"] = "写真は10枚までです。"
	case st.Action == ActReply && r.Source.PhotoRequired && len(st.PhotoIDs) == 0:
		fields["photoIdList"] = MsgPhotoRequired
	}
	if len(fields) > 0 {
		return r, Event{}, failure.Invalid(fields)
	}
	if ru.to != "" {
		r.Status = ru.to
	}
	r.Markers = r.Markers.Wrote(side)
	return r, Event{Seq: r.Markers.Events, Kind: ru.kind, Side: side, Text: st.Text, PhotoIDs: st.PhotoIDs}, nil
}

// Actions lists what side may do to r now, for the screen's buttons.
func (r Report) Actions(side Side) []Action {
	var out []Action
	for _, a := range []Action{ActReply, ActComment, ActSendBack, ActComplete, ActReopen} {
		ru := rules[a]
		if (ru.side == "" || ru.side == side) && slices.Contains(ru.from, r.Status) {
			out = append(out, a)
		}
	}
	return out
}

// CheckSubject checks a report's subject.
func CheckSubject(subject string) error {
	switch {
	case strings.TrimSpace(subject) == "":
		return failure.Invalid(map[string]string{"subject": MsgSubjectRequired})
	case utf8.RuneCountInString(subject) > MaxSubject:
		return failure.Invalid(map[string]string{"subject": "200文字以内で入力してください。"})
	}
	return nil
}
