package http

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

func TestAnswerForMapsEveryFailureKind(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err     error
		status  int
		message string
	}{
		{failure.Invalid(map[string]string{"x": "xは必須です"}), 400, failure.MsgInvalid},
		{failure.NotFound(), 404, failure.MsgNotFound},
		{failure.Conflict(""), 409, failure.MsgConflict},
		{failure.Unauthorized(), 401, "タイムアウトしました。再度ログインしてください。"},
		{failure.Forbidden(), 403, "権限がありません。管理者までご連絡ください。"},
		{failure.TooMany(""), 429, failure.MsgTooMany},
		{failure.Refused("使用中のため削除できません。"), 422, "使用中のため削除できません。"},
		{echo.NewHTTPError(http.StatusRequestEntityTooLarge), 413, msgTooLarge},
		{echo.ErrNotFound, 404, msgRouteNotFound},
		{errors.New("driver: bad connection"), 500, "不明なエラーが発生しました。システム管理者までご連絡ください。"},
		{echo.NewHTTPError(http.StatusBadGateway), 500, failure.MsgUnknown},
		// The database away: 503, try again (the cluster tests restart a real PostgreSQL).
		{fmt.Errorf("list users: %w", &pgconn.ConnectError{}), 503, msgDatabaseAway},
		{fmt.Errorf("insert: %w", &pgconn.PgError{Code: "57P01"}), 503, msgDatabaseAway},
		{fmt.Errorf("begin: %w", driver.ErrBadConn), 503, msgDatabaseAway},
		{&pgconn.PgError{Code: "23505"}, 500, failure.MsgUnknown},
		// The client left and the query's connection was cut with it: the client's doing, not an outage.
		{fmt.Errorf("list: %w", errors.Join(context.Canceled, &net.OpError{Op: "read", Err: errors.New("use of closed network connection")})), 499, msgClientCancelled},
	}
	for _, c := range cases {
		status, env := answerFor(c.err)
		if status != c.status || env.Code != c.status || env.Message != c.message {
			t.Errorf("%v: got %d %+v, want %d %q", c.err, status, env, c.status, c.message)
		}
	}
	_, env := answerFor(failure.Invalid(map[string]string{"userAccount": "ユーザーアカウントは必須です"}))
	if fe, ok := env.Data.(fieldErrors); !ok || fe.FieldErrors["userAccount"] != "ユーザーアカウントは必須です" {
		t.Errorf("field errors: %+v", env.Data)
	}
}

func TestPanicBecomesA500Envelope(t *testing.T) {
	t.Parallel()
	e := echo.New()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(recoverToError(log))
	e.GET("/boom", func(echo.Context) error { panic("nil map") })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/boom", nil))
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), failure.MsgUnknown) {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}

func TestBindJSON(t *testing.T) {
	t.Parallel()
	// Every field optional (omitempty): bind_test.go tests required ones.
	type payload struct {
		Name  string `json:"name,omitempty"`
		Count int    `json:"count,omitempty"`
		Flag  bool   `json:"flag,omitempty"`
		Items []struct {
			Score int `json:"score,omitempty"`
		} `json:"items,omitempty"`
		Due  *openapi_types.Date `json:"due,omitempty"`
		When time.Time           `json:"when,omitempty"`
	}
	cases := []struct {
		body, contentType string
		wantErr           bool
		field, message    string
	}{
		{`{"name":"店舗","count":3}`, "application/json", false, "", ""},
		{` {"name":"店舗"}`, "application/json", false, "", ""},
		{`{"name":"店舗"`, "application/json", true, "", ""},
		{`{"name":"店舗","count":"three"}`, "application/json", true, "count", "整数で入力してください"},
		{`{"name":7}`, "application/json", true, "name", "文字で入力してください。"},
		{`{"flag":"yes"}`, "application/json", true, "flag", "はい・いいえ（true/false）で指定してください。"},
		{`{"items":[{"score":"abc"}]}`, "application/json", true, "items.score", "整数で入力してください"},
		{`{"items":{}}`, "application/json", true, "items", "入力値の形式が正しくありません。"},
		{`{"name":"店舗","extra":1}`, "application/json", true, "extra", "この項目は受け付けられません。"},
		{`{"name":"a"} {"name":"b"}`, "application/json", true, "", ""},
		{`name=a`, "application/x-www-form-urlencoded", true, "", ""},
		{``, "application/json", true, "", ""},
		{`null`, "application/json", true, "", ""},
		{`{"due":"2026-12-01","when":"2026-12-01T09:00:00+09:00"}`, "application/json", false, "", ""},
		{`{"due":"0000-01-01"}`, "application/json", true, "", msgDateRange},
		{`{"due":"0001-01-01"}`, "application/json", true, "", msgDateRange}, // the zero time: sent, not left out
		{`{"due":"2026-02-30"}`, "application/json", true, "due", msgDateFormat},
		{`{"items":[{"score":1}],"due":"2026-02-30"}`, "application/json", true, "due", msgDateFormat},
		{`{"name":"2026-02-30","due":"2026-02-30"}`, "application/json", true, "", msgDateFormat}, // which one is not known
		{`{"when":"2026-13-01T00:00:00Z"}`, "application/json", true, "when", msgDateFormat},
		{`{"when":"9999-12-31T00:00:00Z"}`, "application/json", true, "", msgDateRange},
		{`{"items":[{"score":1}],"name":"a\u0000b"}`, "application/json", true, "", validation.MsgNulCharacter},
		{`{"name":"\u001b[31m店舗"}`, "application/json", true, "", validation.MsgControlCharacter},
		{`{"name":"店舗\u202egnp.exe"}`, "application/json", true, "", validation.MsgControlCharacter},
		{`{"name":"一行目\r\n二行目\tタブ"}`, "application/json", false, "", ""},
		{" \n null", "application/json", true, "", ""},
	}
	for _, c := range cases {
		req := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/", strings.NewReader(c.body))
		req.Header.Set("Content-Type", c.contentType)
		ctx := echo.New().NewContext(req, httptest.NewRecorder())
		var p payload
		err := bindJSON(ctx, &p)
		if (err != nil) != c.wantErr {
			t.Errorf("%q: err=%v", c.body, err)
			continue
		}
		if err == nil {
			continue
		}
		f, ok := failure.As(err)
		if !ok || f.Kind != failure.KindInvalid {
			t.Errorf("%q: not an invalid-input failure: %v", c.body, err)
			continue
		}
		if c.field == "" && c.message != "" && f.Message != c.message {
			t.Errorf("%q: says %q, want %q", c.body, f.Message, c.message)
		}
		if c.field != "" && f.Fields[c.field] != c.message {
			t.Errorf("%q: field %s says %q, want %q: %+v", c.body, c.field, f.Fields[c.field], c.message, f)
		}
	}
}

func TestClientIPBelievesOnlyTrustedProxies(t *testing.T) {
	t.Parallel()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.RemoteAddr = "203.0.113.9:4000"
	req.Header.Set("X-Forwarded-For", "198.51.100.7")
	if ip := clientIP(nil)(req); ip != "203.0.113.9" {
		t.Errorf("no trusted proxies: got %s, want the peer", ip)
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")}
	if ip := clientIP(trusted)(req); ip != "198.51.100.7" {
		t.Errorf("from a trusted proxy: got %s, want the forwarded client", ip)
	}
	req.RemoteAddr = "192.0.2.1:4000"
	if ip := clientIP(trusted)(req); ip != "192.0.2.1" {
		t.Errorf("from an untrusted peer: got %s, want the peer", ip)
	}
}
