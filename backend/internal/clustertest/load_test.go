//go:build cluster

package clustertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/cluster"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// A load of public survey answers: customers answering at once, each from
// its own loopback address (nginx sees them apart, so the per-address rate
// limit is not what is measured) with its own browser cookie, each answer
// retried with the same idempotency key until the console acknowledges it,
// as the answer page does.
const (
	customers          = 20
	answersPerCustomer = 15
)

type testSurvey struct {
	id    int64
	key   string // the answer link's key (新宿駅前店)
	nps   int64  // the NPS question
	proxy string
}

func (s testSurvey) answer(idempotencyKey string) map[string]any {
	return map[string]any{"idempotencyKey": idempotencyKey, "answerList": []map[string]any{{"questionId": s.nps, "score": 9}}}
}

// newSurvey creates an open survey of デモ株式会社 without an answer limit,
// through nginx as its head office would.
func newSurvey(t *testing.T, c *cluster.Cluster, name string) testSurvey {
	t.Helper()
	admin := consoletest.At(c.Proxy.URL).Client(t)
	admin.OrgID = 2
	admin.Login(2, "demoadmin", "Demoadmin#2026")
	store := int64(c.Count(t, "SELECT facility_id FROM facilities WHERE organization_id = 2 AND facility_name = '新宿駅前店'"))
	q := func(typ, text string, required bool) map[string]any {
		return map[string]any{"questionId": 0, "questionType": typ, "text": text, "required": required, "choiceList": []string{}}
	}
	a := admin.Do(http.MethodPost, "/api/survey", map[string]any{
		"surveyName": name + time.Now().Format("150405.000"), "surveyTitle": "ご来店ありがとうございます", "surveyDescription": "",
		"termsOfService": survey.DefaultTermsOfService, "iconData": "", "iconMediaType": "", "rewardType": "NONE",
		"rewardImageData": "", "rewardImageMediaType": "", "rewardLinkName": "", "rewardUrl": "",
		"fromDate": time.Now().In(clock.Tokyo).Format("2006-01-02"), "answerLimit": "UNLIMITED", "answerLimitDays": 0,
		"answerLimitRange": "FACILITY", "availableImprovement": false, "improvementReminderNotificationTime": "",
		"improvementReminderDaysBefore": 0, "targetFacilityList": []int64{store},
		"categoryList": []map[string]any{
			{"categoryId": 0, "categoryType": "NPS", "categoryName": "おすすめ度", "questionList": []any{q("NPS", "すすめますか？", true)}},
			{"categoryId": 0, "categoryType": "ATTRIBUTE", "categoryName": "お客様情報", "questionList": []any{}},
			{"categoryId": 0, "categoryType": "MAIL", "categoryName": "メール", "questionList": []any{q("MAIL", "メールアドレス", false)}},
			{"categoryId": 0, "categoryType": "NORMAL", "categoryName": "店舗", "questionList": []any{q("FREE_TEXT", "ご意見", false)}},
		},
	})
	if a.Status != 200 {
		t.Fatalf("create survey: %d %s", a.Status, a.Body)
	}
	var created struct {
		ID int64 `json:"surveyId"`
	}
	a.Decode(t, &created)
	var got struct {
		Cats []struct {
			Questions []struct {
				ID int64 `json:"questionId"`
			} `json:"questionList"`
		} `json:"categoryList"`
	}
	admin.Get(fmt.Sprintf("/api/survey/%d", created.ID)).Decode(t, &got)
	var links []struct {
		Key string `json:"surveyKey"`
	}
	admin.Get(fmt.Sprintf("/api/survey/%d/links", created.ID)).Decode(t, &links)
	if len(links) != 1 || len(got.Cats) == 0 || len(got.Cats[0].Questions) == 0 {
		t.Fatalf("survey %d: links %v, categories %v", created.ID, links, got.Cats)
	}
	return testSurvey{id: created.ID, key: links[0].Key, nps: got.Cats[0].Questions[0].ID, proxy: c.Proxy.URL}
}

type loadResult struct {
	mu             sync.Mutex
	requests       int
	transportFails int
	statuses       map[int]int
	awayMessages   map[string]int
	repeated       int // acknowledged as already stored: an earlier attempt's answer was lost
	acknowledged   map[string]bool
	refused        []string
	ackAtFault     int
	faultDone      int
	took           time.Duration
}

func (r *loadResult) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var statuses []string
	for _, s := range sortedKeys(r.statuses) {
		statuses = append(statuses, fmt.Sprintf("%d×%d", r.statuses[s], s))
	}
	return fmt.Sprintf("%d answers from %d customers through nginx in %.1f s (fault at %d acknowledged, over at %d): "+
		"%d requests, answers %v, %d without an answer (connection), %d acknowledged (%d of them as already stored)",
		customers*answersPerCustomer, customers, r.took.Seconds(), r.ackAtFault, r.faultDone,
		r.requests, statuses, r.transportFails, len(r.acknowledged), r.repeated)
}

