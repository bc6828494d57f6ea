package access

import "testing"

func TestPrincipalTenantCarriesActingOrganizationAndScope(t *testing.T) {
	p := Principal{OrganizationID: 2, ActingOrgID: 2, GroupPath: "/2/5/"}
	tn := p.Tenant()
	if tn.Org() != 2 || tn.Scope() != "/2/5/" {
		t.Fatalf("got %v", tn)
	}
	if !tn.Sees("/2/5/9/") || tn.Sees("/2/6/") {
		t.Fatal("scope not applied")
	}
	if whole := tn.WholeOrganization(); whole.Scope() != "" || whole.Org() != 2 {
		t.Fatalf("whole organization: %v", whole)
	}
	sys := Principal{OrganizationID: 1, ActingOrgID: 3, SystemAdmin: true, GroupPath: "/1/"}
	if st := sys.Tenant(); st.Org() != 3 || st.Scope() != "" {
		t.Fatalf("system administrator acting in 3: %v", st)
	}
}

func TestZeroTenantPanicsWhenUsed(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("zero Tenant gave an organization id")
		}
	}()
	var z Tenant
	if !z.IsZero() {
		t.Fatal("zero Tenant is not zero")
	}
	_ = z.Org()
}

func TestTrustedTenantIsTheWholeOrganization(t *testing.T) {
	tn := TrustedTenant(7)
	if tn.Org() != 7 || tn.Scope() != "" || !tn.Sees("/7/1/") {
		t.Fatalf("got %v", tn)
	}
}
