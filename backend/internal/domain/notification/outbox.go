package notification

import "time"

// QueuedMail is a message waiting in, or delivered from, the outbox.
type QueuedMail struct {
	ID             int64
	OrganizationID int64
	Message        Message
	SentAt         *time.Time
	Attempts       int
	CreatedAt      time.Time
}

// Sent reports whether the message already left; delivering it again would
// send a duplicate.
func (q QueuedMail) Sent() bool { return q.SentAt != nil }
