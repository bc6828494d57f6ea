package http_test

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type surveyOut struct {
	ID       int64   `json:"surveyId"`
	Name     string  `json:"surveyName"`
	FromDate string  `json:"fromDate"`
	ToDate   *string `json:"toDate"`
	Limit    string  `json:"answerLimit"`
	Range    string  `json:"answerLimitRange"`
	Reward   string  `json:"rewardType"`
	Terms    string  `json:"termsOfService"`
	Improve  bool    `json:"availableImprovement"`
	Targets  []int64 `json:"targetFacilityList"`
	Cats     []struct {
		ID        int64  `json:"categoryId"`
		Type      string `json:"categoryType"`
		Name      string `json:"categoryName"`
		Questions []struct {
			ID      int64    `json:"questionId"`
			Type    string   `json:"questionType"`
			Text    string   `json:"text"`
			Choices []string `json:"choiceList"`
		} `json:"questionList"`
	} `json:"categoryList"`
	Version int64 `json:"version"`
}

type surveyLink struct {
	FacilityID int64  `json:"facilityId"`
	Name       string `json:"facilityName"`
	Key        string `json:"surveyKey"`
	URL        string `json:"url"`
}

func q(typ, text string, required bool, choices ...string) map[string]any {
	if choices == nil {
		choices = []string{}
	}
	return map[string]any{"questionId": 0, "questionType": typ, "text": text, "required": required, "choiceList": choices}
}

// surveyInput is a valid survey of organization org open from today (Tokyo).
func surveyInput(c *consoletest.Console, t testing.TB, name string, facilities ...int64) map[string]any {
	today := time.Now().In(clock.Tokyo).Format("2006-01-02")
	if facilities == nil {
		facilities = []int64{c.FacilityID(t, 2, "新宿駅前店"), c.FacilityID(t, 2, "梅田茶屋町店")}
	}
	return map[string]any{
		"surveyName": name, "surveyTitle": "ご来店ありがとうございます", "surveyDescription": "", "termsOfService": survey.DefaultTermsOfService,
		"iconData": "", "iconMediaType": "", "rewardType": "LINK", "rewardImageData": "", "rewardImageMediaType": "",
		"rewardLinkName": "クーポン", "rewardUrl": "https://rouder.example/coupon", "fromDate": today,
		"answerLimit": "ONCE", "answerLimitDays": 0, "answerLimitRange": "FACILITY", "availableImprovement": true,
		"improvementReminderNotificationTime": "", "improvementReminderDaysBefore": 0, "targetFacilityList": facilities,
		"categoryList": []map[string]any{
			{"categoryId": 0, "categoryType": "NPS", "categoryName": "おすすめ度", "questionList": []any{q("NPS", "すすめますか？", true)}},
			{"categoryId": 0, "categoryType": "ATTRIBUTE", "categoryName": "お客様情報", "questionList": []any{q("SINGLE_CHOICE", "年代", false, "20代", "30代")}},
			{"categoryId": 0, "categoryType": "MAIL", "categoryName": "メール", "questionList": []any{q("MAIL", "メールアドレス", false)}},
			{"categoryId": 0, "categoryType": "NORMAL", "categoryName": "店舗", "questionList": []any{
				q("RATING", "清潔さ", true), q("MULTIPLE_CHOICE", "良かった点", false, "接客", "味"), q("FREE_TEXT", "ご意見", false)}},
		},
	}
}

func adminClient(t *testing.T, c *consoletest.Console) *consoletest.Client {
	cl := c.Client(t)
	cl.OrgID = 2
	cl.Login(2, "demoadmin", "Demoadmin#2026")
	return cl
}

// surveyWithLinks signs in demoadmin and creates a survey of the demo stores
// named name, with its answer links (kana order).
func surveyWithLinks(t *testing.T, c *consoletest.Console, name string) (*consoletest.Client, int64, surveyOut, []surveyLink) {
	t.Helper()
	admin := adminClient(t, c)
	id, sv := createSurvey(t, admin, surveyInput(c, t, name))
	var links []surveyLink
	admin.Get("/api/survey/"+itoa(int(id))+"/links").Decode(t, &links)
	return admin, id, sv, links
}

func createSurvey(t *testing.T, cl *consoletest.Client, in map[string]any) (int64, surveyOut) {
	t.Helper()
	a := cl.Do(http.MethodPost, "/api/survey", in)
	if a.Status != 200 {
		t.Fatalf("create survey: %d %s", a.Status, a.Body)
	}
	var id struct {
		ID int64 `json:"surveyId"`
	}
	a.Decode(t, &id)
	var got surveyOut
	cl.Get("/api/survey/"+itoa(int(id.ID))).Decode(t, &got)
	return id.ID, got
}

