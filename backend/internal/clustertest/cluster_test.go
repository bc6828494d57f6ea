//go:build cluster

package clustertest

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/testsupport/cluster"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// figures collects what the fault tests saw, printed at the end for
// docs/operations.md.
var figures []string

func report(format string, args ...any) { figures = append(figures, fmt.Sprintf(format, args...)) }

// TestCluster runs every case on one installation, in order: each leaves it
// whole (a killed instance is started again, the database is back).
func TestCluster(t *testing.T) {
	env := cluster.EnvFromOS(t)
	c := cluster.Start(t, env, 2)
	t.Logf("nginx %s in front of %s (pid %d) and %s (pid %d)", c.Proxy.URL,
		c.Instances[0].URL, c.Instances[0].Pid(), c.Instances[1].URL, c.Instances[1].Pid())
	defer func() {
		for _, f := range figures {
			t.Log("figure: " + f)
		}
	}()

	steps := []struct {
		name string
		run  func(t *testing.T, c *cluster.Cluster, env cluster.Env)
	}{
		{"browser round through nginx", browserRound},
		{"sessions are valid on both instances", sessionsShared},
		{"the login lockout counts once across both", lockoutShared},
		{"the survey rate limit counts once across both", rateLimitShared},
		{"an instance killed under load loses and doubles no answer", instanceKilledUnderLoad},
		{"PostgreSQL restarted under load: 503, recovery, no answer lost", databaseRestartedUnderLoad},
		{"mail waits out an SMTP outage and is delivered once", smtpOutage},
		{"the timers run once per tick, and after the leader dies", timersOncePerTick},
	}
	for _, s := range steps {
		if !t.Run(s.name, func(t *testing.T) { s.run(t, c, env) }) {
			return // the installation may not be whole for the next
		}
	}
}

// browserRound drives Chromium through nginx (frontend/e2e/cluster): the
// head office edits a store, store staff answer with a photo, and each
// instance answers for both the edit and the photo.
func browserRound(t *testing.T, c *cluster.Cluster, env cluster.Env) {
	var urls []string
	for _, in := range c.Instances {
		urls = append(urls, in.URL)
	}
	cmd := exec.Command("npx", "vitest", "run", "--config", "vitest.cluster.config.ts")
	cmd.Dir = filepath.Join(env.Repo, "frontend")
	cmd.Env = append(os.Environ(), "CLUSTER_URL="+c.Proxy.URL, "CLUSTER_INSTANCES="+strings.Join(urls, ","), "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser round: %v\n%s", err, out)
	}
	t.Logf("browser round:\n%s", lastLines(string(out), 8))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func sessionsShared(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	cl := consoletest.At(c.Proxy.URL).Client(t)
	cl.Login(2, "demoadmin", "Demoadmin#2026")
	for _, in := range c.Instances {
		if a := cl.Via(consoletest.At(in.URL)).Get("/api/login_user"); a.Status != 200 {
			t.Errorf("the session on %s: %d %s", in.Name, a.Status, a.Body)
		}
	}
	// Signed out on one, it is gone on the other.
	if a := cl.Via(consoletest.At(c.Instances[0].URL)).Do(http.MethodPost, "/logout", nil); a.Status != 200 {
		t.Fatalf("logout on %s: %d %s", c.Instances[0].Name, a.Status, a.Body)
	}
	if a := cl.Via(consoletest.At(c.Instances[1].URL)).Get("/api/login_user"); a.Status != 401 {
		t.Errorf("a session ended on one instance still works on the other: %d", a.Status)
	}
}

