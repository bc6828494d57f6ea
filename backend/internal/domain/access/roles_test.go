package access

import (
	"slices"
	"testing"
)

func TestRolesOf(t *testing.T) {
	cases := []struct {
		main string
		subs []string
		want []Role
	}{
		{SystemAdmin, nil, AllRoles},
		{OrganizationAdmin, nil, AllRoles[1:]},
		{GroupStaff, nil, []Role{RoleCheckReference, RoleSurveyResultReference, RoleReportReference}},
		{GroupStaff, []string{MasterImporter, CheckItemEditor}, []Role{RoleCheckReference, RoleSurveyResultReference, RoleCheckItemEdit, RoleReportReference, RoleMasterImport}},
		{"NO_SUCH", []string{"NOR_THIS"}, nil},
		{GroupStaff, []string{SystemAdmin}, []Role{RoleCheckReference, RoleSurveyResultReference, RoleReportReference}},
		{CheckItemEditor, nil, nil},
	}
	for _, c := range cases {
		if got := RolesOf(c.main, c.subs); !slices.Equal(got, c.want) {
			t.Errorf("RolesOf(%s, %v) = %v, want %v", c.main, c.subs, got, c.want)
		}
	}
}

func TestOnlySystemAdminGrantsTheSystemRole(t *testing.T) {
	for _, a := range Authorities {
		if a.Name != SystemAdmin && slices.Contains(a.Roles, RoleSystemAdmin) {
			t.Errorf("%s grants %s", a.Name, RoleSystemAdmin)
		}
	}
}
