// Package cluster runs the console the way a production installation does,
// for the cluster tests (internal/clustertest, `make test-cluster`): the
// built binary as several processes on one PostgreSQL and one S3 bucket,
// Debian's nginx in front with the repository's proxy settings
// (deploy/nginx/console-proxy.conf), and a real SMTP server, all on
// loopback. A test can kill an instance, start it again, and take the
// database away and back. Anything missing is a clear failure, never a skip.
package cluster

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/rouder/console/internal/testsupport/smtptest"
)

// Env is where the cluster's parts come from: deploy/test/cluster.sh sets
// these after starting a throwaway PostgreSQL and the object store.
type Env struct {
	Binary   string // CONSOLE_BIN: the console built by `make build`
	AdminURL string // TEST_DATABASE_URL: PostgreSQL (a database is created in it)
	PGDir    string // CLUSTER_PG_DIR: its throwaway directory (postgres.sh halt/resume)
	FilesURL string // TEST_FILES_URL: the S3 bucket
	Nginx    string // NGINX, else /usr/sbin/nginx
	Repo     string // the repository's root
}

// EnvFromOS reads Env and fails the test with what is missing.
func EnvFromOS(t testing.TB) Env {
	t.Helper()
	e := Env{Binary: os.Getenv("CONSOLE_BIN"), AdminURL: os.Getenv("TEST_DATABASE_URL"),
		PGDir: os.Getenv("CLUSTER_PG_DIR"), FilesURL: os.Getenv("TEST_FILES_URL"), Nginx: os.Getenv("NGINX")}
	if e.Nginx == "" {
		e.Nginx = "/usr/sbin/nginx"
	}
	var missing []string
	for name, v := range map[string]string{"CONSOLE_BIN": e.Binary, "TEST_DATABASE_URL": e.AdminURL, "CLUSTER_PG_DIR": e.PGDir, "TEST_FILES_URL": e.FilesURL} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("cluster tests: %s not set; run them with `make test-cluster` (deploy/test/cluster.sh), which starts PostgreSQL and the object store", strings.Join(missing, ", "))
	}
	if _, err := os.Stat(e.Nginx); err != nil {
		t.Fatalf("cluster tests: nginx not found at %s (apt-get install nginx, or set NGINX)", e.Nginx)
	}
	if _, err := os.Stat(e.Binary); err != nil {
		t.Fatalf("cluster tests: the console binary %s: %v (make build)", e.Binary, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for dir := wd; dir != "/"; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "deploy", "nginx", "console-proxy.conf")); err == nil {
			e.Repo = dir
			break
		}
	}
	if e.Repo == "" {
		t.Fatalf("cluster tests: deploy/nginx/console-proxy.conf not found above %s", wd)
	}
	return e
}

// Cluster is the running installation.
type Cluster struct {
	env         Env
	DatabaseURL string
	DB          *sql.DB // the test's own connection, for counting
	SMTP        *smtptest.Server
	Instances   []*Instance
	Proxy       *Proxy
	dir         string
}