// Ten wrong passwords, alternating between the instances, lock the account
// (auth.AccountFailureLimit): each instance alone has seen five.
func lockoutShared(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	for i := range 10 {
		cl := consoletest.At(c.Instances[i%2].URL).Client(t)
		cl.IP = "198.51.100.77"
		if a := cl.TryLogin(1, "sysadmin", "Wrong#2026"); a.Status != 401 {
			t.Fatalf("wrong password %d on %s: %d %s", i+1, c.Instances[i%2].Name, a.Status, a.Body)
		}
	}
	for _, in := range c.Instances {
		cl := consoletest.At(in.URL).Client(t)
		cl.IP = "198.51.100.78"
		if a := cl.TryLogin(1, "sysadmin", "Sysadmin#2026"); a.Status != 429 ||
			a.Message != "ログインの失敗が続いたため、一時的にログインできません。15分ほど待ってから再度お試しください。" {
			t.Errorf("the right password on %s after ten failures across both: %d %s", in.Name, a.Status, a.Body)
		}
	}
}

// Thirty submissions from one address, alternating between the instances,
// use up the survey rate limit (app/survey.RateLimit): the next is refused
// on either.
func rateLimitShared(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	sv := newSurvey(t, c, "レート制限")
	for i := range 30 {
		cl := consoletest.At(c.Instances[i%2].URL).Client(t)
		cl.IP = "203.0.113.30"
		// A malformed key: counted, refused, nothing stored.
		if a := cl.Do(http.MethodPost, "/api/public/survey/"+sv.key+"/answer", map[string]any{"idempotencyKey": "x", "answerList": []any{}}); a.Status != 400 {
			t.Fatalf("submission %d on %s: %d %s", i+1, c.Instances[i%2].Name, a.Status, a.Body)
		}
	}
	for _, in := range c.Instances {
		cl := consoletest.At(in.URL).Client(t)
		cl.IP = "203.0.113.30"
		if a := cl.Do(http.MethodPost, "/api/public/survey/"+sv.key+"/answer", sv.answer("cluster-rate-limit-0001")); a.Status != 429 {
			t.Errorf("the 31st submission on %s: %d %s", in.Name, a.Status, a.Body)
		}
	}
	if n := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = $1", sv.id); n != 0 {
		t.Errorf("%d answers stored", n)
	}
}

func instanceKilledUnderLoad(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	sv := newSurvey(t, c, "インスタンス停止")
	victim := c.Instances[1]
	res := runLoad(t, c, sv, func() {
		victim.Kill()
	})
	res.check(t, c, sv)
	report("instance killed (SIGKILL) during %s", res)
	victim.Start(t)
}

func databaseRestartedUnderLoad(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	sv := newSurvey(t, c, "DB再起動")
	probes := watchReadiness(c)
	var down, up time.Time
	res := runLoad(t, c, sv, func() {
		c.HaltDatabase(t)
		down = time.Now()
		time.Sleep(4 * time.Second)
		up = time.Now()
		c.ResumeDatabase(t)
	})
	seen := probes.stop()
	res.check(t, c, sv)
	for _, in := range c.Instances {
		if !in.Running() {
			t.Errorf("%s exited while the database was away", in.Name)
		}
	}
	if res.statuses[503] == 0 {
		t.Errorf("no 503 while the database was away: %v", res.statuses)
	}
	if res.awayMessages[msgAway] == 0 || len(res.awayMessages) != 1 {
		t.Errorf("the 503s said %v, want %q", res.awayMessages, msgAway)
	}
	// /readyz tells the truth: never ready while the database is down,
	// unready at some point then, ready again after.
	var lies, unready int
	for _, p := range seen {
		switch {
		case p.at.After(down) && p.at.Before(up) && p.status == 200:
			lies++
		case p.at.After(down) && p.at.Before(up) && p.status == 503:
			unready++
		}
	}
	if lies > 0 || unready == 0 {
		t.Errorf("/readyz while the database was down: %d ready, %d unready", lies, unready)
	}
	for _, in := range c.Instances {
		res, err := http.Get(in.URL + "/readyz")
		if err != nil || res.StatusCode != 200 {
			t.Errorf("%s not ready after the database came back: %v %v", in.Name, err, res)
		} else {
			_ = res.Body.Close()
		}
	}
	report("PostgreSQL stopped for 4 s during %s; /readyz probes while down: %d unready, %d ready", res, unready, lies)
}

