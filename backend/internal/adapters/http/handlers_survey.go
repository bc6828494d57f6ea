package http

import (
	"bytes"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/rouder/console/internal/adapters/http/api"
	surveyapp "github.com/rouder/console/internal/app/survey"
	"github.com/rouder/console/internal/domain/survey"
)

// BrowserCookie holds the answer page's browser token: the answer limit
// counts per token, so it survives a reload without an account.
const BrowserCookie = "rouder_survey_browser"

func (h *handlers) ListSurveys(c echo.Context, p api.ListSurveysParams) error {
	search := ""
	if p.SearchText != nil {
		search = *p.SearchText
	}
	page, err := h.surveys.List(c.Request().Context(), search, pageRequest(p.Page, p.Size))
	if err != nil {
		return err
	}
	items := make([]api.SurveySummary, len(page.Items))
	for i, s := range page.Items {
		items[i] = api.SurveySummary{SurveyId: s.ID, SurveyName: s.Name, SurveyTitle: s.Title,
			FromDate: openapi_types.Date{Time: s.Period.From}, ToDate: apiDate(s.Period.To),
			FacilityCount: s.Facilities, AnswerCount: s.Answers, Version: s.Version}
	}
	return ok(c, api.SurveyPage{Items: items, Total: page.Total, Page: page.Page, Size: page.Size})
}

func (h *handlers) GetSurveyDefaults(c echo.Context, _ api.GetSurveyDefaultsParams) error {
	s, err := h.surveys.Defaults(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, surveyOut(s))
}

func (h *handlers) GetSurvey(c echo.Context, id int64, _ api.GetSurveyParams) error {
	s, err := h.surveys.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return ok(c, surveyOut(s))
}

func (h *handlers) CreateSurvey(c echo.Context, _ api.CreateSurveyParams) error {
	var body api.SurveyInput
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	id, err := h.surveys.Create(c.Request().Context(), surveyIn(body))
	if err != nil {
		return err
	}
	return okMessage(c, msgSaved, map[string]int64{"surveyId": id})
}

func (h *handlers) UpdateSurvey(c echo.Context, id int64, _ api.UpdateSurveyParams) error {
	var body api.SurveyUpdate
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	s := surveyIn(inputOf[api.SurveyInput](body))
	if err := h.surveys.Update(c.Request().Context(), id, body.Version, s); err != nil {
		return err
	}
	return okMessage(c, msgSaved, nil)
}

func (h *handlers) DeleteSurvey(c echo.Context, id int64, _ api.DeleteSurveyParams) error {
	if err := h.surveys.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return okMessage(c, msgDeleted, nil)
}

