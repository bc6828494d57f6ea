package export

import (
	"time"

	"github.com/rouder/console/internal/domain/report"
)

// Kind separates the files the list screens show: history exports here,
// reports (issue 13) later, sharing the same record and machinery.
type Kind string

const (
	KindHistory Kind = "HISTORY"
	KindReport  Kind = "REPORT"
)

// Status follows a file through its making: QUEUED when asked, RUNNING
// while the job writes it, then DONE (downloadable) or FAILED with a reason.
type Status string

const (
	Queued  Status = "QUEUED"
	Running Status = "RUNNING"
	Done    Status = "DONE"
	Failed  Status = "FAILED"
)

// DefaultRetention is how long a made file stays downloadable unless the
// installation configures otherwise.
const DefaultRetention = 30 * 24 * time.Hour

// Failure reasons shown in the list.
const (
	MsgFailedUnknown = "ファイルの作成に失敗しました。もう一度依頼してください。"
	MsgNotReady      = "ファイルはまだ作成中です。"
	MsgOnlyRequester = "依頼したユーザーのみ削除できます。"
)

// File is one requested file.
type File struct {
	ID               int64
	OrganizationID   int64
	Kind             Kind
	Request          Request         // a history export's request (KindHistory)
	Report           *report.Request // a report's request (KindReport)
	Scope            string          // the requester's group scope when asking ("" is the whole organization)
	RequestedBy      int64
	RequesterAccount string
	Status           Status
	FailureReason    string
	Notice           string // what the making had to change, e.g. characters Shift_JIS lacks
	RowsDone         int
	RowsTotal        int
	FileName         string
	StorageKey       string
	Size             int64
	CreatedAt        time.Time
	FinishedAt       *time.Time
	ExpiresAt        time.Time
}

// TypeName is the history type or the report type, as the list filters it.
func (f File) TypeName() string {
	if f.Report != nil {
		return string(f.Report.Type)
	}
	return string(f.Request.HistoryType)
}

// Extension is the made file's extension.
func (f File) Extension() string {
	if f.Kind == KindReport {
		return ".pdf"
	}
	return f.Request.Extension()
}

// Downloadable reports whether the bytes are there to fetch.
func (f File) Downloadable() bool { return f.Status == Done && f.StorageKey != "" }

// Filter narrows the file list: creation dates (Tokyo, both ends included)
// and the history or report type.
type Filter struct {
	CreatedFrom *time.Time
	CreatedTo   *time.Time
	Type        string
}
