package export

import (
	"context"
	"io"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/filestore"
	surveyapp "github.com/rouder/console/internal/app/survey"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/paging"
)

// Retention is how long a made file stays (configuration; default 30 days).
type Retention time.Duration

// UseCases are the export screen's calls (ROLE_HISTORY_EXPORT) and the jobs.
type UseCases struct {
	tx        background.Transactor
	queue     background.Enqueuer
	files     Files
	source    Source
	sheets    Sheets
	store     filestore.Store
	orgs      Organizations
	history   History
	clock     clock.Clock
	retention time.Duration
	// progressEvery is how many rows pass between progress writes.
	progressEvery int
	reports       ReportWriter
}

// SetReportWriter attaches the report maker (it needs these use cases to
// submit its files, so it joins after both exist).
func (u *UseCases) SetReportWriter(w ReportWriter) { u.reports = w }

func New(tx background.Transactor, q background.Enqueuer, f Files, src Source, sh Sheets, st filestore.Store,
	o Organizations, h History, c clock.Clock, keep Retention) *UseCases {
	if keep <= 0 {
		keep = Retention(export.DefaultRetention)
	}
	return &UseCases{tx: tx, queue: q, files: f, source: src, sheets: sh, store: st, orgs: o, history: h,
		clock: c, retention: time.Duration(keep), progressEvery: 2000}
}

// SetProgressEvery sets how many rows pass between progress writes (tests
// make it small to watch a making halfway).
func (u *UseCases) SetProgressEvery(n int) {
	if n > 0 {
		u.progressEvery = n
	}
}

// roles are who may ask for, list and fetch each kind of file.
var roles = map[export.Kind]access.Role{
	export.KindHistory: access.RoleHistoryExport,
	export.KindReport:  access.RoleReportReference,
}

func (u *UseCases) exporter(ctx context.Context) (access.Principal, error) {
	return u.holder(ctx, export.KindHistory)
}

// holder is the principal if it may handle files of kind.
func (u *UseCases) holder(ctx context.Context, kind export.Kind) (access.Principal, error) {
	return access.Require(ctx, roles[kind])
}

// Request stores the file record and its job in one transaction: the job
// runs only if the record is there, and the record never waits for a job
// that was not stored.
func (u *UseCases) Request(ctx context.Context, r export.Request) (export.File, error) {
	p, err := u.exporter(ctx)
	if err != nil {
		return export.File{}, err
	}
	r = r.Normalize()
	if err := r.Validate(); err != nil {
		return export.File{}, err
	}
	if r.HistoryType == export.Operation {
		org, err := u.orgs.Get(ctx, p.ActingOrgID)
		if err != nil {
			return export.File{}, err
		}
		if !org.AvailableOpeHistoryExport {
			return export.File{}, failure.Invalid(map[string]string{"historyType": export.MsgNoOperations})
		}
	}
	if r.IncludeMailAddress && !u.MayIncludeMail(ctx) {
		return export.File{}, failure.Invalid(map[string]string{"includeMailAddress": export.MsgNoMail})
	}
	missing, err := u.source.MissingFilters(ctx, p.Tenant(), r)
	if err != nil {
		return export.File{}, err
	}
	if len(missing) > 0 {
		return export.File{}, failure.Invalid(missing)
	}
	now := u.clock.Now()
	f := export.File{Kind: export.KindHistory, Request: r, FileName: r.FileName(now, clock.Tokyo)}
	return u.Submit(ctx, p, f, describe(r))
}

// Submit stores a file record for p (QUEUED, with p's scope) and its job
// in one transaction: the job runs only if the record is there, and the
// record never waits for a job that was not stored. detail is added to the
// request's operation history record.
func (u *UseCases) Submit(ctx context.Context, p access.Principal, f export.File, detail string) (export.File, error) {
	now := u.clock.Now()
	f.OrganizationID, f.Scope, f.RequestedBy, f.RequesterAccount = p.ActingOrgID, p.Tenant().Scope(), p.UserID, p.Account
	f.Status, f.CreatedAt, f.ExpiresAt = export.Queued, now, now.Add(u.retention)
	err := u.tx.InTx(ctx, func(ctx context.Context) error {
		id, err := u.files.Create(ctx, p.Tenant(), f)
		if err != nil {
			return err
		}
		f.ID = id
		history.NameTarget(ctx, id)
		history.AddDetail(ctx, detail)
		return u.queue.Enqueue(ctx, MakeFileJob{OrganizationID: p.ActingOrgID, FileID: id})
	})
	return f, err
}

