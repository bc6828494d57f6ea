package access

import (
	"context"
	"slices"
	"strings"

	"github.com/rouder/console/internal/domain/failure"
)

// Principal is who is asking, and in which organization: resolved once per
// request from the session and ORG_ID, then carried in the context to every
// use case.
type Principal struct {
	UserID         int64
	Account        string
	OrganizationID int64 // the user's own organization
	ActingOrgID    int64 // the organization the request acts in (ORG_ID)
	Roles          []Role
	SystemAdmin    bool
	GroupID        int64
	GroupPath      string // the affiliated group's path; scope of a group-bound user
	FacilityID     *int64 // the affiliated store, whose checks the user answers
	TopGroupUser   bool
	SessionHash    string
	// Bound is whether the user is bound by their organization's allow-list.
	Bound bool
	// Address is the address the request came from, bound or not: a user
	// who binds themselves to the list is shut out unless it allows it.
	Address string
}

// BoundAddress is the address the request came from when the user is bound
// by their organization's allow-list ("" when not): a change of the list
// that leaves it out would shut the user out.
func (p Principal) BoundAddress() string {
	if p.Bound {
		return p.Address
	}
	return ""
}

// Has reports whether the principal holds role.
func (p Principal) Has(role Role) bool { return slices.Contains(p.Roles, role) }

// Require refuses (403) a principal without role.
func (p Principal) Require(role Role) error {
	if !p.Has(role) {
		return failure.Forbidden()
	}
	return nil
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the principal in ctx; a use case that needs one
// and finds none answers 401.
func PrincipalFrom(ctx context.Context) (Principal, error) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	if !ok {
		return Principal{}, failure.Unauthorized()
	}
	return p, nil
}

// Require returns the principal in ctx if it holds role: 401 without one,
// 403 without the role. Use cases start with it.
func Require(ctx context.Context, role Role) (Principal, error) {
	p, err := PrincipalFrom(ctx)
	if err != nil {
		return p, err
	}
	return p, p.Require(role)
}

// ActingOrganization decides the organization a request acts in: the
// requested one for a system administrator, otherwise only the user's own
// (anything else is 403). No request means the user's own.
func ActingOrganization(own int64, systemAdmin bool, requested *int64) (int64, error) {
	if requested == nil || *requested == own {
		return own, nil
	}
	if !systemAdmin || *requested <= 0 {
		return 0, failure.Forbidden()
	}
	return *requested, nil
}

// Scope is the group subtree (a path prefix) a principal may see and
// manage: everything ("") for a top-group user, a system administrator, or
// anyone acting in another organization; its own group's subtree otherwise.
func Scope(p Principal) string {
	if p.TopGroupUser || p.SystemAdmin || p.ActingOrgID != p.OrganizationID {
		return ""
	}
	return p.GroupPath
}

// Sees reports whether an object in the group at path lies in the
// principal's scope: the one rule every use case applies before showing
// or changing a store, user, group or check.
func (p Principal) Sees(path string) bool {
	s := Scope(p)
	return s == "" || strings.HasPrefix(path, s)
}
