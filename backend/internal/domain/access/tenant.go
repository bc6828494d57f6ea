package access

import (
	"fmt"
	"strings"
)

// Tenant is the organization a repository call acts in, with the group
// subtree the caller may see. Every repository method that reads or writes
// tenant data takes one, and the store adds its organization predicate in
// one place (adapters/store/tenant.go), so a query cannot forget it and an
// organization id cannot be swapped with another id: a Tenant is not an
// int64.
//
// Only two doors make one: Principal.Tenant, for everything a signed-in user
// asks, and TrustedTenant, for code that found the organization in our own
// records rather than in a request (a job carrying the id it was enqueued
// with, a public survey link found by its secret key, the demo seed, a
// system administrator's organization screens). The zero Tenant names no
// organization; the store refuses it loudly.
type Tenant struct {
	org   int64
	scope string
}

// Tenant is the organization the principal acts in (ORG_ID for a system
// administrator), limited to its group subtree where that applies.
func (p Principal) Tenant() Tenant { return Tenant{org: p.ActingOrgID, scope: Scope(p)} }

// Home is the principal's own organization, whatever it acts in: where its
// own user record lives.
func (p Principal) Home() Tenant { return Tenant{org: p.OrganizationID} }

// TrustedTenant is the whole organization org. Use it only where org came
// from the database or from a job's own arguments, never from a request:
// that is what Principal.Tenant is for. Grep for it in review.
func TrustedTenant(org int64) Tenant { return Tenant{org: org} }

// Org is the organization id. It panics on the zero Tenant: a query
// without an organization is a bug, never "every organization".
func (t Tenant) Org() int64 {
	if t.org <= 0 {
		panic("access: zero Tenant used for a query (make one with Principal.Tenant or TrustedTenant)")
	}
	return t.org
}

// Scope is the group path prefix the caller may see; "" is the whole
// organization.
func (t Tenant) Scope() string { return t.scope }

// Sees reports whether an object in the group at path lies in the scope.
func (t Tenant) Sees(path string) bool { return t.scope == "" || strings.HasPrefix(path, t.scope) }

// WholeOrganization is the same organization without the group scope, for
// reads a group-bound user may make across the organization (its own
// group's ancestors, the organization's options).
func (t Tenant) WholeOrganization() Tenant { return Tenant{org: t.org} }

// IsZero reports whether t names no organization.
func (t Tenant) IsZero() bool { return t.org <= 0 }

// String is for logs and test failures.
func (t Tenant) String() string {
	if t.scope == "" {
		return fmt.Sprintf("organization %d", t.org)
	}
	return fmt.Sprintf("organization %d, groups under %s", t.org, t.scope)
}

// Within narrows t to the group subtree scope, for work done later on a
// user's behalf (a job making the file the user asked for sees what the
// user saw). It never widens: a scope outside t's leaves t as it is.
func (t Tenant) Within(scope string) Tenant {
	if strings.HasPrefix(scope, t.scope) {
		t.scope = scope
	}
	return t
}