// The answer the console gives while the database is away
// (adapters/http.msgDatabaseAway).
const msgAway = "ただいま処理を受け付けられません。しばらくしてから再度お試しください。"

func smtpOutage(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	const n, outageAtLeast = 5, 10 * time.Second
	subject := "ログイン認証コード"
	codes := func() int {
		k := 0
		for _, m := range c.SMTP.Messages() {
			if strings.Contains(m.Subject, subject) && len(m.To) == 1 && m.To[0] == "mfauser@rouder.example" {
				k++
			}
		}
		return k
	}
	before := codes()
	c.SMTP.Stop()
	stopped := time.Now()
	for i := range n {
		cl := consoletest.At(c.Proxy.URL).Client(t)
		if a := cl.Login(3, "mfauser", "Mfauser#2026"); string(a.Data) != `{"mfaRequired":true}` {
			t.Fatalf("sign-in %d: %s", i+1, a.Body)
		}
	}
	// Every mail tried and failed at least twice (River backs off), then
	// the server is back.
	deadline := time.Now().Add(60 * time.Second)
	for c.Count(t, `SELECT COUNT(*) FROM river_job WHERE kind = 'deliver_mail' AND state = 'retryable' AND attempt >= 2`) < n {
		if time.Now().After(deadline) {
			t.Fatalf("the mails were not retried: %d retryable after two attempts", c.Count(t, `SELECT COUNT(*) FROM river_job WHERE kind = 'deliver_mail' AND state = 'retryable' AND attempt >= 2`))
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(time.Until(stopped.Add(outageAtLeast)))
	if got := codes() - before; got != 0 {
		t.Fatalf("%d mails arrived while the server was down", got)
	}
	c.SMTP.Resume(t)
	outage := time.Since(stopped)
	deadline = time.Now().Add(3 * time.Minute)
	for codes()-before < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d mails delivered 3 min after the server came back", codes()-before, n)
		}
		time.Sleep(200 * time.Millisecond)
	}
	delivered := time.Since(stopped)
	time.Sleep(3 * time.Second) // anything sent twice would arrive now
	if got := codes() - before; got != n {
		t.Errorf("%d code mails for %d sign-ins", got, n)
	}
	attempts := c.Count(t, `SELECT COALESCE(MAX(attempt), 0) FROM river_job WHERE kind = 'deliver_mail' AND state = 'completed'`)
	report("SMTP down %.0f s: %d mails queued, each tried up to %d times, all %d delivered %.0f s after the outage began, none twice",
		outage.Seconds(), n, attempts, n, delivered.Seconds())
}

// timersOncePerTick watches the every-minute notification timer: River
// runs timers on the elected leader only, and each timer's job is unique
// per interval (adapters/jobs.timedOpts), so a new leader's run-at-start
// adds no second run to a minute the dead leader had already run.
func timersOncePerTick(t *testing.T, c *cluster.Cluster, _ cluster.Env) {
	began := time.Now()
	// The earlier cases killed an instance and stopped the database, which
	// may have moved the lease: the leader is the live lease holder once a
	// tick has run since this case began. (The leader inserts each tick's
	// job; any instance's worker may run it.)
	leader := waitForRunningLeader(t, c, began, 3*time.Minute)
	killedAt := time.Now()
	leader.Kill()
	next := waitForLeader(t, c, leader)
	took := time.Since(killedAt)
	// The next tick runs on the new leader (its run at start may have been
	// the dead leader's minute, and so not a run of its own).
	waitForRunSince(t, c, next, killedAt, 2*time.Minute)
	runs := timerRuns(t, c)
	perMinute := map[time.Time]int{}
	for _, r := range runs {
		perMinute[r.minute]++
	}
	for m, k := range perMinute {
		if k > 1 {
			t.Errorf("%d runs in the minute from %s: %v", k, m.Format(time.TimeOnly), runs)
		}
	}
	for _, r := range runs { // no process of an earlier case ran one since this case began
		if r.at.Before(began) {
			continue // an earlier leader's (the cases before restart instances)
		}
		if !strings.Contains(r.by, fmt.Sprintf("_pid%d_", leader.Pid())) && !strings.Contains(r.by, fmt.Sprintf("_pid%d_", next.Pid())) {
			t.Errorf("a timer run by %q, neither leader", r.by)
		}
	}
	report("notification timer: %d runs in %d distinct minutes over %.0f s; leader (pid %d) killed, %s (pid %d) led %.0f s later and ran the next ticks",
		len(runs), len(perMinute), runs[len(runs)-1].minute.Sub(runs[0].minute).Seconds()+60, leader.Pid(), next.Name, next.Pid(), took.Seconds())
	leader.Start(t)
}

