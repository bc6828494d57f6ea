// Package checkhistory is /system/check_history/ (ROLE_SYSTEM_ADMIN): check
// activity per organization and day — sheets started, submitted, the
// completion rate — and the sheets behind one day
// (domain/checklist/activity.go says how each figure is read).
package checkhistory

import (
	"context"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/validation"
)

// Store reads the activity: tn nil spans every organization.
type Store interface {
	Periods(ctx context.Context, tn *access.Tenant, from, to time.Time) ([]checklist.ActivityPeriod, error)
	Sheets(ctx context.Context, tn *access.Tenant, from, to time.Time) ([]checklist.ActivitySheet, error)
	DaySheets(ctx context.Context, tn access.Tenant, day time.Time, p paging.Request) (paging.Page[checklist.HistorySheet], error)
}

type UseCases struct {
	store Store
	clock clock.Clock
}

func New(s Store, c clock.Clock) *UseCases { return &UseCases{store: s, clock: c} }

// scope is every organization while the system organization is selected,
// the selected one otherwise.
func scope(ctx context.Context) (*access.Tenant, error) {
	pr, err := access.Require(ctx, access.RoleSystemAdmin)
	if err != nil {
		return nil, err
	}
	if pr.ActingOrgID == organization.SystemOrganizationID {
		return nil, nil
	}
	t := pr.Tenant()
	return &t, nil
}

// Days is the activity of from..to (Tokyo dates), newest day first.
func (u *UseCases) Days(ctx context.Context, from, to time.Time) ([]checklist.DayActivity, error) {
	tn, err := scope(ctx)
	if err != nil {
		return nil, err
	}
	// An empty query parameter reads as the zero date.
	if from.IsZero() || to.IsZero() {
		return nil, failure.Invalid(map[string]string{"historyDateFrom": validation.MsgRequired("日付")})
	}
	if err := checklist.CheckHistoryRange(from, to); err != nil {
		return nil, failure.Invalid(map[string]string{"historyDateTo": err.Error()})
	}
	// The dates arrive as UTC midnights (the API's date type); as Tokyo
	// midnights they compare with today (else today itself was "to come").
	from, to = clock.TokyoDate(from), clock.TokyoDate(to)
	// Days yet to come have nothing to say (and no completion to rate).
	if today := clock.Today(u.clock); to.After(today) {
		to = today
	}
	if to.Before(from) {
		return []checklist.DayActivity{}, nil
	}
	periods, err := u.store.Periods(ctx, tn, from, to)
	if err != nil {
		return nil, err
	}
	sheets, err := u.store.Sheets(ctx, tn, from, to)
	if err != nil {
		return nil, err
	}
	return checklist.DailyActivity(periods, sheets, from, to), nil
}

// DaySheets are the sheets one organization started or submitted on day;
// with an organization selected, only that one may be asked for.
func (u *UseCases) DaySheets(ctx context.Context, organizationID int64, day time.Time, p paging.Request) (paging.Page[checklist.HistorySheet], error) {
	tn, err := scope(ctx)
	if err != nil {
		return paging.Page[checklist.HistorySheet]{}, err
	}
	if organizationID <= 0 || (tn != nil && tn.Org() != organizationID) {
		return paging.Page[checklist.HistorySheet]{}, failure.NotFound()
	}
	if day.IsZero() {
		return paging.Page[checklist.HistorySheet]{}, failure.Invalid(map[string]string{"date": validation.MsgRequired("日付")})
	}
	return u.store.DaySheets(ctx, access.TrustedTenant(organizationID), day, p)
}
