// Package user holds the user-management use cases: list, read, create,
// edit (including disabling and resetting the password) and delete users,
// and manage user tags. All need ROLE_USER_REFERENCE; a user who is not a
// top-group user manages only the users of its own subtree, and nobody
// grants an authority with a role it does not hold itself.
package user

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// Users stores users.
type Users interface {
	List(ctx context.Context, tn access.Tenant, f user.Filter, p paging.Request) (paging.Page[user.User], error)
	Detail(ctx context.Context, tn access.Tenant, id int64) (user.User, error)
	// AccountTaken, called inside a transaction, also holds the account
	// until it ends: another transaction's AccountTaken of the same account
	// waits for it, and then sees its write.
	AccountTaken(ctx context.Context, tn access.Tenant, anywhere bool, account string, except int64) (bool, error)
	Create(ctx context.Context, tn access.Tenant, in user.Input, hash string, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, in user.Input, hash string, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// Tags checks that tags belong to the organization (managing them is
// package tagging).
type Tags interface {
	AllExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error)
}

// Groups and Facilities resolve a user's affiliation inside the organization.
type Groups interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (group.Summary, error)
}
type Facilities interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (facility.Facility, error)
	List(ctx context.Context, tn access.Tenant, f facility.Filter, p paging.Request) (paging.Page[facility.Facility], error)
}

// Organizations reads the allow-list that binds a user's sign-in.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// Sessions ends a user's sessions when its password is reset or it is disabled.
type Sessions interface {
	RevokeUser(ctx context.Context, userID int64, keep string, at time.Time) error
}

// Passwords hashes new passwords.
type Passwords interface {
	Hash(plain string) (string, error)
}

// Config says whether accounts are unique across organizations (SYSTEM range).
type Config struct{ SystemRange bool }

// UseCases is the user-management use cases.
type UseCases struct {
	cfg        Config
	tx         background.Transactor
	users      Users
	tags       Tags
	groups     Groups
	facilities Facilities
	orgs       Organizations
	sessions   Sessions
	passwords  Passwords
	clock      clock.Clock
}

// Deps groups the ports.
type Deps struct {
	Tx            background.Transactor
	Users         Users
	Tags          Tags
	Groups        Groups
	Facilities    Facilities
	Organizations Organizations
	Sessions      Sessions
	Passwords     Passwords
	Clock         clock.Clock
}

func New(cfg Config, d Deps) *UseCases {
	return &UseCases{cfg: cfg, tx: d.Tx, users: d.Users, tags: d.Tags, groups: d.Groups, facilities: d.Facilities,
		orgs: d.Organizations, sessions: d.Sessions, passwords: d.Passwords, clock: d.Clock}
}

func (u *UseCases) principal(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleUserReference)
}

// List returns a page of the users the principal may manage.
func (u *UseCases) List(ctx context.Context, f user.Filter, p paging.Request) (paging.Page[user.User], error) {
	pr, err := u.principal(ctx)
	if err != nil {
		return paging.Page[user.User]{}, err
	}
	return u.users.List(ctx, pr.Tenant(), f, p) // the Tenant carries the group scope
}

// Get returns one user in the principal's scope.
func (u *UseCases) Get(ctx context.Context, id int64) (user.User, error) {
	pr, err := u.principal(ctx)
	if err != nil {
		return user.User{}, err
	}
	return u.visible(ctx, pr, id)
}

func (u *UseCases) visible(ctx context.Context, pr access.Principal, id int64) (user.User, error) {
	usr, err := u.users.Detail(ctx, pr.Tenant(), id)
	if err != nil {
		return user.User{}, err
	}
	if !pr.Sees(usr.GroupPath) {
		return user.User{}, failure.NotFound()
	}
	return usr, nil
}