func TestSurveyEditor(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := adminClient(t, c)
		var d surveyOut
		cl.Get("/api/survey/defaults").Decode(t, &d)
		next := time.Now().In(clock.Tokyo)
		next = time.Date(next.Year(), next.Month()+1, 1, 0, 0, 0, 0, clock.Tokyo)
		if d.FromDate != next.Format("2006-01-02") || d.ToDate != nil || d.Limit != "ONCE" || d.Range != "FACILITY" || d.Reward != "NONE" ||
			!d.Improve || d.Terms != survey.DefaultTermsOfService || len(d.Cats) != 3 || d.Cats[0].Type != "NPS" || d.Cats[2].Type != "MAIL" {
			t.Errorf("defaults: %+v", d)
		}
		id, got := createSurvey(t, cl, surveyInput(c, t, "来店調査"))
		if got.Name != "来店調査" || len(got.Cats) != 4 || got.Cats[3].Questions[1].Choices[1] != "味" || len(got.Targets) != 2 || got.Version != 1 {
			t.Fatalf("read back: %+v", got)
		}
		path := "/api/survey/" + itoa(int(id))
		var links []surveyLink
		cl.Get(path+"/links").Decode(t, &links)
		if len(links) != 2 || links[0].URL != "/home/a/"+links[0].Key || len(links[0].Key) != 32 {
			t.Fatalf("links: %+v", links)
		}
		qr := cl.Get(path + "/links/" + itoa(int(links[0].FacilityID)) + "/qr")
		if qr.Status != 200 || qr.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(qr.Body, []byte("\x89PNG")) {
			t.Errorf("QR: %d %s", qr.Status, qr.Header)
		}
		if a := cl.Get(path + "/links/" + itoa(int(c.FacilityID(t, 2, "京都四条店"))) + "/qr"); a.Status != 404 {
			t.Errorf("QR of a store the survey does not target: %d", a.Status)
		}

		// Edit: keep ids, rename, drop a store; the kept store keeps its key.
		upd := surveyInput(c, t, "来店調査(改)", links[0].FacilityID)
		upd["version"] = got.Version
		cats := upd["categoryList"].([]map[string]any)
		for i, cat := range got.Cats {
			cats[i]["categoryId"] = cat.ID
			for j, qu := range cat.Questions {
				cats[i]["questionList"].([]any)[j].(map[string]any)["questionId"] = qu.ID
			}
		}
		if a := cl.Do(http.MethodPut, path, upd); a.Status != 200 {
			t.Fatalf("update: %d %s", a.Status, a.Body)
		}
		var after surveyOut
		cl.Get(path).Decode(t, &after)
		if after.Name != "来店調査(改)" || after.Version != 2 || after.Cats[3].Questions[0].ID != got.Cats[3].Questions[0].ID {
			t.Errorf("after the edit: %+v", after)
		}
		var kept []surveyLink
		cl.Get(path+"/links").Decode(t, &kept)
		if len(kept) != 1 || kept[0].Key != links[0].Key {
			t.Errorf("links after the edit: %+v", kept)
		}
		if a := cl.Do(http.MethodPut, path, upd); a.Status != 409 || a.Message != failure.MsgConflict {
			t.Errorf("stale version: %d %s", a.Status, a.Body)
		}
		bad := surveyInput(c, t, "")
		bad["answerLimit"] = "DAYS"
		if a := cl.Do(http.MethodPost, "/api/survey", bad); a.Status != 400 || a.FieldError("surveyName") != "アンケート名は必須です" ||
			a.FieldError("answerLimitDays") != "回答制限日数は1以上で入力してください。" {
			t.Errorf("invalid: %d %s", a.Status, a.Body)
		}
		// Days kept while another limit is chosen are held to the column's range (a 500 before).
		once := surveyInput(c, t, "日数の桁あふれ")
		once["answerLimitDays"] = int64(1) << 31
		if a := cl.Do(http.MethodPost, "/api/survey", once); a.Status != 400 || a.FieldError("answerLimitDays") != "回答制限日数は365以下で入力してください。" {
			t.Errorf("days out of range with another limit: %d %s", a.Status, a.Body)
		}
		other := surveyInput(c, t, "他社の店", c.FacilityID(t, 3, "本店"))
		if a := cl.Do(http.MethodPost, "/api/survey", other); a.Status != 400 || a.FieldError("targetFacilityList") == "" {
			t.Errorf("another organization's store as a target: %d %s", a.Status, a.Body)
		}
		var page struct {
			Total int `json:"total"`
		}
		cl.Get("/api/survey?searchText="+"改").Decode(t, &page)
		if page.Total != 1 {
			t.Errorf("search: %d", page.Total)
		}
		if a := cl.Do(http.MethodDelete, path, nil); a.Status != 200 {
			t.Fatalf("delete: %d %s", a.Status, a.Body)
		}
		if a := cl.Get(path); a.Status != 404 {
			t.Errorf("deleted survey: %d", a.Status)
		}

		// Without the organization's survey option, the editor is closed.
		c.Exec(t, "UPDATE organizations SET available_survey = FALSE WHERE organization_id = 2")
		if a := cl.Get("/api/survey"); a.Status != 403 {
			t.Errorf("survey option off: %d", a.Status)
		}
		store := c.Client(t)
		store.Login(2, "store001", "Store001#2026")
		if a := store.Get("/api/survey"); a.Status != 403 {
			t.Errorf("group staff edits surveys: %d", a.Status)
		}
	})
}

type publicPage struct {
	Status   string `json:"status"`
	Message  string `json:"message"`
	Facility string `json:"facilityName"`
	Cats     []struct {
		Questions []struct {
			ID   int64  `json:"questionId"`
			Type string `json:"questionType"`
		} `json:"questionList"`
	} `json:"categoryList"`
}

// surveyBrowser is a customer's browser at address ip that has opened the
// answer page of key, and so holds its cookie (an answer without it is
// refused).
func surveyBrowser(t *testing.T, c *consoletest.Console, key, ip string) *consoletest.Client {
	t.Helper()
	cl := c.Client(t)
	cl.IP = ip
	if a := cl.Get("/api/public/survey/" + key); a.Status != 200 {
		t.Errorf("the answer page: %d %s", a.Status, a.Body)
	}
	return cl
}

