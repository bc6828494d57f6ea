// Package account answers the signed-in user's questions about itself: who
// it is, what its organization offers, and the lists the console needs.
package account

import (
	"context"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/user"
)

// Users reads a user.
type Users interface {
	Get(ctx context.Context, tn access.Tenant, userID int64) (user.User, error)
}

// Organizations reads organizations.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
	Names(ctx context.Context) ([]organization.Name, error)
}

// Groups lists an organization's groups.
type Groups interface {
	Summaries(ctx context.Context, tn access.Tenant) ([]group.Summary, error)
}

// Queries is the account use cases.
type Queries struct {
	users  Users
	orgs   Organizations
	groups Groups
}

func NewQueries(u Users, o Organizations, g Groups) *Queries {
	return &Queries{users: u, orgs: o, groups: g}
}

// LoginUser is the signed-in user as the console shows it.
type LoginUser struct {
	User        user.User
	Roles       []access.Role
	SystemAdmin bool
}

func (q *Queries) LoginUser(ctx context.Context) (LoginUser, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return LoginUser{}, err
	}
	u, err := q.users.Get(ctx, p.Home(), p.UserID)
	if err != nil {
		return LoginUser{}, err
	}
	return LoginUser{User: u, Roles: u.Roles(), SystemAdmin: u.IsSystemAdmin()}, nil
}

// Organization is the organization the request acts in, with its options.
func (q *Queries) Organization(ctx context.Context) (organization.Organization, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return organization.Organization{}, err
	}
	return q.orgs.Get(ctx, p.ActingOrgID)
}

// Enums are the lists behind the console's menus and pick lists.
type Enums struct {
	Authorities   []access.Authority
	Groups        []group.Summary
	Organizations []organization.Name
}

// Enums lists authorities, the acting organization's groups, and the
// organizations the user may pick: all for a system administrator, else its own.
func (q *Queries) Enums(ctx context.Context) (Enums, error) {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return Enums{}, err
	}
	groups, err := q.groups.Summaries(ctx, p.Tenant())
	if err != nil {
		return Enums{}, err
	}
	var orgs []organization.Name
	if p.SystemAdmin {
		if orgs, err = q.orgs.Names(ctx); err != nil {
			return Enums{}, err
		}
	} else {
		own, err := q.orgs.Get(ctx, p.OrganizationID)
		if err != nil {
			return Enums{}, err
		}
		orgs = []organization.Name{{ID: own.ID, Name: own.Name}}
	}
	return Enums{Authorities: access.Authorities, Groups: groups, Organizations: orgs}, nil
}
