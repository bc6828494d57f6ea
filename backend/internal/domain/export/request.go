// Package export holds the history exports: what may be asked for, the
// file record that follows a request through its making in the background,
// and the columns each history type writes (docs/product/exports.md).
package export

import (
	"time"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// HistoryType is what an export holds.
type HistoryType string

const (
	CheckResult  HistoryType = "CHECK_RESULT"
	Operation    HistoryType = "OPERATION"
	SurveyAnswer HistoryType = "SURVEY_ANSWER"
)

// HistoryTypes lists the types in the order the screen offers them.
var HistoryTypes = []HistoryType{CheckResult, SurveyAnswer, Operation}

// Label is the type's Japanese name, used in file names and the list.
func (h HistoryType) Label() string {
	switch h {
	case CheckResult:
		return "チェック結果"
	case Operation:
		return "操作履歴"
	case SurveyAnswer:
		return "アンケート回答"
	}
	return string(h)
}

func (h HistoryType) valid() bool {
	return h == CheckResult || h == Operation || h == SurveyAnswer
}

// FileType is the sheet format.
type FileType string

const (
	XLSX FileType = "XLSX" // the default
	CSV  FileType = "CSV"
)

// Encoding is a CSV file's character set. UTF-8 carries a BOM so Japanese
// Excel reads it as UTF-8; Shift_JIS (CP932) is for older tools, with the
// characters CP932 lacks replaced and reported.
type Encoding string

const (
	UTF8     Encoding = "UTF8"
	ShiftJIS Encoding = "SHIFT_JIS"
)

// MaxDays bounds a request's period: a year of history is the most anyone
// asked for, and bounds the work one request can cause.
const MaxDays = 366

// Messages of a refused request.
const (
	MsgHistoryType   = "履歴の種類を選択してください。"
	MsgPeriod        = validation.MsgPeriod
	MsgPeriodOrder   = validation.MsgPeriodOrder
	MsgPeriodTooLong = validation.MsgPeriodTooLong
	MsgFileType      = "ファイル形式を選択してください。"
	MsgEncoding      = "文字コードを選択してください。"
	MsgSurvey        = "アンケートを選択してください。"
	MsgNoOperations  = "この組織では操作履歴をエクスポートできません。"
	MsgNoMail        = "メールアドレスを含める権限がありません。"
	MsgNoGroup       = "グループが見つかりません。"
	MsgNoTag         = "店舗タグが見つかりません。"
	MsgNoCheckList   = "チェックリストが見つかりません。"
	MsgNoSurvey      = "アンケートが見つかりません。"
	// MsgSurveyGone fails a file whose survey was deleted after the request.
	MsgSurveyGone = "アンケートが見つかりません。削除された可能性があります。"
)

// Request is one export as asked: the period is of Tokyo dates, both ends
// included. Filters narrow the rows; the requester's group scope always
// applies on top.
type Request struct {
	HistoryType        HistoryType `json:"historyType"`
	From               time.Time   `json:"historyDateFrom"`
	To                 time.Time   `json:"historyDateTo"`
	FileType           FileType    `json:"historyFileType"`
	Encoding           Encoding    `json:"encoding,omitempty"`
	IncludePhoto       bool        `json:"includePhoto,omitempty"`
	IncludeMailAddress bool        `json:"includeMailAddress,omitempty"`
	OnlyLatest         bool        `json:"onlyLatestHistory,omitempty"`
	GroupID            *int64      `json:"groupId,omitempty"`
	FacilityTagID      *int64      `json:"facilityAttributeId,omitempty"`
	CheckListID        *int64      `json:"checkListMasterId,omitempty"`
	SurveyID           *int64      `json:"surveyId,omitempty"`
}

// Normalize fills the defaults and drops the options that do not apply to
// the history type, so a stored request says exactly what was made.
func (r Request) Normalize() Request {
	if r.FileType == "" {
		r.FileType = XLSX
	}
	if r.FileType == CSV && r.Encoding == "" {
		r.Encoding = UTF8
	}
	if r.FileType != CSV {
		r.Encoding = ""
	}
	if r.HistoryType != CheckResult {
		r.IncludePhoto, r.OnlyLatest, r.CheckListID = false, false, nil
	}
	if r.HistoryType != SurveyAnswer {
		r.IncludeMailAddress, r.SurveyID = false, nil
	}
	if r.HistoryType == Operation {
		r.GroupID, r.FacilityTagID = nil, nil
	}
	return r
}

// Validate refuses a request that cannot be made, naming the fields.
func (r Request) Validate() error {
	fields := map[string]string{}
	if !r.HistoryType.valid() {
		fields["historyType"] = MsgHistoryType
	}
	validation.CheckPeriod(r.From, r.To, MaxDays, "historyDateFrom", "historyDateTo", fields)
	if r.FileType != XLSX && r.FileType != CSV {
		fields["historyFileType"] = MsgFileType
	}
	if r.FileType == CSV && r.Encoding != UTF8 && r.Encoding != ShiftJIS {
		fields["encoding"] = MsgEncoding
	}
	if r.HistoryType == SurveyAnswer && r.SurveyID == nil {
		fields["surveyId"] = MsgSurvey
	}
	if len(fields) > 0 {
		return failure.Invalid(fields)
	}
	return nil
}

// Extension is the made file's: a ZIP when photos travel with the sheet.
func (r Request) Extension() string {
	switch {
	case r.IncludePhoto:
		return ".zip"
	case r.FileType == CSV:
		return ".csv"
	}
	return ".xlsx"
}

// SheetExtension is the sheet's own extension (inside a ZIP, too).
func (r Request) SheetExtension() string {
	if r.FileType == CSV {
		return ".csv"
	}
	return ".xlsx"
}

// FileName names the made file for a person: what, which period, when
// asked (Tokyo), e.g. チェック結果_20261101-20261130_20261125-1530.xlsx.
func (r Request) FileName(asked time.Time, tokyo *time.Location) string {
	return r.BaseName(asked, tokyo) + r.Extension()
}

// BaseName is FileName without the extension.
func (r Request) BaseName(asked time.Time, tokyo *time.Location) string {
	return r.HistoryType.Label() + "_" + r.From.Format("20060102") + "-" + r.To.Format("20060102") +
		"_" + asked.In(tokyo).Format("20060102-150405")
}
