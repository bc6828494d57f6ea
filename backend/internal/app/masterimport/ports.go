// Package masterimport is bulk master registration (ROLE_MASTER_IMPORT):
// the workbook download, the upload that is read at once and previewed in
// the background, the plan's rows, and applying it — in one transaction,
// only when it has no error and the masters are still what the preview
// compared with. Plans are domain/masters'; this package moves files and
// calls the repositories the screens use, so a bulk change writes exactly
// what the forms would.
package masterimport

import (
	"context"
	"io"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// Imports stores the uploads. Reads are limited to uploads by someone
// whose scope lies in the tenant's.
type Imports interface {
	Create(ctx context.Context, tn access.Tenant, im masters.Import) (int64, error)
	SetFileKey(ctx context.Context, tn access.Tenant, id int64, key string) error
	Get(ctx context.Context, tn access.Tenant, id int64) (masters.Import, error)
	List(ctx context.Context, tn access.Tenant, p paging.Request) (paging.Page[masters.Import], error)
	Progress(ctx context.Context, tn access.Tenant, id int64, done, total int) error
	Previewed(ctx context.Context, tn access.Tenant, id int64, p masters.Plan, planKey string, at time.Time) error
	Fail(ctx context.Context, tn access.Tenant, id int64, from masters.Status, reason string) error
	// Move changes the status; by and address (when by is not "") record who
	// moved it and where they asked from.
	Move(ctx context.Context, tn access.Tenant, id int64, from, to masters.Status, by, address string) (bool, error)
	Applied(ctx context.Context, tn access.Tenant, id int64, counts []masters.Count, passwordsKey string, passwords int, at time.Time) error
	TakePasswords(ctx context.Context, tn access.Tenant, id int64, key string) (bool, error)
}

// Snapshots reads the masters a plan compares with.
type Snapshots interface {
	Snapshot(ctx context.Context, tn access.Tenant) (masters.Snapshot, error)
	TakenAccounts(ctx context.Context, tn access.Tenant, anywhere bool, accounts []string, visible map[int64]bool) (map[string]bool, error)
}

// Workbooks reads and writes the workbook's files.
type Workbooks interface {
	Read(r io.ReaderAt, size int64, name string, layouts []masters.Layout) (masters.Workbook, error)
	Write(w io.Writer, layouts []masters.Layout, rows map[masters.Set][][]string, errors map[masters.Set]map[int]string) error
	WriteTable(w io.Writer, sheet string, headings []string, rows [][]string) error
}

// Groups, Facilities, Users and Tags are the repositories of the screens.
type Groups interface {
	Get(ctx context.Context, tn access.Tenant, id int64) (group.Summary, error)
	Create(ctx context.Context, tn access.Tenant, parent *group.Summary, in group.Input, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, parent *group.Summary, in group.Input, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

type Facilities interface {
	Create(ctx context.Context, tn access.Tenant, in facility.Input, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, in facility.Input, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

type Users interface {
	// LockAccounts, inside a transaction, holds the accounts (any case)
	// until it ends, as the user screen's check does one: a screen's save
	// of one of them waits for the import's commit, and the import for
	// the screen's.
	LockAccounts(ctx context.Context, accounts []string) error
	Create(ctx context.Context, tn access.Tenant, in user.Input, hash string, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, id, version int64, in user.Input, hash string, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

type Tags interface {
	Create(ctx context.Context, tn access.Tenant, in tag.Input, now time.Time) (int64, error)
	Rename(ctx context.Context, tn access.Tenant, id int64, in tag.Input) error
	Delete(ctx context.Context, tn access.Tenant, id int64) error
}

// CheckLists saves check lists whole, as the check list editor does.
type CheckLists interface {
	Create(ctx context.Context, tn access.Tenant, cl checklist.CheckList, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, cl checklist.CheckList, version int64, today, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error
}

// Surveys saves surveys' settings and target stores, as the survey editor does.
type Surveys interface {
	Create(ctx context.Context, tn access.Tenant, s survey.Survey, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, s survey.Survey, version int64, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error
}

// Sessions ends the sessions of users the import disables.
type Sessions interface {
	RevokeUser(ctx context.Context, userID int64, keep string, at time.Time) error
}

// Passwords hashes new users' initial passwords.
type Passwords interface {
	Hash(plain string) (string, error)
}

// Organizations reads the labels the workbook's headings use.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// History records downloads (reads, so no transaction records them).
type History interface {
	Record(ctx context.Context, op history.Operation) error
}

// Config is how accounts are unique: across organizations (SYSTEM range) or within one.
type Config struct{ SystemRange bool }

// RunJob previews (Apply false) or applies an upload in the background.
type RunJob struct {
	OrganizationID int64 `json:"organizationId"`
	ImportID       int64 `json:"importId"`
	Apply          bool  `json:"apply"`
}

func (RunJob) Kind() string { return "master_import" }
