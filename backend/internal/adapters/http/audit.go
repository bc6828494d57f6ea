package http

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/history"
)

// auditRule says how the operation history names a state-changing route:
// the kind of change, what it touches (in Japanese) and a short summary.
// The target id is the route's path parameter when it has one; a creation
// names its new object from the use case (history.NameTarget).
type auditRule struct {
	Kind    history.Kind
	Target  string
	Summary string
}

// auditRules covers every route that changes something. A state-changing
// route missing here (and from auditExempt) fails TestEveryChangeIsAudited,
// so a new route cannot forget its record.
var auditRules = map[string]auditRule{
	"PUT /api/check/sheet/:periodId":                      {history.Update, "チェック回答", "チェックの回答を保存しました"},
	"POST /api/check_list_master":                         {history.Create, "チェックリスト", "チェックリストを登録しました"},
	"PUT /api/check_list_master/:checkListMasterId":       {history.Update, "チェックリスト", "チェックリストを更新しました"},
	"DELETE /api/check_list_master/:checkListMasterId":    {history.Delete, "チェックリスト", "チェックリストを削除しました"},
	"POST /api/check_list_master/:checkListMasterId/copy": {history.Copy, "チェックリスト", "チェックリストをコピーしました"},
	"POST /api/facility":                                  {history.Create, "店舗", "店舗を登録しました"},
	"PUT /api/facility/:facilityId":                       {history.Update, "店舗", "店舗を更新しました"},
	"DELETE /api/facility/:facilityId":                    {history.Delete, "店舗", "店舗を削除しました"},
	"POST /api/facility/attribute":                        {history.Create, "店舗タグ", "店舗タグを登録しました"},
	"PUT /api/facility/attribute/:facilityAttributeId":    {history.Update, "店舗タグ", "店舗タグの名前を変更しました"},
	"DELETE /api/facility/attribute/:facilityAttributeId": {history.Delete, "店舗タグ", "店舗タグを削除しました"},
	"POST /api/group":                                     {history.Create, "グループ", "グループを登録しました"},
	"PUT /api/group/:groupId":                             {history.Update, "グループ", "グループを更新しました"},
	"DELETE /api/group/:groupId":                          {history.Delete, "グループ", "グループを削除しました"},
	"POST /api/improvement":                               {history.Create, "改善報告", "改善報告を作成しました"},
	"PUT /api/improvement/:improvementId":                 {history.Update, "改善報告", "改善報告の期限・担当者を更新しました"},
	"POST /api/improvement/:improvementId/event":          {history.Update, "改善報告", "改善報告を更新しました"},
	"POST /api/organization":                              {history.Create, "組織", "組織を登録しました"},
	"PUT /api/organization/:organizationId":               {history.Update, "組織", "組織を更新しました"},
	"POST /api/survey":                                    {history.Create, "アンケート", "アンケートを登録しました"},
	"PUT /api/survey/:surveyId":                           {history.Update, "アンケート", "アンケートを更新しました"},
	"DELETE /api/survey/:surveyId":                        {history.Delete, "アンケート", "アンケートを削除しました"},
	"POST /api/terminal":                                  {history.Create, "端末", "端末を登録しました"},
	"DELETE /api/terminal/:terminalId":                    {history.Delete, "端末", "端末の登録を解除しました"},
	"POST /api/user":                                      {history.Create, "ユーザー", "ユーザーを登録しました"},
	"PUT /api/user/:userId":                               {history.Update, "ユーザー", "ユーザーを更新しました"},
	"DELETE /api/user/:userId":                            {history.Delete, "ユーザー", "ユーザーを削除しました"},
	"POST /api/user/attribute":                            {history.Create, "ユーザータグ", "ユーザータグを登録しました"},
	"PUT /api/user/attribute/:userAttributeId":            {history.Update, "ユーザータグ", "ユーザータグの名前を変更しました"},
	"DELETE /api/user/attribute/:userAttributeId":         {history.Delete, "ユーザータグ", "ユーザータグを削除しました"},
	"POST /api/history_export/file":                       {history.Export, "エクスポート", "エクスポートを依頼しました"},
	"DELETE /api/history_export/file/:fileId":             {history.Delete, "エクスポート", "エクスポートしたファイルを削除しました"},
	"POST /api/system/support_file":                       {history.Create, "マニュアル", "マニュアルを登録しました"},
	"PUT /api/system/support_file/:fileId":                {history.Update, "マニュアル", "マニュアルの公開設定を変更しました"},
	"DELETE /api/system/support_file/:fileId":             {history.Delete, "マニュアル", "マニュアルを削除しました"},
	"PUT /api/system/maintenance":                         {history.Update, "メンテナンス", "メンテナンスの設定を変更しました"},
	"POST /api/system/schedule/:taskKey/run":              {history.Update, "スケジュール", "スケジュールを今すぐ実行しました"},
	"POST /api/report/file":                               {history.Create, "レポート", "レポートの作成を依頼しました"},
	"PUT /api/notification_setting":                       {history.Update, "通知設定", "通知の受け取り方を変更しました"},
	"POST /api/push_subscription":                         {history.Create, "通知設定", "この端末で通知を受け取るようにしました"},
	"DELETE /api/push_subscription":                       {history.Delete, "通知設定", "この端末の通知を解除しました"},
	"PUT /api/notification_calendar":                      {history.Update, "休業日と通知", "休業日と通知の設定を変更しました"},
	"DELETE /api/report/file/:fileId":                     {history.Delete, "レポート", "レポートを削除しました"},
}

