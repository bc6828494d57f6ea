package user

import (
	"testing"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
)

func TestStoreIsRequiredOnlyOfStoreStaffWithAStoreToChoose(t *testing.T) {
	for _, c := range []struct {
		main   string
		stores int // stores in the group's subtree
		store  int64
		want   bool // refused
	}{
		{access.GroupStaff, 3, 0, true},
		{access.GroupStaff, 3, 7, false},
		{access.GroupStaff, 0, 0, false}, // a group without stores: nothing to choose
		{access.OrganizationAdmin, 10, 0, false},
		{access.SystemAdmin, 0, 0, false},
		{access.GroupAdmin, 4, 0, false},
	} {
		err := Input{MainAuthority: c.main, FacilityID: c.store}.CheckStore(c.stores)
		if (err != nil) != c.want {
			t.Errorf("%+v: got %v", c, err)
		}
		if fe, ok := failure.As(err); c.want && (!ok || fe.Kind != failure.KindInvalid || fe.Fields["facilityId"] != "所属店舗は必須です") {
			t.Errorf("%+v: got %v, want the required message on facilityId", c, err)
		}
	}
}

func TestValidateLeavesTheStoreToCheckStore(t *testing.T) {
	in := Input{Account: "admin01", LastName: "本部", FirstName: "管理者", MainAuthority: access.OrganizationAdmin,
		GroupID: 1, MfaType: MfaNone, MailAddress: "admin@example.com"}
	if err := in.Validate(false); err != nil {
		t.Errorf("a user without a store: %v", err)
	}
}

// A sign-in method sent as "" (or null) is no method: it was stored as one.
func TestValidateRefusesAnEmptySignInMethod(t *testing.T) {
	in := Input{Account: "admin01", LastName: "本部", FirstName: "管理者", MainAuthority: access.OrganizationAdmin,
		GroupID: 1, MailAddress: "admin@example.com"}
	fe, ok := failure.As(in.Validate(false))
	if !ok || fe.Fields["mfaType"] != "認証方式が正しくありません。" {
		t.Errorf("got %+v", fe)
	}
}
