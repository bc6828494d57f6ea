package user

import (
	"context"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/user"
)

// The fakes answer what Update asks of them; a call of anything else
// panics on the nil interface each embeds.
type fakeUsers struct {
	Users
	saved []user.Input
}

func (f *fakeUsers) Detail(_ context.Context, _ access.Tenant, id int64) (user.User, error) {
	return user.User{ID: id, OrganizationID: 2, GroupPath: "/1/", Version: 1}, nil
}

func (f *fakeUsers) AccountTaken(context.Context, access.Tenant, bool, string, int64) (bool, error) {
	return false, nil
}

func (f *fakeUsers) Update(_ context.Context, _ access.Tenant, _, _ int64, in user.Input, _ string, _ time.Time) error {
	f.saved = append(f.saved, in)
	return nil
}

type fakeGroups struct{ Groups }

func (fakeGroups) Get(_ context.Context, _ access.Tenant, id int64) (group.Summary, error) {
	return group.Summary{ID: id, Path: "/1/", IsTop: true}, nil
}

type fakeFacilities struct{ Facilities }

func (fakeFacilities) List(context.Context, access.Tenant, facility.Filter, paging.Request) (paging.Page[facility.Facility], error) {
	return paging.Page[facility.Facility]{}, nil
}

type fakeTags struct{ Tags }

func (fakeTags) AllExist(context.Context, access.Tenant, []int64) (bool, error) { return true, nil }

type fakeOrgs struct{ org organization.Organization }

func (f fakeOrgs) Get(_ context.Context, id int64) (organization.Organization, error) {
	o := f.org
	o.ID = id
	return o, nil
}

type inline struct{}

func (inline) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// Binding oneself to the organization's allow-list from an address it
// leaves out is refused under the flag (the next request would be
// refused); binding someone else, oneself from an allowed address, or
// oneself when the organization restricts nothing, is saved.
func TestUpdateRefusesBindingOneselfOutsideTheAllowList(t *testing.T) {
	const me, other = 7, 8
	for _, cs := range []struct {
		name     string
		id       int64
		address  string
		restrict bool
		refused  bool
	}{
		{"oneself from outside", me, "198.51.100.7", true, true},
		{"someone else from outside", other, "198.51.100.7", true, false},
		{"oneself from inside", me, "10.1.2.3", true, false},
		{"oneself, nothing restricted", me, "198.51.100.7", false, false},
	} {
		t.Run(cs.name, func(t *testing.T) {
			users := &fakeUsers{}
			org := organization.Organization{IPAddressRestriction: cs.restrict, AllowIPAddresses: "10.0.0.0/8"}
			uc := New(Config{}, Deps{Tx: inline{}, Users: users, Tags: fakeTags{}, Groups: fakeGroups{},
				Facilities: fakeFacilities{}, Organizations: fakeOrgs{org}, Clock: clock.System{}})
			ctx := access.WithPrincipal(context.Background(), access.Principal{UserID: me, Account: "demoadmin",
				OrganizationID: 2, ActingOrgID: 2, GroupPath: "/1/", TopGroupUser: true,
				Roles: access.RolesOf(access.OrganizationAdmin, nil), Address: cs.address})
			in := user.Input{Account: "someone01", LastName: "山田", FirstName: "花子", MainAuthority: access.OrganizationAdmin,
				GroupID: 1, IPAddressRestriction: true, MfaType: user.MfaNone, MailAddress: "someone01@example.com"}
			err := uc.Update(ctx, cs.id, 1, in)
			fe, ok := failure.As(err)
			switch {
			case cs.refused && (!ok || fe.Fields["ipAddressRestriction"] !=
				"この設定では、いま接続しているIPアドレス（198.51.100.7）から操作できなくなります。組織の許可IPアドレスに含めてから設定してください。"):
				t.Errorf("refusal: %v", err)
			case cs.refused && len(users.saved) != 0:
				t.Errorf("the refused binding was saved")
			case !cs.refused && (err != nil || len(users.saved) != 1):
				t.Errorf("not saved: %v", err)
			}
		})
	}
}
