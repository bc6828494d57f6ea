// Package history holds the records of what people did, exported as the
// OPERATION history type. Sign-in events are recorded by the sign-in use
// cases; every other change made through the API is recorded in one place
// (the HTTP layer names it, the transaction that makes the change writes
// it: see Pending).
package history

import "time"

// Kind names an operation.
type Kind string

const (
	Login          Kind = "LOGIN"
	LoginFailed    Kind = "LOGIN_FAILED"
	LoginRefused   Kind = "LOGIN_REFUSED" // locked out, or from a refused address
	Logout         Kind = "LOGOUT"
	MfaSucceeded   Kind = "MFA_SUCCESS"
	MfaFailed      Kind = "MFA_FAILURE"
	MfaCodeResent  Kind = "MFA_CODE_RESENT"
	PasswordChange Kind = "PASSWORD_CHANGE"

	Create   Kind = "CREATE"
	Update   Kind = "UPDATE"
	Delete   Kind = "DELETE"
	Copy     Kind = "COPY"
	Import   Kind = "IMPORT"
	Export   Kind = "EXPORT"
	Download Kind = "DOWNLOAD"
)

var kindLabels = map[Kind]string{
	Login: "ログイン", LoginFailed: "ログイン失敗", LoginRefused: "ログイン拒否", Logout: "ログアウト",
	MfaSucceeded: "メール認証成功", MfaFailed: "メール認証失敗", MfaCodeResent: "確認コード再送",
	PasswordChange: "パスワード変更", Create: "登録", Update: "更新", Delete: "削除", Copy: "コピー",
	Import: "一括登録", Export: "エクスポート", Download: "ダウンロード",
}

// Label is the kind's Japanese name, as the OPERATION export writes it.
func (k Kind) Label() string {
	if l, ok := kindLabels[k]; ok {
		return l
	}
	return string(k)
}

// Operation is one record.
type Operation struct {
	OrganizationID int64
	UserID         *int64
	UserAccount    string
	Kind           Kind
	TargetType     string // e.g. 店舗, in Japanese ("" for sign-in events)
	TargetID       *int64
	Detail         string
	IPAddress      string
	At             time.Time
}
