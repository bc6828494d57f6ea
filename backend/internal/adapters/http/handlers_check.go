package http

import (
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/photo"
)

func (h *handlers) ListOpenChecks(c echo.Context, _ api.ListOpenChecksParams) error {
	open, err := h.answering.Open(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.OpenCheck, len(open))
	for i, o := range open {
		out[i] = api.OpenCheck{CheckListMasterId: o.CheckListID, CheckListMasterName: o.Name, PeriodId: o.PeriodID,
			FromDate: day(o.Period.From), ToDate: day(o.Period.To), AnsweredCount: o.Answered, TotalCount: o.Total,
			Progress: api.OpenCheckProgress(o.Progress()), Submitted: o.Submitted}
	}
	return ok(c, out)
}

func (h *handlers) GetCheckSheet(c echo.Context, periodID int64, _ api.GetCheckSheetParams) error {
	sh, err := h.answering.Sheet(c.Request().Context(), periodID)
	if err != nil {
		return err
	}
	return ok(c, sheetOut(sh))
}

func (h *handlers) SaveCheckSheet(c echo.Context, periodID int64, _ api.SaveCheckSheetParams) error {
	var body api.CheckSheetSave
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	answers := make([]checklist.Answer, len(body.AnswerList))
	for i, a := range body.AnswerList {
		answers[i] = checklist.Answer{ItemID: a.ItemId, Choice: a.Choice, Comment: a.Comment, Inapplicable: a.Inapplicable,
			PhotoIDs: a.PhotoIdList, InputDate: domainDate(a.InputDate)}
	}
	if err := h.answering.Save(c.Request().Context(), periodID, body.Version, answers, body.Submit); err != nil {
		return err
	}
	msg := "下書きを保存しました。"
	if body.Submit {
		msg = "提出しました。"
	}
	return okMessage(c, msg, nil)
}

func (h *handlers) UploadPhoto(c echo.Context, _ api.UploadPhotoParams) error {
	_, f, err := uploadedFile(c, photo.MaxBytes, failure.InvalidMessage(photo.MsgTooLarge), failure.InvalidMessage(photo.MsgEmpty))
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, photo.MaxBytes+1))
	if err != nil {
		return failure.InvalidMessage(photo.MsgEmpty)
	}
	p, err := h.photos.Upload(c.Request().Context(), data)
	if err != nil {
		return err
	}
	base := "/api/photo/" + strconv.FormatInt(p.ID, 10)
	return ok(c, api.Photo{PhotoId: p.ID, Url: base, ThumbnailUrl: base + "/thumbnail", Width: p.Width, Height: p.Height})
}

func (h *handlers) GetPhoto(c echo.Context, id int64, _ api.GetPhotoParams) error {
	return h.sendPhoto(c, id, false)
}

func (h *handlers) GetPhotoThumbnail(c echo.Context, id int64, _ api.GetPhotoThumbnailParams) error {
	return h.sendPhoto(c, id, true)
}

func (h *handlers) sendPhoto(c echo.Context, id int64, thumb bool) error {
	p, r, err := h.photos.Open(c.Request().Context(), id, thumb)
	if err != nil {
		return err
	}
	defer r.Close()
	c.Response().Header().Set("Cache-Control", "private, max-age=86400")
	return c.Stream(http.StatusOK, p.ContentType, r)
}

func (h *handlers) ListCheckStatus(c echo.Context, p api.ListCheckStatusParams) error {
	f := checklist.StatusFilter{GroupID: p.GroupId, TagID: p.FacilityAttributeId, CheckListID: p.CheckListMasterId}
	if p.CheckStatus != nil {
		f.CheckStatus = checklist.Progress(*p.CheckStatus)
	}
	if p.FacilityName != nil {
		f.FacilityName = *p.FacilityName
	}
	if p.IncludeOutOfPeriod != nil {
		f.IncludeOutOfPeriod = *p.IncludeOutOfPeriod
	}
	if p.SortBy != nil {
		f.SortBy = string(*p.SortBy)
	}
	if p.Descending != nil {
		f.Descending = *p.Descending
	}
	page, err := h.status.List(c.Request().Context(), f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.StatusRow, len(page.Items))
	for i, r := range page.Items {
		items[i] = api.StatusRow{FacilityId: r.FacilityID, FacilityName: r.FacilityName, GroupName: r.GroupName,
			CheckListMasterId: r.CheckListID, CheckListMasterName: r.Name, PeriodId: r.PeriodID,
			FromDate: day(r.Period.From), ToDate: day(r.Period.To), Progress: api.StatusRowProgress(r.Progress()),
			AnsweredCount: r.Answered, TotalCount: r.Total, Score: r.Score, PossibleScore: r.Possible,
			LastInputAt: r.LastInputAt, Submitted: r.Submitted}
	}
	return ok(c, api.StatusPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) ListStatusCheckLists(c echo.Context, _ api.ListStatusCheckListsParams) error {
	names, err := h.status.CheckLists(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]api.CheckListName, len(names))
	for i, n := range names {
		out[i] = api.CheckListName{CheckListMasterId: n.ID, CheckListMasterName: n.Name}
	}
	return ok(c, out)
}