func TestPublicSurveyAnswer(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin, id, sv, links := surveyWithLinks(t, c, "公開テスト")
		page := "/api/public/survey/" + links[0].Key // 梅田茶屋町店 (kana order)
		nps, age, mail, rating, multi, text := sv.Cats[0].Questions[0].ID, sv.Cats[1].Questions[0].ID, sv.Cats[2].Questions[0].ID,
			sv.Cats[3].Questions[0].ID, sv.Cats[3].Questions[1].ID, sv.Cats[3].Questions[2].ID
		answer := func(key string, values ...map[string]any) map[string]any {
			return map[string]any{"idempotencyKey": key, "answerList": values}
		}
		valid := func(key string) map[string]any {
			return answer(key, map[string]any{"questionId": nps, "score": 9}, map[string]any{"questionId": age, "choiceList": []string{"30代"}},
				map[string]any{"questionId": mail, "text": "guest@example.com", "consent": true}, map[string]any{"questionId": rating, "score": 5},
				map[string]any{"questionId": multi, "choiceList": []string{"接客", "味"}}, map[string]any{"questionId": text, "text": "また来ます"})
		}
		answers := func() int { return c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id) }

		// An answer from a browser that never got the page's cookie is refused,
		// not handed a new cookie (each would slip past the answer limit).
		cookieless := c.Client(t)
		cookieless.IP = "198.51.100.9"
		if a := cookieless.Do(http.MethodPost, page+"/answer", valid("key-no-cookie-0000001")); a.Status != 422 ||
			!strings.Contains(a.Message, "Cookie") || a.Header.Get("Set-Cookie") != "" || answers() != 0 {
			t.Errorf("without the cookie: %d %s %q", a.Status, a.Body, a.Header.Get("Set-Cookie"))
		}

		guest := c.Client(t) // no session at all
		guest.IP = "198.51.100.1"
		var pg publicPage
		a := guest.Get(page)
		a.Decode(t, &pg)
		if a.Status != 200 || pg.Status != "OPEN" || pg.Facility != "梅田茶屋町店" || len(pg.Cats) != 4 || pg.Cats[0].Questions[0].Type != "NPS" ||
			!strings.Contains(a.Header.Get("Set-Cookie"), "rouder_survey_browser=") || !strings.Contains(a.Header.Get("Set-Cookie"), "HttpOnly") {
			t.Fatalf("page: %d %s %s", a.Status, a.Body, a.Header.Get("Set-Cookie"))
		}
		// Invalid: a required question missing, a choice not offered, an unknown question.
		a = guest.Do(http.MethodPost, page+"/answer", answer("key-invalid-000000001", map[string]any{"questionId": age, "choiceList": []string{"90代"}}))
		if a.Status != 400 || a.FieldError(survey.FieldOf(nps)) != "必須です" || a.FieldError(survey.FieldOf(rating)) != "必須です" ||
			a.FieldError(survey.FieldOf(age)) != "選択肢にない回答です。ページを再読み込みしてください。" {
			t.Errorf("invalid: %d %s", a.Status, a.Body)
		}
		if a := guest.Do(http.MethodPost, page+"/answer", answer("key-invalid-000000002", map[string]any{"questionId": 999999, "score": 1})); a.Status != 400 || a.Message == failure.MsgInvalid {
			t.Errorf("unknown question: %d %s", a.Status, a.Body)
		}
		noConsent := valid("key-invalid-000000003")
		noConsent["answerList"].([]map[string]any)[2]["consent"] = false
		if a := guest.Do(http.MethodPost, page+"/answer", noConsent); a.Status != 400 || a.FieldError(survey.FieldOf(mail)) == "" {
			t.Errorf("mail without consent: %d %s", a.Status, a.Body)
		}
		if a := guest.Do(http.MethodPost, page+"/answer", `{"idempotencyKey": "key-oversized-0000001", "answerList": [{"questionId": 1, "text": "`+strings.Repeat("あ", 30000)+`"}]}`); a.Status != 413 {
			t.Errorf("oversized: %d %s", a.Status, a.Body)
		}
		// A NUL character, which PostgreSQL cannot store: refused as the body is read.
		withNUL := valid("key-invalid-000000004")
		withNUL["answerList"].([]map[string]any)[5]["text"] = "また\x00来ます"
		if a := guest.Do(http.MethodPost, page+"/answer", withNUL); a.Status != 400 || a.Message != "使用できない文字（NUL）が含まれています。" {
			t.Errorf("NUL in a comment: %d %s", a.Status, a.Body)
		}
		if a := admin.Get("/api/facility?ORG_ID=2&searchText=%00"); a.Status != 400 || a.Message != "使用できない文字（NUL）が含まれています。" {
			t.Errorf("NUL in a search: %d %s", a.Status, a.Body)
		}
		if a := admin.Get("/api/facility?ORG_ID=2&searchText=%1B%5B2J"); a.Status != 400 || a.Message != "使用できない文字（制御文字）が含まれています。" {
			t.Errorf("an escape sequence in a search: %d %s", a.Status, a.Body)
		}
		if answers() != 0 {
			t.Fatal("a refused answer was stored")
		}
		// Valid, then the same key again (a double tap): one answer.
		a = guest.Do(http.MethodPost, page+"/answer", valid("key-valid-00000000001"))
		var receipt struct {
			Repeated   bool   `json:"repeated"`
			RewardType string `json:"rewardType"`
			RewardURL  string `json:"rewardUrl"`
		}
		a.Decode(t, &receipt)
		if a.Status != 200 || receipt.Repeated || receipt.RewardType != "LINK" || receipt.RewardURL != "https://rouder.example/coupon" {
			t.Fatalf("valid: %d %s", a.Status, a.Body)
		}
		a = guest.Do(http.MethodPost, page+"/answer", valid("key-valid-00000000001"))
		a.Decode(t, &receipt)
		if a.Status != 200 || !receipt.Repeated || answers() != 1 {
			t.Errorf("repeat: %d %s, %d answers", a.Status, a.Body, answers())
		}
		if c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ? AND mail_address = 'guest@example.com' AND nps_score = 9", id) != 1 ||
			c.Count(t, "SELECT COUNT(*) FROM survey_answer_values v JOIN survey_answers a ON a.answer_id = v.answer_id WHERE a.survey_id = ?", id) != 6 {
			t.Error("the answer was not stored as sent (NPS, age, rating, two choices, text; the address on the answer)")
		}
		// Over the limit: this browser has answered at this store (ONCE, FACILITY).
		if a := guest.Do(http.MethodPost, page+"/answer", valid("key-second-0000000001")); a.Status != 422 || a.Message != survey.MsgLimitReached {
			t.Errorf("second answer: %d %s", a.Status, a.Body)
		}
		guest.Get(page).Decode(t, &pg)
		if pg.Status != "ANSWERED" || pg.Message != survey.MsgLimitReached || len(pg.Cats) != 0 {
			t.Errorf("page after answering: %+v", pg)
		}
		// The same browser may answer at the other store; another browser here.
		if a := guest.Do(http.MethodPost, "/api/public/survey/"+links[1].Key+"/answer", valid("key-other-store-00001")); a.Status != 200 {
			t.Errorf("the other store: %d %s", a.Status, a.Body)
		}
		other := c.Client(t)
		other.IP = "198.51.100.2"
		other.Get(page)
		if a := other.Do(http.MethodPost, page+"/answer", valid("key-other-browser-001")); a.Status != 200 {
			t.Errorf("another browser: %d %s", a.Status, a.Body)
		}
		// Across the survey (SURVEY range), the first answer closes every store.
		c.Exec(t, "UPDATE surveys SET answer_limit_range = 'SURVEY', version = version + 1 WHERE survey_id = ?", id)
		if a := other.Do(http.MethodPost, "/api/public/survey/"+links[1].Key+"/answer", valid("key-other-browser-002")); a.Status != 422 {
			t.Errorf("SURVEY range: %d %s", a.Status, a.Body)
		}
		// Unknown key, not yet open, closed.
		if a := guest.Get("/api/public/survey/no-such-key"); a.Status != 404 || a.Message != survey.MsgUnknownKey {
			t.Errorf("unknown key: %d %s", a.Status, a.Body)
		}
		if a := guest.Do(http.MethodPost, "/api/public/survey/no-such-key/answer", valid("key-unknown-000000001")); a.Status != 404 || a.Message != survey.MsgUnknownKey {
			t.Errorf("unknown key answer: %d %s", a.Status, a.Body)
		}
		fresh := c.Client(t)
		fresh.IP = "198.51.100.3"
		// The period changed as the editor changes it (a new version): the answer path, which keeps
		// the survey in memory, reads it again.
		c.Exec(t, "UPDATE surveys SET from_date = '2099-01-01', version = version + 1 WHERE survey_id = ?", id)
		fresh.Get(page).Decode(t, &pg)
		if pg.Status != "NOT_YET_OPEN" || pg.Message != survey.MsgNotYetOpen || len(pg.Cats) != 0 {
			t.Errorf("not yet open: %+v", pg)
		}
		if a := fresh.Do(http.MethodPost, page+"/answer", valid("key-early-00000000001")); a.Status != 422 || a.Message != survey.MsgNotYetOpen {
			t.Errorf("answer before the period: %d %s", a.Status, a.Body)
		}
		c.Exec(t, "UPDATE surveys SET from_date = '2020-01-01', to_date = '2020-12-31', version = version + 1 WHERE survey_id = ?", id)
		fresh.Get(page).Decode(t, &pg)
		if pg.Status != "CLOSED" || pg.Message != survey.MsgClosed {
			t.Errorf("closed: %+v", pg)
		}
		if a := fresh.Do(http.MethodPost, page+"/answer", valid("key-late-000000000001")); a.Status != 422 || a.Message != survey.MsgClosed {
			t.Errorf("answer after the period: %d %s", a.Status, a.Body)
		}
		// A store customers have answered at stays (answers are history).
		c.Exec(t, "INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana) VALUES (2, ?, '新店', 'シンテン')", c.GroupID(t, 2, "関東ブロック"))
		newStore := c.FacilityID(t, 2, "新店")
		sid, ns := createSurvey(t, admin, surveyInput(c, t, "新店アンケート", newStore))
		var nl []surveyLink
		admin.Get("/api/survey/"+itoa(int(sid))+"/links").Decode(t, &nl)
		if a := fresh.Do(http.MethodPost, "/api/public/survey/"+nl[0].Key+"/answer", answer("key-new-store-0000001",
			map[string]any{"questionId": ns.Cats[0].Questions[0].ID, "score": 3}, map[string]any{"questionId": ns.Cats[3].Questions[0].ID, "score": 2})); a.Status != 200 {
			t.Fatalf("answer at the new store: %d %s", a.Status, a.Body)
		}
		if a := admin.Do(http.MethodDelete, "/api/facility/"+itoa(int(newStore)), nil); a.Status != 422 || a.Message != facility.MsgHasSurveyAnswers {
			t.Errorf("delete a store with survey answers: %d %s", a.Status, a.Body)
		}
		// A deleted survey's links are unknown.
		admin.Do(http.MethodDelete, "/api/survey/"+itoa(int(id)), nil)
		if a := fresh.Get(page); a.Status != 404 {
			t.Errorf("deleted survey: %d", a.Status)
		}
	})
}

