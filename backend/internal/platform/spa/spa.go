// Package spa serves the console's single-page app, embedded in the binary,
// under the base path /home.
package spa

import (
	"embed"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
)

// BasePath is where the console lives (docs/product/constants.md).
const BasePath = "/home"

//go:embed all:site
var site embed.FS

// Handler serves the built SPA. Files that exist are served as they are
// (hashed assets cached for a year); every other path under /home answers
// the app's index.html so deep links work; /home/a/… answers the survey
// page's own small bundle when the build has one.
type Handler struct {
	files fs.FS
	built bool
}

// New uses the embedded build. A binary built without the SPA (plain
// `go build`, `go test`) still serves the API and says so on /home.
func New() *Handler {
	sub, err := fs.Sub(site, "site/app")
	if err != nil {
		return &Handler{}
	}
	_, err = fs.Stat(sub, "index.html")
	return &Handler{files: sub, built: err == nil}
}

// NewFromFS serves another build; tests use it.
func NewFromFS(files fs.FS) *Handler {
	_, err := fs.Stat(files, "index.html")
	return &Handler{files: files, built: err == nil}
}

// Built reports whether an SPA build is embedded.
func (h *Handler) Built() bool { return h.built }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.built {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("The console's web app is not in this build. Run `make build` (or `make run`).\n"))
		return
	}
	rel := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(r.URL.Path, BasePath)), "/")
	if rel != "" && rel != "index.html" {
		if st, err := fs.Stat(h.files, rel); err == nil && !st.IsDir() {
			if strings.HasPrefix(rel, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			h.serveFile(w, r, rel)
			return
		}
		if path.Ext(rel) != "" && strings.HasPrefix(rel, "assets/") {
			http.NotFound(w, r) // a missing asset is a 404, not the app
			return
		}
	}
	page := "index.html"
	// A store's page (/home/a/{key}), or an editor's preview (/home/a/?preview=…).
	if strings.HasPrefix(rel, "a/") || r.URL.Path == BasePath+"/a/" {
		if _, err := fs.Stat(h.files, "answer.html"); err == nil {
			page = "answer.html"
			if key, ok := strings.CutPrefix(rel, "a/"); ok {
				preloadSurvey(w, key)
			}
		}
	}
	h.serveDocument(w, r, page)
}

// PublicSurveyAPI is the call the answer page makes first (api/openapi.yaml,
// GET /api/public/survey/{surveyKey}).
const PublicSurveyAPI = "/api/public/survey/"

// plainKey is a key that reads the same in a path and percent-encoded as
// the page encodes it (encodeURIComponent), as every issued key does.
var plainKey = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// preloadSurvey tells the browser to ask for the survey while it still
// fetches the page's script: on a phone on a slow line that saves the
// round trip the script would otherwise start only after it ran. The
// page's fetch takes the preloaded answer (same URL, mode and credentials:
// `crossorigin` makes the preload a same-origin CORS request, as fetch()
// is). A key of other characters is left to the page.
func preloadSurvey(w http.ResponseWriter, key string) {
	if plainKey.MatchString(key) {
		w.Header().Add("Link", "<"+PublicSurveyAPI+key+">; rel=preload; as=fetch; crossorigin=anonymous")
	}
}

// encodings are the compressed copies the build writes beside a file
// (frontend/scripts/compress.mjs), the better first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile sends a file of the build, or its compressed copy when the
// browser accepts it: nothing is compressed per request, and a proxy
// that compresses (nginx) passes an encoded answer through as it is.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, rel string) {
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range encodings {
		if _, err := fs.Stat(h.files, rel+enc.ext); err != nil {
			continue
		}
		// The answer depends on the header whenever a copy exists.
		if w.Header().Get("Vary") == "" {
			w.Header().Set("Vary", "Accept-Encoding")
		}
		if accepts(accept, enc.name) && h.serveEncoded(w, r, rel, enc.name, rel+enc.ext) {
			return
		}
	}
	http.ServeFileFS(w, r, h.files, rel)
}

// serveEncoded sends the copy name of rel, encoded as enc.
func (h *Handler) serveEncoded(w http.ResponseWriter, r *http.Request, rel, enc, name string) bool {
	f, err := h.files.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	st, err := f.Stat()
	if !ok || err != nil {
		return false
	}
	if ctype := mime.TypeByExtension(path.Ext(rel)); ctype != "" {
		w.Header().Set("Content-Type", ctype)
	}
	w.Header().Set("Content-Encoding", enc)
	http.ServeContent(w, r, rel, st.ModTime(), content)
	return true
}

// accepts reads an Accept-Encoding header: whether it names enc (or *)
// without q=0.
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) && strings.TrimSpace(name) != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// serveDocument answers an HTML entry point, never cached, so a new release
// reaches every browser on its next navigation.
func (h *Handler) serveDocument(w http.ResponseWriter, r *http.Request, name string) {
	body, err := fs.ReadFile(h.files, name)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}
