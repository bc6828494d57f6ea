package http_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/system"
	"github.com/rouder/console/internal/platform/spa"
	"github.com/rouder/console/internal/testsupport/consoletest"
	"github.com/rouder/console/internal/testsupport/testdb"
)

func TestResponsesCarryTheSecurityHeaders(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ts := newServer(t, db, "ORGANIZATION")
		for _, path := range []string{"/home/", "/api/const", "/healthz"} {
			res, _ := get(t, ts.URL+path)
			h := res.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self';", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP %q lacks %q", path, csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(strings.SplitN(csp, "script-src", 2)[1], "unsafe-inline;") {
				t.Errorf("%s: CSP allows scripts it should not: %q", path, csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") != "same-origin" {
				t.Errorf("%s: headers %v", path, h)
			}
		}
		if res, _ := get(t, ts.URL+"/api/const"); res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("the API may be cached: %q", res.Header.Get("Cache-Control"))
		}
		if res, _ := get(t, ts.URL+"/home/"); res.Header.Get("Cache-Control") == "no-store" {
			t.Error("the app's page is not personal data: it may be revalidated, not no-store")
		}
	})
}

func TestMetricsAreForLocalScrapersOrTheToken(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		// Without a token: the local scraper reads them, a request relayed by the proxy does not.
		ts := newServer(t, db, "ORGANIZATION")
		if res, _ := get(t, ts.URL+"/metrics"); res.StatusCode != http.StatusOK {
			t.Errorf("a local scraper: %d", res.StatusCode)
		}
		req, _ := http.NewRequest(http.MethodGet, ts.URL+"/metrics", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113.9")
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusForbidden {
			t.Errorf("relayed by a proxy: %v %v", res.StatusCode, err)
		}

		withToken := httptest.NewServer(httpadapter.NewServer(httpadapter.Deps{
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db,
			Info:         system.NewInfo(system.Settings{Version: "1", EnvName: "DEV", AppName: "ROUDER", UniqueRange: "ORGANIZATION"}),
			SPA:          spa.NewFromFS(testSPA),
			MetricsToken: "s3cret-token",
		}).Handler())
		defer withToken.Close()
		if res, _ := get(t, withToken.URL+"/metrics"); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("no token: %d", res.StatusCode)
		}
		for token, want := range map[string]int{"wrong": http.StatusUnauthorized, "s3cret-token": http.StatusOK} {
			req, _ := http.NewRequest(http.MethodGet, withToken.URL+"/metrics", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("X-Forwarded-For", "203.0.113.9") // the token, not the address, decides
			res, err := http.DefaultClient.Do(req)
			if err != nil || res.StatusCode != want {
				t.Errorf("token %q: %v %v, want %d", token, res.StatusCode, err, want)
			}
		}
	})
}

// Behind the TLS proxy (X-Forwarded-Proto: https) the session and survey
// cookies are Secure; on plain HTTP (make run) they cannot be.
func TestCookiesAreSecureBehindTLS(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		for _, proto := range []string{"https", "http"} {
			a := c.Client(t).Do(http.MethodPost, "/login", map[string]any{"organizationId": 2, "userAccount": "demoadmin", "password": "Demoadmin#2026"},
				"X-Forwarded-Proto", proto)
			cookie := a.Header.Get("Set-Cookie")
			if a.Status != 200 || !strings.Contains(cookie, "rouder_session=") || strings.Contains(cookie, "; Secure") != (proto == "https") {
				t.Errorf("%s: %d %q", proto, a.Status, cookie)
			}
		}
	})
}
