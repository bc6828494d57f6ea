package http

import (
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	improvementapp "github.com/rouder/console/internal/app/improvement"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/improvement"
)

const msgImprovementSaved = "改善報告を更新しました。"

func (h *handlers) ListImprovements(c echo.Context, p api.ListImprovementsParams) error {
	f := improvement.Filter{From: domainDate(p.FromDate), To: domainDate(p.ToDate), FacilityID: p.FacilityId,
		UnreadOnly: valueOr(p.IsUnreadOnly, false), TargetUnread: valueOr(p.IsTargetUnread, false),
		IncludesUnrelated: valueOr(p.IncludesUnrelated, false), SearchText: valueOr(p.SearchText, ""),
		SortBy: string(valueOr(p.SortBy, improvement.SortModified)), Descending: valueOr(p.Descending, true)}
	if p.StatusMap != nil {
		for _, listed := range *p.StatusMap {
			// Repeated, as the SPA sends them, or comma-separated, as a hand-written link may.
			for st := range strings.SplitSeq(string(listed), ",") {
				if !slices.Contains(improvement.WireStatuses, improvement.Status(st)) {
					return failure.Invalid(map[string]string{"statusMap": "状態の指定が正しくありません。"})
				}
				f.Statuses = append(f.Statuses, improvement.Status(st))
			}
		}
	}
	l, err := h.improvements.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.Improvement, len(l.Page.Items))
	for i, r := range l.Page.Items {
		items[i] = improvementOut(r, l.Viewer.SideFor(r.FacilityID), l.Today)
	}
	counts := make([]api.ImprovementCount, len(improvement.WireStatuses))
	for i, st := range improvement.WireStatuses {
		counts[i] = api.ImprovementCount{Status: api.ImprovementStatus(st), Count: l.Counts.ByStatus[st]}
	}
	return ok(c, api.ImprovementPage{Items: items, Total: l.Page.Total, Page: l.Page.Page, Size: l.Page.Size,
		Counts: counts, OverdueCount: l.Counts.Overdue, WaitingCount: l.Counts.Waiting,
		Side: api.ImprovementPageSide(l.Viewer.Side)})
}

func improvementOut(r improvement.Report, side improvement.Side, today time.Time) api.Improvement {
	out := api.Improvement{ImprovementId: r.ID, FacilityId: r.FacilityID, FacilityName: r.FacilityName,
		GroupName: r.GroupName, Subject: r.Subject, SourceKind: api.ImprovementSourceKind(r.Source.Kind),
		Status: api.ImprovementStatus(r.WireStatus(side)), DueDate: day(r.DueDate), Overdue: r.Overdue(today),
		IsUnread: r.Markers.UnreadFor(side), IsTargetUnread: r.Markers.UnreadFor(side.Other()),
		AssigneeUserId: r.AssigneeID, CreateDate: r.CreatedAt, ContentModifyDate: r.ContentModifyDate, Version: r.Version}
	if r.AssigneeName != "" {
		out.AssigneeName = &r.AssigneeName
	}
	return out
}

func (h *handlers) CountWaitingImprovements(c echo.Context, _ api.CountWaitingImprovementsParams) error {
	n, err := h.improvements.Waiting(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, map[string]int{"waitingCount": n})
}

func (h *handlers) GetImprovement(c echo.Context, id int64, _ api.GetImprovementParams) error {
	d, err := h.improvements.Detail(c.Request().Context(), id)
	if err != nil {
		return err
	}
	events := make([]api.ImprovementEvent, len(d.Thread))
	for i, e := range d.Thread {
		photos := e.PhotoIDs
		if photos == nil {
			photos = []int64{}
		}
		events[i] = api.ImprovementEvent{Seq: e.Seq, Kind: api.ImprovementEventKind(e.Kind), Side: api.ImprovementEventSide(e.Side),
			UserId: e.UserID, UserName: e.UserName, Text: e.Text, PhotoIdList: photos, DueDate: apiDate(e.DueDate), CreateDate: e.At}
	}
	actions := make([]api.ImprovementAction, len(d.Actions))
	for i, a := range d.Actions {
		actions[i] = api.ImprovementAction(a)
	}
	return ok(c, api.ImprovementDetail{Improvement: improvementOut(d.Report, d.Side, d.Today), Source: sourceOut(d.Report.Source),
		EventList: events, Side: api.ImprovementDetailSide(d.Side), ActionList: actions})
}

