// Package notification holds what the product tells people outside the
// console: e-mail messages and, later, push notifications.
package notification

import (
	"net/mail"
	"strings"

	"github.com/rouder/console/internal/domain/failure"
)

// Message is one e-mail as the product composes it. Transport details
// (SMTP envelope, MIME encoding) belong to the mail adapters.
type Message struct {
	To      string
	Subject string
	Body    string // plain text, UTF-8
}

// Validate refuses a message no mail server would accept, so a bad address
// fails when it is queued, in front of the user, not later inside a job.
func (m Message) Validate() error {
	if _, err := mail.ParseAddress(m.To); err != nil || strings.ContainsAny(m.To, "\r\n") {
		return failure.Invalid(map[string]string{"to": "メールアドレスの形式で入力してください。"})
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return failure.Invalid(map[string]string{"subject": "件名に改行は使えません。"})
	}
	return nil
}
