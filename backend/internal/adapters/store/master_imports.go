package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/paging"
)

type masterImportRow struct {
	bun.BaseModel `bun:"table:master_imports,alias:mi"`

	ImportID         int64      `bun:"import_id,pk,autoincrement"`
	OrganizationID   int64      `bun:"organization_id,notnull"`
	Scope            string     `bun:"scope,notnull"`
	RequestedBy      int64      `bun:"requested_by,notnull"`
	RequesterAccount string     `bun:"requester_account,notnull"`
	RequestedFrom    string     `bun:"requested_from,notnull"`
	Roles            string     `bun:"roles,notnull"`
	FileName         string     `bun:"file_name,notnull"`
	FileKey          string     `bun:"file_key,notnull"`
	FileSize         int64      `bun:"file_size,notnull"`
	DeleteSets       string     `bun:"delete_sets,notnull"`
	Status           string     `bun:"status,notnull"`
	Message          string     `bun:"message,notnull"`
	RowsDone         int        `bun:"rows_done,notnull"`
	RowsTotal        int        `bun:"rows_total,notnull"`
	Counts           string     `bun:"counts,notnull"`
	PlanBase         string     `bun:"plan_base,notnull"`
	PlanKey          string     `bun:"plan_key,notnull"`
	PasswordsKey     string     `bun:"passwords_key,notnull"`
	Passwords        int        `bun:"passwords,notnull"`
	AppliedBy        string     `bun:"applied_by,notnull"`
	CreatedAt        time.Time  `bun:"created_at,notnull"`
	PreviewedAt      *time.Time `bun:"previewed_at"`
	AppliedAt        *time.Time `bun:"applied_at"`
}

func (row masterImportRow) toDomain() (masters.Import, error) {
	im := masters.Import{ID: row.ImportID, OrganizationID: row.OrganizationID, Scope: row.Scope, RequestedBy: row.RequestedBy,
		RequesterAccount: row.RequesterAccount, Address: row.RequestedFrom, FileName: row.FileName, FileKey: row.FileKey, FileSize: row.FileSize,
		Status: masters.Status(row.Status), Message: row.Message, Done: row.RowsDone, Total: row.RowsTotal, Base: row.PlanBase,
		PlanKey: row.PlanKey, PasswordsKey: row.PasswordsKey, Passwords: row.Passwords, AppliedBy: row.AppliedBy,
		CreatedAt: row.CreatedAt, PreviewedAt: row.PreviewedAt, AppliedAt: row.AppliedAt}
	for _, r := range strings.Split(row.Roles, ",") {
		if r != "" {
			im.Roles = append(im.Roles, access.Role(r))
		}
	}
	for _, s := range strings.Split(row.DeleteSets, ",") {
		if s != "" {
			im.Delete = append(im.Delete, masters.Set(s))
		}
	}
	if err := json.Unmarshal([]byte(row.Counts), &im.Counts); err != nil {
		return im, fmt.Errorf("master import %d counts: %w", row.ImportID, err)
	}
	return im, nil
}

// MasterImports stores the uploads of bulk master registration.
type MasterImports struct{ db *DB }

func NewMasterImports(db *DB) *MasterImports { return &MasterImports{db: db} }

func (r *MasterImports) Create(ctx context.Context, tn access.Tenant, im masters.Import) (int64, error) {
	roles := make([]string, len(im.Roles))
	for i, ro := range im.Roles {
		roles[i] = string(ro)
	}
	sets := make([]string, len(im.Delete))
	for i, s := range im.Delete {
		sets[i] = string(s)
	}
	row := &masterImportRow{OrganizationID: tn.Org(), Scope: im.Scope, RequestedBy: im.RequestedBy,
		RequesterAccount: im.RequesterAccount, RequestedFrom: im.Address, Roles: strings.Join(roles, ","), FileName: im.FileName, FileKey: im.FileKey,
		FileSize: im.FileSize, DeleteSets: strings.Join(sets, ","), Status: string(im.Status), Counts: "[]",
		CreatedAt: im.CreatedAt.UTC()}
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("import_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create master import: %w", err)
	}
	return row.ImportID, nil
}

// SetFileKey records where the uploaded file is kept (known once the id is).
func (r *MasterImports) SetFileKey(ctx context.Context, tn access.Tenant, id int64, key string) error {
	_, err := r.db.updateIn(ctx, tn, "master_imports").Set("file_key = ?", key).Where("import_id = ?", id).Exec(ctx)
	return err
}

