package user

import (
	"errors"
	"slices"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/access"
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

// Validate applies SPEC section 5; isNew makes the password required.
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
		v.Field(&in.FacilityID, validation.Required("所属店舗")),
		v.Field(&in.MfaType, v.In(MfaNone, MfaMail).Error("認証方式が正しくありません。")),
		v.Field(&in.MailAddress, validation.Required("メールアドレス"), validation.MaxLength("メールアドレス", 256), validation.Email),
	))
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
	ScopePath     string
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
)
