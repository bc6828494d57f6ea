// Package report holds the PDF reports: what may be asked for, and the
// content of each report as plain data (scores, ranks, places, the bad
// items and the photos chosen) that the PDF adapter only draws
// (docs/product/reports.md).
package report

import (
	"time"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Type is which report.
type Type string

const (
	Basic       Type = "BASIC" // the default
	Advanced    Type = "ADVANCED"
	Improvement Type = "IMPROVEMENT"
	Survey      Type = "SURVEY"
)

// Types lists the report types in the screen's order.
var Types = []Type{Basic, Advanced, Improvement, Survey}

// Label is the type's Japanese name (file names, the list, the cover).
func (t Type) Label() string {
	switch t {
	case Basic:
		return "基本レポート"
	case Advanced:
		return "推移レポート"
	case Improvement:
		return "改善報告レポート"
	case Survey:
		return "アンケートレポート"
	}
	return string(t)
}

// PhotoCompare chooses the photos of a BASIC report.
type PhotoCompare string

const (
	PhotosBadWithPhoto PhotoCompare = "BAD_SCORED_WITH_PHOTO" // the default: bad answers that have a photo
	PhotosNone         PhotoCompare = "NONE"
	PhotosAllBad       PhotoCompare = "ALL_BAD_SCORED" // every bad answer (a bad one without a photo shows its place empty)
	PhotosAllWithPhoto PhotoCompare = "ALL_WITH_PHOTO" // every answer with a photo
)

// Grouping is how ADVANCED rankings are grouped.
type Grouping string

const (
	ByGroup    Grouping = "GROUP"
	ByStoreTag Grouping = "FACILITY_ATTRIBUTE"
)

// MaxDays bounds a report's period, as for exports.
const MaxDays = 366

// MaxStores bounds one report's stores (a chain's every store fits).
const MaxStores = 10000

// Messages of a refused request.
const (
	MsgType        = "レポートの種類を選択してください。"
	MsgCheckList   = "チェックリストを選択してください。"
	MsgSurvey      = "アンケートを選択してください。"
	MsgPeriod      = validation.MsgPeriod
	MsgPeriodOrder = validation.MsgPeriodOrder
	MsgPeriodLong  = validation.MsgPeriodTooLong
	MsgStores      = "店舗を選択してください。"
	MsgTooMany     = "店舗は10000店舗以内で選択してください。"
	MsgPhotos      = "写真比較の種類を選択してください。"
	MsgGrouping    = "集計単位を選択してください。"
	MsgUnavailable = "この組織ではこのレポートを作成できません。"
	MsgNoStore     = "選択した店舗が見つかりません。"
	MsgNoList      = "チェックリストが見つかりません。"
	MsgNoSurvey    = "アンケートが見つかりません。"
	MsgListGone    = "チェックリストが見つかりません。削除された可能性があります。"
	MsgSurveyGone  = "アンケートが見つかりません。削除された可能性があります。"
)

// Request is one report as asked; the period is of Tokyo dates, both ends
// included.
type Request struct {
	Type              Type         `json:"reportType"`
	CheckListID       *int64       `json:"checkListMasterId,omitempty"`
	SurveyID          *int64       `json:"surveyId,omitempty"`
	From              time.Time    `json:"fromDate"`
	To                time.Time    `json:"toDate"`
	FacilityIDs       []int64      `json:"facilityIdList"`
	IncludeRank       bool         `json:"includeRank,omitempty"`
	IncludeCriteria   bool         `json:"includeCriteria,omitempty"`
	PhotoCompare      PhotoCompare `json:"photoCompareReportType,omitempty"`
	IncludeUnselected bool         `json:"includeUnselectedFacility,omitempty"`
	Grouping          Grouping     `json:"groupingType,omitempty"`
}

// Normalize fills the defaults and drops what the type does not use.
func (r Request) Normalize() Request {
	if r.Type == "" {
		r.Type = Basic
	}
	if r.PhotoCompare == "" {
		r.PhotoCompare = PhotosBadWithPhoto
	}
	if r.Grouping == "" {
		r.Grouping = ByGroup
	}
	if r.Type == Survey {
		r.CheckListID = nil
	} else {
		r.SurveyID = nil
	}
	if r.Type != Basic {
		r.IncludeRank, r.IncludeCriteria, r.IncludeUnselected = false, false, false
		r.PhotoCompare = PhotosNone
	}
	if r.Type == Improvement {
		r.CheckListID = nil
	}
	return r
}

// Validate refuses a request that cannot be made, naming the fields.
func (r Request) Validate() error {
	fields := map[string]string{}
	switch r.Type {
	case Basic, Advanced:
		if r.CheckListID == nil {
			fields["checkListMasterId"] = MsgCheckList
		}
	case Survey:
		if r.SurveyID == nil {
			fields["surveyId"] = MsgSurvey
		}
	case Improvement:
	default:
		fields["reportType"] = MsgType
	}
	validation.CheckPeriod(r.From, r.To, MaxDays, "fromDate", "toDate", fields)
	switch {
	case len(r.FacilityIDs) == 0:
		fields["facilityIdList"] = MsgStores
	case len(r.FacilityIDs) > MaxStores:
		fields["facilityIdList"] = MsgTooMany
	}
	switch r.PhotoCompare {
	case PhotosBadWithPhoto, PhotosNone, PhotosAllBad, PhotosAllWithPhoto:
	default:
		fields["photoCompareReportType"] = MsgPhotos
	}
	if r.Grouping != ByGroup && r.Grouping != ByStoreTag {
		fields["groupingType"] = MsgGrouping
	}
	if len(fields) > 0 {
		return failure.Invalid(fields)
	}
	return nil
}

// FileName names the PDF: 基本レポート_20261101-20261130_20261125-153012.pdf.
func (r Request) FileName(asked time.Time, tokyo *time.Location) string {
	return r.Type.Label() + "_" + r.From.Format("20060102") + "-" + r.To.Format("20060102") +
		"_" + asked.In(tokyo).Format("20060102-150405") + ".pdf"
}
