package access

import (
	"context"
	"testing"

	"github.com/rouder/console/internal/domain/failure"
)

func TestActingOrganization(t *testing.T) {
	two, one, zero := int64(2), int64(1), int64(0)
	cases := []struct {
		own       int64
		sys       bool
		req       *int64
		want      int64
		forbidden bool
	}{
		{2, false, nil, 2, false},
		{2, false, &two, 2, false},
		{2, false, &one, 0, true},
		{1, true, &two, 2, false},
		{1, true, nil, 1, false},
		{1, true, &zero, 0, true},
	}
	for _, c := range cases {
		got, err := ActingOrganization(c.own, c.sys, c.req)
		if c.forbidden != failure.Is(err, failure.KindForbidden) || (!c.forbidden && got != c.want) {
			t.Errorf("%+v: got %d %v", c, got, err)
		}
	}
}

func TestPrincipalInContext(t *testing.T) {
	if _, err := PrincipalFrom(context.Background()); !failure.Is(err, failure.KindUnauthorized) {
		t.Errorf("no principal: %v", err)
	}
	p := Principal{UserID: 7, Roles: []Role{RoleCheckReference}}
	got, err := PrincipalFrom(WithPrincipal(context.Background(), p))
	if err != nil || got.UserID != 7 {
		t.Fatalf("%+v %v", got, err)
	}
	if got.Require(RoleCheckReference) != nil || !failure.Is(got.Require(RoleMasterImport), failure.KindForbidden) {
		t.Error("Require")
	}
}

func TestSees(t *testing.T) {
	bound := Principal{OrganizationID: 2, ActingOrgID: 2, GroupPath: "/3/4/"}
	if !bound.Sees("/3/4/") || !bound.Sees("/3/4/9/") || bound.Sees("/3/40/") || bound.Sees("/3/") {
		t.Error("a subtree-bound principal")
	}
	for _, p := range []Principal{{TopGroupUser: true, GroupPath: "/3/"}, {SystemAdmin: true, GroupPath: "/1/"}, {OrganizationID: 1, ActingOrgID: 2, GroupPath: "/1/"}} {
		if !p.Sees("/9/9/") {
			t.Errorf("%+v should see everything", p)
		}
	}
}
