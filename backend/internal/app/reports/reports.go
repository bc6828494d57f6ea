// Package reports is the use cases of the PDF reports: the request, which
// becomes a file made in the background by the export machinery (record,
// job, progress, list, download, retention, audit), and the making of each
// report's content, drawn by the PDF adapter.
package reports

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	exportapp "github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/app/filestore"
	surveyapp "github.com/rouder/console/internal/app/survey"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/report"
	"github.com/rouder/console/internal/domain/survey"
)

// Source reads what the reports show, within the tenant's scope.
type Source interface {
	GroupNames(ctx context.Context, tn access.Tenant) (map[int64]string, error)
	CheckListName(ctx context.Context, tn access.Tenant, id int64) (string, error)
	SurveyName(ctx context.Context, tn access.Tenant, id int64) (string, error)
	LatestPeriod(ctx context.Context, tn access.Tenant, listID int64, from, to time.Time) (report.Period, *report.Period, bool, error)
	Sheets(ctx context.Context, tn access.Tenant, periodID int64) ([]report.SheetRow, error)
	Answers(ctx context.Context, tn access.Tenant, periodID int64, facilityIDs []int64) (map[int64][]report.AnswerRow, error)
	Items(ctx context.Context, tn access.Tenant, listID int64) ([]report.AnswerRow, error)
	FacilityNames(ctx context.Context, tn access.Tenant, ids []int64) (map[int64]string, error)
	Improvements(ctx context.Context, tn access.Tenant, facilityIDs []int64, from, to time.Time) ([]report.ImprovementRow, error)
	Periods(ctx context.Context, tn access.Tenant, listID int64, from, to time.Time) ([]report.Period, error)
	AdvancedStores(ctx context.Context, tn access.Tenant, ids []int64) ([]report.AdvancedStore, error)
	SheetRates(ctx context.Context, tn access.Tenant, periodIDs, facilityIDs []int64) ([]report.SheetRate, error)
	ItemTotals(ctx context.Context, tn access.Tenant, periodIDs, facilityIDs []int64) ([]report.ItemTotal, error)
	ItemScales(ctx context.Context, tn access.Tenant, listID int64) (map[int64]report.ItemScale, []string, error)
}

// Renderer draws the reports.
type Renderer interface {
	Basic(w io.Writer, r report.BasicReport, photos report.PhotoBytes, step func() error) error
	Survey(w io.Writer, r report.SurveyReport) error
	Improvement(w io.Writer, r report.ImprovementReport, photos report.PhotoBytes) error
	Advanced(w io.Writer, r report.AdvancedReport, step func() error) error
}

// SurveyResults reads a survey's results within a tenant (app/survey).
type SurveyResults interface {
	DetailIn(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, by string) (surveyapp.Detail, error)
	CommentsIn(ctx context.Context, tn access.Tenant, surveyID int64, f survey.DetailFilter, pg paging.Request) (paging.Page[survey.Comment], error)
}

// Organizations reads the organization's name and options.
type Organizations interface {
	Get(ctx context.Context, id int64) (organization.Organization, error)
}

// Files submits report files to the background-file machinery.
type Files interface {
	Submit(ctx context.Context, p access.Principal, f export.File, detail string) (export.File, error)
}

// UseCases ask for reports and make them.
type UseCases struct {
	files    Files
	source   Source
	surveys  SurveyResults
	renderer Renderer
	store    filestore.Store
	orgs     Organizations
	clock    clock.Clock
}

func New(f Files, s Source, sr SurveyResults, r Renderer, st filestore.Store, o Organizations, c clock.Clock) *UseCases {
	return &UseCases{files: f, source: s, surveys: sr, renderer: r, store: st, orgs: o, clock: c}
}

// Request checks a report request and submits it as a file to be made.
func (u *UseCases) Request(ctx context.Context, r report.Request) (export.File, error) {
	p, err := access.Require(ctx, access.RoleReportReference)
	if err != nil {
		return export.File{}, err
	}
	r = r.Normalize()
	if err := r.Validate(); err != nil {
		return export.File{}, err
	}
	org, err := u.orgs.Get(ctx, p.ActingOrgID)
	if err != nil {
		return export.File{}, err
	}
	if !offered(org, r.Type) {
		return export.File{}, failure.Invalid(map[string]string{"reportType": report.MsgUnavailable})
	}
	if err := u.checkTargets(ctx, p.Tenant(), r); err != nil {
		return export.File{}, err
	}
	now := u.clock.Now()
	f := export.File{Kind: export.KindReport, Report: &r, FileName: r.FileName(now, clock.Tokyo)}
	return u.files.Submit(ctx, p, f, fmt.Sprintf("%s %s〜%s %d店舗", r.Type.Label(),
		r.From.Format("2006/01/02"), r.To.Format("2006/01/02"), len(r.FacilityIDs)))
}

