// Package facility holds stores ("facilities" in the API; docs/glossary.md): their fields,
// rules and tags.
package facility

import (
	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/validation"
)

// Facility is one store.
type Facility struct {
	ID                      int64
	OrganizationID          int64
	GroupID                 int64
	GroupName               string
	GroupPath               string
	Name                    string
	NameKana                string
	Address                 string
	Tel                     string
	ManagerName             string
	ExternalDataID          string
	ExternalDataValue       string
	AvailableAdvancedReport bool
	AvailableSurvey         bool
	Tags                    []tag.Tag
	TerminalCodes           []string
	Version                 int64
}

// Input is what a user edits of a store.
type Input struct {
	GroupID                 int64   `json:"groupId"`
	Name                    string  `json:"facilityName"`
	NameKana                string  `json:"facilityNameKana"`
	Address                 string  `json:"address"`
	Tel                     string  `json:"tel"`
	ManagerName             string  `json:"managerName"`
	ExternalDataID          string  `json:"externalDataId"`
	ExternalDataValue       string  `json:"externalDataValue"`
	AvailableAdvancedReport bool    `json:"availableAdvancedReport"`
	AvailableSurvey         bool    `json:"availableSurvey"`
	TagIDs                  []int64 `json:"attributeIdList"`
}

// Normalized is the input as stored: kana in full-width katakana, the
// phone number and external id in ASCII (validation.NormalizeCode).
func (in Input) Normalized() Input {
	in.NameKana = validation.NormalizeKana(in.NameKana)
	in.Tel = validation.NormalizeCode(in.Tel)
	in.ExternalDataID = validation.NormalizeCode(in.ExternalDataID)
	return in
}

// Validate applies docs/product/validation.md. externalIDLabel is the organization's
// name for the external data id.
func (in Input) Validate(externalIDLabel string) error {
	return validation.Check(v.ValidateStruct(&in,
		v.Field(&in.GroupID, validation.Required("グループ")),
		v.Field(&in.Name, validation.Required("店舗名"), validation.MaxLength("店舗名", 50)),
		v.Field(&in.NameKana, validation.Required("店舗名カナ"), validation.MaxLength("店舗名カナ", 50)),
		v.Field(&in.ManagerName, validation.MaxLength("店長名", 40)),
		v.Field(&in.Address, validation.MaxLength("住所", 200)),
		v.Field(&in.Tel, validation.MaxLength("電話番号", 20), validation.Phone),
		v.Field(&in.ExternalDataID, validation.MaxLength(externalIDLabel, 30)),
		v.Field(&in.ExternalDataValue, validation.MaxLength("外部データ", 1000)),
	))
}

// Sort keys a store list can be ordered by; the default is the kana name.
const (
	SortKana       = "facilityNameKana"
	SortName       = "facilityName"
	SortGroup      = "groupName"
	SortExternalID = "externalDataId"
)

// Filter narrows a store list.
type Filter struct {
	SearchText string
	GroupID    *int64 // the group and its subtree
	TagID      *int64
	SortBy     string
	Descending bool
	// No scope field: the group scope travels in the access.Tenant the
	// repository is called with, so a use case cannot forget it.
}

// Messages.
const (
	MsgInUse      = "この店舗に所属するユーザーがいるため削除できません。"
	MsgHasAnswers = "この店舗にはチェックの回答があるため削除できません。"
	// MsgHasSurveyAnswers refuses deleting a store customers have answered surveys at.
	MsgHasSurveyAnswers = "この店舗にはアンケートの回答があるため削除できません。"
	MsgGroupOutside     = "このグループは操作できる範囲の外にあります。"
)

// Usage is what refers to a store and so may keep it from being deleted.
type Usage struct {
	Users         int // users who belong to the store
	CheckSheets   int // check answers: history that must stay
	SurveyAnswers int // customers' survey answers: history too
}

// CanDelete is the rule for deleting a store: nobody may belong to it, and
// check and survey answers, being history, keep it. The first reason found
// is the one given.
func CanDelete(u Usage) error {
	switch {
	case u.Users > 0:
		return failure.Refused(MsgInUse)
	case u.CheckSheets > 0:
		return failure.Refused(MsgHasAnswers)
	case u.SurveyAnswers > 0:
		return failure.Refused(MsgHasSurveyAnswers)
	}
	return nil
}