func (h *handlers) GetCheckStatusDetail(c echo.Context, facilityID, checkListID int64, p api.GetCheckStatusDetailParams) error {
	d, err := h.status.Detail(c.Request().Context(), facilityID, checkListID, p.PeriodId)
	if err != nil {
		return err
	}
	history := make([]api.PeriodResult, len(d.History))
	for i, r := range d.History {
		history[i] = api.PeriodResult{PeriodId: r.PeriodID, FromDate: day(r.Period.From), ToDate: day(r.Period.To),
			AnsweredCount: r.Answered, TotalCount: r.Total, Score: r.Score, PossibleScore: r.Possible,
			Progress: api.PeriodResultProgress(checklist.ProgressOf(r.Total, r.Answered)), Submitted: r.Submitted}
	}
	return ok(c, api.StatusDetail{Sheet: sheetOut(d.Sheet), History: history})
}

func sheetOut(sh checklist.Sheet) api.CheckSheet {
	cats := make([]api.SheetCategory, len(sh.Categories))
	for i, cat := range sh.Categories {
		items := make([]api.SheetItem, len(cat.Items))
		for j, it := range cat.Items {
			si := api.SheetItem{ItemId: it.ID, Question: it.Question, Explanation: it.Explanation, ChoiceList: choicesOut(it.Scale),
				PhotoRequired: it.PhotoRequired, InapplicableAllowed: it.InapplicableAllowed}
			if a, ok := sh.Answers[it.ID]; ok {
				ids := a.PhotoIDs
				if ids == nil {
					ids = []int64{}
				}
				var input *openapi_types.Date
				if a.InputDate != nil {
					d := day(*a.InputDate)
					input = &d
				}
				si.Answer = &api.CheckAnswer{ItemId: it.ID, Choice: a.Choice, Comment: a.Comment, Inapplicable: a.Inapplicable,
					PhotoIdList: ids, InputDate: input}
				snap := sh.Snapshots[it.ID]
				si.AnsweredAs = &api.AnsweredAs{CategoryName: snap.Category, Question: snap.Question, ChoiceList: choicesOut(snap.Scale)}
			}
			items[j] = si
		}
		cats[i] = api.SheetCategory{CategoryId: cat.ID, CategoryName: cat.Name, ItemList: items}
	}
	return api.CheckSheet{
		PeriodId: sh.PeriodID, CheckListMasterId: sh.CheckListID, CheckListMasterName: sh.Name,
		FromDate: day(sh.Period.From), ToDate: day(sh.Period.To), FacilityId: sh.FacilityID, FacilityName: sh.FacilityName,
		Submitted: sh.Submitted, SubmittedAt: sh.SubmittedAt, AnsweredCount: sh.Answered, TotalCount: sh.Total,
		Score: sh.Score, PossibleScore: sh.Possible, Progress: api.CheckSheetProgress(checklist.ProgressOf(sh.Total, sh.Answered)),
		LastInputAt: sh.LastInputAt, Version: sh.Version, CategoryList: cats,
	}
}

func choicesOut(s checklist.Scale) []api.CheckChoice {
	out := make([]api.CheckChoice, len(s))
	for i, c := range s {
		out[i] = api.CheckChoice{Label: c.Label, Score: c.Score, Bad: c.Bad}
	}
	return out
}

func day(t time.Time) openapi_types.Date { return openapi_types.Date{Time: t} }
