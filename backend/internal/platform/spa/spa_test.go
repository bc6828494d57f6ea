package spa

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func serve(t *testing.T, h *Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

func TestAnswerPageHasItsOwnDocument(t *testing.T) {
	h := NewFromFS(fstest.MapFS{
		"index.html":         {Data: []byte("<title>console</title>")},
		"answer.html":        {Data: []byte("<title>answer</title>")},
		"assets/answer-1.js": {Data: []byte("answer()")},
		"assets/index-1.js":  {Data: []byte("console()")},
	})
	for path, want := range map[string]string{
		"/home/a/AbC-_123":            "answer",
		"/home/a/any%20key/with/odd~": "answer",
		"/home/a/x?y=1":               "answer",
		"/home/a/?preview=7&org=2":    "answer",
		"/home/":                      "console",
		"/home/a":                     "console", // no key: the console's not-found
		"/home/ab/c":                  "console",
		"/home/status/12/34":          "console",
		"/home/survey/":               "console",
		"/home/index.html":            "console",
	} {
		rec := serve(t, h, path)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<title>"+want+"</title>") {
			t.Errorf("%s: %d %q, want the %s page", path, rec.Code, rec.Body.String(), want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", path, cc)
		}
	}
	if rec := serve(t, h, "/home/assets/answer-1.js"); rec.Body.String() != "answer()" ||
		!strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("answer asset: %q %q", rec.Body.String(), rec.Header().Get("Cache-Control"))
	}
}

// A store's page asks the browser to preload its survey; a preview, a key
// the page would encode differently, and the console's pages do not.
func TestAnswerPagePreloadsItsSurvey(t *testing.T) {
	h := NewFromFS(fstest.MapFS{
		"index.html":  {Data: []byte("<title>console</title>")},
		"answer.html": {Data: []byte("<title>answer</title>")},
	})
	for path, want := range map[string]string{
		"/home/a/AbC-_123":            "</api/public/survey/AbC-_123>; rel=preload; as=fetch; crossorigin=anonymous",
		"/home/a/AbC-_123?utm=x":      "</api/public/survey/AbC-_123>; rel=preload; as=fetch; crossorigin=anonymous",
		"/home/a/any%20key/with/odd~": "",
		"/home/a/x>;%20rel=next":      "",
		"/home/a/?preview=7&org=2":    "",
		"/home/status/12/34":          "",
	} {
		if got := serve(t, h, path).Header().Values("Link"); strings.Join(got, ",") != want {
			t.Errorf("%s: Link %q, want %q", path, got, want)
		}
	}
}

func TestAnswerPathsFallBackToTheConsoleWithoutAnAnswerPage(t *testing.T) {
	h := NewFromFS(fstest.MapFS{"index.html": {Data: []byte("<title>console</title>")}})
	if rec := serve(t, h, "/home/a/AbC"); !strings.Contains(rec.Body.String(), "console") {
		t.Errorf("without answer.html: %q", rec.Body.String())
	}
}

// The build's compressed copies go to browsers that accept them, brotli
// first; others get the file itself; the answer varies by the header.
func TestAssetsAreSentCompressedWhenAccepted(t *testing.T) {
	h := NewFromFS(fstest.MapFS{
		"index.html":            {Data: []byte("<title>console</title>")},
		"assets/index-1.js":     {Data: []byte("console()")},
		"assets/index-1.js.br":  {Data: []byte("BROTLI")},
		"assets/index-1.js.gz":  {Data: []byte("GZIP")},
		"assets/style-1.css":    {Data: []byte("body{}")},
		"assets/style-1.css.gz": {Data: []byte("GZCSS")},
		"assets/logo-1.png":     {Data: []byte("PNG")},
	})
	for _, c := range []struct {
		path, accept, body, encoding, ctype string
	}{
		{"/home/assets/index-1.js", "gzip, deflate, br, zstd", "BROTLI", "br", "text/javascript; charset=utf-8"},
		{"/home/assets/index-1.js", "gzip, deflate", "GZIP", "gzip", "text/javascript; charset=utf-8"},
		{"/home/assets/index-1.js", "br;q=0, gzip;q=0.8", "GZIP", "gzip", "text/javascript; charset=utf-8"},
		{"/home/assets/index-1.js", "", "console()", "", "text/javascript; charset=utf-8"},
		{"/home/assets/index-1.js", "identity", "console()", "", "text/javascript; charset=utf-8"},
		{"/home/assets/style-1.css", "br, gzip", "GZCSS", "gzip", "text/css; charset=utf-8"},
		{"/home/assets/logo-1.png", "br, gzip", "PNG", "", "image/png"},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Body.String() != c.body || rec.Header().Get("Content-Encoding") != c.encoding ||
			rec.Header().Get("Content-Type") != c.ctype || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
			t.Errorf("%s with %q: %d %q %q %q", c.path, c.accept, rec.Code, rec.Body.String(), rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"))
		}
		if vary := rec.Header().Get("Vary"); (vary == "Accept-Encoding") != (c.path != "/home/assets/logo-1.png") {
			t.Errorf("%s: Vary %q", c.path, vary)
		}
	}
}