// Create adds a user with its initial password.
func (u *UseCases) Create(ctx context.Context, in user.Input) (int64, error) {
	in = in.Normalized()
	pr, err := u.principal(ctx)
	if err != nil {
		return 0, err
	}
	if err := u.check(ctx, pr, in, true, 0); err != nil {
		return 0, err
	}
	hash, err := u.passwords.Hash(in.Password)
	if err != nil {
		return 0, err
	}
	var id int64
	err = u.tx.InTx(ctx, func(ctx context.Context) (err error) {
		if err := u.accountFree(ctx, pr, in.Account, 0); err != nil {
			return err // taken since check, by a request sent together with this one
		}
		id, err = u.users.Create(ctx, pr.Tenant(), in, hash, u.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update changes a user read at version. A new password, or disabling,
// ends the user's sessions at once.
func (u *UseCases) Update(ctx context.Context, id, version int64, in user.Input) error {
	in = in.Normalized()
	pr, err := u.principal(ctx)
	if err != nil {
		return err
	}
	cur, err := u.visible(ctx, pr, id)
	if err != nil {
		return err
	}
	if cur.ID == pr.UserID && in.Disabled {
		return failure.Invalid(map[string]string{"disabled": "自分自身は無効にできません。"})
	}
	if err := u.keepsYouIn(ctx, pr, cur.ID, in); err != nil {
		return err
	}
	if err := u.check(ctx, pr, in, false, id); err != nil {
		return err
	}
	var hash string
	if in.Password != "" {
		if hash, err = u.passwords.Hash(in.Password); err != nil {
			return err
		}
	}
	now := u.clock.Now()
	return u.tx.InTx(ctx, func(ctx context.Context) error {
		if err := u.accountFree(ctx, pr, in.Account, id); err != nil {
			return err // taken since check, by a request sent together with this one
		}
		if err := u.users.Update(ctx, pr.Tenant(), id, version, in, hash, now); err != nil {
			return err
		}
		if (hash != "" || in.Disabled) && id != pr.UserID {
			return u.sessions.RevokeUser(ctx, id, "", now)
		}
		return nil
	})
}

// keepsYouIn refuses the signed-in person's binding of themselves to
// their organization's allow-list from an address the list leaves out:
// their next request would be refused, and only another administrator
// could undo it. The organization form refuses the same of the list
// (organization.MsgShutsYouOut); someone already bound works from an
// allowed address, so keeping the binding passes.
func (u *UseCases) keepsYouIn(ctx context.Context, pr access.Principal, id int64, in user.Input) error {
	if id != pr.UserID || !in.IPAddressRestriction {
		return nil
	}
	org, err := u.orgs.Get(ctx, pr.OrganizationID)
	if err != nil {
		return err
	}
	if org.AllowsAddress(pr.Address) {
		return nil
	}
	return failure.Invalid(map[string]string{"ipAddressRestriction": fmt.Sprintf(user.MsgShutsYouOut, pr.Address)})
}

// Delete removes a user other than oneself.
func (u *UseCases) Delete(ctx context.Context, id int64) error {
	pr, err := u.principal(ctx)
	if err != nil {
		return err
	}
	if id == pr.UserID {
		return failure.Refused(user.MsgDeleteSelf)
	}
	target, err := u.visible(ctx, pr, id)
	if err != nil {
		return err
	}
	if !(user.Input{MainAuthority: target.MainAuthority, SubAuthorities: target.SubAuthorities}).MayGrant(pr.Roles) {
		return failure.Forbidden() // nobody removes a user more powerful than itself
	}
	return u.tx.InTx(ctx, func(ctx context.Context) error { return u.users.Delete(ctx, pr.Tenant(), id) })
}

// check validates the input and its references: a free account, a group
// of the organization inside the principal's scope, a store in that
// group's subtree when one is given (and one when user.StoreRequired),
// the organization's tags, and authorities the principal may grant.
func (u *UseCases) check(ctx context.Context, pr access.Principal, in user.Input, isNew bool, self int64) error {
	if err := in.Validate(isNew); err != nil {
		return err
	}
	if !in.MayGrant(pr.Roles) || (in.MainAuthority == access.SystemAdmin && pr.ActingOrgID != organization.SystemOrganizationID) {
		return failure.Invalid(map[string]string{"mainAuthorityName": user.MsgGrantTooMuch})
	}
	if err := u.accountFree(ctx, pr, in.Account, self); err != nil {
		return err
	}
	g, err := u.groups.Get(ctx, pr.Tenant(), in.GroupID)
	if failure.Is(err, failure.KindNotFound) {
		return failure.Invalid(map[string]string{"groupId": user.MsgGroupAbsent})
	}
	if err != nil {
		return err
	}
	if !pr.Sees(g.Path) {
		return failure.Invalid(map[string]string{"groupId": user.MsgOutside})
	}
	if in.FacilityID == 0 {
		// No store: allowed unless user.StoreRequired says otherwise, which
		// depends on whether the group has any store to choose.
		stores, err := u.facilities.List(ctx, pr.Tenant(), facility.Filter{GroupID: &in.GroupID}, paging.Request{Page: 1, Size: 1})
		if err != nil {
			return err
		}
		if err := in.CheckStore(stores.Total); err != nil {
			return err
		}
		return u.checkTags(ctx, pr, in)
	}
	f, err := u.facilities.Get(ctx, pr.Tenant(), in.FacilityID)
	if failure.Is(err, failure.KindNotFound) {
		return failure.Invalid(map[string]string{"facilityId": user.MsgFacilityAbsent})
	}
	if err != nil {
		return err
	}
	// A user answers for its store, so the store belongs to the user's group (or below it).
	if !strings.HasPrefix(f.GroupPath, g.Path) {
		return failure.Invalid(map[string]string{"facilityId": user.MsgFacilityOutsideGroup})
	}
	return u.checkTags(ctx, pr, in)
}

// accountFree refuses an account another user has, whatever its case: in
// the organization, or with the SYSTEM range in any organization (sign-in
// names no organization there, so two holders could sign in as neither).
// check asks it first, with the other rules; Create and Update ask again
// inside their transaction, where the repository makes the writers of one
// account take turns (Users.AccountTaken), so of requests sent together
// exactly one gets the account and the others this answer. The unique
// index (organization, account) alone could not keep the rule: it tells
// "Taro" from "taro" and, for the SYSTEM range, sees one organization.
func (u *UseCases) accountFree(ctx context.Context, pr access.Principal, account string, self int64) error {
	taken, err := u.users.AccountTaken(ctx, pr.Tenant(), u.cfg.SystemRange, account, self)
	if err != nil {
		return err
	}
	if taken {
		return failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken})
	}
	return nil
}

// checkTags refuses tags that are not the organization's.
func (u *UseCases) checkTags(ctx context.Context, pr access.Principal, in user.Input) error {
	ok, err := u.tags.AllExist(ctx, pr.Tenant(), in.TagIDs)
	if err != nil {
		return err
	}
	if !ok {
		return failure.Invalid(map[string]string{"attributeIdList": tag.MsgUnknown})
	}
	return nil
}
