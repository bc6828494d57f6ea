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

// Delivery is one message sent (or to be sent) to one recipient, as the
// system administrator's delivery history lists it.
type Delivery struct {
	Key              string // unique across channels ("mail:12", "send:5")
	ID               int64
	OrganizationID   int64
	OrganizationName string
	Channel          string // MAIL or PUSH
	Kind             string // the scheduled notice's kind, KindMail for other mail
	Recipient        string
	Subject          string
	Status           string // SENT, WAITING, RETRYING, FAILED, MISSED
	Attempts         int
	LastError        string
	CreatedAt        time.Time
	SentAt           *time.Time
}

// Channels and statuses of deliveries.
const (
	ChannelMail      = "MAIL"
	DeliverySent     = "SENT"
	DeliveryWaiting  = "WAITING"
	DeliveryRetrying = "RETRYING"
)

// DeliveryStatus is where a queued mail stands.
func DeliveryStatus(sent bool, attempts int) string {
	switch {
	case sent:
		return DeliverySent
	case attempts > 0:
		return DeliveryRetrying
	}
	return DeliveryWaiting
}

// DeliveryFilter narrows the delivery history.
type DeliveryFilter struct {
	Status     string // "" for all
	SearchText string // in the recipient or the subject
}
