package organization

import (
	"strings"
	"testing"
)

func TestAllowsAddress(t *testing.T) {
	o := Organization{IPAddressRestriction: true, AllowIPAddresses: "10.0.0.0/8, 192.0.2.7\n2001:db8::/32 garbage"}
	for ip, want := range map[string]bool{
		"10.1.2.3": true, "192.0.2.7": true, "192.0.2.8": false, "::ffff:10.9.9.9": true,
		"2001:db8::1": true, "2001:db9::1": false, "203.0.113.1": false, "not-an-ip": false, "": false,
	} {
		if got := o.AllowsAddress(ip); got != want {
			t.Errorf("%q: got %v", ip, got)
		}
	}
	if !(Organization{AllowIPAddresses: ""}).AllowsAddress("203.0.113.1") {
		t.Error("an unrestricted organization refused an address")
	}
	if (Organization{IPAddressRestriction: true}).AllowsAddress("10.0.0.1") {
		t.Error("an empty allow-list let an address in")
	}
}

// An IPv4-mapped prefix admits the IPv4 addresses it maps (requests are
// compared unmapped); a zoned address names an interface of this host and
// is no entry.
func TestAllowListReadsMappedPrefixesAndRefusesZones(t *testing.T) {
	o := Organization{IPAddressRestriction: true, AllowIPAddresses: "::ffff:127.0.0.0/104, fe80::1%eth0"}
	for ip, want := range map[string]bool{"127.0.0.1": true, "::ffff:127.0.0.2": true, "128.0.0.1": false, "fe80::1": false} {
		if got := o.AllowsAddress(ip); got != want {
			t.Errorf("%q: got %v", ip, got)
		}
	}
	if err := allowList("fe80::1%eth0"); err == nil {
		t.Error("a zoned address was taken")
	}
}

// A restriction needs an entry (separators alone would shut everyone
// out), and the list is bounded.
func TestAllowListNeedsAnEntryAndHasABound(t *testing.T) {
	base := func(list string) Organization {
		return Organization{Name: "組織", ExternalDataIDLabel: "店舗コード", ExternalDataValueLabel: "外部データ", CheckinType: CheckinTypes[0],
			BillingType: BillingTypes[0], ImprovementDueDays: 7, IPAddressRestriction: true, AllowIPAddresses: list}
	}
	if err := base(",,,\n ").Validate(); err == nil || !strings.Contains(err.Error(), "許可IPアドレスは必須です") {
		t.Errorf("separators only: %v", err)
	}
	if err := base("192.0.2.1").Validate(); err != nil {
		t.Errorf("one address: %v", err)
	}
	long := strings.Repeat("192.0.2.1,", MaxAllowEntries+1)
	if err := base(long).Validate(); err == nil || !strings.Contains(err.Error(), "5000件以内") {
		t.Errorf("%d entries: %v", MaxAllowEntries+1, err)
	}
}
