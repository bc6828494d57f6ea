// Package failure holds the errors a user can cause. The domain and the use
// cases return them; one mapper in the HTTP adapter turns each kind into a
// status and the Japanese message of docs/product/errors.md. Anything that is not a
// *Error is a fault of ours and is answered as an unknown error.
package failure

import (
	"errors"
	"fmt"
)

// Kind says what went wrong from the user's side.
type Kind int

const (
	KindInvalid      Kind = iota + 1 // input breaks a rule; Fields says which
	KindNotFound                     // absent, or belongs to another organization
	KindConflict                     // someone else changed it, or it is in use
	KindUnauthorized                 // not signed in, or the session ended
	KindForbidden                    // signed in but not allowed
	KindTooMany                      // rate limit or lock-out
	KindRefused                      // a business refusal with its own message
	KindUnavailable                  // the service is under maintenance
)

// Messages used when a failure carries no message of its own.
const (
	MsgInvalid      = "不正な入力値があります。各入力項目を確認してください。"
	MsgNotFound     = "対象のデータが見つかりません。"
	MsgConflict     = "ほかのユーザーが先に更新しました。画面を再読み込みしてからやり直してください。"
	MsgUnauthorized = "タイムアウトしました。再度ログインしてください。"
	MsgForbidden    = "権限がありません。管理者までご連絡ください。"
	MsgTooMany      = "リクエストが多すぎます。しばらくしてから再度お試しください。"
	MsgUnknown      = "不明なエラーが発生しました。システム管理者までご連絡ください。"
)

// Error is a failure the user can act on.
type Error struct {
	Kind    Kind
	Message string
	// Fields maps a field name (as the client sends it) to its message.
	Fields map[string]string
}

func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("%s %v", e.Message, e.Fields)
	}
	return e.Message
}

// Invalid reports field errors with the generic invalid-form message.
func Invalid(fields map[string]string) *Error {
	return &Error{Kind: KindInvalid, Message: MsgInvalid, Fields: fields}
}

// InvalidMessage reports bad input that is not tied to one field.
func InvalidMessage(msg string) *Error { return &Error{Kind: KindInvalid, Message: msg} }

func NotFound() *Error { return &Error{Kind: KindNotFound, Message: MsgNotFound} }
func Conflict(msg string) *Error {
	return &Error{Kind: KindConflict, Message: orDefault(msg, MsgConflict)}
}
func Unauthorized() *Error { return &Error{Kind: KindUnauthorized, Message: MsgUnauthorized} }
func Forbidden() *Error    { return &Error{Kind: KindForbidden, Message: MsgForbidden} }
func TooMany(msg string) *Error {
	return &Error{Kind: KindTooMany, Message: orDefault(msg, MsgTooMany)}
}
func Refused(msg string) *Error { return &Error{Kind: KindRefused, Message: msg} }

// Unavailable refuses a call while the service is under maintenance (503).
func Unavailable(msg string) *Error { return &Error{Kind: KindUnavailable, Message: msg} }

// WithMessage is a failure of kind k with its own message.
func WithMessage(k Kind, msg string) *Error { return &Error{Kind: k, Message: msg} }

// As returns the failure inside err, if there is one.
func As(err error) (*Error, bool) {
	var f *Error
	ok := errors.As(err, &f)
	return f, ok
}

// Is reports whether err is a failure of the given kind.
func Is(err error, k Kind) bool {
	f, ok := As(err)
	return ok && f.Kind == k
}

func orDefault(msg, def string) string {
	if msg == "" {
		return def
	}
	return msg
}