// offered reports whether the organization's options allow the type.
func offered(o organization.Organization, t report.Type) bool {
	switch t {
	case report.Advanced:
		return o.AvailableAdvancedReport
	case report.Survey:
		return o.AvailableSurvey
	case report.Improvement:
		return o.AvailableImprovement
	}
	return true
}

// checkTargets refuses a list or a store that is not the user's to see.
func (u *UseCases) checkTargets(ctx context.Context, tn access.Tenant, r report.Request) error {
	if r.CheckListID != nil {
		if _, err := u.source.CheckListName(ctx, tn, *r.CheckListID); failure.Is(err, failure.KindNotFound) {
			return failure.Invalid(map[string]string{"checkListMasterId": report.MsgNoList})
		} else if err != nil {
			return err
		}
	}
	if r.SurveyID != nil {
		if _, err := u.source.SurveyName(ctx, tn, *r.SurveyID); failure.Is(err, failure.KindNotFound) {
			return failure.Invalid(map[string]string{"surveyId": report.MsgNoSurvey})
		} else if err != nil {
			return err
		}
	}
	names, err := u.source.FacilityNames(ctx, tn, r.FacilityIDs)
	if err != nil {
		return err
	}
	for _, id := range r.FacilityIDs {
		if _, ok := names[id]; !ok {
			return failure.Invalid(map[string]string{"facilityIdList": report.MsgNoStore})
		}
	}
	return nil
}

// WriteReport makes the PDF of a report file (the export machinery's
// ReportWriter): the content is read, then drawn; progress counts stores.
func (u *UseCases) WriteReport(ctx context.Context, tn access.Tenant, f export.File, w io.Writer, p exportapp.Progress) error {
	if f.Report == nil {
		return fmt.Errorf("report file %d has no request", f.ID)
	}
	switch f.Report.Type {
	case report.Basic:
		rep, err := u.basic(ctx, tn, f)
		if err != nil {
			return err
		}
		if err := p.Start(len(rep.Stores)); err != nil {
			return err
		}
		return u.renderer.Basic(w, rep, u.photoBytes(ctx), p.Step)
	case report.Survey:
		if err := p.Start(1); err != nil {
			return err
		}
		rep, err := u.survey(ctx, tn, f)
		if err != nil {
			return err
		}
		if err := u.renderer.Survey(w, rep); err != nil {
			return err
		}
		return p.Step()
	case report.Improvement:
		if err := p.Start(1); err != nil {
			return err
		}
		rep, err := u.improvement(ctx, tn, f)
		if err != nil {
			return err
		}
		if err := u.renderer.Improvement(w, rep, u.photoBytes(ctx)); err != nil {
			return err
		}
		return p.Step()
	case report.Advanced:
		rep, err := u.advanced(ctx, tn, f)
		if err != nil {
			return err
		}
		if err := p.Start(len(rep.Stores)/50 + 1); err != nil {
			return err
		}
		return u.renderer.Advanced(w, rep, p.Step)
	}
	return fmt.Errorf("report type %s has no maker", f.Report.Type)
}