func sourceOut(s improvement.Source) api.ImprovementSource {
	out := api.ImprovementSource{Kind: api.ImprovementSourceKind(s.Kind), PhotoIdList: s.PhotoIDs, PhotoRequired: s.PhotoRequired,
		Score: s.Score, NpsScore: s.NPSScore, SurveyValueList: []api.ImprovementSurveyValue{}}
	if out.PhotoIdList == nil {
		out.PhotoIdList = []int64{}
	}
	str := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	id := func(v int64) *int64 {
		if v == 0 {
			return nil
		}
		return &v
	}
	date := func(v string) *openapi_types.Date {
		t, err := time.ParseInLocation(time.DateOnly, v, clock.Tokyo)
		if err != nil {
			return nil
		}
		return &openapi_types.Date{Time: t}
	}
	out.CheckListMasterId, out.CheckListMasterName, out.PeriodId = id(s.CheckListID), str(s.CheckListName), id(s.PeriodID)
	out.FromDate, out.ToDate, out.ItemId = date(s.PeriodFrom), date(s.PeriodTo), id(s.ItemID)
	out.CategoryName, out.Question, out.Choice, out.Comment = str(s.Category), str(s.Question), str(s.Choice), str(s.Comment)
	out.SurveyId, out.SurveyName, out.SurveyAnswerId = id(s.SurveyID), str(s.SurveyName), id(s.SurveyAnswerID)
	for _, v := range s.SurveyValues {
		out.SurveyValueList = append(out.SurveyValueList, api.ImprovementSurveyValue{Question: v.Question, Answer: v.Answer})
	}
	return out
}

func (h *handlers) ReadImprovement(c echo.Context, id int64, _ api.ReadImprovementParams) error {
	if err := h.improvements.MarkRead(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, "", nil)
}

func (h *handlers) ActOnImprovement(c echo.Context, id int64, _ api.ActOnImprovementParams) error {
	var body api.ImprovementStep
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	st := improvement.Step{Action: improvement.Action(body.Action)}
	if body.Text != nil {
		st.Text = *body.Text
	}
	if body.PhotoIdList != nil {
		st.PhotoIDs = *body.PhotoIdList
	}
	if err := h.improvements.Act(c.Request().Context(), id, body.Version, st); err != nil {
		return err
	}
	return okMessage(c, msgImprovementSaved, nil)
}

func (h *handlers) UpdateImprovement(c echo.Context, id int64, _ api.UpdateImprovementParams) error {
	var body api.ImprovementChange
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	ch := improvementapp.Change{DueDate: domainDate(body.DueDate), AssigneeID: body.AssigneeUserId}
	if err := h.improvements.Update(c.Request().Context(), id, body.Version, ch); err != nil {
		return err
	}
	return okMessage(c, msgImprovementSaved, nil)
}

func (h *handlers) ListImprovementAssignees(c echo.Context, id int64, p api.ListImprovementAssigneesParams) error {
	found, err := h.improvements.Assignees(c.Request().Context(), id, valueOr(p.SearchText, ""))
	if err != nil {
		return err
	}
	out := make([]api.ImprovementAssignee, len(found))
	for i, a := range found {
		out[i] = api.ImprovementAssignee{UserId: a.UserID, UserAccount: a.Account, UserName: a.Name}
	}
	return ok(c, out)
}

func (h *handlers) CreateImprovement(c echo.Context, _ api.CreateImprovementParams) error {
	var body api.ImprovementCreate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	in := improvementapp.NewReport{FacilityID: body.FacilityId, DueDate: domainDate(body.DueDate),
		Subject: valueOr(body.Subject, ""), PeriodID: valueOr(body.PeriodId, 0), ItemID: valueOr(body.ItemId, 0)}
	id, err := h.improvements.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return okMessage(c, "改善報告を作成しました。", map[string]int64{"improvementId": id})
}