func TestPublicSurveyRateLimit(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		id, _ := createSurvey(t, admin, surveyInput(c, t, "連投テスト"))
		var links []surveyLink
		admin.Get("/api/survey/"+itoa(int(id))+"/links").Decode(t, &links)
		cl := c.Client(t)
		cl.IP = "203.0.113.9"
		post := func(cl *consoletest.Client) consoletest.Answer {
			return cl.Do(http.MethodPost, "/api/public/survey/"+links[0].Key+"/answer", map[string]any{"idempotencyKey": "short", "answerList": []any{}})
		}
		for i := 0; i < 30; i++ {
			if a := post(cl); a.Status != 400 {
				t.Fatalf("request %d: %d %s", i+1, a.Status, a.Body)
			}
		}
		if a := post(cl); a.Status != 429 || a.Message != survey.MsgTooMany {
			t.Fatalf("31st request from one address: %d %s", a.Status, a.Body)
		}
		other := c.Client(t)
		other.IP = "203.0.113.10"
		if a := post(other); a.Status != 400 {
			t.Errorf("another address is limited too: %d", a.Status)
		}
		// The window over, the address may send again.
		c.Exec(t, "UPDATE login_throttle SET window_started_at = ? WHERE throttle_key = 'survey:203.0.113.9'", time.Now().UTC().Add(-11*time.Minute))
		if a := post(cl); a.Status != 400 {
			t.Errorf("after the window: %d %s", a.Status, a.Body)
		}
	})
}

