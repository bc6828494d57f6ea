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

func TestAnswerPathsFallBackToTheConsoleWithoutAnAnswerPage(t *testing.T) {
	h := NewFromFS(fstest.MapFS{"index.html": {Data: []byte("<title>console</title>")}})
	if rec := serve(t, h, "/home/a/AbC"); !strings.Contains(rec.Body.String(), "console") {
		t.Errorf("without answer.html: %q", rec.Body.String())
	}
}
