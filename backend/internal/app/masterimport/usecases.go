package masterimport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/survey"
)

// UseCases are the /master/ screen's calls and the job behind them.
type UseCases struct {
	tx         background.Transactor
	queue      background.Enqueuer
	imports    Imports
	snapshots  Snapshots
	workbooks  Workbooks
	store      filestore.Store
	orgs       Organizations
	groups     Groups
	facilities Facilities
	users      Users
	fTags      Tags
	uTags      Tags
	checkLists CheckLists
	surveys    Surveys
	sessions   Sessions
	passwords  Passwords
	history    History
	clock      clock.Clock
	cfg        Config
}

// Repos are the screens' repositories an import writes through.
type Repos struct {
	Groups       Groups
	Facilities   Facilities
	Users        Users
	FacilityTags Tags
	UserTags     Tags
	CheckLists   CheckLists
	Surveys      Surveys
	Sessions     Sessions
}

func New(tx background.Transactor, q background.Enqueuer, im Imports, sn Snapshots, wb Workbooks, st filestore.Store,
	o Organizations, r Repos, pw Passwords, h History, c clock.Clock, cfg Config) *UseCases {
	return &UseCases{tx: tx, queue: q, imports: im, snapshots: sn, workbooks: wb, store: st, orgs: o,
		groups: r.Groups, facilities: r.Facilities, users: r.Users, fTags: r.FacilityTags, uTags: r.UserTags,
		checkLists: r.CheckLists, surveys: r.Surveys, sessions: r.Sessions, passwords: pw, history: h, clock: c, cfg: cfg}
}

func (u *UseCases) importer(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleMasterImport)
}

func (u *UseCases) layouts(ctx context.Context, org int64) ([]masters.Layout, error) {
	o, err := u.orgs.Get(ctx, org)
	if err != nil {
		return nil, err
	}
	return masters.Layouts(labels(o)), nil
}

func labels(o organization.Organization) masters.Labels {
	l := masters.Labels{ExternalDataID: o.ExternalDataIDLabel, ExternalDataValue: o.ExternalDataValueLabel}
	if l.ExternalDataID == "" {
		l.ExternalDataID = "外部データID"
	}
	if l.ExternalDataValue == "" || l.ExternalDataValue == l.ExternalDataID {
		l.ExternalDataValue = "外部データ"
	}
	return l
}

// Download writes the organization's masters (the user's subtree when it
// has one) as the workbook, or an empty template; recorded as a download,
// since it holds users' mail addresses.
func (u *UseCases) Download(ctx context.Context, w io.Writer, template bool, ip string) error {
	p, err := u.importer(ctx)
	if err != nil {
		return err
	}
	org, err := u.orgs.Get(ctx, p.ActingOrgID)
	if err != nil {
		return err
	}
	layouts := masters.Layouts(labels(org))
	rows := map[masters.Set][][]string{}
	if !template {
		s, err := u.snapshot(ctx, p.Tenant(), rightsOf(p.Roles, p.Tenant().Scope(), org, clock.Today(u.clock)))
		if err != nil {
			return err
		}
		rows = masters.Render(s)
		uid := p.UserID
		if err := u.history.Record(ctx, history.Operation{OrganizationID: p.ActingOrgID, UserID: &uid, UserAccount: p.Account,
			Kind: history.Download, TargetType: targetType, Detail: "マスタのブックをダウンロードしました", IPAddress: ip,
			At: u.clock.Now()}); err != nil {
			return err
		}
	}
	return u.workbooks.Write(w, layouts, rows, nil)
}

const targetType = "マスタ一括登録"

// rights are which whole-organization sheets a user may change: check lists
// need ROLE_CHECK_ITEM_EDIT, surveys ROLE_SURVEY_REFERENCE and the
// organization's survey option; both belong to the whole organization, so a
// user bound to a subtree gets neither.
type rights struct{ checkLists, surveys bool }