// Every kind of submission counts against the address — stored, repeated,
// refused inside the answer's transaction (the answer limit, a wrong
// answer) or before it — and over the limit even a valid answer is refused
// and stores nothing. Parallel answers from one address pass the limit
// exactly: the count is taken inside each answer's transaction.
func TestPublicSurveyRateLimitCountsEverySubmission(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		_, id, sv, links := surveyWithLinks(t, c, "連投の数え方")
		page := "/api/public/survey/" + links[0].Key + "/answer"
		valid := func(key string) map[string]any {
			return map[string]any{"idempotencyKey": key, "answerList": []map[string]any{
				{"questionId": sv.Cats[0].Questions[0].ID, "score": 9}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 4}}}
		}
		browser := func(ip string) *consoletest.Client { return surveyBrowser(t, c, links[0].Key, ip) }
		const ip = "203.0.113.20"
		first := browser(ip)
		for i, want := range []struct {
			cl     *consoletest.Client
			body   map[string]any
			status int
		}{
			{first, valid("key-count-00000000001"), 200},
			{first, valid("key-count-00000000001"), 200}, // repeated: the first answer's receipt
			{first, valid("key-count-00000000002"), 422}, // the answer limit, inside the transaction
			{browser(ip), map[string]any{"idempotencyKey": "key-count-00000000003", "answerList": []map[string]any{{"questionId": 999999, "score": 1}}}, 400},
			{browser(ip), map[string]any{"idempotencyKey": "short", "answerList": []any{}}, 400}, // before the transaction
		} {
			if a := want.cl.Do(http.MethodPost, page, want.body); a.Status != want.status {
				t.Fatalf("submission %d: %d %s", i+1, a.Status, a.Body)
			}
		}
		for i := 5; i < 30; i++ {
			if a := browser(ip).Do(http.MethodPost, page, valid("key-count-1000000000"+itoa(10+i))); a.Status != 200 {
				t.Fatalf("submission %d: %d %s", i+1, a.Status, a.Body)
			}
		}
		if a := browser(ip).Do(http.MethodPost, page, valid("key-count-20000000001")); a.Status != 429 || a.Message != survey.MsgTooMany {
			t.Fatalf("31st submission from one address: %d %s", a.Status, a.Body)
		}
		if stored := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); stored != 26 {
			t.Errorf("%d answers stored, want 26", stored)
		}
		if n := c.Count(t, "SELECT failures FROM login_throttle WHERE throttle_key = ?", "survey:"+ip); n != 31 {
			t.Errorf("%d submissions counted, want 31", n)
		}

		// 40 at once from another address, each from its own browser.
		const parallel = "203.0.113.21"
		statuses := make(chan int, 40)
		for i := 0; i < 40; i++ {
			go func(i int) {
				statuses <- browser(parallel).Do(http.MethodPost, page, valid("key-count-3000000000"+itoa(10+i))).Status
			}(i)
		}
		got := map[int]int{}
		for i := 0; i < 40; i++ {
			got[<-statuses]++
		}
		if got[200] != 30 || got[429] != 10 {
			t.Errorf("parallel submissions from one address: %v, want 30 accepted and 10 refused", got)
		}
		if stored := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); stored != 56 {
			t.Errorf("%d answers stored, want 56", stored)
		}
	})
}

// breakAnswersKeyed makes the database refuse to store an answer whose
// idempotency key starts with prefix (a trigger), as a failing database
// would, on either dialect.
func breakAnswersKeyed(t *testing.T, c *consoletest.Console, prefix string) {
	t.Helper()
	if c.DB.Dialect == store.Postgres {
		c.Exec(t, `CREATE FUNCTION broken_answer() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'broken'; END $$`)
		c.Exec(t, `CREATE TRIGGER broken_answer BEFORE INSERT ON survey_answers FOR EACH ROW
			WHEN (NEW.idempotency_key LIKE '`+prefix+`%') EXECUTE FUNCTION broken_answer()`)
		return
	}
	c.Exec(t, `CREATE TRIGGER broken_answer BEFORE INSERT ON survey_answers
		WHEN NEW.idempotency_key LIKE '`+prefix+`%' BEGIN SELECT RAISE(ABORT, 'broken'); END`)
}

// A submission the database failed (here a trigger refuses one idempotency
// key) is answered 500 and not counted: retrying it does not bring the
// customer nearer the limit, and it stores nothing.
func TestPublicSurveyRateLimitSkipsDatabaseFailures(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		_, id, sv, links := surveyWithLinks(t, c, "失敗は数えない")
		breakAnswersKeyed(t, c, "key-broken")
		cl := surveyBrowser(t, c, links[0].Key, "203.0.113.30")
		page := "/api/public/survey/" + links[0].Key + "/answer"
		answer := map[string]any{"idempotencyKey": "key-broken-0000000001", "answerList": []map[string]any{
			{"questionId": sv.Cats[0].Questions[0].ID, "score": 9}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 4}}}
		for i := 0; i < 3; i++ {
			if a := cl.Do(http.MethodPost, page, answer); a.Status != 500 {
				t.Fatalf("attempt %d: %d %s", i+1, a.Status, a.Body)
			}
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM login_throttle WHERE throttle_key = ?", "survey:203.0.113.30"); n != 0 {
			t.Errorf("failed submissions counted: %d throttle rows", n)
		}
		if stored := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); stored != 0 {
			t.Errorf("%d answers stored, want none", stored)
		}
		// A refusal from the same address still counts.
		if a := cl.Do(http.MethodPost, page, map[string]any{"idempotencyKey": "short", "answerList": []any{}}); a.Status != 400 {
			t.Fatalf("refused submission: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, "SELECT failures FROM login_throttle WHERE throttle_key = ?", "survey:203.0.113.30"); n != 1 {
			t.Errorf("%d submissions counted, want 1 (the refusal)", n)
		}
	})
}

type resultRow struct {
	SurveyID   int64    `json:"surveyId"`
	Facility   string   `json:"facilityName"`
	Answers    int      `json:"answerCount"`
	NPS        *float64 `json:"nps"`
	Promoters  int      `json:"promoterCount"`
	Passives   int      `json:"passiveCount"`
	Detractors int      `json:"detractorCount"`
	Rating     *float64 `json:"ratingAverage"`
}

