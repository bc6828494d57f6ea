package http_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	improvementapp "github.com/rouder/console/internal/app/improvement"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type improvementRow struct {
	ID           int64  `json:"improvementId"`
	Facility     string `json:"facilityName"`
	Subject      string `json:"subject"`
	Kind         string `json:"sourceKind"`
	Status       string `json:"status"`
	Unread       bool   `json:"isUnread"`
	TargetUnread bool   `json:"isTargetUnread"`
	Overdue      bool   `json:"overdue"`
	DueDate      string `json:"dueDate"`
	Version      int64  `json:"version"`
}

type improvementList struct {
	Items  []improvementRow `json:"items"`
	Total  int              `json:"total"`
	Counts []struct {
		Status string `json:"status"`
		Count  int    `json:"count"`
	} `json:"counts"`
	Waiting int    `json:"waitingCount"`
	Side    string `json:"side"`
}

type improvementDetail struct {
	Improvement improvementRow `json:"improvement"`
	Source      struct {
		Kind          string  `json:"kind"`
		Question      string  `json:"question"`
		Choice        string  `json:"choice"`
		PhotoIDs      []int64 `json:"photoIdList"`
		PhotoRequired bool    `json:"photoRequired"`
		NPS           *int    `json:"npsScore"`
		Values        []any   `json:"surveyValueList"`
	} `json:"source"`
	Events []struct {
		Kind     string  `json:"kind"`
		Side     string  `json:"side"`
		UserName string  `json:"userName"`
		Text     string  `json:"text"`
		Photos   []int64 `json:"photoIdList"`
	} `json:"eventList"`
	Side    string   `json:"side"`
	Actions []string `json:"actionList"`
}

// submitWithBadAnswers has store001 submit this month's new check list
// with the toilet × (with a photo) and the greeting △: two bad answers.
func submitWithBadAnswers(t *testing.T, c *consoletest.Console, admin, staff *consoletest.Client) (periodID, toilet int64, photo int64) {
	t.Helper()
	listID := thisMonthCheckList(t, c, admin)
	periodID = int64(c.Count(t, "SELECT period_id FROM check_periods WHERE check_list_id = ?", listID))
	var sh sheetOut
	staff.Get("/api/check/sheet/"+itoa(int(periodID))).Decode(t, &sh)
	floor, toilet, smile := sh.Cats[0].Items[0].ItemID, sh.Cats[0].Items[1].ItemID, sh.Cats[1].Items[0].ItemID
	var ph struct {
		PhotoID int64 `json:"photoId"`
	}
	staff.Upload("/api/photo", "toilet.jpg", jpegBytes(t)).Decode(t, &ph)
	answer := func(item int64, choice string, photos ...int64) map[string]any {
		if photos == nil {
			photos = []int64{}
		}
		return map[string]any{"itemId": item, "choice": choice, "comment": "汚れあり", "inapplicable": false, "photoIdList": photos, "inputDate": thisMonth()[0]}
	}
	a := staff.Do(http.MethodPut, "/api/check/sheet/"+itoa(int(periodID)), map[string]any{"version": 0, "submit": true,
		"answerList": []any{answer(floor, "○"), answer(toilet, "×", ph.PhotoID), answer(smile, "△")}})
	if a.Status != 200 {
		t.Fatalf("submit: %d %s", a.Status, a.Body)
	}
	return periodID, toilet, ph.PhotoID
}

