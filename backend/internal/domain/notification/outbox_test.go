package notification

import (
	"testing"
	"time"
)

func TestDeliveryStatus(t *testing.T) {
	cases := []struct {
		sent     bool
		attempts int
		want     string
	}{
		{false, 0, "WAITING"},
		{false, 1, "RETRYING"},
		{false, 5, "RETRYING"},
		{true, 0, "SENT"},
		{true, 1, "SENT"},
		{true, 3, "SENT"},
	}
	for _, c := range cases {
		if got := DeliveryStatus(c.sent, c.attempts); got != c.want {
			t.Errorf("DeliveryStatus(%v, %d) = %q, want %q", c.sent, c.attempts, got, c.want)
		}
	}
	// The statuses the delivery history lists.
	for got, want := range map[string]string{DeliverySent: "SENT", DeliveryWaiting: "WAITING", DeliveryRetrying: "RETRYING",
		DeliveryFailed: "FAILED", DeliveryMissed: "MISSED"} {
		if got != want {
			t.Errorf("status %q, want %q", got, want)
		}
	}
}

func TestQueuedMailSent(t *testing.T) {
	at := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	cases := []struct {
		q    QueuedMail
		want bool
	}{
		{QueuedMail{}, false},
		{QueuedMail{Attempts: 3}, false},
		{QueuedMail{SentAt: &at}, true},
		{QueuedMail{SentAt: &at, Attempts: 2}, true},
	}
	for _, c := range cases {
		if got := c.q.Sent(); got != c.want {
			t.Errorf("%+v: Sent() = %v, want %v", c.q, got, c.want)
		}
		if got := DeliveryStatus(c.q.Sent(), c.q.Attempts); (got == DeliverySent) != c.want {
			t.Errorf("%+v: status %q", c.q, got)
		}
	}
}
