// Package push sends Web Push messages (RFC 8030) encrypted for the
// browser (RFC 8291) and signed with the installation's VAPID key
// (RFC 8292), through github.com/SherClockHolmes/webpush-go.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	notificationapp "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/notification"
)

// Sender pushes with one VAPID key pair.
type Sender struct {
	private, public string // base64url, as webpush-go and the browser take them
	subscriber      string // the VAPID "sub": who the push service may contact
	client          *http.Client
}

// NewSender derives the VAPID key pair from a 32-byte secret kept with the
// installation's other secrets, so every instance signs with the same key
// and browsers' subscriptions outlive restarts.
func NewSender(secret []byte, subscriber string) (*Sender, error) {
	key, err := ecdh.P256().NewPrivateKey(secret)
	if err != nil {
		return nil, fmt.Errorf("push: the stored VAPID secret is not a P-256 key: %w", err)
	}
	enc := base64.RawURLEncoding
	return &Sender{private: enc.EncodeToString(secret), public: enc.EncodeToString(key.PublicKey().Bytes()),
		subscriber: subscriber, client: &http.Client{Timeout: 30 * time.Second}}, nil
}

// PublicKey is the application server key browsers subscribe with.
func (s *Sender) PublicKey() string { return s.public }

// ttl is how long a push service keeps a message for a browser that is
// offline: a day, after which a reminder is stale anyway.
const ttl = 24 * 60 * 60

// Push sends payload to one browser. 404 and 410 mean the subscription is
// gone (notificationapp.ErrGone); any other non-2xx answer is an error
// worth retrying.
func (s *Sender) Push(ctx context.Context, sub notification.Subscription, payload []byte) error {
	res, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}, &webpush.Options{HTTPClient: s.client, Subscriber: s.subscriber,
		TTL: ttl, Urgency: webpush.UrgencyNormal, VAPIDPublicKey: s.public, VAPIDPrivateKey: s.private})
	if err != nil {
		return fmt.Errorf("push: %w", err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 300))
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		return nil
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return fmt.Errorf("push service answered %d: %w", res.StatusCode, notificationapp.ErrGone)
	}
	return fmt.Errorf("push service answered %d %s", res.StatusCode, answer)
}

var _ notificationapp.Pusher = (*Sender)(nil)
