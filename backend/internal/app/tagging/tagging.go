// Package tagging holds the tag-management use cases, shared by store tags
// and user tags: list with counts, add, rename, delete.
package tagging

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/tag"
)

// Tags stores one kind of tag.
type Tags interface {
	List(ctx context.Context, tn access.Tenant) ([]tag.Tag, error)
	Create(ctx context.Context, tn access.Tenant, in tag.Input, now time.Time) (int64, error)
	Rename(ctx context.Context, tn access.Tenant, id int64, in tag.Input) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// Roles says who may read and who may change a kind of tag ("" for read:
// anyone signed in).
type Roles struct {
	Read access.Role
	Edit access.Role
}

// UseCases manages one kind of tag.
type UseCases struct {
	tx    background.Transactor
	tags  Tags
	roles Roles
	clock clock.Clock
}

func New(tx background.Transactor, t Tags, r Roles, c clock.Clock) *UseCases {
	return &UseCases{tx: tx, tags: t, roles: r, clock: c}
}

func (u *UseCases) principal(ctx context.Context, role access.Role) (access.Principal, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil || role == "" {
		return p, err
	}
	return p, p.Require(role)
}

// List returns the organization's tags, each with its count of uses.
func (u *UseCases) List(ctx context.Context) ([]tag.Tag, error) {
	pr, err := u.principal(ctx, u.roles.Read)
	if err != nil {
		return nil, err
	}
	return u.tags.List(ctx, pr.Tenant())
}

// Create adds a tag.
func (u *UseCases) Create(ctx context.Context, in tag.Input) (int64, error) {
	pr, err := u.principal(ctx, u.roles.Edit)
	if err != nil {
		return 0, err
	}
	if err := in.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = u.tags.Create(ctx, pr.Tenant(), in, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Rename renames a tag.
func (u *UseCases) Rename(ctx context.Context, id int64, in tag.Input) error {
	pr, err := u.principal(ctx, u.roles.Edit)
	if err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.tags.Rename(ctx, pr.Tenant(), id, in) })
}

// Delete takes a tag off everything that carries it and deletes it.
func (u *UseCases) Delete(ctx context.Context, id int64) error {
	pr, err := u.principal(ctx, u.roles.Edit)
	if err != nil {
		return err
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.tags.Delete(ctx, pr.Tenant(), id) })
}