func (h *handlers) ListSurveyLinks(c echo.Context, id int64, _ api.ListSurveyLinksParams) error {
	links, err := h.surveys.Links(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out := make([]api.SurveyLink, len(links))
	for i, l := range links {
		out[i] = api.SurveyLink{FacilityId: l.FacilityID, FacilityName: l.FacilityName, SurveyKey: l.Key, Url: survey.AnswerPath(l.Key)}
	}
	return ok(c, out)
}

func (h *handlers) GetSurveyLinkQr(c echo.Context, id, facilityID int64, _ api.GetSurveyLinkQrParams) error {
	link, err := h.surveys.Link(c.Request().Context(), id, facilityID)
	if err != nil {
		return err
	}
	target := c.Scheme() + "://" + c.Request().Host + survey.AnswerPath(link.Key)
	png, err := qrcode.Encode(target, qrcode.Medium, 512)
	if err != nil {
		return err
	}
	name := "survey-qr-" + link.FacilityName + ".png"
	c.Response().Header().Set(echo.HeaderContentDisposition, "attachment; filename=\"survey-qr.png\"; filename*=UTF-8''"+url.PathEscape(name))
	c.Response().Header().Set(echo.HeaderCacheControl, "private, no-store")
	return c.Stream(http.StatusOK, "image/png", bytes.NewReader(png))
}

func surveyIn(b api.SurveyInput) survey.Survey {
	cats := make([]survey.Category, len(b.CategoryList))
	for i, c := range b.CategoryList {
		qs := make([]survey.Question, len(c.QuestionList))
		for j, q := range c.QuestionList {
			qs[j] = survey.Question{ID: q.QuestionId, Type: string(q.QuestionType), Text: q.Text, Required: q.Required, Choices: q.ChoiceList}
		}
		cats[i] = survey.Category{ID: c.CategoryId, Type: string(c.CategoryType), Name: c.CategoryName, Questions: qs}
	}
	var from time.Time
	if !b.FromDate.IsZero() {
		from = *domainDate(&b.FromDate)
	}
	return survey.Survey{
		Name: b.SurveyName, Title: b.SurveyTitle, Description: b.SurveyDescription, TermsOfService: b.TermsOfService,
		IconData: b.IconData, IconMediaType: b.IconMediaType, RewardType: string(b.RewardType),
		RewardImageData: b.RewardImageData, RewardImageMediaType: b.RewardImageMediaType,
		RewardLinkName: b.RewardLinkName, RewardURL: b.RewardUrl,
		Period:      survey.Period{From: from, To: domainDate(b.ToDate)},
		AnswerLimit: string(b.AnswerLimit), AnswerLimitDays: b.AnswerLimitDays, AnswerLimitRange: string(b.AnswerLimitRange),
		AvailableImprovement: b.AvailableImprovement, ImprovementReminderTime: b.ImprovementReminderNotificationTime,
		ImprovementReminderDaysBefore: b.ImprovementReminderDaysBefore, TargetFacilityIDs: b.TargetFacilityList, Categories: cats,
	}
}

func surveyOut(s survey.Survey) api.Survey {
	cats := make([]api.SurveyCategory, len(s.Categories))
	for i, c := range s.Categories {
		qs := make([]api.SurveyQuestion, len(c.Questions))
		for j, q := range c.Questions {
			choices := q.Choices
			if choices == nil {
				choices = []string{}
			}
			qs[j] = api.SurveyQuestion{QuestionId: q.ID, QuestionType: api.SurveyQuestionQuestionType(q.Type), Text: q.Text,
				Required: q.Required, ChoiceList: choices}
		}
		cats[i] = api.SurveyCategory{CategoryId: c.ID, CategoryType: api.SurveyCategoryCategoryType(c.Type), CategoryName: c.Name, QuestionList: qs}
	}
	targets := s.TargetFacilityIDs
	if targets == nil {
		targets = []int64{}
	}
	return api.Survey{
		SurveyId: s.ID, SurveyName: s.Name, SurveyTitle: s.Title, SurveyDescription: s.Description, TermsOfService: s.TermsOfService,
		IconData: s.IconData, IconMediaType: s.IconMediaType, RewardType: api.SurveyRewardType(s.RewardType),
		RewardImageData: s.RewardImageData, RewardImageMediaType: s.RewardImageMediaType, RewardLinkName: s.RewardLinkName,
		RewardUrl: s.RewardURL, FromDate: openapi_types.Date{Time: s.Period.From}, ToDate: apiDate(s.Period.To),
		AnswerLimit: api.SurveyAnswerLimit(s.AnswerLimit), AnswerLimitDays: s.AnswerLimitDays,
		AnswerLimitRange: api.SurveyAnswerLimitRange(s.AnswerLimitRange), AvailableImprovement: s.AvailableImprovement,
		ImprovementReminderNotificationTime: s.ImprovementReminderTime, ImprovementReminderDaysBefore: s.ImprovementReminderDaysBefore,
		TargetFacilityList: targets, CategoryList: cats, Version: s.Version,
	}
}

// browserToken is the request's browser cookie, set anew when missing or
// malformed.
func browserToken(c echo.Context) string {
	if ck, err := c.Cookie(BrowserCookie); err == nil && survey.ValidToken(ck.Value) {
		return ck.Value
	}
	token := survey.NewBrowserToken()
	c.SetCookie(&http.Cookie{Name: BrowserCookie, Value: token, Path: "/api/public/survey", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: c.Scheme() == "https", MaxAge: 400 * 24 * 3600})
	return token
}

func (h *handlers) GetPublicSurvey(c echo.Context, key string) error {
	token := browserToken(c)
	pg, err := h.public.Show(c.Request().Context(), key, token)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return ok(c, publicSurveyOut(pg))
}

func (h *handlers) PreviewSurvey(c echo.Context, id int64, _ api.PreviewSurveyParams) error {
	pg, err := h.surveys.Preview(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return ok(c, publicSurveyOut(pg))
}

// publicSurveyOut is the answer page's view of a survey: the questions only
// while it takes answers.
func publicSurveyOut(pg surveyapp.Page) api.PublicSurvey {
	s := pg.Survey
	out := api.PublicSurvey{Status: api.PublicSurveyStatus(pg.Status), Message: survey.StageMessage(pg.Status),
		FacilityName: pg.Link.FacilityName, SurveyTitle: s.Title, SurveyDescription: s.Description,
		TermsOfService: s.TermsOfService, IconData: s.IconData, IconMediaType: s.IconMediaType, CategoryList: []api.PublicCategory{}}
	if pg.Status == survey.Open {
		for _, cat := range s.Categories {
			qs := make([]api.PublicQuestion, len(cat.Questions))
			for j, q := range cat.Questions {
				choices := q.Choices
				if choices == nil {
					choices = []string{}
				}
				qs[j] = api.PublicQuestion{QuestionId: q.ID, QuestionType: api.PublicQuestionQuestionType(q.Type), Text: q.Text,
					Required: q.Required, ChoiceList: choices}
			}
			out.CategoryList = append(out.CategoryList, api.PublicCategory{CategoryType: cat.Type, CategoryName: cat.Name, QuestionList: qs})
		}
	}
	return out
}

func (h *handlers) AnswerPublicSurvey(c echo.Context, key string) error {
	c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, survey.MaxBodyBytes)
	var body api.PublicAnswer
	if err := bindJSON(c, &body); err != nil {
		return err // over MaxBodyBytes: 413 送信データが大きすぎます。
	}
	values := make([]survey.Value, len(body.AnswerList))
	for i, v := range body.AnswerList {
		values[i] = survey.Value{QuestionID: v.QuestionId, Score: v.Score}
		if v.ChoiceList != nil {
			values[i].Choices = *v.ChoiceList
		}
		if v.Text != nil {
			values[i].Text = *v.Text
		}
		if v.Consent != nil {
			values[i].Consent = *v.Consent
		}
	}
	// The answer page's GET gave the browser its cookie; an answer without
	// one is refused (422, asking for cookies), never given a new one — a
	// fresh token per answer would slip past the answer limit.
	browser := ""
	if ck, err := c.Cookie(BrowserCookie); err == nil {
		browser = ck.Value
	}
	r, err := h.public.Submit(c.Request().Context(), key, browser, c.RealIP(),
		surveyapp.Answer{IdempotencyKey: body.IdempotencyKey, Values: values})
	if err != nil {
		return err
	}
	s := r.Survey
	return okMessage(c, "ご回答ありがとうございました。", api.PublicReceipt{Repeated: r.Repeated,
		RewardType: api.PublicReceiptRewardType(s.RewardType), RewardImageData: s.RewardImageData,
		RewardImageMediaType: s.RewardImageMediaType, RewardLinkName: s.RewardLinkName, RewardUrl: s.RewardURL})
}
