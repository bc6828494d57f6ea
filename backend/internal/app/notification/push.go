package notification

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/notification"
)

// ErrGone is a push service's answer that a subscription no longer exists
// (404 or 410): it is removed, never retried.
var ErrGone = errors.New("push subscription gone")

// Pusher sends one encrypted, VAPID-signed message to one subscription.
type Pusher interface {
	Push(ctx context.Context, sub notification.Subscription, payload []byte) error
	PublicKey() string
}

// PushDelivery is a push delivery waiting in the ledger.
type PushDelivery struct {
	ID     int64
	UserID int64
	Notice notification.Notice
	Status string
}

// PushLedger reads and settles push deliveries and the subscriptions they
// go to.
type PushLedger interface {
	PushDelivery(ctx context.Context, tn access.Tenant, sendID int64) (PushDelivery, error)
	Subscriptions(ctx context.Context, tn access.Tenant, userID int64) ([]notification.Subscription, error)
	RemoveSubscription(ctx context.Context, tn access.Tenant, id int64) error
	SettlePush(ctx context.Context, tn access.Tenant, sendID int64, status, lastError string, at time.Time) error
}

// Push delivers push notices.
type Push struct {
	ledger PushLedger
	pusher Pusher
	clock  clock.Clock
}

func NewPush(l PushLedger, p Pusher, c clock.Clock) *Push {
	return &Push{ledger: l, pusher: p, clock: c}
}

// payload is what the service worker shows (frontend public/sw.js).
type payload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
}

// Deliver pushes one delivery to every browser of its user. A delivery
// already settled is skipped; a gone subscription is removed; another
// failure is recorded and returned, so the job retries.
func (p *Push) Deliver(ctx context.Context, job DeliverPushJob) error {
	tn := access.TrustedTenant(job.OrganizationID)
	d, err := p.ledger.PushDelivery(ctx, tn, job.SendID)
	if err != nil {
		return err
	}
	if d.Status != notification.DeliveryWaiting && d.Status != notification.DeliveryRetrying {
		return nil
	}
	subs, err := p.ledger.Subscriptions(ctx, tn, d.UserID)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(payload{Title: d.Notice.Title, Body: d.Notice.Body, URL: d.Notice.Link})
	delivered, gone := 0, 0
	var failed error
	for _, s := range subs {
		switch err := p.pusher.Push(ctx, s, body); {
		case err == nil:
			delivered++
		case errors.Is(err, ErrGone):
			gone++
			if rerr := p.ledger.RemoveSubscription(ctx, tn, s.ID); rerr != nil {
				return rerr
			}
		default:
			failed = err
		}
	}
	now := p.clock.Now()
	switch {
	case failed != nil && delivered == 0:
		if err := p.ledger.SettlePush(ctx, tn, job.SendID, notification.DeliveryRetrying, failed.Error(), now); err != nil {
			return err
		}
		return fmt.Errorf("push %d: %w", job.SendID, failed)
	case delivered > 0:
		return p.ledger.SettlePush(ctx, tn, job.SendID, notification.DeliverySent, "", now)
	}
	reason := "登録された端末がありません。"
	if gone > 0 {
		reason = fmt.Sprintf("プッシュサービスが登録の終了を返しました（%d件の登録を削除）。", gone)
	}
	return p.ledger.SettlePush(ctx, tn, job.SendID, notification.DeliveryFailed, reason, now)
}
