// Package auth holds the rules of signing in: how long a session lives,
// when sign-in is throttled, and how the e-mail one-time code behaves.
package auth

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// Session lifetimes: a session ends after IdleTimeout without requests, and
// in any case MaxLifetime after sign-in.
const (
	IdleTimeout = 2 * time.Hour
	MaxLifetime = 12 * time.Hour
	// TouchEvery bounds how often a request writes last_seen_at.
	TouchEvery = time.Minute
)

// Throttle limits: failures within Window lock the key for LockFor.
const (
	AccountFailureLimit = 10
	AddressFailureLimit = 30
	ThrottleWindow      = 15 * time.Minute
	LockFor             = 15 * time.Minute
)

// One-time code rules (docs/product/constants.md: 6 characters).
const (
	CodeLength      = 6
	CodeLifetime    = 10 * time.Minute
	CodeMaxAttempts = 5
	// ResendAfter is how long a user waits before asking for a new code: a
	// new code also brings new attempts, so resending is paced.
	ResendAfter = time.Minute
)

// Messages a user sees while signing in.
const (
	MsgBadCredentials       = "組織ID、アカウントまたはパスワードが正しくありません。"
	MsgBadCredentialsSystem = "アカウントまたはパスワードが正しくありません。"
	MsgLocked               = "ログインの失敗が続いたため、一時的にログインできません。15分ほど待ってから再度お試しください。"
	MsgAddressRefused       = "このIPアドレスからはアクセスできません。管理者までご連絡ください。"
	MsgCodeWrong            = "認証コードが正しくありません。"
	MsgCodeExpired          = "認証コードの有効期限が切れました。再度ログインしてください。"
	MsgCodeExhausted        = "認証コードの入力回数が上限に達しました。再度ログインしてください。"
	MsgCodeResent           = "認証コードを再送信しました。"
	MsgCodeResendTooSoon    = "認証コードの再送信は1分ほど待ってからお試しください。"
	MsgNoMailAddress        = "メールアドレスが登録されていないため認証コードを送信できません。管理者までご連絡ください。"
	MsgPasswordChanged      = "パスワードを変更しました。"
	MsgPasswordNotChanged   = "パスワードの変更に失敗しました。"
	MsgCurrentPasswordWrong = "現在のパスワードが正しくありません。"
	MsgPasswordUnchanged    = "新しいパスワードには現在と異なるパスワードを指定してください。"
	MsgLoggedOut            = "ログアウトしました。"
)

// Throttle is the failure count of one key.
type Throttle struct {
	Failures      int
	WindowStarted time.Time
	LockedUntil   *time.Time
}

// Locked reports whether sign-in with this key is refused at now.
func (t Throttle) Locked(now time.Time) bool {
	return t.LockedUntil != nil && now.Before(*t.LockedUntil)
}

// NewCode returns a code of CodeLength digits from a secure random source.
func NewCode() (string, error) {
	max := big.NewInt(1)
	for range CodeLength {
		max.Mul(max, big.NewInt(10))
	}
	n, err := rand.Int(rand.Reader, max)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%0*d", CodeLength, n), nil
}

// Session is one sign-in. Only the hash of its id is stored.
type Session struct {
	Hash           string
	UserID         int64
	OrganizationID int64
	MfaPending     bool
	IPAddress      string
	UserAgent      string
	CreatedAt      time.Time
	LastSeenAt     time.Time
	ExpiresAt      time.Time
}

// ExpiredAt reports whether the session has ended by now: past its absolute
// lifetime, or idle too long.
func (s Session) ExpiredAt(now time.Time) bool {
	return !now.Before(s.ExpiresAt) || now.Sub(s.LastSeenAt) >= IdleTimeout
}

// NeedsTouch reports whether now is worth recording as activity.
func (s Session) NeedsTouch(now time.Time) bool { return now.Sub(s.LastSeenAt) >= TouchEvery }

// Challenge is the one-time code a session waits for.
type Challenge struct {
	SessionHash string
	CodeHMAC    string
	ExpiresAt   time.Time
	Attempts    int
	Used        bool
}

// MaskMail shows where a code went without showing the whole address:
// the first character of the local part, the rest as asterisks (at least
// three, so the length does not tell), and the domain whole:
// store001@rouder.example → s***@rouder.example.
func MaskMail(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 1 {
		return ""
	}
	local := []rune(addr[:at])
	stars := len(local) - 1
	if stars < 3 {
		stars = 3
	}
	return string(local[0]) + strings.Repeat("*", stars) + addr[at:]
}

// CanResend reports whether a new code may be sent for a challenge issued
// at issued.
func CanResend(issued, now time.Time) bool { return !now.Before(issued.Add(ResendAfter)) }