// Get reads an import of the organization made by someone whose scope lies
// in the tenant's (a subtree user sees its subtree's imports).
func (r *MasterImports) Get(ctx context.Context, tn access.Tenant, id int64) (masters.Import, error) {
	var row masterImportRow
	err := r.scoped(ctx, tn).Where("mi.import_id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return masters.Import{}, failure.NotFound()
	}
	if err != nil {
		return masters.Import{}, fmt.Errorf("read master import %d: %w", id, err)
	}
	return row.toDomain()
}

func (r *MasterImports) scoped(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	return inScope(r.db.selectModelIn(ctx, tn, (*masterImportRow)(nil)), tn, "mi.scope")
}

// List returns a page of imports, newest first.
func (r *MasterImports) List(ctx context.Context, tn access.Tenant, p paging.Request) (paging.Page[masters.Import], error) {
	p = p.Normalize()
	var rows []masterImportRow
	total, err := r.scoped(ctx, tn).OrderExpr("mi.created_at DESC, mi.import_id DESC").
		Limit(p.Size).Offset(p.Offset()).ScanAndCount(ctx, &rows)
	if err != nil {
		return paging.Page[masters.Import]{}, fmt.Errorf("list master imports: %w", err)
	}
	items := make([]masters.Import, len(rows))
	for i, row := range rows {
		if items[i], err = row.toDomain(); err != nil {
			return paging.Page[masters.Import]{}, err
		}
	}
	return paging.Page[masters.Import]{Items: items, Total: total, Request: p}, nil
}

// Progress records how many rows of total have been read.
func (r *MasterImports) Progress(ctx context.Context, tn access.Tenant, id int64, done, total int) error {
	_, err := r.db.updateIn(ctx, tn, "master_imports").Set("rows_done = ?", done).Set("rows_total = ?", total).
		Where("import_id = ?", id).Exec(ctx)
	return err
}

// Previewed records a finished plan: its counts, base and stored rows.
func (r *MasterImports) Previewed(ctx context.Context, tn access.Tenant, id int64, p masters.Plan, planKey string, at time.Time) error {
	counts, err := json.Marshal(p.Counts)
	if err != nil {
		return err
	}
	_, err = r.db.updateIn(ctx, tn, "master_imports").Set("status = ?", string(masters.Previewed)).
		Set("counts = ?", string(counts)).Set("plan_base = ?", p.Base).Set("plan_key = ?", planKey).
		Set("rows_done = rows_total").Set("previewed_at = ?", at.UTC()).
		Where("import_id = ? AND status = ?", id, string(masters.Previewing)).Exec(ctx)
	return err
}

// Fail ends an import with the reason nothing was changed.
func (r *MasterImports) Fail(ctx context.Context, tn access.Tenant, id int64, from masters.Status, reason string) error {
	_, err := r.db.updateIn(ctx, tn, "master_imports").Set("status = ?", string(masters.Failed)).Set("message = ?", reason).
		Where("import_id = ? AND status = ?", id, string(from)).Exec(ctx)
	return err
}

// Move changes the status from one to another; false when it was not from.
// A mover (by) is recorded with the address they asked from.
func (r *MasterImports) Move(ctx context.Context, tn access.Tenant, id int64, from, to masters.Status, by, address string) (bool, error) {
	q := r.db.updateIn(ctx, tn, "master_imports").Set("status = ?", string(to)).Set("message = ''").
		Where("import_id = ? AND status = ?", id, string(from))
	if by != "" {
		q = q.Set("applied_by = ?", by).Set("requested_from = ?", address)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("master import %d status: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Applied marks an APPLYING import APPLIED with its final counts and the
// key of the new users' passwords.
func (r *MasterImports) Applied(ctx context.Context, tn access.Tenant, id int64, counts []masters.Count, passwordsKey string, passwords int, at time.Time) error {
	c, err := json.Marshal(counts)
	if err != nil {
		return err
	}
	res, err := r.db.updateIn(ctx, tn, "master_imports").Set("status = ?", string(masters.Applied)).
		Set("counts = ?", string(c)).Set("passwords_key = ?", passwordsKey).Set("passwords = ?", passwords).
		Set("applied_at = ?", at.UTC()).Where("import_id = ? AND status = ?", id, string(masters.Applying)).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return failure.Conflict(masters.MsgNotPreviewed)
	}
	return nil
}

// TakePasswords clears the passwords' key and returns it: the file is
// handed out once.
func (r *MasterImports) TakePasswords(ctx context.Context, tn access.Tenant, id int64, key string) (bool, error) {
	res, err := r.db.updateIn(ctx, tn, "master_imports").Set("passwords_key = ''").
		Where("import_id = ? AND passwords_key = ? AND passwords_key <> ''", id, key).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
