// Package organization holds the tenant: an organization, its options, and
// the rules that decide what it may use.
package organization

// The system organization and its group are created by the first migration
// in every installation; the system administrator works from them.
const (
	SystemOrganizationID int64 = 1
	SystemGroupID        int64 = 1
)

// ID identifies an organization. Every tenant-owned row carries one, and
// every repository call takes one.
type ID = int64