// auditExempt are the state-changing routes that are not recorded here,
// each with the reason.
var auditExempt = map[string]string{
	"POST /api/check_list_master/notification_preview": "reads only: the next notices of a check list as edited, nothing is saved",
	"POST /login":                               "sign-in events are recorded by the sign-in use cases (LOGIN, LOGIN_FAILED, LOGIN_REFUSED)",
	"POST /logout":                              "recorded by the sign-in use cases (LOGOUT)",
	"POST /api/mfa/authenticate":                "recorded by the sign-in use cases (MFA_SUCCESS, MFA_FAILURE)",
	"POST /api/mfa/resend":                      "recorded by the sign-in use cases (MFA_CODE_RESENT)",
	"PUT /api/user/:userId/password":            "recorded by the password use case (PASSWORD_CHANGE)",
	"POST /api/public/survey/:surveyKey/answer": "a customer's answer: no user, and the answer itself is the record",
	"POST /api/photo":                           "an upload changes nothing until a saved sheet or report (recorded) attaches it",
	"POST /api/improvement/:improvementId/read": "marking as read follows from opening a report; it changes no content",
	"POST /api/master/import":                   "an upload changes no master; its import is recorded once, with its counts, by the job that applies it (app/masterimport)",
	"POST /api/master/import/:importId/apply":   "recorded once, with the counts, in the transaction of the job that applies the import (app/masterimport)",
}

// AuditedRoute reports how a route is recorded, for the route tests:
// audited, exempt (with its reason), or neither.
func AuditedRoute(method, path string) (audited bool, exemptReason string) {
	key := method + " " + path
	_, audited = auditRules[key]
	return audited, auditExempt[key]
}

// Recorder writes an operation history record outside any transaction.
type Recorder interface {
	Record(ctx context.Context, op history.Operation) error
}

// audit prepares the record of a state-changing request (after authorize,
// so the user is known). The transaction that makes the change writes it;
// if the request succeeded without one, it is written here.
func (s *Server) audit(rec Recorder) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rule, ok := auditRules[c.Request().Method+" "+c.Path()]
			if !ok {
				return next(c)
			}
			ctx := c.Request().Context()
			p, err := access.PrincipalFrom(ctx)
			if err != nil {
				return next(c)
			}
			uid := p.UserID
			op := history.Operation{OrganizationID: p.ActingOrgID, UserID: &uid, UserAccount: p.Account,
				Kind: rule.Kind, TargetType: rule.Target, TargetID: pathID(c), Detail: rule.Summary,
				IPAddress: c.RealIP(), At: time.Now().UTC()}
			pending := history.NewPending(op)
			c.SetRequest(c.Request().WithContext(history.WithPending(ctx, pending)))
			if err := next(c); err != nil {
				return err
			}
			if c.Response().Status >= http.StatusBadRequest {
				return nil
			}
			if op, ok := pending.Take(); ok {
				if err := rec.Record(context.WithoutCancel(ctx), op); err != nil {
					s.log.ErrorContext(ctx, "operation history not recorded", "error", err, "route", c.Path())
				}
			}
			return nil
		}
	}
}

// pathID is the route's id parameter (the one ending in "Id"), if any.
func pathID(c echo.Context) *int64 {
	for _, name := range c.ParamNames() {
		if strings.HasSuffix(name, "Id") {
			if id, err := strconv.ParseInt(c.Param(name), 10, 64); err == nil {
				return &id
			}
		}
	}
	return nil
}

// AuditTableSize is how many routes the two tables name, for the route test.
func AuditTableSize() int { return len(auditRules) + len(auditExempt) }
