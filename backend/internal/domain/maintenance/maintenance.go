// Package maintenance is the service's maintenance window: announced to
// every signed-in user from a chosen time, then — scheduled, or switched on
// at once — the console stops serving everyone but system administrators
// with a clear Japanese message, until it ends or is switched off.
package maintenance

import (
	"time"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Settings is the one maintenance plan of the installation.
type Settings struct {
	// Validation names the fields as the API does.
	Message      string     `json:"message"`      // what the banner and the maintenance page say
	AnnounceFrom *time.Time `json:"announceFrom"` // the banner shows from then until the window ends
	Start        *time.Time `json:"startDate"`    // the scheduled window is [Start, End)
	End          *time.Time `json:"endDate"`      // none: until switched off
	On           bool       `json:"switchedOn"`   // switched on at once, whatever the schedule
	UpdatedBy    string
	UpdatedAt    time.Time
}

// Messages.
const (
	// MsgUnderMaintenance is what every refused call answers (503).
	MsgUnderMaintenance = "ただいまメンテナンス中です。しばらくしてから再度お試しください。"
	MsgEndBeforeStart   = "終了日時は開始日時より後にしてください。"
	MsgAnnounceLate     = "お知らせの開始日時はメンテナンスの開始日時以前にしてください。"
	MsgEndWithoutStart  = "終了日時を入れるときは開始日時も入れてください。"
	MaxMessageLength    = 500
)

// Active reports whether the console is under maintenance at now.
func (s Settings) Active(now time.Time) bool {
	if s.On {
		return true
	}
	return s.Start != nil && !now.Before(*s.Start) && (s.End == nil || now.Before(*s.End))
}

// Announced reports whether the banner shows at now: from AnnounceFrom (or
// the start) until the window ends, and throughout maintenance.
func (s Settings) Announced(now time.Time) bool {
	if s.Active(now) {
		return true
	}
	from := s.AnnounceFrom
	if from == nil {
		from = s.Start
	}
	if from == nil || now.Before(*from) {
		return false
	}
	return s.End == nil || now.Before(*s.End)
}

// Unavailable is the refusal every call gets during maintenance.
func Unavailable() error { return failure.Unavailable(MsgUnderMaintenance) }

// Validate applies the form's rules.
func (s Settings) Validate() error {
	return validation.Check(v.ValidateStruct(&s,
		v.Field(&s.Message, validation.MaxLength("お知らせの文面", MaxMessageLength)),
		v.Field(&s.End, v.By(func(any) error {
			switch {
			case s.End != nil && s.Start == nil:
				return errString(MsgEndWithoutStart)
			case s.End != nil && !s.End.After(*s.Start):
				return errString(MsgEndBeforeStart)
			}
			return nil
		})),
		v.Field(&s.AnnounceFrom, v.By(func(any) error {
			if s.AnnounceFrom != nil && s.Start != nil && s.AnnounceFrom.After(*s.Start) {
				return errString(MsgAnnounceLate)
			}
			return nil
		})),
	))
}

type errString string

func (e errString) Error() string { return string(e) }
