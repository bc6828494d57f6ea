// Package auth holds the rules of signing in: how long a session lives,
// when sign-in is throttled, and how the e-mail one-time code behaves.
package auth

import (
	"crypto/rand"
	"fmt"
	"math/big"
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

// One-time code rules (SPEC: 6 characters).
const (
	CodeLength      = 6
	CodeLifetime    = 10 * time.Minute
	CodeMaxAttempts = 5
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
