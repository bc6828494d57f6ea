// Package access decides who may do what: the roles of docs/authorities.md and
// the authorities (main and sub) that grant them. This table is the one
// place the grant rules live; the menu reads it through /api/login_user and
// the server checks it on every call.
package access

import "slices"

// Role is a permission the console checks.
type Role string

const (
	RoleSystemAdmin           Role = "ROLE_SYSTEM_ADMIN"
	RoleCheckReference        Role = "ROLE_CHECK_REFERENCE"
	RoleSurveyResultReference Role = "ROLE_SURVEY_RESULT_REFERENCE"
	RoleCheckItemEdit         Role = "ROLE_CHECK_ITEM_EDIT"
	RoleSurveyReference       Role = "ROLE_SURVEY_REFERENCE"
	RoleReportReference       Role = "ROLE_REPORT_REFERENCE"
	RoleOrganizationReference Role = "ROLE_ORGANIZATION_REFERENCE"
	RoleGroupReferenceAll     Role = "ROLE_GROUP_REFERENCE_ALL"
	RoleFacilityEdit          Role = "ROLE_FACILITY_EDIT"
	RoleUserReference         Role = "ROLE_USER_REFERENCE"
	RoleHistoryExport         Role = "ROLE_HISTORY_EXPORT"
	RoleMasterImport          Role = "ROLE_MASTER_IMPORT"
)

// AllRoles lists every role, in the order of docs/authorities.md.
var AllRoles = []Role{
	RoleSystemAdmin, RoleCheckReference, RoleSurveyResultReference, RoleCheckItemEdit,
	RoleSurveyReference, RoleReportReference, RoleOrganizationReference, RoleGroupReferenceAll,
	RoleFacilityEdit, RoleUserReference, RoleHistoryExport, RoleMasterImport,
}

// Authority is a named bundle of roles given to a user: one main authority,
// and any number of sub authorities that add roles.
type Authority struct {
	Name  string
	Label string
	Main  bool // may be a user's main authority (else: sub authority only)
	Roles []Role
}

// Authority names.
const (
	SystemAdmin       = "SYSTEM_ADMIN"
	OrganizationAdmin = "ORGANIZATION_ADMIN"
	GroupAdmin        = "GROUP_ADMIN"
	GroupStaff        = "GROUP_STAFF" // the default for new users
	CheckItemEditor   = "CHECK_ITEM_EDITOR"
	SurveyEditor      = "SURVEY_EDITOR"
	HistoryExporter   = "HISTORY_EXPORTER"
	MasterImporter    = "MASTER_IMPORTER"
)

// Authorities is the grant table (docs/authorities.md explains it).
var Authorities = []Authority{
	{Name: SystemAdmin, Label: "システム管理者", Main: true, Roles: AllRoles},
	{Name: OrganizationAdmin, Label: "組織管理者", Main: true, Roles: without(AllRoles, RoleSystemAdmin)},
	{Name: GroupAdmin, Label: "グループ管理者", Main: true, Roles: []Role{
		RoleCheckReference, RoleSurveyResultReference, RoleSurveyReference, RoleReportReference,
		RoleGroupReferenceAll, RoleFacilityEdit, RoleUserReference, RoleHistoryExport,
	}},
	{Name: GroupStaff, Label: "グループスタッフ", Main: true, Roles: []Role{
		RoleCheckReference, RoleSurveyResultReference, RoleReportReference,
	}},
	{Name: CheckItemEditor, Label: "チェック項目編集", Roles: []Role{RoleCheckItemEdit}},
	{Name: SurveyEditor, Label: "アンケート編集", Roles: []Role{RoleSurveyReference}},
	{Name: HistoryExporter, Label: "履歴エクスポート", Roles: []Role{RoleHistoryExport}},
	{Name: MasterImporter, Label: "マスタ一括登録", Roles: []Role{RoleMasterImport}},
}

// FindAuthority returns the authority with that name.
func FindAuthority(name string) (Authority, bool) {
	i := slices.IndexFunc(Authorities, func(a Authority) bool { return a.Name == name })
	if i < 0 {
		return Authority{}, false
	}
	return Authorities[i], true
}

// RolesOf is the union of the roles a main authority and sub authorities
// grant, in AllRoles order. Unknown names grant nothing, and neither does a
// name in the wrong place: a main authority listed as a sub authority (so a
// stored sub list can never make anyone a system administrator).
func RolesOf(main string, subs []string) []Role {
	granted := map[Role]bool{}
	grant := func(name string, asMain bool) {
		if a, ok := FindAuthority(name); ok && a.Main == asMain {
			for _, r := range a.Roles {
				granted[r] = true
			}
		}
	}
	grant(main, true)
	for _, name := range subs {
		grant(name, false)
	}
	var out []Role
	for _, r := range AllRoles {
		if granted[r] {
			out = append(out, r)
		}
	}
	return out
}

func without(roles []Role, drop Role) []Role {
	return slices.DeleteFunc(slices.Clone(roles), func(r Role) bool { return r == drop })
}
