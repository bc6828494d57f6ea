package notification

import (
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
)

// Occurrence is one scheduled notice before it is addressed: what happened,
// to which store, when it is due, and its unique key.
type Occurrence struct {
	Key              string
	Kind             string
	OrganizationID   int64
	OrganizationName string
	At               time.Time
	FacilityID       int64
	FacilityName     string
	Subject          string // the check list's or the report's name
	Period           checklist.Period
	PeriodID         int64
	ReportID         int64
	DueDate          time.Time
	Level            int // escalation level
	GroupName        string
}

// Notice is an occurrence as its recipients read it, in mail or push.
type Notice struct {
	Title string
	Body  string
	Link  string // into the console
}

// consolePath is where the console's screens live under the base URL
// (docs/product/constants.md: the SPA's base path).
const consolePath = "/home"

func day(t time.Time) string { return t.In(clock.Tokyo).Format("2006/01/02") }

// Compose writes the Japanese notice of o; base is the console's address
// (configuration), so links open the right screen.
func Compose(o Occurrence, base string) Notice {
	base = strings.TrimRight(base, "/") + consolePath
	var n Notice
	switch o.Kind {
	case KindCheckStart:
		n.Title = fmt.Sprintf("チェック開始: %s", o.Subject)
		n.Body = fmt.Sprintf("%sのチェック「%s」が始まりました。\n期間: %s〜%s", o.FacilityName, o.Subject, day(o.Period.From), day(o.Period.To))
		n.Link = fmt.Sprintf("%s/check/%d", base, o.PeriodID)
	case KindCheckReminder:
		n.Title = fmt.Sprintf("チェックの提出期限が近づいています: %s", o.Subject)
		n.Body = fmt.Sprintf("%sのチェック「%s」はまだ提出されていません。\n期限: %s", o.FacilityName, o.Subject, day(o.Period.To))
		n.Link = fmt.Sprintf("%s/check/%d", base, o.PeriodID)
	case KindImprovementReminder:
		n.Title = fmt.Sprintf("改善報告の期限が近づいています: %s", o.Subject)
		n.Body = fmt.Sprintf("%sの改善報告「%s」の期限は%sです。", o.FacilityName, o.Subject, day(o.DueDate))
		n.Link = fmt.Sprintf("%s/improvement/%d", base, o.ReportID)
	case KindEscalation:
		n.Title = fmt.Sprintf("改善報告が期限を過ぎています: %s", o.Subject)
		n.Body = fmt.Sprintf("%s（%s）の改善報告「%s」は期限の%sを過ぎても完了していません。", o.FacilityName, o.GroupName, o.Subject, day(o.DueDate))
		n.Link = fmt.Sprintf("%s/improvement/%d", base, o.ReportID)
	}
	n.Body = fmt.Sprintf("%s\n\n%s\n\n— %s", n.Body, n.Link, o.OrganizationName)
	return n
}

// Mail is the notice as an e-mail to address.
func (n Notice) Mail(address string) Message {
	return Message{To: address, Subject: n.Title, Body: n.Body + "\n\n通知の受け取り方は、コンソールのユーザーメニュー「通知設定」で変えられます。\n"}
}

// Recipient is a user a notice is addressed to, with the channels the user
// receives on.
type Recipient struct {
	UserID      int64
	Name        string // 姓 名 (account), as the history shows it
	MailAddress string
	Mail        bool // mail is on and the user has an address
	Push        bool // push is on and the user has a subscription
}

// Channels of a delivery.
const ChannelPush = "PUSH"

// Statuses of a scheduled delivery beyond the mail ones.
const (
	DeliveryMissed = "MISSED" // past the grace period when the service could send it
	DeliveryFailed = "FAILED" // the push service refused it for good
)

// Channels is a user's choice of channels; a user who never chose gets
// both (push only reaches a browser that subscribed).
type Channels struct {
	Mail bool
	Push bool
}

// DefaultChannels are a user's channels until the user chooses.
var DefaultChannels = Channels{Mail: true, Push: true}

// Subscription is one browser's push subscription (the Push API's
// PushSubscription with its keys, base64url).
type Subscription struct {
	ID       int64
	UserID   int64
	Endpoint string
	P256dh   string
	Auth     string
}

// Validate refuses a subscription no push service would have issued.
func (s Subscription) Validate() error {
	switch {
	case !strings.HasPrefix(s.Endpoint, "https://") && !strings.HasPrefix(s.Endpoint, "http://"):
		return errInvalid("endpoint", "通知の登録先が正しくありません。")
	case len(s.Endpoint) > 1000:
		return errInvalid("endpoint", "通知の登録先が長すぎます。")
	case !browserKeys(s.P256dh, s.Auth):
		return errInvalid("keys", "通知の鍵が正しくありません。")
	}
	return nil
}

// browserKeys reports whether p256dh is a browser's P-256 public key and
// auth its 16-byte secret (RFC 8291), base64url with or without padding:
// anything else would fail at every push, long after it was accepted.
func browserKeys(p256dh, auth string) bool {
	if len(p256dh) > 200 || len(auth) > 100 {
		return false
	}
	enc := base64.RawURLEncoding
	key, err := enc.DecodeString(strings.TrimRight(p256dh, "="))
	if err != nil {
		return false
	}
	if _, err := ecdh.P256().NewPublicKey(key); err != nil {
		return false
	}
	secret, err := enc.DecodeString(strings.TrimRight(auth, "="))
	return err == nil && len(secret) == 16
}

func errInvalid(field, msg string) error { return failure.Invalid(map[string]string{field: msg}) }
