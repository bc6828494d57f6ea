package http

import (
	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/adapters/http/api"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/report"
)

const msgReportRequested = "レポートの作成を受け付けました。作成が終わるとダウンロードできます。"

func (h *handlers) ListReportFiles(c echo.Context, p api.ListReportFilesParams) error {
	f := export.Filter{CreatedFrom: domainDate(p.FromDate), CreatedTo: domainDate(p.ToDate)}
	if p.ReportType != nil {
		f.Type = string(*p.ReportType)
	}
	page, err := h.exports.List(c.Request().Context(), export.KindReport, f, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	me := principalID(c)
	items := make([]api.ReportFile, len(page.Items))
	for i, file := range page.Items {
		items[i] = reportFileOut(file, me)
	}
	return ok(c, api.ReportFilePage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) RequestReport(c echo.Context, _ api.RequestReportParams) error {
	var in api.ReportInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	r := report.Request{Type: report.Type(in.ReportType), CheckListID: in.CheckListMasterId, SurveyID: in.SurveyId,
		FacilityIDs: in.FacilityIdList, IncludeRank: valueOr(in.IncludeRank, false), IncludeCriteria: valueOr(in.IncludeCriteria, false),
		IncludeUnselected: valueOr(in.IncludeUnselectedFacility, false)}
	if d := domainDate(in.FromDate); d != nil {
		r.From = *d
	}
	if d := domainDate(in.ToDate); d != nil {
		r.To = *d
	}
	if in.PhotoCompareReportType != nil {
		r.PhotoCompare = report.PhotoCompare(*in.PhotoCompareReportType)
	}
	if in.GroupingType != nil {
		r.Grouping = report.Grouping(*in.GroupingType)
	}
	f, err := h.reports.Request(c.Request().Context(), r)
	if err != nil {
		return err
	}
	return okMessage(c, msgReportRequested, reportFileOut(f, principalID(c)))
}

func (h *handlers) GetReportFile(c echo.Context, id int64, _ api.GetReportFileParams) error {
	f, err := h.exports.Get(c.Request().Context(), export.KindReport, id)
	if err != nil {
		return err
	}
	return ok(c, reportFileOut(f, principalID(c)))
}

func (h *handlers) DeleteReportFile(c echo.Context, id int64, _ api.DeleteReportFileParams) error {
	if err := h.exports.Delete(c.Request().Context(), export.KindReport, id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func (h *handlers) DownloadReportFile(c echo.Context, id int64, _ api.DownloadReportFileParams) error {
	f, r, err := h.exports.Open(c.Request().Context(), export.KindReport, id, c.RealIP())
	if err != nil {
		return err
	}
	defer r.Close()
	return sendFile(c, f.FileName, contentTypeOf(f), f.Size, r)
}

func reportFileOut(f export.File, me int64) api.ReportFile {
	var r report.Request
	if f.Report != nil {
		r = *f.Report
	}
	in := api.ReportInput{ReportType: api.ReportType(r.Type), CheckListMasterId: r.CheckListID, SurveyId: r.SurveyID,
		FromDate: &openapi_types.Date{Time: r.From}, ToDate: &openapi_types.Date{Time: r.To}, FacilityIdList: r.FacilityIDs,
		IncludeRank: &r.IncludeRank, IncludeCriteria: &r.IncludeCriteria, IncludeUnselectedFacility: &r.IncludeUnselected,
		PhotoCompareReportType: ptrTo(api.ReportInputPhotoCompareReportType(r.PhotoCompare)),
		GroupingType:           ptrTo(api.ReportInputGroupingType(r.Grouping))}
	if in.FacilityIdList == nil {
		in.FacilityIdList = []int64{}
	}
	return api.ReportFile{FileId: f.ID, FileName: f.FileName, ReportType: api.ReportType(r.Type), Status: api.ReportFileStatus(f.Status),
		FailureReason: f.FailureReason, RowsDone: f.RowsDone, RowsTotal: f.RowsTotal, FileSize: f.Size,
		UserId: f.RequestedBy, UserAccount: f.RequesterAccount, CreateDate: f.CreatedAt, FinishDate: f.FinishedAt,
		ExpireDate: f.ExpiresAt, Deletable: f.RequestedBy == me && me != 0, Request: in}
}
