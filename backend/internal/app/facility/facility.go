// Package facility holds the store use cases: list, read, create, edit and
// delete stores, and manage store tags. Reading needs only a session (the
// menu shows stores to everyone) and is limited to the user's group
// subtree; changing needs ROLE_FACILITY_EDIT.
package facility

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/tag"
)

// Facilities stores stores.
type Facilities interface {
	List(ctx context.Context, tn access.Tenant, f facility.Filter, p paging.Request) (paging.Page[facility.Facility], error)
	Get(ctx context.Context, tn access.Tenant, id int64) (facility.Facility, error)
	Create(ctx context.Context, tn access.Tenant, in facility.Input, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, in facility.Input, now time.Time) error
	Usage(ctx context.Context, tn access.Tenant, id int64) (facility.Usage, error)
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// Tags checks that tags belong to the organization (managing them is
// package tagging).
type Tags interface {
	AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
}

// Groups reads groups.
type Groups interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (group.Summary, error)
}

// Organizations reads the organization's labels.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// UseCases is the store use cases.
type UseCases struct {
	tx         background.Transactor
	facilities Facilities
	tags       Tags
	groups     Groups
	orgs       Organizations
	clock      clock.Clock
}

func New(tx background.Transactor, f Facilities, t Tags, g Groups, o Organizations, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, facilities: f, tags: t, groups: g, orgs: o, clock: c}
}

// List returns a page of the stores the user may see.
func (u *UseCases) List(ctx context.Context, f facility.Filter, p paging.Request) (paging.Page[facility.Facility], error) {
	pr, err := access.PrincipalFrom(ctx)
	if err != nil {
		return paging.Page[facility.Facility]{}, err
	}
	return u.facilities.List(ctx, pr.Tenant(), f, p) // the Tenant carries the group scope
}

// Get returns one store the user may see; others are "not found".
func (u *UseCases) Get(ctx context.Context, id int64) (facility.Facility, error) {
	pr, err := access.PrincipalFrom(ctx)
	if err != nil {
		return facility.Facility{}, err
	}
	return u.visible(ctx, pr, id)
}

func (u *UseCases) visible(ctx context.Context, pr access.Principal, id int64) (facility.Facility, error) {
	f, err := u.facilities.Get(ctx, pr.Tenant(), id)
	if err != nil {
		return facility.Facility{}, err
	}
	if !pr.Sees(f.GroupPath) {
		return facility.Facility{}, failure.NotFound()
	}
	return f, nil
}

// Create adds a store.
func (u *UseCases) Create(ctx context.Context, in facility.Input) (int64, error) {
	in = in.Normalized()
	pr, err := u.editor(ctx)
	if err != nil {
		return 0, err
	}
	if err := u.check(ctx, pr, in); err != nil {
		return 0, err
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = u.facilities.Create(ctx, pr.Tenant(), in, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update changes a store read at version.
func (u *UseCases) Update(ctx context.Context, id, version int64, in facility.Input) error {
	in = in.Normalized()
	pr, err := u.editor(ctx)
	if err != nil {
		return err
	}
	if _, err := u.visible(ctx, pr, id); err != nil {
		return err
	}
	if err := u.check(ctx, pr, in); err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		return u.facilities.Update(ctx, pr.Tenant(), id, version, in, u.clock.Now())
	})
}

// Delete removes a store that facility.CanDelete allows: counted and
// decided inside the transaction that deletes, so a user added meanwhile
// is not orphaned.
func (u *UseCases) Delete(ctx context.Context, id int64) error {
	pr, err := u.editor(ctx)
	if err != nil {
		return err
	}
	if _, err := u.visible(ctx, pr, id); err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		usage, err := u.facilities.Usage(ctx, pr.Tenant(), id)
		if err != nil {
			return err
		}
		if err := facility.CanDelete(usage); err != nil {
			return err
		}
		return u.facilities.Delete(ctx, pr.Tenant(), id)
	})
}

func (u *UseCases) editor(ctx context.Context) (access.Principal, error) {
	pr, err := access.PrincipalFrom(ctx)
	if err != nil {
		return pr, err
	}
	return pr, pr.Require(access.RoleFacilityEdit)
}

// check validates the input against the rules and against the data: the
// group and the tags must be the organization's, the group inside the
// user's subtree.
func (u *UseCases) check(ctx context.Context, pr access.Principal, in facility.Input) error {
	org, err := u.orgs.Get(ctx, pr.ActingOrgID)
	if err != nil {
		return err
	}
	if err := in.Validate(org.ExternalDataIDLabel); err != nil {
		return err
	}
	g, err := u.groups.Get(ctx, pr.Tenant(), in.GroupID)
	if failure.Is(err, failure.KindNotFound) {
		return failure.Invalid(map[string]string{"groupId": "グループが見つかりません。"})
	}
	if err != nil {
		return err
	}
	if !pr.Sees(g.Path) {
		return failure.Invalid(map[string]string{"groupId": facility.MsgGroupOutside})
	}
	ok, err := u.tags.AllExist(ctx, pr.Tenant(), in.TagIDs)
	if err != nil {
		return err
	}
	if !ok {
		return failure.Invalid(map[string]string{"attributeIdList": tag.MsgUnknown})
	}
	return nil
}
