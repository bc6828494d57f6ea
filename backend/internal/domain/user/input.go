package user

import (
	"errors"
	"slices"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Input is what an administrator edits of a user.
type Input struct {
	Account              string   `json:"userAccount"`
	LastName             string   `json:"lastName"`
	FirstName            string   `json:"firstName"`
	Password             string   `json:"password"` // required for a new user; empty keeps the current one
	MainAuthority        string   `json:"mainAuthorityName"`
	SubAuthorities       []string `json:"subAuthorityNameList"`
	GroupID              int64    `json:"groupId"`
	FacilityID           int64    `json:"facilityId"`
	TagIDs               []int64  `json:"attributeIdList"`
	IPAddressRestriction bool     `json:"ipAddressRestriction"`
	MfaType              string   `json:"mfaType"`
	MailAddress          string   `json:"mailAddress"`
	Disabled             bool     `json:"disabled"`
}

// Normalized is the input as stored: the account and mail address in
// ASCII as typed with the input method on (ｓｔｏｒｅ００１ → store001).
func (in Input) Normalized() Input {
	in.Account = validation.NormalizeCode(in.Account)
	in.MailAddress = validation.NormalizeCode(in.MailAddress)
	return in
}

// Validate applies docs/product/validation.md; isNew makes the password required.
func (in Input) Validate(isNew bool) error {
	pw := []v.Rule{validation.Password}
	if isNew {
		pw = append([]v.Rule{validation.Required("パスワード")}, pw...)
	}
	return validation.Check(v.ValidateStruct(&in,
		v.Field(&in.Account, validation.Required("ユーザーアカウント"), validation.MinLength("ユーザーアカウント", 5),
			validation.MaxLength("ユーザーアカウント", 50), validation.ASCII),
		v.Field(&in.LastName, validation.Required("姓"), validation.MaxLength("姓", 20)),
		v.Field(&in.FirstName, validation.Required("名"), validation.MaxLength("名", 20)),
		v.Field(&in.Password, pw...),
		v.Field(&in.MainAuthority, validation.Required("権限"), v.By(mainAuthority)),
		v.Field(&in.SubAuthorities, v.Each(v.By(subAuthority))),
		v.Field(&in.GroupID, validation.Required("所属グループ")),
		// The store is not required here: whether it is depends on the
		// group (StoreRequired), which the use case reads.
		v.Field(&in.MfaType, validation.OneOf("認証方式が正しくありません。", MfaNone, MfaMail)),
		v.Field(&in.MailAddress, validation.Required("メールアドレス"), validation.MaxLength("メールアドレス", 256), validation.Email),
	))
}

// StoreRequired is the rule for a user's store (所属店舗, facilityId 0 =
// none). docs/product/validation.md says "required", but head-office and area people
// belong to no store, and an organization administrator at the top group
// could not even save itself. A store is what a user answers checks for
// (checklist answering refuses a user without one), and that is store
// staff's work. So:
//
//   - GROUP_STAFF (store staff) needs a store whenever its group's subtree
//     holds one to choose (storesInGroup > 0);
//   - GROUP_STAFF of a group with no store under it, and every other main
//     authority (system and organization administrators, group
//     administrators), may have none;
//   - a store that is given must lie in the group's subtree (the use case
//     checks it: MsgFacilityOutsideGroup).
func StoreRequired(mainAuthority string, storesInGroup int) bool {
	return mainAuthority == access.GroupStaff && storesInGroup > 0
}

// CheckStore applies StoreRequired to in, with the message of a missing
// required field.
func (in Input) CheckStore(storesInGroup int) error {
	if in.FacilityID == 0 && StoreRequired(in.MainAuthority, storesInGroup) {
		return failure.Invalid(map[string]string{"facilityId": validation.MsgRequired("所属店舗")})
	}
	return nil
}

func mainAuthority(value any) error {
	name, _ := value.(string)
	if a, ok := access.FindAuthority(name); name != "" && (!ok || !a.Main) {
		return errors.New("権限が正しくありません。")
	}
	return nil
}

func subAuthority(value any) error {
	name, _ := value.(string)
	if a, ok := access.FindAuthority(name); !ok || a.Main {
		return errors.New("追加権限が正しくありません。")
	}
	return nil
}

// MayGrant reports whether someone holding granter's roles may give the
// authorities of in: nobody hands out a role they lack, so an
// administrator can never make a user more powerful than itself.
func (in Input) MayGrant(granter []access.Role) bool {
	for _, r := range access.RolesOf(in.MainAuthority, in.SubAuthorities) {
		if !slices.Contains(granter, r) {
			return false
		}
	}
	return true
}

// Sort keys of the user list; the default is the account.
const (
	SortAccount = "userAccount"
	SortName    = "name"
	SortGroup   = "groupName"
)

// Filter narrows a user list.
type Filter struct {
	SearchText    string
	AuthorityName string
	GroupID       *int64
	TagID         *int64
	SortBy        string
	Descending    bool
	// No scope field: the group scope travels in the access.Tenant the
	// repository is called with, so a use case cannot forget it.
}

// Messages.
const (
	MsgAccountTaken   = "このユーザーアカウントはすでに使われています。"
	MsgGrantTooMuch   = "自分が持っていない権限は付与できません。"
	MsgDeleteSelf     = "自分自身は削除できません。"
	MsgFacilityAbsent = "所属店舗が見つかりません。"
	// MsgFacilityOutsideGroup refuses a store outside the user's group subtree.
	MsgFacilityOutsideGroup = "所属店舗は所属グループ（またはその配下）の店舗から選んでください。"
	MsgGroupAbsent          = "所属グループが見つかりません。"
	MsgOutside              = "このグループは操作できる範囲の外にあります。"
	// MsgShutsYouOut refuses binding oneself to the organization's
	// allow-list from an address (%s) it leaves out; the organization
	// form's organization.MsgShutsYouOut says the same of the list.
	MsgShutsYouOut = "この設定では、いま接続しているIPアドレス（%s）から操作できなくなります。組織の許可IPアドレスに含めてから設定してください。"
)