// Start creates a fresh database, seeds the demo organization into it and
// the bucket once, then starts n instances and nginx in front of them.
func Start(t testing.TB, env Env, n int) *Cluster {
	t.Helper()
	c := &Cluster{env: env, dir: t.TempDir(), SMTP: smtptest.Start(t)}
	c.DatabaseURL = freshDatabase(t, env.AdminURL, "console_cluster")
	db, err := sql.Open("pgx", c.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	c.DB = db

	ports := freePorts(t, n+1)
	c.Proxy = &Proxy{URL: fmt.Sprintf("http://127.0.0.1:%d", ports[0]), port: ports[0], dir: filepath.Join(c.dir, "nginx")}
	for i := range n {
		c.Instances = append(c.Instances, &Instance{Name: fmt.Sprintf("instance-%c", 'a'+i), Port: ports[i+1],
			URL: fmt.Sprintf("http://127.0.0.1:%d", ports[i+1]), binary: env.Binary,
			env: c.instanceEnv(filepath.Join(c.dir, fmt.Sprintf("data-%d", i)), ports[i+1])})
	}
	// Migrate and seed once, as an operator would before starting the fleet.
	seed := exec.Command(env.Binary, "seed")
	seed.Env = c.instanceEnv(filepath.Join(c.dir, "seed"), 0)
	if out, err := seed.CombinedOutput(); err != nil {
		t.Fatalf("console seed: %v\n%s", err, out)
	}
	for _, in := range c.Instances {
		in.Start(t)
	}
	t.Cleanup(func() {
		if t.Failed() {
			for _, in := range c.Instances {
				t.Logf("--- %s (pid %d) log, last lines:\n%s", in.Name, in.Pid(), tail(in.logPath(), 60))
			}
			t.Logf("--- nginx error log:\n%s", tail(filepath.Join(c.Proxy.dir, "error.log"), 30))
		}
		for _, in := range c.Instances {
			in.Kill()
		}
	})
	c.Proxy.start(t, env, c.Instances)
	return c
}

func (c *Cluster) instanceEnv(dataDir string, port int) []string {
	return append(os.Environ(),
		"DATABASE_URL="+c.DatabaseURL, "FILES_URL="+c.env.FilesURL, "SMTP_URL="+c.SMTP.URL(),
		"DATA_DIR="+dataDir, "PORT="+strconv.Itoa(port), "BIND_ADDRESS=127.0.0.1",
		"TRUSTED_PROXIES=127.0.0.1", "PUBLIC_URL="+c.Proxy.URL, "APP_ENV=DEV", "SEED_DEMO=false",
		"SESSION_SECRET=", "METRICS_TOKEN=", "LOG_LEVEL=info")
}

// Count runs a COUNT (or any single-integer) query on the cluster's database.
func (c *Cluster) Count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := c.DB.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

var leaderPid = regexp.MustCompile(`_pid(\d+)_`)

// Leader is the instance River elected to run the timers, or nil when none
// holds the lease now.
func (c *Cluster) Leader(t testing.TB) *Instance {
	t.Helper()
	var id string
	err := c.DB.QueryRow("SELECT leader_id FROM river_leader WHERE expires_at > now()").Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		t.Fatalf("river_leader: %v", err)
	}
	m := leaderPid.FindStringSubmatch(id)
	if m == nil {
		t.Fatalf("leader id %q names no process", id)
	}
	pid, _ := strconv.Atoi(m[1])
	for _, in := range c.Instances {
		if in.Pid() == pid {
			return in
		}
	}
	return nil // a process of before (killed, its lease not yet expired)
}

// HaltDatabase stops PostgreSQL (fast shutdown: connections are cut);
// ResumeDatabase starts it again with its data.
func (c *Cluster) HaltDatabase(t testing.TB)   { t.Helper(); c.postgres(t, "halt") }
func (c *Cluster) ResumeDatabase(t testing.TB) { t.Helper(); c.postgres(t, "resume") }

func (c *Cluster) postgres(t testing.TB, verb string) {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(c.env.Repo, "deploy", "test", "postgres.sh"), verb, c.env.PGDir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("postgres.sh %s: %v\n%s", verb, err, out)
	}
}

// Instance is one console process.
type Instance struct {
	Name   string
	Port   int
	URL    string // direct, bypassing nginx
	binary string
	env    []string

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
	starts int
	dir    string
}

func (in *Instance) logPath() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return filepath.Join(in.dir, fmt.Sprintf("%s-%d.log", in.Name, in.starts))
}