func TestSurveyResults(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		var list struct {
			Items []resultRow `json:"items"`
			Total int         `json:"total"`
		}
		admin.Get("/api/survey_result?size=100").Decode(t, &list)
		stores := c.Count(t, "SELECT COUNT(*) FROM facilities WHERE organization_id = 2")
		sum := 0
		for _, r := range list.Items {
			sum += r.Answers
			if r.Answers > 0 && (r.NPS == nil || r.Promoters+r.Passives+r.Detractors != r.Answers || r.Rating == nil) {
				t.Errorf("row %+v", r)
			}
		}
		if list.Total != stores || sum != 360 {
			t.Fatalf("results: %d rows (want %d), %d answers", list.Total, stores, sum)
		}
		surveyID := list.Items[0].SurveyID
		var names []struct {
			ID   int64  `json:"surveyId"`
			Name string `json:"surveyName"`
		}
		admin.Get("/api/survey_result/surveys").Decode(t, &names)
		if len(names) != 1 || names[0].ID != surveyID || names[0].Name != "来店アンケート" {
			t.Errorf("survey names for the filter: %+v", names)
		}
		var detail struct {
			Answers      int   `json:"answerCount"`
			Distribution []int `json:"distribution"`
			Trend        []struct {
				Start string `json:"startDate"`
			} `json:"trend"`
			Questions []struct {
				Type   string `json:"questionType"`
				Counts []struct {
					Label string `json:"label"`
					Count int    `json:"count"`
				} `json:"counts"`
			} `json:"questions"`
			Stores []resultRow `json:"facilityRanking"`
			Groups []struct {
				Name string `json:"name"`
			} `json:"groupRanking"`
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"?interval=MONTH").Decode(t, &detail)
		total := 0
		for _, n := range detail.Distribution {
			total += n
		}
		if detail.Answers != 360 || total != 360 || len(detail.Distribution) != 11 || len(detail.Trend) < 3 || len(detail.Trend) > 4 ||
			len(detail.Stores) != stores || len(detail.Groups) != 4 || len(detail.Questions) != 6 {
			t.Errorf("detail: %d answers, distribution %v, %d months, %d stores, %d groups, %d questions",
				detail.Answers, detail.Distribution, len(detail.Trend), len(detail.Stores), len(detail.Groups), len(detail.Questions))
		}
		var comments struct {
			Items []struct {
				Text string `json:"text"`
				Mail string `json:"mailAddress"`
			} `json:"items"`
			Total int `json:"total"`
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"/comments?size=100&searchText="+"清潔").Decode(t, &comments)
		if comments.Total == 0 || !strings.Contains(comments.Items[0].Text, "清潔") {
			t.Errorf("comment search: %+v", comments)
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"/comments?size=100").Decode(t, &comments)
		mails := 0
		for _, cm := range comments.Items {
			if cm.Mail != "" {
				mails++
			}
		}
		if mails == 0 {
			t.Error("the organization administrator sees no addresses")
		}
		// Group staff: only its own block's stores, never an address.
		staff := c.Client(t)
		staff.Login(2, "store001", "Store001#2026")
		staff.Get("/api/survey_result?size=100").Decode(t, &list)
		if list.Total != 3 {
			t.Errorf("store001 sees %d rows, want its block's 3", list.Total)
		}
		staff.Get("/api/survey_result/"+itoa(int(surveyID))+"/comments?size=100").Decode(t, &comments)
		for _, cm := range comments.Items {
			if cm.Mail != "" {
				t.Fatal("group staff sees a customer's address")
			}
		}
		staff.Get("/api/survey_result/"+itoa(int(surveyID))).Decode(t, &detail)
		if len(detail.Stores) > 3 || detail.Answers >= 360 {
			t.Errorf("store001's detail reaches beyond its block: %d stores, %d answers", len(detail.Stores), detail.Answers)
		}
		// One store, as its row of the list opens the detail: only its answers and comments; for
		// store001 a store outside its block shows nothing.
		var staffRows, adminRows struct {
			Items []resultRow `json:"items"`
		}
		staff.Get("/api/survey_result?size=100").Decode(t, &staffRows)
		admin.Get("/api/survey_result?size=100").Decode(t, &adminRows)
		var row resultRow // a store with answers outside store001's block
		for _, r := range adminRows.Items {
			if r.Answers > 0 && !slices.ContainsFunc(staffRows.Items, func(x resultRow) bool { return x.Facility == r.Facility }) {
				row = r
				break
			}
		}
		shop := c.FacilityID(t, 2, row.Facility)
		var one struct {
			Answers int `json:"answerCount"`
			Stores  []struct {
				Name string `json:"name"`
			} `json:"facilityRanking"`
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"?facilityId="+itoa(int(shop))).Decode(t, &one)
		if one.Answers != row.Answers || len(one.Stores) != 1 || one.Stores[0].Name != row.Facility {
			t.Errorf("one store's detail: %d answers (its row has %d), ranking %+v", one.Answers, row.Answers, one.Stores)
		}
		var storeComments struct {
			Items []struct {
				Facility string `json:"facilityName"`
			} `json:"items"`
			Total int `json:"total"`
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"/comments?size=100&facilityId="+itoa(int(shop))).Decode(t, &storeComments)
		if storeComments.Total == 0 || storeComments.Total >= comments.Total {
			t.Errorf("one store's comments: %d of %d", storeComments.Total, comments.Total)
		}
		for _, cm := range storeComments.Items {
			if cm.Facility != row.Facility {
				t.Errorf("one store's comments include %s's", cm.Facility)
			}
		}
		staff.Get("/api/survey_result/"+itoa(int(surveyID))+"?facilityId="+itoa(int(shop))).Decode(t, &one)
		if one.Answers != 0 || len(one.Stores) != 0 {
			t.Errorf("store001 reads a store outside its block: %d answers", one.Answers)
		}
		// Filters: a store tag, a period with no answers, out-of-period surveys left out.
		tag := c.Count(t, "SELECT facility_attribute_id FROM facility_attributes WHERE organization_id = 2 AND label = '郊外'")
		admin.Get("/api/survey_result?size=100&facilityAttributeId="+itoa(tag)).Decode(t, &list)
		if list.Total != c.Count(t, "SELECT COUNT(*) FROM facility_attribute_links WHERE facility_attribute_id = ?", tag) {
			t.Errorf("tag filter: %d", list.Total)
		}
		admin.Get("/api/survey_result/"+itoa(int(surveyID))+"?fromDate=2000-01-01&toDate=2000-12-31").Decode(t, &detail)
		if detail.Answers != 0 || len(detail.Trend) != 0 {
			t.Errorf("period filter: %d answers", detail.Answers)
		}
		c.Exec(t, "UPDATE surveys SET to_date = '2020-12-31', version = version + 1 WHERE survey_id = ?", surveyID)
		admin.Get("/api/survey_result?includeOutOfPeriod=false").Decode(t, &list)
		if list.Total != 0 {
			t.Errorf("a closed survey is listed without includeOutOfPeriod: %d", list.Total)
		}
		// Another organization sees none of it.
		intruder := c.Client(t)
		c.AddUser(t, 3, "rival", "Rival#20261", "ORGANIZATION_ADMIN", c.GroupID(t, 3, "本社"))
		c.Exec(t, "UPDATE organizations SET available_survey = TRUE, survey_start_date = '2026-01-01' WHERE organization_id = 3")
		intruder.Login(3, "rival", "Rival#20261")
		intruder.Get("/api/survey_result?size=100").Decode(t, &list)
		if list.Total != 0 {
			t.Errorf("another organization lists %d rows", list.Total)
		}
		for _, p := range []string{"/api/survey_result/", "/api/survey/"} {
			if a := intruder.Get(p + itoa(int(surveyID))); a.Status != 404 {
				t.Errorf("another organization reads %s: %d", p, a.Status)
			}
		}
	})
}