func rightsOf(roles []access.Role, scope string, org organization.Organization, today time.Time) rights {
	whole := scope == ""
	return rights{checkLists: whole && slices.Contains(roles, access.RoleCheckItemEdit),
		surveys: whole && slices.Contains(roles, access.RoleSurveyReference) && survey.Available(org.AvailableSurvey, org.SurveyStartDate, today)}
}

// snapshot reads the masters a user downloads and imports, without the
// check lists or surveys the user may not change.
func (u *UseCases) snapshot(ctx context.Context, tn access.Tenant, r rights) (masters.Snapshot, error) {
	s, err := u.snapshots.Snapshot(ctx, tn)
	if !r.checkLists {
		s.CheckLists = nil
	}
	if !r.surveys {
		s.Surveys = nil
	}
	return s, err
}

// Upload reads an uploaded file at once — a file that cannot be read is
// refused with its reason and nothing is kept — then stores it with its
// import record and the preview's job in one transaction.
func (u *UseCases) Upload(ctx context.Context, name string, r io.Reader, deleteSets []masters.Set) (masters.Import, error) {
	p, err := u.importer(ctx)
	if err != nil {
		return masters.Import{}, err
	}
	for _, s := range deleteSets {
		if !s.Valid() {
			return masters.Import{}, failure.Invalid(map[string]string{"deleteSets": "削除するシートの指定が正しくありません。"})
		}
	}
	tmp, size, err := spool(r)
	if err != nil {
		return masters.Import{}, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	layouts, err := u.layouts(ctx, p.ActingOrgID)
	if err != nil {
		return masters.Import{}, err
	}
	wb, err := u.workbooks.Read(tmp, size, name, layouts)
	if err != nil {
		return masters.Import{}, err
	}
	now := u.clock.Now()
	im := masters.Import{OrganizationID: p.ActingOrgID, Scope: p.Tenant().Scope(), RequestedBy: p.UserID,
		RequesterAccount: p.Account, Roles: p.Roles, Address: p.Address, FileName: cleanName(name), FileSize: size, Delete: deleteSets,
		Status: masters.Previewing, Total: wb.Rows(), CreatedAt: now}
	err = u.tx.InTx(ctx, func(ctx context.Context) error {
		if im.ID, err = u.imports.Create(ctx, p.Tenant(), im); err != nil {
			return err
		}
		im.FileKey = importKey(im, "upload"+extension(im.FileName))
		if err := u.imports.SetFileKey(ctx, p.Tenant(), im.ID, im.FileKey); err != nil {
			return err
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			return err
		}
		// Stored before commit: the job never finds a record without its file.
		if _, err := u.store.Put(ctx, im.FileKey, tmp); err != nil {
			return fmt.Errorf("store upload: %w", err)
		}
		// And the rows as read, so the jobs and the preview workbook do not parse
		// the file again (JSON keeps a sheet without rows apart from a missing one).
		var rows bytes.Buffer
		if err := json.NewEncoder(&rows).Encode(wb); err != nil {
			return err
		}
		if _, err := u.store.Put(ctx, rowsKey(im), &rows); err != nil {
			return fmt.Errorf("store upload rows: %w", err)
		}
		return u.queue.Enqueue(ctx, RunJob{OrganizationID: im.OrganizationID, ImportID: im.ID})
	})
	if err != nil && im.FileKey != "" {
		_ = u.store.Delete(context.WithoutCancel(ctx), im.FileKey)
		_ = u.store.Delete(context.WithoutCancel(ctx), rowsKey(im))
	}
	return im, err
}

// rowsKey is where an upload's rows are kept as they were read.
func rowsKey(im masters.Import) string { return importKey(im, "rows.json") }

// importKey is where an import keeps its files (the upload, its rows, the
// plan, the new users' passwords).
func importKey(im masters.Import, name string) string {
	return filestore.OrgKey(im.OrganizationID, "imports", strconv.FormatInt(im.ID, 10), name)
}

// spool copies an upload to a temporary file (the readers need random
// access), refusing one over the size limit.
func spool(r io.Reader) (*os.File, int64, error) {
	tmp, err := os.CreateTemp("", "master-import-*")
	if err != nil {
		return nil, 0, err
	}
	n, err := io.Copy(tmp, io.LimitReader(r, masters.MaxFileSize+1))
	if err == nil && n > masters.MaxFileSize {
		err = failure.InvalidMessage(masters.MsgTooLarge)
	}
	if err == nil && n == 0 {
		err = failure.InvalidMessage("ファイルが空です。")
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, 0, err
	}
	return tmp, n, nil
}

func cleanName(name string) string {
	name = strings.TrimSpace(name[strings.LastIndexAny(name, `/\`)+1:])
	if name == "" {
		name = "upload.xlsx"
	}
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	return name
}

func extension(name string) string {
	if strings.HasSuffix(strings.ToLower(name), ".csv") {
		return ".csv"
	}
	return ".xlsx"
}

// List is a page of past imports the user may see.
func (u *UseCases) List(ctx context.Context, pg paging.Request) (paging.Page[masters.Import], error) {
	p, err := u.importer(ctx)
	if err != nil {
		return paging.Page[masters.Import]{}, err
	}
	return u.imports.List(ctx, p.Tenant(), pg.Normalize())
}

// Get is one import, for its progress and counts.
func (u *UseCases) Get(ctx context.Context, id int64) (masters.Import, error) {
	p, err := u.importer(ctx)
	if err != nil {
		return masters.Import{}, err
	}
	return u.imports.Get(ctx, p.Tenant(), id)
}

// RowFilter narrows the plan's rows.
type RowFilter struct {
	Set masters.Set
	Op  masters.Op
}

// Rows is a page of a previewed plan's rows.
func (u *UseCases) Rows(ctx context.Context, id int64, f RowFilter, pg paging.Request) (paging.Page[masters.Row], error) {
	pg = pg.Normalize()
	im, err := u.Get(ctx, id)
	if err != nil {
		return paging.Page[masters.Row]{}, err
	}
	rows, err := u.planRows(ctx, im)
	if err != nil {
		return paging.Page[masters.Row]{}, err
	}
	rows = slices.DeleteFunc(rows, func(r masters.Row) bool {
		return (f.Set != "" && r.Set != f.Set) || (f.Op != "" && r.Op != f.Op)
	})
	from := min(pg.Offset(), len(rows))
	return paging.Page[masters.Row]{Items: rows[from:min(from+pg.Size, len(rows))], Total: len(rows), Request: pg}, nil
}

func (u *UseCases) planRows(ctx context.Context, im masters.Import) ([]masters.Row, error) {
	if im.PlanKey == "" {
		return nil, nil
	}
	rc, err := u.store.Open(ctx, im.PlanKey)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	var rows []masters.Row
	if err := json.NewDecoder(rc).Decode(&rows); err != nil {
		return nil, fmt.Errorf("read plan %d: %w", im.ID, err)
	}
	return rows, nil
}

// OpenUpload returns the uploaded file as it was received.
func (u *UseCases) OpenUpload(ctx context.Context, id int64) (masters.Import, io.ReadCloser, error) {
	im, err := u.Get(ctx, id)
	if err != nil {
		return im, nil, err
	}
	rc, err := u.store.Open(ctx, im.FileKey)
	return im, rc, err
}

// WritePreview writes the uploaded workbook back with an error column:
// each row's messages beside it, so it can be fixed in place.
func (u *UseCases) WritePreview(ctx context.Context, id int64, w io.Writer) error {
	im, err := u.Get(ctx, id)
	if err != nil {
		return err
	}
	if im.PlanKey == "" {
		return failure.Conflict(masters.MsgNotPreviewed)
	}
	layouts, err := u.layouts(ctx, im.OrganizationID)
	if err != nil {
		return err
	}
	wb, err := u.readUpload(ctx, im)
	if err != nil {
		return err
	}
	rows, err := u.planRows(ctx, im)
	if err != nil {
		return err
	}
	errs := map[masters.Set]map[int]string{}
	for _, r := range rows {
		if r.Line == 0 || len(r.Errors) == 0 {
			continue
		}
		if errs[r.Set] == nil {
			errs[r.Set] = map[int]string{}
		}
		var msgs []string
		for _, e := range r.Errors {
			msgs = append(msgs, e.Text())
		}
		errs[r.Set][r.Line] = strings.Join(msgs, "\n")
	}
	cells := map[masters.Set][][]string{}
	byPos := map[masters.Set]map[int]string{}
	for set, lines := range wb {
		byPos[set] = map[int]string{}
		for i, l := range lines {
			cells[set] = append(cells[set], l.Cells)
			if msg, ok := errs[set][l.Number]; ok {
				byPos[set][i] = msg
			}
		}
	}
	return u.workbooks.Write(w, layouts, cells, byPos)
}

// readUpload returns the rows of an upload as they were read when it came.
func (u *UseCases) readUpload(ctx context.Context, im masters.Import) (masters.Workbook, error) {
	rc, err := u.store.Open(ctx, rowsKey(im))
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	var wb masters.Workbook
	if err := json.NewDecoder(rc).Decode(&wb); err != nil {
		return nil, fmt.Errorf("read upload rows %d: %w", im.ID, err)
	}
	return wb, nil
}

// Apply asks for a previewed plan without errors to be applied; only its
// uploader may (the plan checked that user's authorities).
func (u *UseCases) Apply(ctx context.Context, id int64) (masters.Import, error) {
	p, err := u.importer(ctx)
	if err != nil {
		return masters.Import{}, err
	}
	im, err := u.imports.Get(ctx, p.Tenant(), id)
	if err != nil {
		return im, err
	}
	if err := im.MayApply(p.UserID); err != nil {
		return im, err
	}
	err = u.tx.InTx(ctx, func(ctx context.Context) error {
		// The apply plans again, from the address the apply is asked from.
		moved, err := u.imports.Move(ctx, p.Tenant(), id, masters.Previewed, masters.Applying, p.Account, p.Address)
		if err != nil {
			return err
		}
		if !moved {
			return failure.Conflict(masters.MsgNotPreviewed)
		}
		return u.queue.Enqueue(ctx, RunJob{OrganizationID: im.OrganizationID, ImportID: id, Apply: true})
	})
	im.Status = masters.Applying
	return im, err
}

// TakePasswords hands out the new users' initial passwords once: the file
// is deleted as it is read.
func (u *UseCases) TakePasswords(ctx context.Context, id int64, ip string) (masters.Import, []byte, error) {
	p, err := u.importer(ctx)
	if err != nil {
		return masters.Import{}, nil, err
	}
	im, err := u.imports.Get(ctx, p.Tenant(), id)
	if err != nil {
		return im, nil, err
	}
	if im.RequestedBy != p.UserID {
		return im, nil, failure.Refused(masters.MsgNotUploader)
	}
	if im.PasswordsKey == "" {
		return im, nil, failure.Refused(masters.MsgPasswordsGone)
	}
	rc, err := u.store.Open(ctx, im.PasswordsKey)
	if err != nil {
		return im, nil, err
	}
	var buf bytes.Buffer
	_, err = io.Copy(&buf, rc)
	rc.Close()
	if err != nil {
		return im, nil, err
	}
	took, err := u.imports.TakePasswords(ctx, p.Tenant(), id, im.PasswordsKey)
	if err != nil {
		return im, nil, err
	}
	if !took {
		return im, nil, failure.Refused(masters.MsgPasswordsGone)
	}
	_ = u.store.Delete(ctx, im.PasswordsKey)
	uid := p.UserID
	err = u.history.Record(ctx, history.Operation{OrganizationID: p.ActingOrgID, UserID: &uid, UserAccount: p.Account,
		Kind: history.Download, TargetType: targetType, TargetID: &id, Detail: "初期パスワードをダウンロードしました",
		IPAddress: ip, At: u.clock.Now()})
	return im, buf.Bytes(), err
}
