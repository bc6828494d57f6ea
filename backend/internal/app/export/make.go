package export

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/failure"
)

// Make makes the file of job. It writes to a temporary file, stores it,
// and only then marks the record DONE: a job that dies halfway leaves the
// record RUNNING without bytes, and River runs it again from the start. A
// refusal the user can act on (a survey deleted since) fails the file with
// its message at once; any other error is retried, and on the last attempt
// fails the file with a general reason.
func (u *UseCases) Make(ctx context.Context, job MakeFileJob, lastAttempt bool) error {
	tn := access.TrustedTenant(job.OrganizationID)
	f, err := u.files.Get(ctx, tn, job.FileID)
	if failure.Is(err, failure.KindNotFound) {
		return nil // deleted before it was made
	}
	if err != nil {
		return err
	}
	if f.Status == export.Done || f.Status == export.Failed {
		return nil
	}
	err = u.make(ctx, tn.Within(f.Scope), f)
	if err == nil {
		return nil
	}
	reason := background.FailureReason(err, lastAttempt, export.MsgFailedUnknown)
	if reason == "" {
		return err
	}
	if ferr := u.files.Fail(context.WithoutCancel(ctx), tn, f.ID, reason, u.clock.Now()); ferr != nil {
		return ferr
	}
	return nil
}

func (u *UseCases) make(ctx context.Context, tn access.Tenant, f export.File) error {
	tmp, err := os.CreateTemp("", "export-*")
	if err != nil {
		return fmt.Errorf("export temp file: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	p := &progress{u: u, ctx: ctx, tn: tn, id: f.ID}
	notice := ""
	if f.Kind == export.KindReport {
		if u.reports == nil {
			return fmt.Errorf("export: no report writer")
		}
		err = u.reports.WriteReport(ctx, tn, f, tmp, p)
	} else {
		notice, err = u.writeHistory(ctx, tn, f, tmp, p)
	}
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	key := filestore.OrgKey(f.OrganizationID, "exports", fmt.Sprintf("%d%s", f.ID, f.Extension()))
	size, err := u.store.Put(ctx, key, tmp)
	if err != nil {
		return fmt.Errorf("store export: %w", err)
	}
	finished, err := u.files.Finish(ctx, tn, f.ID, key, size, notice, u.clock.Now())
	if err != nil {
		return err
	}
	if !finished {
		_ = u.store.Delete(ctx, key) // deleted while it was being made
	}
	return nil
}

// writeHistory writes a history export (its sheet, and the photos in a ZIP
// when asked) to out, and says what it had to replace.
func (u *UseCases) writeHistory(ctx context.Context, tn access.Tenant, f export.File, out io.Writer, p *progress) (string, error) {
	r := f.Request
	org, err := u.orgs.Get(ctx, f.OrganizationID)
	if err != nil {
		return "", err
	}
	w, err := u.writerFor(ctx, tn, r, org.ExternalDataIDLabel)
	if err != nil {
		return "", err
	}
	total, err := w.count(ctx)
	if err != nil {
		return "", err
	}
	if err := p.Start(total); err != nil {
		return "", err
	}
	var zw *zip.Writer
	if r.IncludePhoto {
		zw = zip.NewWriter(out)
		base := strings.TrimSuffix(f.FileName, r.Extension())
		if out, err = zw.CreateHeader(&zip.FileHeader{Name: base + r.SheetExtension(), Method: zip.Deflate, Modified: u.clock.Now()}); err != nil {
			return "", err
		}
	}
	sheet, err := u.sheets.New(out, r, r.HistoryType.Label(), w.columns)
	if err != nil {
		return "", err
	}
	if err := w.rows(ctx, func(cells []any) error {
		if err := sheet.Row(cells); err != nil {
			return err
		}
		return p.Step()
	}); err != nil {
		return "", err
	}
	notice, err := sheet.Close()
	if err != nil {
		return "", err
	}
	if zw != nil {
		if err := u.addPhotos(ctx, tn, r, zw); err != nil {
			return "", err
		}
		if err := zw.Close(); err != nil {
			return "", err
		}
	}
	return notice, nil
}

// progress writes how far the making got: the total at the start, then
// the count every progressEvery steps.
type progress struct {
	u    *UseCases
	ctx  context.Context
	tn   access.Tenant
	id   int64
	done int
}

func (p *progress) Start(total int) error { return p.u.files.Start(p.ctx, p.tn, p.id, total) }

func (p *progress) Step() error {
	p.done++
	if p.done%p.u.progressEvery != 0 {
		return nil
	}
	if err := p.ctx.Err(); err != nil {
		return err
	}
	return p.u.files.Progress(p.ctx, p.tn, p.id, p.done)
}

// addPhotos puts the photos of the exported answers in folders per store
// and date, named by item, so a person finds them next to the sheet.
func (u *UseCases) addPhotos(ctx context.Context, tn access.Tenant, r export.Request, zw *zip.Writer) error {
	used := map[string]int{}
	return u.source.EachCheckPhoto(ctx, tn, r, func(ph export.Photo) error {
		dir := "写真/" + safeName(ph.FacilityName) + "/" + ph.Date.Format("2006-01-02")
		name := dir + "/" + safeName(ph.Label)
		used[name]++
		if n := used[name]; n > 1 {
			name += fmt.Sprintf("_%d", n)
		}
		name += extensionOf(ph.ContentType)
		rc, err := u.store.Open(ctx, ph.StorageKey)
		if failure.Is(err, failure.KindNotFound) {
			return nil // a photo whose bytes are gone is left out, not the whole export
		}
		if err != nil {
			return err
		}
		defer rc.Close()
		// Photos are already compressed: stored, not deflated again.
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: ph.Date})
		if err != nil {
			return err
		}
		_, err = io.Copy(w, rc)
		return err
	})
}

func extensionOf(contentType string) string {
	switch contentType {
	case "image/png":
		return ".png"
	case "image/webp":
		return ".webp"
	}
	return ".jpg"
}

// safeName keeps a name usable as a file or folder name on Windows and Mac.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`\/:*?"<>|`, r) || r < 0x20 {
			return '_'
		}
		return r
	}, strings.TrimSpace(s))
	if rs := []rune(s); len(rs) > 40 {
		s = string(rs[:40])
	}
	if s == "" || s == "." || s == ".." {
		s = "_"
	}
	return path.Clean(s)
}

// Expire removes the files whose retention ended, bytes first: a record
// whose bytes are gone is never left downloadable.
func (u *UseCases) Expire(ctx context.Context) (int, error) {
	removed := 0
	for {
		files, err := u.files.Expired(ctx, u.clock.Now(), 200)
		if err != nil || len(files) == 0 {
			return removed, err
		}
		for _, f := range files {
			if f.StorageKey != "" {
				if err := u.store.Delete(ctx, f.StorageKey); err != nil {
					return removed, err
				}
			}
			if err := u.files.Delete(ctx, access.TrustedTenant(f.OrganizationID), f.ID); err != nil {
				return removed, err
			}
			removed++
		}
	}
}