// Parallel submissions from one browser with different keys (two tabs, a
// retry with a fresh key) still store one answer under a ONCE limit.
func TestPublicSurveyLimitHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		id, sv := createSurvey(t, admin, surveyInput(c, t, "同時送信"))
		var links []surveyLink
		admin.Get("/api/survey/"+itoa(int(id))+"/links").Decode(t, &links)
		page := "/api/public/survey/" + links[0].Key
		guest := c.Client(t)
		guest.Get(page) // the browser cookie
		const n = 20
		statuses := make(chan int, n)
		for i := 0; i < n; i++ {
			go func(i int) {
				statuses <- guest.Do(http.MethodPost, page+"/answer", map[string]any{"idempotencyKey": "key-parallel-00000" + itoa(10+i), "answerList": []map[string]any{
					{"questionId": sv.Cats[0].Questions[0].ID, "score": 10}, {"questionId": sv.Cats[3].Questions[0].ID, "score": 4}}}).Status
			}(i)
		}
		ok := 0
		for i := 0; i < n; i++ {
			if s := <-statuses; s == 200 {
				ok++
			} else if s != 422 {
				t.Errorf("parallel submission: %d", s)
			}
		}
		if stored := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); ok != 1 || stored != 1 {
			t.Errorf("%d accepted, %d stored; want 1", ok, stored)
		}
	})
}

// Whatever an editor or a customer sends, the answer is a clear 4xx, never
// a 500, and nothing is written.
func TestSurveyBadInput(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) { surveyBadInput(t, c) })
}

func surveyBadInput(t *testing.T, c *consoletest.Console) {
	admin := adminClient(t, c)
	before := c.Count(t, "SELECT COUNT(*) FROM surveys")
	edit := func(f func(in map[string]any)) map[string]any {
		in := surveyInput(c, t, "不正入力")
		f(in)
		return in
	}
	cats := func(in map[string]any) []map[string]any { return in["categoryList"].([]map[string]any) }
	for name, body := range map[string]any{
		"malformed":     `{"surveyName": `,
		"wrong type":    `{"surveyName": 1}`,
		"bad date":      edit(func(in map[string]any) { in["fromDate"] = "2026-13-45" }),
		"unknown field": edit(func(in map[string]any) { in["owner"] = "x" }),
		"category type": edit(func(in map[string]any) { cats(in)[0]["categoryType"] = "SOMETHING_LONG_AND_WRONG" }),
		"question type": edit(func(in map[string]any) {
			cats(in)[3]["questionList"].([]any)[0].(map[string]any)["questionType"] = "BOGUS_TYPE_THAT_IS_LONG"
		}),
		"long choice": edit(func(in map[string]any) {
			cats(in)[1]["questionList"].([]any)[0].(map[string]any)["choiceList"] = []string{strings.Repeat("あ", 101), "b"}
		}),
		"long name":     edit(func(in map[string]any) { in["surveyName"] = strings.Repeat("あ", 101) }),
		"media type":    edit(func(in map[string]any) { in["iconMediaType"] = strings.Repeat("x", 80) }),
		"limit":         edit(func(in map[string]any) { in["answerLimit"] = "SOMETIMES_MAYBE" }),
		"time":          edit(func(in map[string]any) { in["improvementReminderNotificationTime"] = "9:00:00" }),
		"no categories": edit(func(in map[string]any) { in["categoryList"] = []any{} }),
		"unknown store": edit(func(in map[string]any) { in["targetFacilityList"] = []int64{987654321} }),
		"reward url":    edit(func(in map[string]any) { in["rewardUrl"] = "javascript:alert(1)" }),
		"too many choices": edit(func(in map[string]any) {
			cats(in)[1]["questionList"].([]any)[0].(map[string]any)["choiceList"] = strings.Split(strings.Repeat("x,", 25), ",")
		}),
	} {
		if a := admin.Do(http.MethodPost, "/api/survey", body); a.Status != 400 || a.Message == "" {
			t.Errorf("%s: %d %s", name, a.Status, a.Body)
		}
	}
	if c.Count(t, "SELECT COUNT(*) FROM surveys") != before {
		t.Error("a refused survey was stored")
	}
	id, sv := createSurvey(t, admin, surveyInput(c, t, "回答の不正入力"))
	var links []surveyLink
	admin.Get("/api/survey/"+itoa(int(id))+"/links").Decode(t, &links)
	foreign := surveyInput(c, t, "他の質問")
	foreign["version"] = 1
	foreign["categoryList"].([]map[string]any)[0]["categoryId"] = 987654321
	if a := admin.Do(http.MethodPut, "/api/survey/"+itoa(int(id)), foreign); a.Status != 400 || a.FieldError("categoryList") != "このアンケートにない質問が含まれています。" {
		t.Errorf("an update naming another survey's category: %d %s", a.Status, a.Body)
	}
	guest := c.Client(t)
	guest.Get("/api/public/survey/" + links[0].Key)
	nps, age, text := sv.Cats[0].Questions[0].ID, sv.Cats[1].Questions[0].ID, sv.Cats[3].Questions[2].ID
	for name, body := range map[string]any{
		"malformed":   `{"idempotencyKey": "key-bad-input-00001", "answerList": [`,
		"score type":  `{"idempotencyKey": "key-bad-input-00002", "answerList": [{"questionId": 1, "score": "ten"}]}`,
		"long choice": map[string]any{"idempotencyKey": "key-bad-input-00003", "answerList": []map[string]any{{"questionId": nps, "score": 1}, {"questionId": age, "choiceList": []string{strings.Repeat("あ", 500)}}}},
		"long text":   map[string]any{"idempotencyKey": "key-bad-input-00004", "answerList": []map[string]any{{"questionId": nps, "score": 1}, {"questionId": text, "text": strings.Repeat("あ", 1001)}}},
		"key shape":   map[string]any{"idempotencyKey": "../../etc/passwd", "answerList": []any{}},
		"long key":    map[string]any{"idempotencyKey": strings.Repeat("k", 200), "answerList": []any{}},
		"null list":   `{"idempotencyKey": "key-bad-input-00005", "answerList": null}`,
	} {
		if a := guest.Do(http.MethodPost, "/api/public/survey/"+links[0].Key+"/answer", body); a.Status != 400 || a.Message == "" {
			t.Errorf("answer %s: %d %s", name, a.Status, a.Body)
		}
	}
	if a := guest.Get("/api/public/survey/" + strings.Repeat("k", 300)); a.Status != 404 {
		t.Errorf("an overlong key: %d", a.Status)
	}
	if n := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); n != 0 {
		t.Errorf("%d refused answers stored", n)
	}
}

