// Package export is the use cases of history exports and of the machinery
// every background file shares (reports reuse it): the request that stores
// a file record and its job in one transaction, the job that makes the
// file, the list, the download, the deletion and the expiry.
package export

import (
	"context"
	"io"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
)

// Files stores the file records. Reads are limited to files asked by
// someone whose scope lies in the tenant's.
type Files interface {
	Create(ctx context.Context, tn access.Tenant, f export.File) (int64, error)
	Get(ctx context.Context, tn access.Tenant, id int64) (export.File, error)
	List(ctx context.Context, tn access.Tenant, kind export.Kind, f export.Filter, p paging.Request) (paging.Page[export.File], error)
	// Start marks the file RUNNING from the start (a retry starts over).
	Start(ctx context.Context, tn access.Tenant, id int64, total int) error
	Progress(ctx context.Context, tn access.Tenant, id int64, done int) error
	// Finish marks a RUNNING file DONE with its stored bytes; false when the
	// file is no longer RUNNING (deleted meanwhile).
	Finish(ctx context.Context, tn access.Tenant, id int64, key string, size int64, notice string, at time.Time) (bool, error)
	Fail(ctx context.Context, tn access.Tenant, id int64, reason string, at time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
	// Expired lists files of every organization whose retention ended.
	Expired(ctx context.Context, now time.Time, limit int) ([]export.File, error)
}

// Source reads the rows of each history type, one at a time: an export of
// a million rows never holds them all.
type Source interface {
	// MissingFilters names (field → message) the request's filters that are
	// not the tenant's objects.
	MissingFilters(ctx context.Context, tn access.Tenant, r export.Request) (map[string]string, error)
	GroupNames(ctx context.Context, tn access.Tenant) (map[int64]string, error)
	CountCheckResults(ctx context.Context, tn access.Tenant, r export.Request) (int, error)
	EachCheckResult(ctx context.Context, tn access.Tenant, r export.Request, fn func(export.CheckResultRow) error) error
	EachCheckPhoto(ctx context.Context, tn access.Tenant, r export.Request, fn func(export.Photo) error) error
	SurveyQuestions(ctx context.Context, tn access.Tenant, surveyID int64) ([]export.SurveyQuestion, error)
	CountSurveyAnswers(ctx context.Context, tn access.Tenant, r export.Request) (int, error)
	EachSurveyAnswer(ctx context.Context, tn access.Tenant, r export.Request, fn func(export.SurveyAnswerRow) error) error
	CountOperations(ctx context.Context, tn access.Tenant, r export.Request) (int, error)
	EachOperation(ctx context.Context, tn access.Tenant, r export.Request, fn func(export.OperationRow) error) error
}

// Sheets writes rows in a format: XLSX, or CSV in UTF-8 or Shift_JIS.
type Sheets interface {
	New(w io.Writer, r export.Request, title string, cols []export.Column) (Sheet, error)
}

// Sheet is one sheet being written. Close finishes it and says what it had
// to change (characters Shift_JIS lacks), "" when nothing.
type Sheet interface {
	Row(cells []any) error
	Close() (notice string, err error)
}

// Organizations reads the options an export depends on.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// History records a download (a read, so no transaction records it).
type History interface {
	Record(ctx context.Context, op history.Operation) error
}

// ReportWriter writes a report's PDF (app/report); the making around it
// (temporary file, storage, status) is the same as an export's.
type ReportWriter interface {
	WriteReport(ctx context.Context, tn access.Tenant, f export.File, w io.Writer, p Progress) error
}

// Progress is told how much there is to do, then each step done.
type Progress interface {
	Start(total int) error
	Step() error
}

// MakeFileJob makes one requested file in the background.
type MakeFileJob struct {
	OrganizationID int64 `json:"organizationId"`
	FileID         int64 `json:"fileId"`
}

func (MakeFileJob) Kind() string { return "export_make_file" }

// ExpireFilesJob removes the files whose retention ended (periodic).
type ExpireFilesJob struct{}

func (ExpireFilesJob) Kind() string { return "export_expire_files" }
