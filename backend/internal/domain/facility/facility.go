// Package facility holds stores ("facilities" in the SPEC): their fields,
// rules and tags.
package facility

import (
	v "github.com/go-ozzo/ozzo-validation/v4"

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

// Validate applies SPEC section 5. externalIDLabel is the organization's
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
	ScopePath  string // the asking user's subtree ("" for everything)
}

// Messages.
const (
	MsgInUse      = "この店舗に所属するユーザーがいるため削除できません。"
	MsgHasAnswers = "この店舗にはチェックの回答があるため削除できません。"
	// MsgHasSurveyAnswers refuses deleting a store customers have answered surveys at.
	MsgHasSurveyAnswers = "この店舗にはアンケートの回答があるため削除できません。"
	MsgGroupOutside     = "このグループは操作できる範囲の外にあります。"
)