// waitForRunningLeader waits for a live lease holder, once the timer has
// run (on any instance) since a time.
func waitForRunningLeader(t *testing.T, c *cluster.Cluster, since time.Time, within time.Duration) *cluster.Instance {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		if l := c.Leader(t); l != nil && l.Running() && runsSince(t, c, nil, since) > 0 {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("no leader ran the timer within %v: %v", within, timerRuns(t, c))
		}
		time.Sleep(time.Second)
	}
}

type timerRun struct {
	at     time.Time
	minute time.Time
	by     string
}

func timerRuns(t *testing.T, c *cluster.Cluster) []timerRun {
	t.Helper()
	rows, err := c.DB.Query(`SELECT scheduled_at, COALESCE(attempted_by[1], '') FROM river_job WHERE kind = 'send_notifications' ORDER BY scheduled_at`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []timerRun
	for rows.Next() {
		var at time.Time
		var by string
		if err := rows.Scan(&at, &by); err != nil {
			t.Fatal(err)
		}
		out = append(out, timerRun{at: at, minute: at.UTC().Truncate(time.Minute), by: by})
	}
	return out
}

// waitForRunSince waits until the instance has run the timer since a time.
func waitForRunSince(t *testing.T, c *cluster.Cluster, in *cluster.Instance, since time.Time, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for runsSince(t, c, in, since) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not run the timer within %v: %v", in.Name, within, timerRuns(t, c))
		}
		time.Sleep(time.Second)
	}
}

// runsSince counts the completed timer runs scheduled since a time that
// the instance ran (any instance when in is nil).
func runsSince(t *testing.T, c *cluster.Cluster, in *cluster.Instance, since time.Time) int {
	t.Helper()
	by := "%"
	if in != nil {
		by = fmt.Sprintf("%%_pid%d_%%", in.Pid())
	}
	return c.Count(t, `SELECT COUNT(*) FROM river_job WHERE kind = 'send_notifications' AND state = 'completed'
		AND attempted_by[1] LIKE $1 AND scheduled_at >= $2`, by, since)
}

// waitForLeader waits for a live instance other than not to hold the lease.
func waitForLeader(t *testing.T, c *cluster.Cluster, not *cluster.Instance) *cluster.Instance {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		if l := c.Leader(t); l != nil && l != not && l.Running() {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatal("no leader elected within 90 s")
		}
		time.Sleep(250 * time.Millisecond)
	}
}

type probe struct {
	at     time.Time
	status int // 0: no answer
}

type readiness struct {
	done chan struct{}
	out  chan []probe
}

// watchReadiness asks each instance's /readyz every 100 ms until stop.
func watchReadiness(c *cluster.Cluster) *readiness {
	r := &readiness{done: make(chan struct{}), out: make(chan []probe)}
	go func() {
		var seen []probe
		client := &http.Client{Timeout: 3 * time.Second}
		for {
			select {
			case <-r.done:
				r.out <- seen
				return
			case <-time.After(100 * time.Millisecond):
			}
			for _, in := range c.Instances {
				at := time.Now()
				res, err := client.Get(in.URL + "/readyz")
				p := probe{at: at}
				if err == nil {
					p.status = res.StatusCode
					_ = res.Body.Close()
				}
				seen = append(seen, p)
			}
		}
	}()
	return r
}

func (r *readiness) stop() []probe {
	close(r.done)
	return <-r.out
}

func sortedKeys(m map[int]int) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