// The whole loop through the API: a submitted sheet's bad answers open
// reports; the store replies, head office sends back, the store replies
// again and head office completes; unread follows each side.
func TestImprovementLoop(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		before := c.Count(t, "SELECT COUNT(*) FROM improvements WHERE organization_id = 2")
		periodID, toiletItem, photo := submitWithBadAnswers(t, c, admin, staff)
		if n := c.Count(t, "SELECT COUNT(*) FROM improvements WHERE organization_id = 2") - before; n != 2 {
			t.Fatalf("a sheet with two bad answers opened %d reports", n)
		}

		var l improvementList
		admin.Get("/api/improvement?searchText=清潔か%20新宿").Decode(t, &l)
		// New to head office too: unread on both sides until each opens it.
		if l.Total != 1 || l.Side != "OFFICE" || l.Items[0].Subject != "トイレは清潔か：×" || l.Items[0].Status != "IN_PROGRESS_UNREAD" ||
			!l.Items[0].Unread || !l.Items[0].TargetUnread || l.Items[0].Kind != "CHECK" || l.Items[0].DueDate != thisMonth()[1] {
			t.Fatalf("head office's list: %+v", l)
		}
		id := l.Items[0].ID
		path := "/api/improvement/" + itoa(int(id))
		staff.Get("/api/improvement?searchText=清潔か").Decode(t, &l)
		if l.Total != 1 || l.Side != "STORE" || l.Items[0].Status != "IN_PROGRESS_UNREAD" || !l.Items[0].Unread {
			t.Fatalf("the store's list: %+v", l)
		}
		var d improvementDetail
		staff.Get(path).Decode(t, &d)
		if d.Source.Question != "トイレは清潔か" || d.Source.Choice != "×" || len(d.Source.PhotoIDs) != 1 || !d.Source.PhotoRequired ||
			d.Side != "STORE" || len(d.Events) != 1 || d.Events[0].Kind != "CREATED" {
			t.Fatalf("detail: %+v", d)
		}
		if a := staff.Do(http.MethodPost, path+"/read", nil); a.Status != 200 {
			t.Fatalf("read: %d %s", a.Status, a.Body)
		}
		staff.Get(path).Decode(t, &d)
		if d.Improvement.Status != "IN_PROGRESS" || d.Improvement.Version != 1 {
			t.Errorf("after reading: %+v", d.Improvement)
		}

		act := func(cl *consoletest.Client, body map[string]any) consoletest.Answer {
			var cur improvementDetail
			cl.Get(path).Decode(t, &cur)
			if _, ok := body["version"]; !ok {
				body["version"] = cur.Improvement.Version
			}
			return cl.Do(http.MethodPost, path+"/event", body)
		}
		// Bad input: nothing is written.
		events := func() int { return c.Count(t, "SELECT COUNT(*) FROM improvement_events WHERE improvement_id = ?", id) }
		for name, tc := range map[string]struct {
			cl     *consoletest.Client
			body   map[string]any
			status int
			field  string
			msg    string
		}{
			"reply without the photo its question needs": {staff, map[string]any{"action": "REPLY", "text": "清掃しました"}, 400, "photoIdList", improvement.MsgPhotoRequired},
			"reply without text":                         {staff, map[string]any{"action": "REPLY", "text": "　", "photoIdList": []int64{photo}}, 400, "text", improvement.MsgTextRequired},
			"head office replies for the store":          {admin, map[string]any{"action": "REPLY", "text": "x", "photoIdList": []int64{photo}}, 422, "", improvement.MsgStoreOnly},
			"the store completes":                        {staff, map[string]any{"action": "COMPLETE"}, 422, "", improvement.MsgOfficeOnly},
			"sent back before any reply":                 {admin, map[string]any{"action": "SEND_BACK", "text": "x"}, 422, "", ""},
			"an unknown action":                          {admin, map[string]any{"action": "DANCE"}, 400, "", ""},
			"a stale version":                            {staff, map[string]any{"action": "COMMENT", "text": "x", "version": 0}, 409, "", ""},
			"a photo that does not exist":                {staff, map[string]any{"action": "COMMENT", "text": "x", "photoIdList": []int64{99999999}}, 400, "photoIdList", improvement.MsgPhotoMissing},
		} {
			a := act(tc.cl, tc.body)
			switch {
			case a.Status != tc.status:
				t.Errorf("%s: %d %s", name, a.Status, a.Body)
			case tc.field != "" && a.FieldError(tc.field) != tc.msg:
				t.Errorf("%s: %s", name, a.Body)
			case tc.field == "" && tc.msg != "" && a.Message != tc.msg:
				t.Errorf("%s: %s", name, a.Body)
			}
		}
		if events() != 1 {
			t.Fatalf("refused steps wrote %d events", events()-1)
		}

		if a := act(staff, map[string]any{"action": "REPLY", "text": "清掃しました", "photoIdList": []int64{photo}}); a.Status != 200 {
			t.Fatalf("reply: %d %s", a.Status, a.Body)
		}
		admin.Get("/api/improvement?statusMap=IN_REVIEW_UNREAD&isUnreadOnly=true&searchText=清潔か").Decode(t, &l)
		if l.Total != 1 || l.Items[0].Status != "IN_REVIEW_UNREAD" || l.Waiting < 1 {
			t.Fatalf("head office after the reply: %+v", l)
		}
		// Several statuses, the parameter repeated (as the SPA sends it) or comma-separated.
		for _, q := range []string{"statusMap=IN_REVIEW_UNREAD&statusMap=COMPLETED", "statusMap=COMPLETED,IN_REVIEW_UNREAD"} {
			admin.Get("/api/improvement?"+q+"&searchText=清潔か").Decode(t, &l)
			if l.Total != 1 || l.Items[0].Status != "IN_REVIEW_UNREAD" {
				t.Errorf("%s: %+v", q, l)
			}
		}
		if r := admin.Get("/api/improvement?statusMap=IN_REVIEW_UNREAD&statusMap=DONE"); r.Status != 400 || r.FieldError("statusMap") != "状態の指定が正しくありません。" {
			t.Errorf("an unknown status among several: %d %s", r.Status, r.Body)
		}
		if a := act(admin, map[string]any{"action": "SEND_BACK", "text": ""}); a.Status != 400 || a.FieldError("text") != improvement.MsgReasonRequired {
			t.Errorf("send back without a reason: %d %s", a.Status, a.Body)
		}
		if a := act(admin, map[string]any{"action": "SEND_BACK", "text": "便器の裏も"}); a.Status != 200 {
			t.Fatalf("send back: %d %s", a.Status, a.Body)
		}
		staff.Get(path).Decode(t, &d)
		if d.Improvement.Status != "IN_PROGRESS_UNREAD" || d.Events[len(d.Events)-1].Text != "便器の裏も" || d.Events[len(d.Events)-1].UserName != "本部 管理者" {
			t.Errorf("the store after the send-back: %+v", d)
		}
		if a := act(staff, map[string]any{"action": "REPLY", "text": "裏も清掃しました", "photoIdList": []int64{photo}}); a.Status != 200 {
			t.Fatalf("second reply: %d %s", a.Status, a.Body)
		}
		if a := act(admin, map[string]any{"action": "COMPLETE", "text": "確認しました"}); a.Status != 200 {
			t.Fatalf("complete: %d %s", a.Status, a.Body)
		}
		if a := act(staff, map[string]any{"action": "COMMENT", "text": "x"}); a.Status != 422 || a.Message != improvement.MsgCompleted {
			t.Errorf("comment on a completed report: %d %s", a.Status, a.Body)
		}
		admin.Get(path).Decode(t, &d)
		kinds := ""
		for _, e := range d.Events {
			kinds += e.Kind + " "
		}
		if kinds != "CREATED REPLY SENT_BACK REPLY COMPLETED " || d.Improvement.Status != "COMPLETED" || len(d.Actions) != 1 || d.Actions[0] != "REOPEN" {
			t.Errorf("thread: %s, %+v", kinds, d)
		}
		if a := act(admin, map[string]any{"action": "REOPEN", "text": "再発しました"}); a.Status != 200 {
			t.Errorf("reopen: %d %s", a.Status, a.Body)
		}

		// Head office's own report on the same answer is the same report; on a free subject a new one.
		var made struct {
			ID int64 `json:"improvementId"`
		}
		store := c.FacilityID(t, 2, "新宿駅前店")
		admin.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": store, "periodId": periodID, "itemId": toiletItem}).Decode(t, &made)
		if made.ID != id {
			t.Errorf("a report on an answer that has one: %d, want %d", made.ID, id)
		}
		if a := admin.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": store, "subject": " "}); a.Status != 400 || a.FieldError("subject") != improvement.MsgSubjectRequired {
			t.Errorf("free report without a subject: %d %s", a.Status, a.Body)
		}
		a := admin.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": store, "subject": "看板の電球切れ", "dueDate": "2030-01-31"})
		a.Decode(t, &made)
		if a.Status != 200 || made.ID == id {
			t.Fatalf("free report: %d %s", a.Status, a.Body)
		}
		if a := staff.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": store, "subject": "店舗から"}); a.Status != 422 {
			t.Errorf("store staff make a report: %d %s", a.Status, a.Body)
		}
		// Due date and assignee: head office only, an event each.
		free := "/api/improvement/" + itoa(int(made.ID))
		admin.Get(free).Decode(t, &d)
		me := userID(t, c, 2, "store001")
		if a := admin.Do(http.MethodPut, free, map[string]any{"dueDate": "2030-02-28", "assigneeUserId": me, "version": d.Improvement.Version}); a.Status != 200 {
			t.Fatalf("change: %d %s", a.Status, a.Body)
		}
		admin.Get(free).Decode(t, &d)
		if d.Improvement.DueDate != "2030-02-28" || len(d.Events) != 3 || d.Events[2].Kind != "ASSIGNEE_CHANGED" || d.Events[2].Text != "新宿 店員" {
			t.Errorf("after the change: %+v", d)
		}
		if a := staff.Do(http.MethodPut, free, map[string]any{"dueDate": "2031-01-01", "version": d.Improvement.Version}); a.Status != 422 {
			t.Errorf("the store changes the due date: %d %s", a.Status, a.Body)
		}

		// Assignee candidates: who can see the store — head office and the store's own staff, not
		// another store's staff, not a disabled user.
		copyUser := func(from, account string, facility any, disabled bool) int64 {
			c.Exec(t, `INSERT INTO users (organization_id, user_account, last_name, first_name, password_hash, main_authority_name,
				sub_authority_names, group_id, facility_id, ip_address_restriction, mfa_type, mail_address, disabled, search_text,
				version, created_at, updated_at)
				SELECT organization_id, ?, last_name, '別人', password_hash, main_authority_name, sub_authority_names,
					COALESCE((SELECT f.group_id FROM facilities AS f WHERE f.facility_id = ?), group_id), ?, ip_address_restriction,
					mfa_type, '', ?, ?, 1, created_at, updated_at
				FROM users WHERE organization_id = 2 AND user_account = ?`, account, facility, facility, disabled, account, from)
			return userID(t, c, 2, account)
		}
		umeda := copyUser("store001", "umeda001", c.FacilityID(t, 2, "梅田茶屋町店"), false)
		copyUser("demoadmin", "retired01", nil, true)
		var cands []struct {
			ID      int64  `json:"userId"`
			Account string `json:"userAccount"`
			Name    string `json:"userName"`
		}
		admin.Get(free+"/assignee").Decode(t, &cands)
		if len(cands) != 2 || cands[0].Account != "demoadmin" || cands[1].Account != "store001" || cands[1].Name != "新宿 店員" {
			t.Errorf("assignee candidates: %+v", cands)
		}
		admin.Get(free+"/assignee?searchText=STORE").Decode(t, &cands)
		if len(cands) != 1 || cands[0].Account != "store001" {
			t.Errorf("candidates matching STORE: %+v", cands)
		}
		if a := staff.Get(free + "/assignee"); a.Status != 422 {
			t.Errorf("the store asks for candidates: %d %s", a.Status, a.Body)
		}
		admin.Get(free).Decode(t, &d)
		if a := admin.Do(http.MethodPut, free, map[string]any{"assigneeUserId": umeda, "version": d.Improvement.Version}); a.Status != 400 ||
			a.FieldError("assigneeUserId") != improvementapp.MsgNoAssignee {
			t.Errorf("another store's staff as assignee: %d %s", a.Status, a.Body)
		}
	})
}

