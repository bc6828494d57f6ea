package organization

import "testing"

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
