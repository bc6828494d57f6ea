// Package terminal holds the terminal use cases: list, register and remove
// the check-in terminals of stores (ROLE_FACILITY_EDIT). An organization
// whose check-in type is NO_TERMINAL has none.
package terminal

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/terminal"
)

// Terminals stores terminals.
type Terminals interface {
	List(ctx context.Context, tn access.Tenant, facilityID *int64, searchText string, p paging.Request) (paging.Page[terminal.Terminal], error)
	Get(ctx context.Context, tn access.Tenant, id int64) (terminal.Terminal, string, error)
	CodeTaken(ctx context.Context, tn access.Tenant, code string) (bool, error)
	Create(ctx context.Context, tn access.Tenant, in terminal.Input, now time.Time) (int64, error)
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// Facilities and Organizations are read to check a registration.
type Facilities interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (facility.Facility, error)
}
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// UseCases is the terminal use cases.
type UseCases struct {
	tx         background.Transactor
	terminals  Terminals
	facilities Facilities
	orgs       Organizations
	clock      clock.Clock
}

func New(tx background.Transactor, t Terminals, f Facilities, o Organizations, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, terminals: t, facilities: f, orgs: o, clock: c}
}

// principal requires the role and an organization that uses terminals.
func (u *UseCases) principal(ctx context.Context) (access.Principal, error) {
	p, err := access.Require(ctx, access.RoleFacilityEdit)
	if err != nil {
		return p, err
	}
	org, err := u.orgs.Get(ctx, p.ActingOrgID)
	if err != nil {
		return p, err
	}
	if org.CheckinType == organization.CheckinNoTerminal {
		return p, failure.Refused(terminal.MsgNotUsed)
	}
	return p, nil
}

// List returns a page of terminals in the principal's scope.
func (u *UseCases) List(ctx context.Context, facilityID *int64, searchText string, p paging.Request) (paging.Page[terminal.Terminal], error) {
	pr, err := u.principal(ctx)
	if err != nil {
		return paging.Page[terminal.Terminal]{}, err
	}
	return u.terminals.List(ctx, pr.Tenant(), facilityID, searchText, p) // the Tenant carries the group scope
}

// Register adds a terminal to a store of the principal's scope.
func (u *UseCases) Register(ctx context.Context, in terminal.Input) (int64, error) {
	in = in.Normalized()
	pr, err := u.principal(ctx)
	if err != nil {
		return 0, err
	}
	if err := in.Validate(); err != nil {
		return 0, err
	}
	f, err := u.facilities.Get(ctx, pr.Tenant(), in.FacilityID)
	if err != nil || !pr.Sees(f.GroupPath) {
		return 0, failure.Invalid(map[string]string{"facilityId": "店舗が見つかりません。"})
	}
	taken, err := u.terminals.CodeTaken(ctx, pr.Tenant(), in.Code)
	if err != nil {
		return 0, err
	}
	if taken {
		return 0, failure.Invalid(map[string]string{"terminalId": terminal.MsgTaken})
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = u.terminals.Create(ctx, pr.Tenant(), in, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Remove deletes a terminal of the principal's scope.
func (u *UseCases) Remove(ctx context.Context, id int64) error {
	pr, err := u.principal(ctx)
	if err != nil {
		return err
	}
	_, path, err := u.terminals.Get(ctx, pr.Tenant(), id)
	if err != nil {
		return err
	}
	if !pr.Sees(path) {
		return failure.NotFound()
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.terminals.Delete(ctx, pr.Tenant(), id) })
}
