// Package maintenance is the maintenance screen's use cases and the gate
// every call passes: the plan is read at most every few seconds (every
// instance reads the same row, so all of them turn within that time), and
// during maintenance only system administrators are served.
package maintenance

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	domain "github.com/rouder/console/internal/domain/maintenance"
)

// Store keeps the plan.
type Store interface {
	Get(ctx context.Context) (domain.Settings, error)
	Save(ctx context.Context, s domain.Settings) error
}

// refresh is how long a read plan is trusted before it is read again.
const refresh = 3 * time.Second

// Service is the maintenance plan: its screen and its gate.
type Service struct {
	tx    background.Transactor
	store Store
	clock clock.Clock
	log   *slog.Logger

	mu     sync.Mutex
	cached domain.Settings
	readAt time.Time
}

func New(tx background.Transactor, s Store, c clock.Clock, log *slog.Logger) *Service {
	return &Service{tx: tx, store: s, clock: c, log: log}
}

// current is the plan, read again when older than refresh. A failed read
// keeps the last plan: the database being away is the readiness probe's
// business, not a reason to lock everyone out or let everyone in.
func (s *Service) current(ctx context.Context) domain.Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	if !s.readAt.IsZero() && now.Sub(s.readAt) < refresh {
		return s.cached
	}
	plan, err := s.store.Get(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "maintenance: reading the plan failed; keeping the last one", "error", err)
		return s.cached
	}
	s.cached, s.readAt = plan, now
	return plan
}

// Status is what anyone may know: whether maintenance is on, and whether
// and what the banner announces.
type Status struct {
	Active, Announced bool
	Message           string
	Start, End        *time.Time
}

// Status is the plan as the banner, the maintenance page and the public
// answer page show it.
func (s *Service) Status(ctx context.Context) Status {
	plan, now := s.current(ctx), s.clock.Now()
	return Status{Active: plan.Active(now), Announced: plan.Announced(now), Message: plan.Message, Start: plan.Start, End: plan.End}
}

// Check refuses a call during maintenance unless a system administrator
// makes it (p nil: nobody signed in, as the public answer page).
func (s *Service) Check(ctx context.Context, p *access.Principal) error {
	if p != nil && p.SystemAdmin {
		return nil
	}
	if s.current(ctx).Active(s.clock.Now()) {
		return domain.Unavailable()
	}
	return nil
}

func (s *Service) admin(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleSystemAdmin)
}

// Get is the plan for its screen.
func (s *Service) Get(ctx context.Context) (domain.Settings, error) {
	if _, err := s.admin(ctx); err != nil {
		return domain.Settings{}, err
	}
	return s.store.Get(ctx)
}

// Save replaces the plan; this instance follows at once, the others within
// the refresh time.
func (s *Service) Save(ctx context.Context, plan domain.Settings) error {
	p, err := s.admin(ctx)
	if err != nil {
		return err
	}
	plan.Message = strings.TrimSpace(plan.Message)
	if err := plan.Validate(); err != nil {
		return err
	}
	plan.UpdatedBy, plan.UpdatedAt = p.Account, s.clock.Now()
	if err := s.tx.InTx(ctx, func(ctx context.Context) error { return s.store.Save(ctx, plan) }); err != nil {
		return err
	}
	s.mu.Lock()
	s.readAt = time.Time{}
	s.mu.Unlock()
	return nil
}