// A dissatisfied customer opens one report for the store; a satisfied one
// and a repeated submission open none.
func TestSurveyAnswerOpensAnImprovement(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin, id, sv, links := surveyWithLinks(t, c, "改善テスト")
		nps, rating := sv.Cats[0].Questions[0].ID, sv.Cats[3].Questions[0].ID
		reports := func() int { return c.Count(t, "SELECT COUNT(*) FROM improvements WHERE survey_id = ?", id) }
		send := func(ip, key string, score, stars int) {
			guest := c.Client(t)
			guest.IP = ip
			guest.Get("/api/public/survey/" + links[0].Key)
			body := map[string]any{"idempotencyKey": key, "answerList": []map[string]any{{"questionId": nps, "score": score}, {"questionId": rating, "score": stars}}}
			for range 2 { // a double tap
				if a := guest.Do(http.MethodPost, "/api/public/survey/"+links[0].Key+"/answer", body); a.Status != 200 {
					t.Fatalf("answer: %d %s", a.Status, a.Body)
				}
			}
		}
		send("198.51.100.7", "key-happy-0000000001", 9, 5)
		if reports() != 0 {
			t.Fatal("a satisfied customer opened a report")
		}
		send("198.51.100.8", "key-unhappy-00000001", 3, 4)
		if reports() != 1 {
			t.Fatalf("%d reports for one dissatisfied answer", reports())
		}
		var l improvementList
		admin.Get("/api/improvement?searchText=改善テスト").Decode(t, &l)
		if l.Total != 1 || l.Items[0].Kind != "SURVEY" || l.Items[0].Facility != links[0].Name || l.Items[0].Subject != "アンケート「改善テスト」 おすすめ度 3" {
			t.Fatalf("list: %+v", l)
		}
		var d improvementDetail
		admin.Get("/api/improvement/"+itoa(int(l.Items[0].ID))).Decode(t, &d)
		if d.Source.NPS == nil || *d.Source.NPS != 3 || len(d.Source.Values) != 2 {
			t.Errorf("source: %+v", d.Source)
		}
		// The report and its first event are stored together; it is due after
		// the organization's days, as the answer's transaction read them.
		var dueDays int
		if err := c.DB.NewRaw("SELECT improvement_due_days FROM organizations WHERE organization_id = 2").Scan(context.Background(), &dueDays); err != nil {
			t.Fatal(err)
		}
		if want := time.Now().In(clock.Tokyo).AddDate(0, 0, dueDays).Format("2006-01-02"); d.Improvement.DueDate != want ||
			len(d.Events) != 1 || d.Events[0].Kind != "CREATED" {
			t.Errorf("due %s (want %s), events %+v", d.Improvement.DueDate, want, d.Events)
		}
		// The option turned off (even by SQL, no version moves): the next
		// dissatisfied answer opens none.
		c.Exec(t, "UPDATE organizations SET available_improvement = FALSE WHERE organization_id = 2")
		send("198.51.100.9", "key-unhappy-00000002", 2, 1)
		if reports() != 1 {
			t.Errorf("%d reports after the option was turned off", reports())
		}
	})
}

// Without the organization option the screens' calls are refused.
func TestImprovementNeedsTheOption(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := adminClient(t, c)
		c.Exec(t, "UPDATE organizations SET available_improvement = FALSE WHERE organization_id = 2")
		for _, p := range []string{"/api/improvement", "/api/improvement/waiting"} {
			if a := admin.Get(p); a.Status != 403 {
				t.Errorf("%s without the option: %d", p, a.Status)
			}
		}
	})
}