// An editor previews a survey as customers will see it, outside its
// period too, and the preview stores nothing and uses no answer.
func TestSurveyPreviewStoresNothing(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		in := surveyInput(c, t, "プレビュー")
		in["fromDate"], in["toDate"] = "2030-01-01", "2030-01-31" // not open yet
		id, _ := createSurvey(t, admin, in)
		before := c.Count(t, "SELECT COUNT(*) FROM survey_answers")
		var pg publicPage
		a := admin.Get("/api/survey/" + itoa(int(id)) + "/preview")
		a.Decode(t, &pg)
		if a.Status != 200 || pg.Status != "OPEN" || len(pg.Cats) != 4 || pg.Cats[0].Questions[0].Type != "NPS" || pg.Facility != "" {
			t.Fatalf("preview: %d %s", a.Status, a.Body)
		}
		if strings.Contains(a.Header.Get("Set-Cookie"), "rouder_survey_browser") || a.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("preview headers: %v", a.Header)
		}
		if c.Count(t, "SELECT COUNT(*) FROM survey_answers") != before {
			t.Error("the preview stored an answer")
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/survey/" + itoa(int(id)) + "/preview"); a.Status != 403 {
			t.Errorf("store staff previews: %d", a.Status)
		}
		if a := admin.Get("/api/survey/999999/preview"); a.Status != 404 {
			t.Errorf("unknown survey: %d", a.Status)
		}
	})
}

// The answer path keeps each link's survey in memory: an edit made through
// the editor (on this instance or another) still reaches the very next
// answer, and so does a deletion.
func TestAnEditReachesTheNextAnswer(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin, id, sv, links := surveyWithLinks(t, c, "編集の反映")
		page := "/api/public/survey/" + links[0].Key + "/answer"
		nps, rating := sv.Cats[0].Questions[0].ID, sv.Cats[3].Questions[0].ID
		answer := func(key string) consoletest.Answer {
			guest := c.Client(t)
			guest.IP = "198.51.100.40"
			guest.Get("/api/public/survey/" + links[0].Key)
			return guest.Do(http.MethodPost, page, map[string]any{"idempotencyKey": key, "answerList": []map[string]any{
				{"questionId": nps, "score": 9}, {"questionId": rating, "score": 4}}})
		}
		if a := answer("key-edit-reach-000001"); a.Status != 200 {
			t.Fatalf("first answer: %d %s", a.Status, a.Body)
		}
		// The editor makes the free-text question required.
		upd := surveyInput(c, t, "編集の反映")
		upd["version"] = sv.Version
		cats := upd["categoryList"].([]map[string]any)
		for i, cat := range sv.Cats {
			cats[i]["categoryId"] = cat.ID
			for j, qu := range cat.Questions {
				cats[i]["questionList"].([]any)[j].(map[string]any)["questionId"] = qu.ID
			}
		}
		cats[3]["questionList"].([]any)[2].(map[string]any)["required"] = true
		if a := admin.Do(http.MethodPut, "/api/survey/"+itoa(int(id)), upd); a.Status != 200 {
			t.Fatalf("edit: %d %s", a.Status, a.Body)
		}
		if a := answer("key-edit-reach-000002"); a.Status != 400 || a.FieldError(survey.FieldOf(sv.Cats[3].Questions[2].ID)) != "必須です" {
			t.Errorf("the answer after the edit: %d %s", a.Status, a.Body)
		}
		// The organization turns its surveys off, then on again (as the organization screen does: a new version).
		c.Exec(t, "UPDATE organizations SET available_survey = FALSE, version = version + 1 WHERE organization_id = 2")
		for _, key := range []string{"key-edit-reach-000004", "key-edit-reach-000005"} {
			if a := answer(key); a.Status != 404 {
				t.Errorf("an answer while surveys are off: %d %s", a.Status, a.Body)
			}
		}
		c.Exec(t, "UPDATE organizations SET available_survey = TRUE, version = version + 1 WHERE organization_id = 2")
		valid := func(key string) consoletest.Answer {
			guest := c.Client(t)
			guest.Get("/api/public/survey/" + links[0].Key)
			body := map[string]any{"idempotencyKey": key, "answerList": []map[string]any{{"questionId": nps, "score": 9}, {"questionId": rating, "score": 4},
				{"questionId": sv.Cats[3].Questions[2].ID, "text": "また来ます"}}}
			return guest.Do(http.MethodPost, page, body)
		}
		if a := valid("key-edit-reach-000006"); a.Status != 200 {
			t.Errorf("an answer after surveys are on again: %d %s", a.Status, a.Body)
		}
		if a := admin.Do(http.MethodDelete, "/api/survey/"+itoa(int(id)), nil); a.Status != 200 {
			t.Fatalf("delete: %d %s", a.Status, a.Body)
		}
		if a := answer("key-edit-reach-000003"); a.Status != 404 || a.Message != survey.MsgUnknownKey {
			t.Errorf("the answer after the deletion: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM survey_answers WHERE survey_id = ?", id); n != 2 {
			t.Errorf("%d answers stored, want the first and the one after surveys came back", n)
		}
	})
}