// Start runs the binary and waits until it answers /readyz.
func (in *Instance) Start(t testing.TB) {
	t.Helper()
	in.mu.Lock()
	if in.dir == "" {
		in.dir = t.TempDir()
	}
	in.starts++
	log, err := os.Create(filepath.Join(in.dir, fmt.Sprintf("%s-%d.log", in.Name, in.starts)))
	if err != nil {
		in.mu.Unlock()
		t.Fatal(err)
	}
	cmd := exec.Command(in.binary)
	cmd.Env, cmd.Stdout, cmd.Stderr = in.env, log, log
	cmd.SysProcAttr = dieWithTest
	if err := cmd.Start(); err != nil {
		in.mu.Unlock()
		t.Fatalf("start %s: %v", in.Name, err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); _ = log.Close(); close(exited) }()
	in.cmd, in.exited = cmd, exited
	in.mu.Unlock()

	waitUntilOK(t, in.URL+"/readyz", 60*time.Second, exited, func() string {
		return fmt.Sprintf("%s:\n%s", in.Name, tail(in.logPath(), 40))
	})
}

// Kill ends the process at once (SIGKILL: no draining, as a lost host).
func (in *Instance) Kill() {
	in.mu.Lock()
	cmd, exited := in.cmd, in.exited
	in.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-exited
}

// Pid is the running process's id (0 before the first start).
func (in *Instance) Pid() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.cmd == nil {
		return 0
	}
	return in.cmd.Process.Pid
}

// Running tells whether the process has not exited.
func (in *Instance) Running() bool {
	in.mu.Lock()
	exited := in.exited
	in.mu.Unlock()
	if exited == nil {
		return false
	}
	select {
	case <-exited:
		return false
	default:
		return true
	}
}

// Proxy is nginx in front of the instances.
type Proxy struct {
	URL  string
	port int
	dir  string
}

// Upstream is the response header naming the instance that answered (the
// test configuration adds it; production's does not).
const Upstream = "X-Console-Instance"

func (p *Proxy) start(t testing.TB, env Env, instances []*Instance) {
	t.Helper()
	for _, sub := range []string{"body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		if err := os.MkdirAll(filepath.Join(p.dir, sub), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	var servers strings.Builder
	for _, in := range instances {
		fmt.Fprintf(&servers, "        server 127.0.0.1:%d max_fails=1 fail_timeout=10s;\n", in.Port)
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers write request bodies into the temporary directory
	}
	conf := fmt.Sprintf(`%[1]s
daemon off;
worker_processes 2;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log warn;
events { worker_connections 1024; }
http {
    access_log %[2]s/access.log;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    upstream console_backend {
%[3]s        keepalive 16;
    }
    server {
        listen 127.0.0.1:%[4]d;
        add_header %[5]s $upstream_addr always;
        include %[6]s;
    }
}
`, user, p.dir, servers.String(), p.port, Upstream, filepath.Join(env.Repo, "deploy", "nginx", "console-proxy.conf"))
	confPath := filepath.Join(p.dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := exec.Command(env.Nginx, "-p", p.dir, "-c", confPath, "-e", filepath.Join(p.dir, "error.log"))
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = dieWithTest
	if err := cmd.Start(); err != nil {
		t.Fatalf("start nginx: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	waitUntilOK(t, p.URL+"/healthz", 20*time.Second, exited, func() string {
		return fmt.Sprintf("nginx: %s\n%s", out.String(), tail(filepath.Join(p.dir, "error.log"), 20))
	})
}

// waitUntilOK polls url until it answers 200, failing the test with what
// about says when the process exits first or the time runs out.
func waitUntilOK(t testing.TB, url string, within time.Duration, exited <-chan struct{}, about func() string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		if res, err := http.Get(url); err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-exited:
			t.Fatalf("exited while starting: %s", about())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not answering 200 within %v: %s", url, within, about())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// dieWithTest takes a child down with the test process, should that be
// killed (a timeout): nothing is left listening.
var dieWithTest = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}

// freshDatabase (re)creates name on the server of adminURL and returns its URL.
func freshDatabase(t testing.TB, adminURL, name string) string {
	t.Helper()
	admin, err := sql.Open("pgx", adminURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, q := range []string{"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)", "CREATE DATABASE " + name} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	u, err := url.Parse(adminURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var listeners []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		listeners = append(listeners, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range listeners {
		_ = ln.Close()
	}
	return ports
}

// tail is the end of a log file, for a failure's message.
func tail(path string, lines int) string {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	all := strings.Split(strings.TrimRight(string(raw), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}
