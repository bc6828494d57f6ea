// Package user holds the people who sign in: their account, names,
// authorities, affiliation and sign-in settings.
package user

import (
	"strings"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/tag"
)

// MFA types: how a user proves the second factor.
const (
	MfaNone = "NONE"
	MfaMail = "MAIL"
)

// User is a person who signs in to one organization.
type User struct {
	ID                   int64
	OrganizationID       int64
	Account              string
	LastName             string
	FirstName            string
	PasswordHash         string
	MainAuthority        string
	SubAuthorities       []string
	GroupID              int64
	GroupPath            string // the affiliated group's path, "/1/4/9/"
	IsTopGroup           bool   // affiliated with a top group of the tree
	FacilityID           *int64
	IPAddressRestriction bool
	MfaType              string
	MailAddress          string
	Disabled             bool
	Version              int64

	// Filled by lists and detail reads.
	GroupName    string
	FacilityName string
	Tags         []tag.Tag
}

// Roles are what the user's authorities grant.
func (u User) Roles() []access.Role { return access.RolesOf(u.MainAuthority, u.SubAuthorities) }

// IsSystemAdmin reports whether the user may act in any organization.
func (u User) IsSystemAdmin() bool {
	for _, r := range u.Roles() {
		if r == access.RoleSystemAdmin {
			return true
		}
	}
	return false
}

// SplitAuthorities reads the stored comma-separated sub authorities.
func SplitAuthorities(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