// MayIncludeMail reports whether the signed-in user may put customers' mail
// addresses in a file (the rule of the survey results screen), so the
// screen offers the option only to them.
func (u *UseCases) MayIncludeMail(ctx context.Context) bool {
	p, err := access.PrincipalFrom(ctx)
	return err == nil && surveyapp.SeesMail(p)
}

// describe is the request in a few words for the operation history; using
// mail addresses is always said.
func describe(r export.Request) string {
	s := r.HistoryType.Label() + " " + r.From.Format("2006/01/02") + "〜" + r.To.Format("2006/01/02") + " " + string(r.FileType)
	if r.Encoding == export.ShiftJIS {
		s += "(Shift_JIS)"
	}
	if r.IncludePhoto {
		s += " 写真付き"
	}
	if r.IncludeMailAddress {
		s += " メールアドレスを含む"
	}
	return s
}

// List is one page of the files the user may see: those asked by users
// whose scope lies in the user's (all of the organization's for a
// whole-organization user).
func (u *UseCases) List(ctx context.Context, kind export.Kind, f export.Filter, pg paging.Request) (paging.Page[export.File], error) {
	p, err := u.holder(ctx, kind)
	if err != nil {
		return paging.Page[export.File]{}, err
	}
	return u.files.List(ctx, p.Tenant(), kind, f, pg.Normalize())
}

// get is one file of kind the principal may see (another kind is not found).
func (u *UseCases) get(ctx context.Context, p access.Principal, kind export.Kind, id int64) (export.File, error) {
	f, err := u.files.Get(ctx, p.Tenant(), id)
	if err == nil && f.Kind != kind {
		return export.File{}, failure.NotFound()
	}
	return f, err
}

// Get is one file, for the progress the list polls.
func (u *UseCases) Get(ctx context.Context, kind export.Kind, id int64) (export.File, error) {
	p, err := u.holder(ctx, kind)
	if err != nil {
		return export.File{}, err
	}
	return u.get(ctx, p, kind, id)
}

// Open returns a made file and its bytes, and records the download from
// the source address ip.
func (u *UseCases) Open(ctx context.Context, kind export.Kind, id int64, ip string) (export.File, io.ReadCloser, error) {
	p, err := u.holder(ctx, kind)
	if err != nil {
		return export.File{}, nil, err
	}
	f, err := u.get(ctx, p, kind, id)
	if err != nil {
		return export.File{}, nil, err
	}
	if !f.Downloadable() {
		return export.File{}, nil, failure.Conflict(export.MsgNotReady)
	}
	rc, err := u.store.Open(ctx, f.StorageKey)
	if err != nil {
		return export.File{}, nil, err
	}
	uid := p.UserID
	err = u.history.Record(ctx, history.Operation{OrganizationID: p.ActingOrgID, UserID: &uid, UserAccount: p.Account,
		Kind: history.Download, TargetType: targetTypes[kind], TargetID: &f.ID, Detail: "ダウンロードしました：" + f.FileName,
		IPAddress: ip, At: u.clock.Now()})
	if err != nil {
		_ = rc.Close()
		return export.File{}, nil, err
	}
	return f, rc, nil
}

// targetTypes name the kinds in the operation history.
var targetTypes = map[export.Kind]string{export.KindHistory: "エクスポート", export.KindReport: "レポート"}

// Delete removes a file its requester no longer needs.
func (u *UseCases) Delete(ctx context.Context, kind export.Kind, id int64) error {
	p, err := u.holder(ctx, kind)
	if err != nil {
		return err
	}
	f, err := u.get(ctx, p, kind, id)
	if err != nil {
		return err
	}
	if f.RequestedBy != p.UserID || f.OrganizationID != p.ActingOrgID {
		return failure.WithMessage(failure.KindForbidden, export.MsgOnlyRequester)
	}
	if err := u.tx.InTx(ctx, func(ctx context.Context) error { return u.files.Delete(ctx, p.Tenant(), id) }); err != nil {
		return err
	}
	if f.StorageKey != "" {
		// The record is gone, so nobody can reach the bytes; a failed removal
		// leaves an orphan, never a dangling record.
		_ = u.store.Delete(context.WithoutCancel(ctx), f.StorageKey)
	}
	return nil
}
