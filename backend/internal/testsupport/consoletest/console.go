// Package consoletest runs the whole console in a test: the program exactly
// as `console serve` wires it, on a fresh PostgreSQL or SQLite database with
// the demo data (seeded once, copied per test: seeded.go), its jobs running, mail going to an SMTP server in the test
// process, behind an httptest server. Clients keep cookies like a browser.
package consoletest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/platform/config"
	"github.com/rouder/console/internal/testsupport/smtptest"
	"github.com/rouder/console/internal/testsupport/tenantguard"
	"github.com/rouder/console/internal/testsupport/testdb"
	"github.com/rouder/console/internal/wiring"
)

// Console is a running console.
type Console struct {
	URL  string
	App  *wiring.App
	DB   *store.DB
	SMTP *smtptest.Server
}

// Option adjusts the configuration before start.
type Option func(*config.Config)

// SystemRange starts the console with the SYSTEM unique range.
func SystemRange() Option { return func(c *config.Config) { c.UniqueRange = "SYSTEM" } }

// Start runs a console on dialect "postgres" or "sqlite". Requests from the
// test reach it from 127.0.0.1, which is a trusted proxy here, so a test
// can speak for any client address with X-Forwarded-For.
func Start(t testing.TB, dialect string, opts ...Option) *Console {
	t.Helper()
	smtp := smtptest.Start(t)
	cfg := config.Config{
		DataDir: t.TempDir(), SMTPURL: smtp.URL(), EnvName: "DEV", AppName: "ROUDER",
		UniqueRange: "ORGANIZATION", Version: "test", ShutdownTimeout: 5 * time.Second,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")},
	}
	snap, err := seeded(dialect)
	if err != nil {
		t.Fatalf("seeded %s: %v", dialect, err)
	}
	if err := copySnapshot(snap, cfg.DataDir); err != nil {
		t.Fatal(err)
	}
	if dialect == "postgres" {
		cfg.DatabaseURL = testdb.PostgresURLFrom(t, snap.pgTemplate)
	}
	for _, o := range opts {
		o(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	app, cleanup, err := wiring.Build(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		cancel()
		t.Fatalf("build console: %v", err)
	}
	if _, bench := t.(*testing.B); !bench {
		tenantguard.Install(t, app.DB)
	}
	if err := app.Queue.Start(ctx); err != nil {
		t.Fatalf("start jobs: %v", err)
	}
	ts := httptest.NewServer(app.Server.Handler())
	t.Cleanup(func() {
		ts.Close()
		stopCtx, stop := context.WithTimeout(context.Background(), 10*time.Second)
		_ = app.Queue.Stop(stopCtx)
		stop()
		cancel()
		cleanup()
	})
	return &Console{URL: ts.URL, App: app, DB: app.DB, SMTP: smtp}
}

// Exec runs SQL against the console's database (to set up a case).
func (c *Console) Exec(t testing.TB, query string, args ...any) {
	t.Helper()
	if _, err := c.DB.NewRaw(query, args...).Exec(context.Background()); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// Count runs a COUNT query.
func (c *Console) Count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := c.DB.NewRaw(query, args...).Scan(context.Background(), &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// Client is one browser: it keeps its cookies and sends from one address.
type Client struct {
	t       testing.TB
	console *Console
	http    *http.Client
	// IP is sent as X-Forwarded-For; empty sends none.
	IP string
	// OrgID is added as ORG_ID to /api/ requests when not zero.
	OrgID int64
}

// Client returns a new browser without cookies.
func (c *Console) Client(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, console: c, http: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// At is a console running elsewhere (the cluster tests' instances and
// their nginx), reached over HTTP only: Client works, Exec and Count do not.
func At(url string) *Console { return &Console{URL: url} }

// Via is the same browser (cookies, address, organization) talking to
// another address of the same installation.
func (cl *Client) Via(c *Console) *Client {
	other := *cl
	other.console = c
	return &other
}

// Answer is a response with its envelope decoded when it has one.
type Answer struct {
	Status  int
	Code    int
	Message string
	Data    json.RawMessage
	Body    []byte
	Header  http.Header
}

// FieldError returns the message for a field of an invalid-input answer.
func (a Answer) FieldError(field string) string {
	var d struct {
		FieldErrors map[string]string `json:"fieldErrors"`
	}
	_ = json.Unmarshal(a.Data, &d)
	return d.FieldErrors[field]
}

// Decode reads the envelope's data into v.
func (a Answer) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(a.Data, v); err != nil {
		t.Fatalf("decode %s: %v", a.Data, err)
	}
}

// Do sends a request; body is JSON-encoded unless it is a string (sent raw).
func (cl *Client) Do(method, path string, body any, headers ...string) Answer {
	cl.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			cl.t.Fatal(err)
		}
		r = bytes.NewReader(buf)
	}
	if cl.OrgID != 0 && strings.HasPrefix(path, "/api/") && !strings.Contains(path, "ORG_ID=") {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		path += sep + "ORG_ID=" + itoa(cl.OrgID)
	}
	req, err := http.NewRequest(method, cl.console.URL+path, r)
	if err != nil {
		cl.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// Explicit headers (a multipart upload's content type, say) win.
	if cl.IP != "" {
		req.Header.Set("X-Forwarded-For", cl.IP)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := cl.http.Do(req)
	if err != nil {
		cl.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := Answer{Status: res.StatusCode, Body: raw, Header: res.Header}
	var env struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && json.Unmarshal(raw, &env) == nil {
		a.Code, a.Message, a.Data = env.Code, env.Message, env.Data
	}
	return a
}

func (cl *Client) Get(path string) Answer { return cl.Do(http.MethodGet, path, nil) }

// Login signs in; it fails the test unless the answer is 200.
func (cl *Client) Login(orgID int64, account, password string) Answer {
	cl.t.Helper()
	a := cl.TryLogin(orgID, account, password)
	if a.Status != http.StatusOK || a.Code != 0 {
		cl.t.Fatalf("login %s: %d %s", account, a.Status, a.Body)
	}
	return a
}

// TryLogin signs in and returns whatever the server answered.
func (cl *Client) TryLogin(orgID int64, account, password string) Answer {
	body := map[string]any{"userAccount": account, "password": password}
	if orgID != 0 {
		body["organizationId"] = orgID
	}
	return cl.Do(http.MethodPost, "/login", body)
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// AddUser creates a user directly in the database (for a case that needs
// one the demo lacks) and returns its id.
func (c *Console) AddUser(t testing.TB, orgID int64, account, password, mainAuthority string, groupID int64) int64 {
	t.Helper()
	hash, err := c.App.Hasher.Hash(password)
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	err = c.DB.NewRaw(`INSERT INTO users (organization_id, user_account, last_name, first_name, password_hash,
		main_authority_name, group_id, ip_address_restriction, mfa_type, mail_address, created_at, updated_at)
		VALUES (?, ?, 'テスト', 'ユーザー', ?, ?, ?, FALSE, 'NONE', '', ?, ?) RETURNING user_id`,
		orgID, account, hash, mainAuthority, groupID, time.Now().UTC(), time.Now().UTC()).Scan(context.Background(), &id)
	if err != nil {
		t.Fatalf("add user %s: %v", account, err)
	}
	return id
}

// GroupID returns the id of the organization's group with that name.
func (c *Console) GroupID(t testing.TB, orgID int64, name string) int64 {
	t.Helper()
	var id int64
	if err := c.DB.NewRaw("SELECT group_id FROM org_groups WHERE organization_id = ? AND group_name = ?", orgID, name).
		Scan(context.Background(), &id); err != nil {
		t.Fatalf("group %s: %v", name, err)
	}
	return id
}

// FacilityID returns the id of the organization's store with that name.
func (c *Console) FacilityID(t testing.TB, orgID int64, name string) int64 {
	t.Helper()
	var id int64
	if err := c.DB.NewRaw("SELECT facility_id FROM facilities WHERE organization_id = ? AND facility_name = ?", orgID, name).
		Scan(context.Background(), &id); err != nil {
		t.Fatalf("store %s: %v", name, err)
	}
	return id
}

// Upload posts a file as multipart form field "file" and returns the answer.
func (cl *Client) Upload(path, name string, data []byte) Answer {
	cl.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, _ := w.CreateFormFile("file", name)
	_, _ = part.Write(data)
	_ = w.Close()
	return cl.Do(http.MethodPost, path, buf.String(), "Content-Type", w.FormDataContentType())
}
