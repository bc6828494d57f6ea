// Package spa serves the console's single-page app, embedded in the binary,
// under the base path /home.
package spa

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
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
			http.ServeFileFS(w, r, h.files, rel)
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
		}
	}
	h.serveDocument(w, r, page)
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
