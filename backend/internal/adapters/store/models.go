package store

import (
	"time"

	"github.com/uptrace/bun"
)

// Row types mirror the tables of migrations/. They stay in this package:
// the domain never sees a Bun tag.

type organizationRow struct {
	bun.BaseModel `bun:"table:organizations"`

	OrganizationID            int64      `bun:"organization_id,pk,autoincrement"`
	OrganizationName          string     `bun:"organization_name,notnull"`
	JKCode                    string     `bun:"jk_code,notnull"`
	PersonInCharge            string     `bun:"person_in_charge,notnull"`
	ServiceStartDate          *civilDate `bun:"service_start_date,type:date"`
	MobileAppEndDate          *civilDate `bun:"mobile_app_end_date,type:date"`
	ServiceEndDate            *civilDate `bun:"service_end_date,type:date"`
	Demo                      bool       `bun:"demo,notnull"`
	CheckinType               string     `bun:"checkin_type,notnull"`
	AllowPhotoLibrary         bool       `bun:"allow_photo_library,notnull"`
	AvailableImprovement      bool       `bun:"available_improvement,notnull"`
	ImprovementDueDays        int        `bun:"improvement_due_days,notnull"`
	ReportRanks               string     `bun:"report_ranks,notnull"`
	ExternalDataIDLabel       string     `bun:"external_data_id_label,notnull"`
	ExternalDataValueLabel    string     `bun:"external_data_value_label,notnull"`
	IPAddressRestriction      bool       `bun:"ip_address_restriction,notnull"`
	AllowIPAddresses          string     `bun:"allow_ip_addresses,notnull"`
	StorageSize               int64      `bun:"storage_size,notnull"`
	StorageUsage              int64      `bun:"storage_usage,notnull"`
	MaxStorageUsage           int64      `bun:"max_storage_usage,notnull"`
	BillingType               string     `bun:"billing_type,notnull"`
	AvailableAdvancedReport   bool       `bun:"available_advanced_report,notnull"`
	AvailableSurvey           bool       `bun:"available_survey,notnull"`
	SurveyStartDate           *civilDate `bun:"survey_start_date,type:date"`
	AvailableMfaMail          bool       `bun:"available_mfa_mail,notnull"`
	AvailableOpeHistoryExport bool       `bun:"available_ope_history_export,notnull"`
	ChargedForUser            bool       `bun:"charged_for_user,notnull"`
	ChargedForUserAtEndOfMon  bool       `bun:"charged_for_user_at_end_of_month,notnull"`
	ChargedForFacility        bool       `bun:"charged_for_facility,notnull"`
	ChargedForAdvancedReport  bool       `bun:"charged_for_advanced_report,notnull"`
	ChargedForSurvey          bool       `bun:"charged_for_survey,notnull"`
	ChargedByGroup            bool       `bun:"charged_by_group,notnull"`
	Version                   int64      `bun:"version,notnull"`
	Timestamps
}

type groupRow struct {
	bun.BaseModel `bun:"table:org_groups"`

	GroupID        int64  `bun:"group_id,pk,autoincrement"`
	OrganizationID int64  `bun:"organization_id,notnull"`
	ParentGroupID  *int64 `bun:"parent_group_id"`
	Path           string `bun:"path,notnull"`
	GroupName      string `bun:"group_name,notnull"`
	GroupNameKana  string `bun:"group_name_kana,notnull"`
	JKCode         string `bun:"jk_code,notnull"`
	SearchText     string `bun:"search_text,notnull"`
	Version        int64  `bun:"version,notnull"`
	Timestamps
}

type facilityAttributeRow struct {
	bun.BaseModel `bun:"table:facility_attributes"`

	FacilityAttributeID int64     `bun:"facility_attribute_id,pk,autoincrement"`
	OrganizationID      int64     `bun:"organization_id,notnull"`
	Label               string    `bun:"label,notnull"`
	CreatedAt           time.Time `bun:"created_at,notnull"`
}

type facilityRow struct {
	bun.BaseModel `bun:"table:facilities"`

	FacilityID              int64  `bun:"facility_id,pk,autoincrement"`
	OrganizationID          int64  `bun:"organization_id,notnull"`
	GroupID                 int64  `bun:"group_id,notnull"`
	FacilityName            string `bun:"facility_name,notnull"`
	FacilityNameKana        string `bun:"facility_name_kana,notnull"`
	Address                 string `bun:"address,notnull"`
	Tel                     string `bun:"tel,notnull"`
	ManagerName             string `bun:"manager_name,notnull"`
	ExternalDataID          string `bun:"external_data_id,notnull"`
	ExternalDataValue       string `bun:"external_data_value,notnull"`
	AvailableAdvancedReport bool   `bun:"available_advanced_report,notnull"`
	AvailableSurvey         bool   `bun:"available_survey,notnull"`
	SearchText              string `bun:"search_text,notnull"`
	Version                 int64  `bun:"version,notnull"`
	Timestamps
}

type facilityAttributeLinkRow struct {
	bun.BaseModel `bun:"table:facility_attribute_links"`

	OrganizationID      int64 `bun:"organization_id,notnull"` // the store's; every tenant row names it (migration 8)
	FacilityID          int64 `bun:"facility_id,pk"`
	FacilityAttributeID int64 `bun:"facility_attribute_id,pk"`
}

type userAttributeRow struct {
	bun.BaseModel `bun:"table:user_attributes"`

	UserAttributeID int64     `bun:"user_attribute_id,pk,autoincrement"`
	OrganizationID  int64     `bun:"organization_id,notnull"`
	Label           string    `bun:"label,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull"`
}

type userRow struct {
	bun.BaseModel `bun:"table:users"`

	UserID               int64  `bun:"user_id,pk,autoincrement"`
	OrganizationID       int64  `bun:"organization_id,notnull"`
	UserAccount          string `bun:"user_account,notnull"`
	LastName             string `bun:"last_name,notnull"`
	FirstName            string `bun:"first_name,notnull"`
	PasswordHash         string `bun:"password_hash,notnull"`
	MainAuthorityName    string `bun:"main_authority_name,notnull"`
	SubAuthorityNames    string `bun:"sub_authority_names,notnull"`
	GroupID              int64  `bun:"group_id,notnull"`
	FacilityID           *int64 `bun:"facility_id"`
	IPAddressRestriction bool   `bun:"ip_address_restriction,notnull"`
	MfaType              string `bun:"mfa_type,notnull"`
	MailAddress          string `bun:"mail_address,notnull"`
	Disabled             bool   `bun:"disabled,notnull"`
	SearchText           string `bun:"search_text,notnull"`
	Version              int64  `bun:"version,notnull"`
	Timestamps
}

type userAttributeLinkRow struct {
	bun.BaseModel `bun:"table:user_attribute_links"`

	OrganizationID  int64 `bun:"organization_id,notnull"` // the user's; every tenant row names it (migration 8)
	UserID          int64 `bun:"user_id,pk"`
	UserAttributeID int64 `bun:"user_attribute_id,pk"`
}

// Timestamps are the bookkeeping columns of every master row, in UTC.
type Timestamps struct {
	CreatedAt time.Time `bun:"created_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull"`
}

func newTimestamps(now time.Time) Timestamps {
	now = now.UTC()
	return Timestamps{CreatedAt: now, UpdatedAt: now}
}
