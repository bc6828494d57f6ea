package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// masters is the world the master-data contract suites share: organization
// A with a tree 本部 → 東日本 / 西日本 and organization B with one group,
// built through the repositories themselves.
type masters struct {
	db              *store.DB
	a, b            int64
	ta, tb          access.Tenant // whole organizations
	top, east, west group.Summary // A's tree
	bTop            group.Summary
	now             time.Time
}

var bg = context.Background()

func newMasters(t *testing.T, db *store.DB) *masters {
	t.Helper()
	m := &masters{db: db, now: time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)}
	m.a = insertOrganization(t, db, "甲社")
	m.b = insertOrganization(t, db, "乙社")
	m.ta, m.tb = access.TrustedTenant(m.a), access.TrustedTenant(m.b)
	m.top = m.group(t, m.ta, nil, "本部", "ホンブ")
	m.east = m.group(t, m.ta, &m.top, "東日本エリア", "ヒガシニホンエリア")
	m.west = m.group(t, m.ta, &m.top, "西日本エリア", "ニシニホンエリア")
	m.bTop = m.group(t, m.tb, nil, "乙本部", "オツホンブ")
	return m
}

// scoped is A as a user bound to the group at path sees it: the Tenant a
// group-bound principal's request carries.
func (m *masters) scoped(path string) access.Tenant {
	return access.Principal{UserID: 999, OrganizationID: m.a, ActingOrgID: m.a, GroupPath: path}.Tenant()
}

func (m *masters) group(t *testing.T, tn access.Tenant, parent *group.Summary, name, kana string) group.Summary {
	t.Helper()
	groups := store.NewGroups(m.db)
	id, err := groups.Create(bg, tn, parent, group.Input{Name: name, NameKana: kana}, m.now)
	if err != nil {
		t.Fatal(err)
	}
	g, err := groups.Get(bg, tn, id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func (m *masters) store(t *testing.T, tn access.Tenant, groupID int64, name, kana string, tags ...int64) int64 {
	t.Helper()
	id, err := store.NewFacilities(m.db).Create(bg, tn, facility.Input{GroupID: groupID, Name: name, NameKana: kana,
		Address: "東京都", ManagerName: "店長 " + name, TagIDs: tags}, m.now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (m *masters) user(t *testing.T, tn access.Tenant, account string, groupID int64, facilityID int64, tags ...int64) int64 {
	t.Helper()
	id, err := store.NewUsers(m.db).Create(bg, tn, user.Input{Account: account, LastName: "山田", FirstName: account,
		MainAuthority: access.GroupStaff, GroupID: groupID, FacilityID: facilityID, MfaType: user.MfaNone,
		MailAddress: account + "@example.com", TagIDs: tags}, "hash", m.now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (m *masters) facilityTag(t *testing.T, tn access.Tenant, label string) int64 {
	t.Helper()
	id, err := store.NewFacilityTags(m.db).Create(bg, tn, tag.Input{Label: label}, m.now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (m *masters) userTag(t *testing.T, tn access.Tenant, label string) int64 {
	t.Helper()
	id, err := store.NewUserTags(m.db).Create(bg, tn, tag.Input{Label: label}, m.now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// linkOrganizations returns the organization_id of every link row of
// table owned by ownerID, to check child rows carry their organization.
func (m *masters) linkOrganizations(t *testing.T, table, owner string, ownerID int64) []int64 {
	t.Helper()
	var orgs []int64
	if err := m.db.NewSelect().TableExpr(table).Column("organization_id").Where("? = ?", bun.Ident(owner), ownerID).
		Scan(bg, &orgs); err != nil {
		t.Fatal(err)
	}
	return orgs
}

func wantKind(t *testing.T, what string, err error, k failure.Kind) {
	t.Helper()
	if !failure.Is(err, k) {
		t.Errorf("%s: got %v, want kind %v", what, err, k)
	}
}

// facilityInputOf is the edit form of a store as read.
func facilityInputOf(f facility.Facility) facility.Input {
	in := facility.Input{GroupID: f.GroupID, Name: f.Name, NameKana: f.NameKana, Address: f.Address, Tel: f.Tel,
		ManagerName: f.ManagerName, ExternalDataID: f.ExternalDataID, ExternalDataValue: f.ExternalDataValue,
		AvailableAdvancedReport: f.AvailableAdvancedReport, AvailableSurvey: f.AvailableSurvey}
	for _, tg := range f.Tags {
		in.TagIDs = append(in.TagIDs, tg.ID)
	}
	return in
}

// userInputOf is the edit form of a user as read (password unchanged).
func userInputOf(u user.User) user.Input {
	in := user.Input{Account: u.Account, LastName: u.LastName, FirstName: u.FirstName, MainAuthority: u.MainAuthority,
		SubAuthorities: u.SubAuthorities, GroupID: u.GroupID, IPAddressRestriction: u.IPAddressRestriction,
		MfaType: u.MfaType, MailAddress: u.MailAddress, Disabled: u.Disabled}
	if u.FacilityID != nil {
		in.FacilityID = *u.FacilityID
	}
	for _, tg := range u.Tags {
		in.TagIDs = append(in.TagIDs, tg.ID)
	}
	return in
}