// runLoad sends the load and calls fault once a quarter of it is
// acknowledged, while the rest is being sent.
func runLoad(t *testing.T, c *cluster.Cluster, sv testSurvey, fault func()) *loadResult {
	t.Helper()
	r := &loadResult{statuses: map[int]int{}, awayMessages: map[string]int{}, acknowledged: map[string]bool{}}
	run := time.Now().Format("150405")
	loads++ // each load's customers are new people: their own addresses
	clients := make([]*http.Client, customers)
	for i := range clients {
		clients[i] = customerClient(loads, i)
		// The page's first load gives the browser its cookie.
		res, err := clients[i].Get(sv.proxy + "/api/public/survey/" + sv.key)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("customer %d opens the page: %v %v", i, err, res)
		}
		_ = res.Body.Close()
	}
	quarter := make(chan struct{})
	var once sync.Once
	faultOver := make(chan struct{})
	go func() {
		<-quarter
		r.mu.Lock()
		r.ackAtFault = len(r.acknowledged)
		r.mu.Unlock()
		fault()
		r.mu.Lock()
		r.faultDone = len(r.acknowledged)
		r.mu.Unlock()
		close(faultOver)
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range answersPerCustomer {
				key := fmt.Sprintf("cluster-%s-%03d-%03d", run, i, j)
				r.submit(clients[i], sv, key)
				r.mu.Lock()
				if len(r.acknowledged) >= customers*answersPerCustomer/4 {
					once.Do(func() { close(quarter) })
				}
				r.mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.took = time.Since(start)
	once.Do(func() { close(quarter) }) // a load faster than the fault: it still runs, late
	<-faultOver
	return r
}

// submit sends one answer until it is acknowledged or refused, backing off
// between attempts (100 ms, doubling, at most 1 s) for up to 90 s.
func (r *loadResult) submit(client *http.Client, sv testSurvey, key string) {
	body, _ := json.Marshal(sv.answer(key))
	wait := 100 * time.Millisecond
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		res, err := client.Post(sv.proxy+"/api/public/survey/"+sv.key+"/answer", "application/json", bytes.NewReader(body))
		r.mu.Lock()
		r.requests++
		r.mu.Unlock()
		if err != nil {
			r.mu.Lock()
			r.transportFails++
			r.mu.Unlock()
		} else {
			var env struct {
				Message string `json:"message"`
				Data    struct {
					Repeated bool `json:"repeated"`
				} `json:"data"`
			}
			_ = json.NewDecoder(res.Body).Decode(&env)
			_ = res.Body.Close()
			r.mu.Lock()
			r.statuses[res.StatusCode]++
			switch {
			case res.StatusCode == 200:
				r.acknowledged[key] = true
				if env.Data.Repeated {
					r.repeated++
				}
				r.mu.Unlock()
				return
			case res.StatusCode == 503:
				r.awayMessages[env.Message]++
			case res.StatusCode < 500:
				r.refused = append(r.refused, fmt.Sprintf("%s: %d %s", key, res.StatusCode, env.Message))
				r.mu.Unlock()
				return
			}
			r.mu.Unlock()
		}
		time.Sleep(wait)
		wait = min(2*wait, time.Second)
	}
	r.mu.Lock()
	r.refused = append(r.refused, key+": never acknowledged within 90 s")
	r.mu.Unlock()
}

// check: every answer acknowledged, each stored exactly once, no 500.
func (r *loadResult) check(t *testing.T, c *cluster.Cluster, sv testSurvey) {
	t.Helper()
	if len(r.refused) > 0 {
		t.Errorf("%d answers refused or lost, first: %v", len(r.refused), r.refused[:min(5, len(r.refused))])
	}
	if r.statuses[500] > 0 {
		t.Errorf("%d answers were 500", r.statuses[500])
	}
	if r.ackAtFault >= customers*answersPerCustomer {
		t.Errorf("the fault came after the load")
	}
	rows, err := c.DB.Query(`SELECT idempotency_key, COUNT(*) FROM survey_answers WHERE survey_id = $1 GROUP BY idempotency_key`, sv.id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	stored, doubled := 0, 0
	for rows.Next() {
		var key string
		var n int
		if err := rows.Scan(&key, &n); err != nil {
			t.Fatal(err)
		}
		stored++
		if n > 1 {
			doubled++
		}
		if !r.acknowledged[key] {
			t.Errorf("stored but never acknowledged: %s", key)
		}
	}
	if stored != len(r.acknowledged) || doubled > 0 {
		t.Errorf("%d acknowledged, %d stored, %d stored twice", len(r.acknowledged), stored, doubled)
	}
}

// loads counts the loads run so far.
var loads int

// customerClient is one customer's phone: its own loopback source address
// (127.0.load.x) and cookie jar.
func customerClient(load, i int) *http.Client {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, byte(load), byte(1+i))}}
	return &http.Client{Jar: jar, Timeout: 30 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 2,
	}}
}
