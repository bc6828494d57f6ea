// Package validation holds the input rules of docs/product/validation.md with their
// exact Japanese messages, as ozzo-validation rules. The SPA's zod schemas
// say the same; backend/api/validation-cases.json is asserted by both test
// suites so the two cannot drift.
package validation

import (
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/failure"
)

// PasswordSymbols is the listed set of symbols a password may contain.
const PasswordSymbols = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// Messages (docs/product/validation.md). Functions take the field's label.
const (
	MsgRequiredBare = "必須です"
	MsgPassword     = "パスワードは8文字以上で英大文字、英小文字、数字、記号(" + PasswordSymbols + ")の中から三種類を含む必要があります"
	MsgPhone        = "電話番号の形式で入力してください"
	MsgEmail        = "メールアドレスの形式で入力してください。"
	MsgInteger      = "整数で入力してください"
	MsgASCII        = "ASCII文字のみを入力してください。"
	MsgMismatch     = "新しいパスワードと確認用パスワードが一致しません。"
	MsgClockTime    = "時刻はHH:MMの形式で入力してください。"

	MsgNulCharacter     = "使用できない文字（NUL）が含まれています。"
	MsgControlCharacter = "使用できない文字（制御文字）が含まれています。"
)

// TextProblem refuses, in any text the console is given: a NUL (PostgreSQL
// cannot store or compare one), the other control characters but tab and
// line breaks (an escape sequence in a store's name would reach every
// list, mail and export), and the bidirectional overrides that make a name
// read as another (U+202A–U+202E, U+2066–U+2069). It returns the message,
// or "" for text that may be kept.
func TextProblem(s string) string {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b == 0x7f {
			switch b {
			case 0:
				return MsgNulCharacter
			case '\t', '\n', '\r':
			default:
				return MsgControlCharacter
			}
		}
	}
	if strings.ContainsFunc(s, func(r rune) bool { return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) }) {
		return MsgControlCharacter
	}
	return ""
}

func MsgRequired(label string) string {
	if label == "" {
		return MsgRequiredBare
	}
	return label + "は必須です"
}
func MsgMaxLength(label string, n int) string {
	return fmt.Sprintf("%sは%d文字以内です。", label, n)
}
func MsgMinLength(label string, n int) string {
	return fmt.Sprintf("%sは%d文字以上です。", label, n)
}
func MsgMaxValue(label string, n int64) string {
	return fmt.Sprintf("%sは%d以下で入力してください。", label, n)
}
func MsgMinValue(label string, n int64) string {
	return fmt.Sprintf("%sは%d以上で入力してください。", label, n)
}

// Required refuses an empty value (a string of only spaces is empty).
func Required(label string) v.Rule { return requiredRule{label} }

type requiredRule struct{ label string }

func (r requiredRule) Validate(value any) error {
	if s, ok := value.(string); ok {
		if strings.TrimSpace(s) == "" {
			return errors.New(MsgRequired(r.label))
		}
		return nil
	}
	if err := v.Required.Validate(value); err != nil {
		return errors.New(MsgRequired(r.label))
	}
	return nil
}

// MaxLength and MinLength count characters, not bytes: 「東京」 is 2.
func MaxLength(label string, n int) v.Rule {
	return stringRule(func(s string) string {
		if utf8.RuneCountInString(s) > n {
			return MsgMaxLength(label, n)
		}
		return ""
	})
}

func MinLength(label string, n int) v.Rule {
	return stringRule(func(s string) string {
		if s != "" && utf8.RuneCountInString(s) < n {
			return MsgMinLength(label, n)
		}
		return ""
	})
}

// Password is the password format: at least 8 characters, at least three
// of the four kinds (upper, lower, digit, listed symbol), nothing else.
var Password v.Rule = stringRule(func(s string) string {
	if s == "" {
		return ""
	}
	if !PasswordValid(s) {
		return MsgPassword
	}
	return ""
})

// PasswordValid reports whether s has the password format.
func PasswordValid(s string) bool {
	if utf8.RuneCountInString(s) < 8 {
		return false
	}
	var upper, lower, digit, symbol bool
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(PasswordSymbols, r):
			symbol = true
		default:
			return false
		}
	}
	kinds := 0
	for _, k := range []bool{upper, lower, digit, symbol} {
		if k {
			kinds++
		}
	}
	return kinds >= 3
}

var phonePattern = regexp.MustCompile(`^[0-9#*-]+$`)

// Phone allows digits, hyphen, # and * only.
var Phone v.Rule = stringRule(func(s string) string {
	if s != "" && !phonePattern.MatchString(s) {
		return MsgPhone
	}
	return ""
})

// Email is an address a mail server would take: one @, no display name.
var Email v.Rule = stringRule(func(s string) string {
	if s == "" {
		return ""
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" || !strings.Contains(s[strings.LastIndex(s, "@"):], ".") {
		return MsgEmail
	}
	return ""
})

// ASCII allows printable ASCII only.
var ASCII v.Rule = stringRule(func(s string) string {
	for _, r := range s {
		if r > unicode.MaxASCII || !unicode.IsPrint(r) {
			return MsgASCII
		}
	}
	return ""
})

var clockTimePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// ClockTimeValid reports whether s is a time of day "HH:MM" (00:00–23:59,
// two digits each): the notice times of check lists and surveys.
func ClockTimeValid(s string) bool { return clockTimePattern.MatchString(s) }

// ClockTime is a notice time "HH:MM"; empty passes (no notice).
var ClockTime v.Rule = stringRule(func(s string) string {
	if s != "" && !ClockTimeValid(s) {
		return MsgClockTime
	}
	return ""
})

// OneOf refuses a value outside values, the empty one included (ozzo's In
// lets an empty value pass, and a choice sent as "" or null was stored as
// none of the choices). msg names the field's choice.
func OneOf(msg string, values ...string) v.Rule {
	return stringRule(func(s string) string {
		for _, want := range values {
			if s == want {
				return ""
			}
		}
		return msg
	})
}

// Equal refuses a value different from want (password confirmation).
func Equal(want string, msg string) v.Rule {
	return stringRule(func(s string) string {
		if s != "" && s != want {
			return msg
		}
		return ""
	})
}

// stringRule adapts a check on strings; other types pass (their own rules
// apply), a nil pointer passes (Required catches it).
type stringRule func(string) string

func (f stringRule) Validate(value any) error {
	var s string
	switch x := value.(type) {
	case string:
		s = x
	case *string:
		if x == nil {
			return nil
		}
		s = *x
	default:
		return nil
	}
	if msg := f(s); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// Check turns ozzo-validation's result into the user failure with one
// message per field; nil stays nil.
func Check(err error) error {
	if err == nil {
		return nil
	}
	var es v.Errors
	if !errors.As(err, &es) {
		return failure.InvalidMessage(err.Error())
	}
	fields := map[string]string{}
	for field, e := range es {
		fields[field] = e.Error()
	}
	return failure.Invalid(fields)
}
