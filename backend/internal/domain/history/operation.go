// Package history holds the records of what people did, exported later as
// the OPERATION history type.
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
)

// Operation is one record.
type Operation struct {
	OrganizationID int64
	UserID         *int64
	UserAccount    string
	Kind           Kind
	Detail         string
	IPAddress      string
	At             time.Time
}