// advanced reads an ADVANCED report's content: the list's periods in the
// range, the selected stores that have the advanced report option, their
// rates per period and the categories' rates.
func (u *UseCases) advanced(ctx context.Context, tn access.Tenant, f export.File) (report.AdvancedReport, error) {
	r := *f.Report
	org, err := u.orgs.Get(ctx, f.OrganizationID)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	list, err := u.source.CheckListName(ctx, tn, *r.CheckListID)
	if failure.Is(err, failure.KindNotFound) {
		return report.AdvancedReport{}, failure.Refused(report.MsgListGone)
	}
	if err != nil {
		return report.AdvancedReport{}, err
	}
	periods, err := u.source.Periods(ctx, tn, *r.CheckListID, r.From, r.To)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	stores, err := u.source.AdvancedStores(ctx, tn, r.FacilityIDs)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	periodIDs := make([]int64, len(periods))
	for i, p := range periods {
		periodIDs[i] = p.ID
	}
	ids := make([]int64, len(stores))
	for i, s := range stores {
		ids[i] = s.ID
	}
	sheets, err := u.source.SheetRates(ctx, tn, periodIDs, ids)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	totals, err := u.source.ItemTotals(ctx, tn, periodIDs, ids)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	items, categories, err := u.source.ItemScales(ctx, tn, *r.CheckListID)
	if err != nil {
		return report.AdvancedReport{}, err
	}
	rep := report.AdvancedReport{Organization: org.Name, CheckList: list, From: r.From, To: r.To, MadeBy: f.RequesterAccount,
		MadeAt: f.CreatedAt, Grouping: r.Grouping, Periods: periods, Excluded: len(r.FacilityIDs) - len(stores)}
	rep.Overall, rep.Categories, rep.Stores, rep.Groups, rep.Best, rep.Worst =
		report.BuildAdvanced(periods, stores, sheets, totals, items, categories, r.Grouping)
	return rep, nil
}

// survey reads a SURVEY report's content: the survey's results over the
// period for the selected stores (what the results screen shows), and the
// latest comments.
func (u *UseCases) survey(ctx context.Context, tn access.Tenant, f export.File) (report.SurveyReport, error) {
	r := *f.Report
	org, err := u.orgs.Get(ctx, f.OrganizationID)
	if err != nil {
		return report.SurveyReport{}, err
	}
	name, err := u.source.SurveyName(ctx, tn, *r.SurveyID)
	if failure.Is(err, failure.KindNotFound) {
		return report.SurveyReport{}, failure.Refused(report.MsgSurveyGone)
	}
	if err != nil {
		return report.SurveyReport{}, err
	}
	from, to := r.From, r.To
	filter := survey.DetailFilter{From: &from, To: &to, FacilityIDs: r.FacilityIDs}
	by := report.TrendStep(r.From, r.To)
	d, err := u.surveys.DetailIn(ctx, tn, *r.SurveyID, filter, by)
	if err != nil {
		return report.SurveyReport{}, err
	}
	comments, err := u.surveys.CommentsIn(ctx, tn, *r.SurveyID, filter, paging.Request{Page: 1, Size: report.MaxComments})
	if err != nil {
		return report.SurveyReport{}, err
	}
	return report.SurveyReport{Organization: org.Name, Survey: name, From: r.From, To: r.To, MadeBy: f.RequesterAccount,
		MadeAt: f.CreatedAt, Stores: len(r.FacilityIDs), Answers: d.Answers, Tally: d.Tally, Distribution: d.Distribution,
		TrendBy: by, Trend: d.Trend, Groups: d.Groups, StoreRanks: d.Stores, Questions: d.Questions, Comments: comments.Items}, nil
}

