package http_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/system"
	"github.com/rouder/console/internal/platform/spa"
	"github.com/rouder/console/internal/testsupport/testdb"
)

var testSPA = fstest.MapFS{
	"index.html":        {Data: []byte("<!doctype html><title>console</title><div id=root></div>")},
	"answer.html":       {Data: []byte("<!doctype html><title>survey</title>")},
	"assets/app-abc.js": {Data: []byte("console.log(1)")},
	"favicon.svg":       {Data: []byte("<svg/>")},
}

func newServer(t *testing.T, db *store.DB, uniqueRange string) *httptest.Server {
	t.Helper()
	srv := httpadapter.NewServer(httpadapter.Deps{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:  db,
		Info: system.NewInfo(system.Settings{Version: "1.2.3", EnvName: "DEV", AppName: "ROUDER", UniqueRange: uniqueRange,
			SupportMail: "help@example.jp"}),
		SPA: spa.NewFromFS(testSPA),
	})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts
}

type envelope struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func decode(t *testing.T, body string) envelope {
	t.Helper()
	var e envelope
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Fatalf("not an envelope: %q", body)
	}
	return e
}

func TestPublicCalls(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ts := newServer(t, db, "ORGANIZATION")

		res, body := get(t, ts.URL+"/unique_range")
		if res.StatusCode != 200 || body != "ORGANIZATION" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Errorf("unique_range: %d %q %s", res.StatusCode, body, res.Header.Get("Content-Type"))
		}

		_, body = get(t, ts.URL+"/mfa_required")
		if e := decode(t, body); e.Code != 0 || string(e.Data) != "false" {
			t.Errorf("mfa_required: %s", body)
		}

		_, body = get(t, ts.URL+"/api/const?ORG_ID=2")
		e := decode(t, body)
		var k struct {
			Version, EnvName, AppName, DefaultSurveyTermsOfService, SupportMailAddress string
			SystemOrganizationID                                                       int64 `json:"systemOrganizationId"`
			SystemGroupID                                                              int64 `json:"systemGroupId"`
		}
		if err := json.Unmarshal(e.Data, &k); err != nil || e.Code != 0 {
			t.Fatalf("const: %s", body)
		}
		if k.Version != "1.2.3" || k.EnvName != "DEV" || k.AppName != "ROUDER" || k.SystemOrganizationID != 1 ||
			k.SystemGroupID != 1 || !strings.Contains(k.DefaultSurveyTermsOfService, "アンケート") || k.SupportMailAddress != "help@example.jp" {
			t.Errorf("const data: %+v", k)
		}
	})
}

func TestUniqueRangeSystem(t *testing.T) {
	t.Parallel()
	ts := newServer(t, testdb.SQLite(t), "SYSTEM")
	if _, body := get(t, ts.URL+"/unique_range"); body != "SYSTEM" {
		t.Errorf("got %q", body)
	}
}

func TestProbesAndMetrics(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ts := newServer(t, db, "ORGANIZATION")
		for _, path := range []string{"/healthz", "/readyz"} {
			if res, body := get(t, ts.URL+path); res.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
				t.Errorf("%s: %d %s", path, res.StatusCode, body)
			}
		}
		res, body := get(t, ts.URL+"/metrics")
		if res.StatusCode != 200 || !strings.Contains(body, `console_http_requests_total{method="GET",route="/healthz",status="200"} 1`) {
			t.Errorf("metrics: %d\n%s", res.StatusCode, body)
		}
		// A closed database makes the server unready, not dead.
		_ = db.Close()
		if res, _ := get(t, ts.URL+"/readyz"); res.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("readyz with the database closed: %d", res.StatusCode)
		}
		if res, _ := get(t, ts.URL+"/healthz"); res.StatusCode != 200 {
			t.Errorf("healthz with the database closed: %d", res.StatusCode)
		}
	})
}

func TestSPAIsServedAtEveryDeepLink(t *testing.T) {
	t.Parallel()
	ts := newServer(t, testdb.SQLite(t), "ORGANIZATION")
	for _, path := range []string{"/home/", "/home/status/", "/home/status/12/34", "/home/organization/add", "/home/other/about/"} {
		res, body := get(t, ts.URL+path)
		if res.StatusCode != 200 || !strings.Contains(body, "<title>console</title>") || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %d %q cache=%q", path, res.StatusCode, body, res.Header.Get("Cache-Control"))
		}
	}
	if _, body := get(t, ts.URL+"/home/a/any%20key-with/odd~chars"); !strings.Contains(body, "<title>survey</title>") {
		t.Errorf("survey answer page: %q", body)
	}
	res, body := get(t, ts.URL+"/home/assets/app-abc.js")
	if body != "console.log(1)" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %q cache=%q", body, res.Header.Get("Cache-Control"))
	}
	if res, _ := get(t, ts.URL+"/home/assets/missing.js"); res.StatusCode != 404 {
		t.Errorf("missing asset: %d", res.StatusCode)
	}
	// Path tricks stay inside the build.
	if _, body := get(t, ts.URL+"/home/../../etc/passwd"); strings.Contains(body, "root:") {
		t.Error("path traversal")
	}
	res, err := http.Get(ts.URL + "/home")
	if err != nil || res.Request.URL.Path != "/home/" {
		t.Errorf("/home should redirect to /home/: %v %v", err, res.Request.URL)
	}
}

func TestUnknownRoutesAnswerTheEnvelope(t *testing.T) {
	t.Parallel()
	ts := newServer(t, testdb.SQLite(t), "ORGANIZATION")
	res, body := get(t, ts.URL+"/api/no_such_thing")
	if e := decode(t, body); res.StatusCode != 404 || e.Code != 404 || e.Message != "ページが見つかりません。" {
		t.Errorf("%d %s", res.StatusCode, body)
	}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodDelete, ts.URL+"/api/const", nil)
	res2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res2.Body.Close()
	b, _ := io.ReadAll(res2.Body)
	if e := decode(t, string(b)); res2.StatusCode != 405 || e.Code != 405 {
		t.Errorf("wrong method: %d %s", res2.StatusCode, b)
	}
}

func TestBadParameterIsAClearMessageNotA500(t *testing.T) {
	t.Parallel()
	ts := newServer(t, testdb.SQLite(t), "ORGANIZATION")
	res, body := get(t, ts.URL+"/api/const?ORG_ID=abc")
	if e := decode(t, body); res.StatusCode != 400 || e.Message != "不正な入力値があります。各入力項目を確認してください。" {
		t.Errorf("%d %s", res.StatusCode, body)
	}
}
