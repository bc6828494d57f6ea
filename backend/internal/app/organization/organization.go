// Package organization holds the organization use cases. The system
// administrator lists, creates and edits every organization; an
// organization's own administrator (ROLE_ORGANIZATION_REFERENCE) reads its
// own and changes only what organization.AdminEditable allows.
package organization

import (
	"context"
	"fmt"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
)

// Organizations stores organizations.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
	List(ctx context.Context, searchText string, showEnded bool, today time.Time, p paging.Request) (paging.Page[organization.Organization], error)
	Create(ctx context.Context, o organization.Organization, now time.Time) (int64, error)
	Update(ctx context.Context, o organization.Organization, version int64, now time.Time) error
}

// UseCases is the organization use cases.
type UseCases struct {
	tx    background.Transactor
	orgs  Organizations
	clock clock.Clock
}

func New(tx background.Transactor, o Organizations, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, orgs: o, clock: c}
}

func (u *UseCases) systemAdmin(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleSystemAdmin)
}

// List returns a page of organizations (system administrators only).
func (u *UseCases) List(ctx context.Context, searchText string, showEnded bool, p paging.Request) (paging.Page[organization.Organization], error) {
	if _, err := u.systemAdmin(ctx); err != nil {
		return paging.Page[organization.Organization]{}, err
	}
	return u.orgs.List(ctx, searchText, showEnded, clock.Today(u.clock), p)
}

// Get returns an organization the principal may read: any for a system
// administrator, its own for an organization administrator.
func (u *UseCases) Get(ctx context.Context, id int64) (organization.Organization, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return organization.Organization{}, err
	}
	if !p.SystemAdmin {
		if err := p.Require(access.RoleOrganizationReference); err != nil {
			return organization.Organization{}, err
		}
		if id != p.OrganizationID {
			return organization.Organization{}, failure.NotFound()
		}
	}
	return u.orgs.Get(ctx, id)
}

// Create adds an organization with its top group.
func (u *UseCases) Create(ctx context.Context, o organization.Organization) (int64, error) {
	if _, err := u.systemAdmin(ctx); err != nil {
		return 0, err
	}
	o.StorageUsage = 0
	if err := o.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err := u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = u.orgs.Create(ctx, o, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update changes an organization read at version; an organization
// administrator's edit keeps every field it may not change.
func (u *UseCases) Update(ctx context.Context, id, version int64, edited organization.Organization) error {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return err
	}
	cur, err := u.Get(ctx, id)
	if err != nil {
		return err
	}
	next := edited
	if !p.SystemAdmin {
		next = cur.AdminEditable(edited)
	}
	next.ID, next.StorageUsage = id, cur.StorageUsage
	if err := next.Validate(); err != nil {
		return err
	}
	// Someone bound by their own organization's list may not save one that
	// leaves out where they are: their next request would be refused, and
	// only a system administrator could undo it.
	if bound := p.BoundAddress(); id == p.OrganizationID && bound != "" && !next.AllowsAddress(bound) {
		return failure.Invalid(map[string]string{"allowIpAddresses": fmt.Sprintf(organization.MsgShutsYouOut, bound)})
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.orgs.Update(ctx, next, version, u.clock.Now()) })
}
