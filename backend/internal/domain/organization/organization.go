package organization

import (
	"net/netip"
	"strings"
	"time"
)

// Check-in types.
const CheckinNoTerminal = "NO_TERMINAL"

// Organization is a tenant with its capability options. The json names
// are the wire names: validation reports errors under them.
type Organization struct {
	ID                        int64      `json:"organizationId"`
	Name                      string     `json:"organizationName"`
	JKCode                    string     `json:"jkCode"`
	PersonInCharge            string     `json:"personInCharge"`
	ServiceStartDate          *time.Time `json:"serviceStartDate"`
	MobileAppEndDate          *time.Time `json:"mobileAppEndDate"`
	ServiceEndDate            *time.Time `json:"serviceEndDate"`
	Demo                      bool       `json:"demo"`
	CheckinType               string     `json:"checkinType"`
	AllowPhotoLibrary         bool       `json:"allowPhotoLibrary"`
	AvailableImprovement      bool       `json:"availableImprovement"`
	ImprovementDueDays        int        `json:"improvementDueDays"` // days until a report not tied to a check period is due
	ReportRanks               string     `json:"reportRanks"`        // the BASIC report's rank bands, "" for the defaults
	ExternalDataIDLabel       string     `json:"externalDataIdLabel"`
	ExternalDataValueLabel    string     `json:"externalDataValueLabel"`
	IPAddressRestriction      bool       `json:"ipAddressRestriction"`
	AllowIPAddresses          string     `json:"allowIpAddresses"` // CIDRs or addresses, separated by commas or new lines
	StorageSize               int64      `json:"storageSize"`
	StorageUsage              int64      `json:"storageUsage"`
	MaxStorageUsage           int64      `json:"maxStorageUsage"`
	BillingType               string     `json:"billingType"`
	AvailableAdvancedReport   bool       `json:"availableAdvancedReport"`
	AvailableSurvey           bool       `json:"availableSurvey"`
	SurveyStartDate           *time.Time `json:"surveyStartDate"`
	AvailableMfaMail          bool       `json:"availableMfaMail"`
	AvailableOpeHistoryExport bool       `json:"availableOpeHistoryExport"`
	ChargedForUser            bool       `json:"chargedForUser"`
	ChargedForUserAtEndOfMon  bool       `json:"chargedForUserAtEndOfMonth"`
	ChargedForFacility        bool       `json:"chargedForFacility"`
	ChargedForAdvancedReport  bool       `json:"chargedForAdvancedReport"`
	ChargedForSurvey          bool       `json:"chargedForSurvey"`
	ChargedByGroup            bool       `json:"chargedByGroup"`
	Version                   int64      `json:"version"`
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
	for _, f := range splitAllowList(s) {
		if p, err := netip.ParsePrefix(f); err == nil {
			// Requests are compared as IPv4 when they are IPv4-mapped
			// (AllowsAddress), so a mapped prefix is read as its IPv4 one.
			if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
				p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
			}
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(f); err == nil && a.Zone() == "" { // a zone names this host's interface
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

func splitAllowList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' || r == '\r' || r == ' ' })
}
