// Package group holds the group-tree use cases: list, read, create under a
// parent, rename, move and delete groups. All need ROLE_GROUP_REFERENCE_ALL;
// a user who is not a top-group user works only inside its own subtree.
package group

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/paging"
)

// Groups stores the tree.
type Groups interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (group.Summary, error)
	List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[group.Group], error)
	Detail(ctx context.Context, tn access.Tenant, id int64) (group.Group, error)
	Create(ctx context.Context, tn access.Tenant, parent *group.Summary, in group.Input, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, parent *group.Summary, in group.Input, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// UseCases is the group use cases.
type UseCases struct {
	tx     background.Transactor
	groups Groups
	clock  clock.Clock
}

func New(tx background.Transactor, g Groups, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, groups: g, clock: c}
}

func (u *UseCases) principal(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleGroupReferenceAll)
}

// List returns a page of the groups the user may see.
func (u *UseCases) List(ctx context.Context, searchText string, p paging.Request) (paging.Page[group.Group], error) {
	pr, err := u.principal(ctx)
	if err != nil {
		return paging.Page[group.Group]{}, err
	}
	return u.groups.List(ctx, pr.Tenant(), searchText, p) // the Tenant carries the group scope
}

// Get returns a group the user may see.
func (u *UseCases) Get(ctx context.Context, id int64) (group.Group, error) {
	pr, err := u.principal(ctx)
	if err != nil {
		return group.Group{}, err
	}
	return u.visible(ctx, pr, id)
}

func (u *UseCases) visible(ctx context.Context, pr access.Principal, id int64) (group.Group, error) {
	g, err := u.groups.Detail(ctx, pr.Tenant(), id)
	if err != nil {
		return group.Group{}, err
	}
	if !pr.Sees(g.Path) {
		return group.Group{}, failure.NotFound()
	}
	return g, nil
}

// Create adds a group under in.ParentID.
func (u *UseCases) Create(ctx context.Context, in group.Input) (int64, error) {
	in = in.Normalized()
	pr, err := u.principal(ctx)
	if err != nil {
		return 0, err
	}
	if err := in.Validate(); err != nil {
		return 0, err
	}
	parent, err := u.parent(ctx, pr, in.ParentID)
	if err != nil {
		return 0, err
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = u.groups.Create(ctx, pr.Tenant(), parent, in, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update renames and, when the parent changes, moves a group with its subtree.
func (u *UseCases) Update(ctx context.Context, id, version int64, in group.Input) error {
	in = in.Normalized()
	pr, err := u.principal(ctx)
	if err != nil {
		return err
	}
	cur, err := u.visible(ctx, pr, id)
	if err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	// A user bound to a subtree cannot move its own root out of it.
	if s := access.Scope(pr); s != "" && cur.Path == s && !sameParent(cur.ParentID, in.ParentID) {
		return failure.Invalid(map[string]string{"parentGroupId": group.MsgOutside})
	}
	parent, err := u.parent(ctx, pr, in.ParentID)
	if err != nil {
		return err
	}
	if parent != nil && !group.CanMoveUnder(cur.Path, parent.Path) {
		return failure.Invalid(map[string]string{"parentGroupId": group.MsgParentCycle})
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		return u.groups.Update(ctx, pr.Tenant(), id, version, parent, in, u.clock.Now())
	})
}

// Delete removes a group group.CanDelete allows (an empty one), counted
// again inside the transaction that deletes.
func (u *UseCases) Delete(ctx context.Context, id int64) error {
	pr, err := u.principal(ctx)
	if err != nil {
		return err
	}
	g, err := u.visible(ctx, pr, id)
	if err != nil {
		return err
	}
	if s := access.Scope(pr); s != "" && g.Path == s {
		return failure.Refused(group.MsgOutside) // not one's own root
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		cur, err := u.groups.Detail(ctx, pr.Tenant(), id)
		if err != nil {
			return err
		}
		if err := group.CanDelete(cur); err != nil {
			return err
		}
		return u.groups.Delete(ctx, pr.Tenant(), id)
	})
}

// parent resolves the chosen parent inside the organization and the
// user's scope; no parent (a top group) is only for top-group users.
func (u *UseCases) parent(ctx context.Context, pr access.Principal, id *int64) (*group.Summary, error) {
	if id == nil {
		if access.Scope(pr) != "" {
			return nil, failure.Invalid(map[string]string{"parentGroupId": group.MsgTopOnly})
		}
		return nil, nil
	}
	p, err := u.groups.Get(ctx, pr.Tenant(), *id)
	if failure.Is(err, failure.KindNotFound) {
		return nil, failure.Invalid(map[string]string{"parentGroupId": group.MsgParentAbsent})
	}
	if err != nil {
		return nil, err
	}
	if !pr.Sees(p.Path) {
		return nil, failure.Invalid(map[string]string{"parentGroupId": group.MsgOutside})
	}
	return &p, nil
}

func sameParent(a, b *int64) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