// basic reads a BASIC report's content: the list's latest period in the
// range, every visible store's sheet of it (for places and the average),
// the selected stores' answers, and the previous period's photos.
func (u *UseCases) basic(ctx context.Context, tn access.Tenant, f export.File) (report.BasicReport, error) {
	r := *f.Report
	org, err := u.orgs.Get(ctx, f.OrganizationID)
	if err != nil {
		return report.BasicReport{}, err
	}
	list, err := u.source.CheckListName(ctx, tn, *r.CheckListID)
	if failure.Is(err, failure.KindNotFound) {
		return report.BasicReport{}, failure.Refused(report.MsgListGone)
	}
	if err != nil {
		return report.BasicReport{}, err
	}
	rep := report.BasicReport{Organization: org.Name, CheckList: list, PeriodFrom: r.From, PeriodTo: r.To,
		MadeBy: f.RequesterAccount, MadeAt: f.CreatedAt, Request: r}
	names, err := u.source.FacilityNames(ctx, tn, r.FacilityIDs)
	if err != nil {
		return rep, err
	}
	if r.IncludeCriteria {
		if rep.Criteria, err = u.source.Items(ctx, tn, *r.CheckListID); err != nil {
			return rep, err
		}
	}
	period, prev, ok, err := u.source.LatestPeriod(ctx, tn, *r.CheckListID, r.From, r.To)
	if err != nil {
		return rep, err
	}
	selected := map[int64]bool{}
	for _, id := range r.FacilityIDs {
		selected[id] = true
	}
	var all []report.SheetRow
	if ok {
		rep.PeriodFrom, rep.PeriodTo = period.From, period.To
		if all, err = u.source.Sheets(ctx, tn, period.ID); err != nil {
			return rep, err
		}
	}
	groups, err := u.source.GroupNames(ctx, tn)
	if err != nil {
		return rep, err
	}
	var chosen []report.SheetRow
	answered := map[int64]bool{}
	for _, s := range all {
		if selected[s.FacilityID] {
			chosen = append(chosen, s)
			answered[s.FacilityID] = true
		}
	}
	ids := make([]int64, len(chosen))
	for i, s := range chosen {
		ids[i] = s.FacilityID
	}
	answers := map[int64][]report.AnswerRow{}
	previous := map[int64][]report.AnswerRow{}
	if len(ids) > 0 {
		if answers, err = u.source.Answers(ctx, tn, period.ID, ids); err != nil {
			return rep, err
		}
		if prev != nil && r.PhotoCompare != report.PhotosNone {
			if previous, err = u.source.Answers(ctx, tn, prev.ID, ids); err != nil {
				return rep, err
			}
		}
	}
	results := make([]report.StoreResult, len(chosen))
	for i, s := range chosen {
		prevPhotos := map[int64][]report.Photo{}
		for _, a := range previous[s.FacilityID] {
			prevPhotos[a.ItemID] = a.Photos
		}
		res := report.StoreResult{SheetRow: s, Group: groupPath(s.GroupPath, groups), Categories: report.Categories(answers[s.FacilityID]),
			Photos: report.ChoosePhotos(r.PhotoCompare, answers[s.FacilityID], prevPhotos)}
		for _, a := range answers[s.FacilityID] {
			if a.Bad() {
				res.BadItems = append(res.BadItems, a)
			}
		}
		results[i] = res
	}
	var field []report.SheetRow
	if r.IncludeUnselected {
		field = all
		rep.AllAverage = report.Average(all)
		rep.AllCount = len(all)
	}
	ranks, err := report.ParseRanks(org.ReportRanks)
	if err != nil {
		ranks = report.DefaultRanks // stored before the rule, or by hand: the defaults still make a report
	}
	rep.Stores = report.RankStores(results, field, ranks)
	for _, id := range r.FacilityIDs {
		if !answered[id] {
			if name, ok := names[id]; ok {
				rep.Unanswered = append(rep.Unanswered, name)
			}
		}
	}
	slices.Sort(rep.Unanswered)
	return rep, nil
}

// improvement reads an IMPROVEMENT report's content: the reports opened in
// the period at the selected stores, counted by status, source, store and
// group.
func (u *UseCases) improvement(ctx context.Context, tn access.Tenant, f export.File) (report.ImprovementReport, error) {
	r := *f.Report
	org, err := u.orgs.Get(ctx, f.OrganizationID)
	if err != nil {
		return report.ImprovementReport{}, err
	}
	rows, err := u.source.Improvements(ctx, tn, r.FacilityIDs, r.From, r.To)
	if err != nil {
		return report.ImprovementReport{}, err
	}
	groups, err := u.source.GroupNames(ctx, tn)
	if err != nil {
		return report.ImprovementReport{}, err
	}
	today := clock.Today(u.clock)
	rep := report.ImprovementReport{Organization: org.Name, From: r.From, To: r.To, MadeBy: f.RequesterAccount, MadeAt: f.CreatedAt,
		Stores: len(r.FacilityIDs), Today: today, Rows: rows}
	rep.Total, rep.ByStatus, rep.BySource, rep.PerStore, rep.PerGroup = report.SummarizeImprovements(rows, today,
		func(row report.ImprovementRow) string { return groupPath(row.GroupPath, groups) })
	return rep, nil
}

// photoBytes reads a photo's thumbnail from file storage; a missing one is
// nil (the report shows the place empty).
func (u *UseCases) photoBytes(ctx context.Context) report.PhotoBytes {
	return func(ph report.Photo) []byte {
		rc, err := u.store.Open(ctx, ph.StorageKey)
		if err != nil {
			return nil
		}
		defer rc.Close()
		data, err := io.ReadAll(io.LimitReader(rc, 4<<20))
		if err != nil {
			return nil
		}
		return data
	}
}

// groupPath spells a store's place below the top group: 東日本エリア > 関東ブロック.
func groupPath(path string, names map[int64]string) string {
	full := export.GroupNames(path, names)
	if i := strings.Index(full, " > "); i >= 0 {
		return full[i+3:]
	}
	return full
}

var _ exportapp.ReportWriter = (*UseCases)(nil)
