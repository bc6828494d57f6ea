package organization

import (
	"net/netip"
	"strings"
	"time"
)

// Check-in types.
const CheckinNoTerminal = "NO_TERMINAL"

// Organization is a tenant with its capability options.
type Organization struct {
	ID                        int64
	Name                      string
	JKCode                    string
	PersonInCharge            string
	ServiceStartDate          *time.Time
	MobileAppEndDate          *time.Time
	ServiceEndDate            *time.Time
	Demo                      bool
	CheckinType               string
	AllowPhotoLibrary         bool
	AvailableImprovement      bool
	ExternalDataIDLabel       string
	ExternalDataValueLabel    string
	IPAddressRestriction      bool
	AllowIPAddresses          string // CIDRs or addresses, separated by commas or new lines
	StorageSize               int64
	StorageUsage              int64
	MaxStorageUsage           int64
	BillingType               string
	AvailableAdvancedReport   bool
	AvailableSurvey           bool
	SurveyStartDate           *time.Time
	AvailableMfaMail          bool
	AvailableOpeHistoryExport bool
	ChargedForUser            bool
	ChargedForUserAtEndOfMon  bool
	ChargedForFacility        bool
	ChargedForAdvancedReport  bool
	ChargedForSurvey          bool
	ChargedByGroup            bool
	Version                   int64
}

// AllowsAddress reports whether a user bound by the organization's address
// restriction may connect from ip. Unparsable entries allow nothing; an
// unparsable ip is refused.
func (o Organization) AllowsAddress(ip string) bool {
	if !o.IPAddressRestriction {
		return true
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range ParseAllowList(o.AllowIPAddresses) {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// ParseAllowList reads the allow-list; entries that are neither an address
// nor a CIDR are skipped (the organization form refuses them on save).
func ParseAllowList(s string) []netip.Prefix {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' || r == '\r' || r == ' ' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(f); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
		}
	}
	return out
}

// Name is an organization as a pick list shows it.
type Name struct {
	ID   int64
	Name string
}
