package http_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
	"github.com/rouder/console/internal/testsupport/smtptest"
)

// tokyo is a Tokyo wall-clock instant, "2006-01-02 15:04".
func tokyo(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", s, clock.Tokyo)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// noticeList makes a check list of 新宿駅前店 (store001's store) with the
// given dates and notification settings, and returns its first period.
func noticeList(t *testing.T, c *consoletest.Console, admin *consoletest.Client, name, from, to string, fields map[string]any) int64 {
	t.Helper()
	in := checkListInput(c, t, name)
	in["fromDate"], in["toDate"] = from, to
	in["targetFacilityList"] = []int64{c.FacilityID(t, 2, "新宿駅前店")}
	for k, v := range fields {
		in[k] = v
	}
	a := admin.Do(http.MethodPost, "/api/check_list_master", in)
	if a.Code != 0 {
		t.Fatalf("create list: %s", a.Body)
	}
	var id struct {
		ID int64 `json:"checkListMasterId"`
	}
	a.Decode(t, &id)
	return int64(c.Count(t, "SELECT period_id FROM check_periods WHERE check_list_id = ? AND seq = 1", id.ID))
}

// sends counts the deliveries of occurrences whose key starts with prefix.
func sends(t *testing.T, c *consoletest.Console, prefix string, extra ...string) int {
	q := "SELECT COUNT(*) FROM notification_sends WHERE occurrence_key LIKE ?"
	if len(extra) > 0 {
		q += " AND " + extra[0]
	}
	return c.Count(t, q, prefix+"%")
}

func runAt(t *testing.T, c *consoletest.Console, at time.Time) {
	t.Helper()
	if _, err := c.App.Notices.RunAt(context.Background(), at); err != nil {
		t.Fatalf("run at %s: %v", at, err)
	}
}

func mailTo(t *testing.T, c *consoletest.Console, to, subject string) smtptest.Received {
	t.Helper()
	return c.SMTP.WaitFor(t, func(m smtptest.Received) bool {
		return strings.Contains(strings.Join(m.To, ","), to) && strings.Contains(m.Subject, subject)
	}, 10*time.Second)
}

func TestCheckNoticesGoOutOnceAtTheirTokyoInstant(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		period := noticeList(t, c, admin, "十二月の開店前点検", "2026-12-01", "2026-12-31",
			map[string]any{"startNotificationTime": "09:00", "reminderNotificationTime": "17:00", "reminderDaysBefore": 2})
		start, remind := "CHECK_START:"+itoa(int(period))+":", "CHECK_REMINDER:"+itoa(int(period))+":"

		runAt(t, c, tokyo(t, "2026-12-01 08:59"))
		if n := sends(t, c, start); n != 0 {
			t.Fatalf("%d start notices a minute early", n)
		}
		runAt(t, c, tokyo(t, "2026-12-01 09:00"))
		if n := sends(t, c, start); n != 1 {
			t.Fatalf("start notices at 09:00 Tokyo: %d, want 1 (store001's mail)", n)
		}
		m := mailTo(t, c, "store001@rouder.example", "チェック開始: 十二月の開店前点検")
		if !strings.Contains(m.Body, "新宿駅前店") || !strings.Contains(m.Body, "/check/"+itoa(int(period))) {
			t.Errorf("the mail names neither the store nor the link: %s", m.Body)
		}
		runAt(t, c, tokyo(t, "2026-12-01 09:01"))
		runAt(t, c, tokyo(t, "2026-12-01 12:00"))
		if n := sends(t, c, start); n != 1 {
			t.Errorf("later runs sent the start again: %d", n)
		}
		// 2 days before the 31st: the 29th (a Tuesday), at 17:00.
		runAt(t, c, tokyo(t, "2026-12-29 16:59"))
		if n := sends(t, c, remind); n != 0 {
			t.Fatalf("%d reminders early", n)
		}
		runAt(t, c, tokyo(t, "2026-12-29 17:00"))
		if n := sends(t, c, remind); n != 1 {
			t.Fatalf("reminders: %d", n)
		}
		mailTo(t, c, "store001@rouder.example", "チェックの提出期限が近づいています")
		// The delivery history shows both, with their kinds.
		var page struct {
			Items []struct {
				Kind, Channel, Status, Recipient string
			} `json:"items"`
		}
		sysadmin(t, c).Get("/api/system/push_history?searchText=十二月の開店前点検&size=100").Decode(t, &page)
		kinds := map[string]bool{}
		for _, d := range page.Items {
			kinds[d.Kind] = true
		}
		if !kinds["CHECK_START"] || !kinds["CHECK_REMINDER"] {
			t.Errorf("delivery history: %+v", page.Items)
		}
	})
}

func TestASubmittedSheetGetsNoReminderAndClosingDaysMoveIt(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		store := c.FacilityID(t, 2, "新宿駅前店")
		// The store closes on Tuesdays: a reminder due Tuesday 2026-12-29
		// moves to the business day after (Wednesday the 30th).
		if a := admin.Do(http.MethodPut, "/api/notification_calendar", map[string]any{"escalationDays": 3, "version": 0,
			"closingDayList": []map[string]any{{"facilityId": store, "weekday": 2, "label": "定休日"}}}); a.Code != 0 {
			t.Fatalf("calendar: %s", a.Body)
		}
		period := noticeList(t, c, admin, "年末の点検", "2026-12-01", "2026-12-31",
			map[string]any{"startNotificationTime": "", "reminderNotificationTime": "17:00", "reminderDaysBefore": 2, "closingDayRule": "AFTER"})
		remind := "CHECK_REMINDER:" + itoa(int(period)) + ":"
		runAt(t, c, tokyo(t, "2026-12-29 17:00"))
		if n := sends(t, c, remind); n != 0 {
			t.Fatalf("a reminder on the store's closing day: %d", n)
		}
		runAt(t, c, tokyo(t, "2026-12-30 17:00"))
		if n := sends(t, c, remind); n != 1 {
			t.Fatalf("the moved reminder: %d", n)
		}

		// A national holiday: 1 day before 2027-01-12 is 成人の日 (Monday the 11th);
		// the list's default rule sends on the business day before, Sunday the 10th.
		holiday := noticeList(t, c, admin, "成人の日をまたぐ点検", "2027-01-05", "2027-01-12",
			map[string]any{"startNotificationTime": "", "reminderNotificationTime": "17:00", "reminderDaysBefore": 1})
		runAt(t, c, tokyo(t, "2027-01-10 17:00"))
		runAt(t, c, tokyo(t, "2027-01-11 17:00"))
		if n := c.Count(t, "SELECT COUNT(*) FROM notification_occurrences WHERE occurrence_key LIKE ? AND due_at = ?",
			"CHECK_REMINDER:"+itoa(int(holiday))+":%", tokyo(t, "2027-01-10 17:00").UTC()); n != 1 {
			t.Errorf("the reminder before the holiday: %d occurrences at 01-10 17:00", n)
		}
		if n := sends(t, c, "CHECK_REMINDER:"+itoa(int(holiday))+":"); n != 1 {
			t.Errorf("reminders around the holiday: %d", n)
		}

		other := noticeList(t, c, admin, "提出済みの点検", "2026-12-01", "2026-12-31",
			map[string]any{"startNotificationTime": "", "reminderNotificationTime": "17:00", "reminderDaysBefore": 1})
		c.Exec(t, `INSERT INTO check_sheets (organization_id, period_id, facility_id, submitted) VALUES (2, ?, ?, TRUE)`, other, store)
		runAt(t, c, tokyo(t, "2026-12-30 17:00"))
		if n := sends(t, c, "CHECK_REMINDER:"+itoa(int(other))+":"); n != 0 {
			t.Errorf("a submitted sheet was reminded: %d", n)
		}
	})
}

type planned struct {
	Kind string    `json:"kind"`
	Date time.Time `json:"date"`
}

func TestTheEditorPreviewsNoticesOnTheBusinessCalendar(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		preview := func(fields map[string]any) []string {
			t.Helper()
			in := map[string]any{"fromDate": "2027-01-01", "toDate": "2027-01-12", "nextInterval": 1, "nextDuration": "MONTHS",
				"startNotificationTime": "", "reminderNotificationTime": "17:00", "reminderDaysBefore": 1}
			for k, v := range fields {
				in[k] = v
			}
			a := admin.Do(http.MethodPost, "/api/check_list_master/notification_preview", in)
			if a.Code != 0 {
				t.Fatalf("preview: %s", a.Body)
			}
			var out []planned
			a.Decode(t, &out)
			var dates []string
			for _, p := range out {
				dates = append(dates, p.Kind+" "+p.Date.In(clock.Tokyo).Format("2006-01-02 15:04"))
			}
			return dates
		}
		// 1 day before the 12th is Monday 2027-01-11, 成人の日 (a national holiday).
		if got := preview(nil); len(got) == 0 || got[0] != "CHECK_REMINDER 2027-01-10 17:00" {
			t.Errorf("holiday, before: %v", got)
		}
		if got := preview(map[string]any{"closingDayRule": "AFTER"}); got[0] != "CHECK_REMINDER 2027-01-12 17:00" {
			t.Errorf("holiday, after: %v", got)
		}
		if got := preview(map[string]any{"closingDayRule": "SKIP"}); len(got) > 0 && strings.HasPrefix(got[0], "CHECK_REMINDER 2027-01-1") {
			t.Errorf("holiday, skipped: %v", got)
		}
		// The organization closes on weekends and on 2027-01-08; 3 business
		// days before the 12th are the 11th (holiday), 10th, 9th (weekend),
		// 8th (closed): the 7th, 6th and 5th count, so the 5th.
		if a := admin.Do(http.MethodPut, "/api/notification_calendar", map[string]any{"escalationDays": 3, "version": 0,
			"closingDayList": []map[string]any{{"weekday": 0, "label": "日曜"}, {"weekday": 6, "label": "土曜"}, {"date": "2027-01-08", "label": "棚卸"}}}); a.Code != 0 {
			t.Fatalf("calendar: %s", a.Body)
		}
		if got := preview(map[string]any{"reminderDaysBefore": 3, "businessDays": true}); got[0] != "CHECK_REMINDER 2027-01-05 17:00" {
			t.Errorf("business days: %v", got)
		}
		if got := preview(map[string]any{"reminderDaysBefore": 3}); got[0] != "CHECK_REMINDER 2027-01-07 17:00" {
			t.Errorf("calendar days: the 9th is a Saturday, the 8th closed → the 7th: %v", got)
		}
		// Bad input is a Japanese message.
		a := admin.Do(http.MethodPut, "/api/notification_calendar", map[string]any{"escalationDays": 120, "version": 1, "closingDayList": []any{}})
		if a.Status != http.StatusBadRequest || a.FieldError("escalationDays") != "エスカレーション日数は90以下で入力してください。" {
			t.Errorf("escalation 120: %d %s", a.Status, a.Body)
		}
		a = admin.Do(http.MethodPut, "/api/notification_calendar", map[string]any{"escalationDays": 3, "version": 1,
			"closingDayList": []map[string]any{{"label": "どちらもなし"}}})
		if a.Status != http.StatusBadRequest || !strings.Contains(a.FieldError("closingDayList"), "曜日か日付") {
			t.Errorf("neither weekday nor date: %d %s", a.Status, a.Body)
		}
		if a := admin.Do(http.MethodPut, "/api/notification_calendar", map[string]any{"escalationDays": 3, "version": 0, "closingDayList": []any{}}); a.Status != http.StatusConflict {
			t.Errorf("a stale version: %d", a.Status)
		}
		// store001 reads the calendar? It has no organization role.
		staff := c.Client(t)
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Get("/api/notification_calendar"); a.Status != http.StatusForbidden {
			t.Errorf("store staff read the calendar: %d", a.Status)
		}
	})
}

// The preview refuses what saving the list refuses, under the same field
// with the same message (one rule, checklist.CheckList.ValidateSchedule),
// instead of answering an empty list of notices.
func TestThePreviewRefusesTheScheduleSavingRefuses(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		for _, cs := range []struct {
			set   map[string]any
			field string
			want  string
		}{
			{map[string]any{"startNotificationTime": "25:00"}, "startNotificationTime", "時刻はHH:MMの形式で入力してください。"},
			{map[string]any{"reminderNotificationTime": "9時"}, "reminderNotificationTime", "時刻はHH:MMの形式で入力してください。"},
			{map[string]any{"nextInterval": 0}, "nextInterval", "繰り返し間隔は1以上で入力してください。"},
			{map[string]any{"nextInterval": 366}, "nextInterval", "繰り返し間隔は365以下で入力してください。"},
			{map[string]any{"nextDuration": ""}, "nextDuration", "繰り返しの単位が正しくありません。"},
			{map[string]any{"reminderDaysBefore": 40}, "reminderDaysBefore", "リマインド日数は0から31の間で入力してください。"},
			{map[string]any{"reminderDaysBefore": -1}, "reminderDaysBefore", "リマインド日数は0から31の間で入力してください。"},
			{map[string]any{"toDate": "2027-01-01", "fromDate": "2027-01-12"}, "toDate", "終了日は開始日以降の日付にしてください。"},
		} {
			preview := map[string]any{"fromDate": "2027-01-01", "toDate": "2027-01-12", "nextInterval": 1, "nextDuration": "MONTHS",
				"startNotificationTime": "09:00", "reminderNotificationTime": "17:00", "reminderDaysBefore": 1}
			save := checkListInput(c, t, "プレビュー検証")
			for k, v := range cs.set {
				preview[k], save[k] = v, v
			}
			a := admin.Do(http.MethodPost, "/api/check_list_master/notification_preview", preview)
			if a.Status != http.StatusBadRequest || a.FieldError(cs.field) != cs.want {
				t.Errorf("preview %v: %d %s", cs.set, a.Status, a.Body)
			}
			if s := admin.Do(http.MethodPost, "/api/check_list_master", save); s.Status != http.StatusBadRequest || s.FieldError(cs.field) != a.FieldError(cs.field) {
				t.Errorf("saving %v says %q, the preview %q", cs.set, s.FieldError(cs.field), a.FieldError(cs.field))
			}
		}
	})
}

func TestMissedNoticesAreRecordedAndLateOnesWithinGraceAreSent(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		late := noticeList(t, c, admin, "遅れて届く点検", "2027-02-01", "2027-02-28", map[string]any{"startNotificationTime": "09:00", "reminderNotificationTime": ""})
		missed := noticeList(t, c, admin, "見送られる点検", "2027-02-02", "2027-02-28", map[string]any{"startNotificationTime": "09:00", "reminderNotificationTime": ""})
		// The service was down from before 09:00 on the 1st until 14:59 on
		// the 2nd: the 1st's notice is more than 6 hours late (missed), the
		// 2nd's less (sent).
		runAt(t, c, tokyo(t, "2027-02-02 14:59"))
		if n := sends(t, c, "CHECK_START:"+itoa(int(late))+":", "status = 'MISSED' AND mail_id IS NULL"); n != 1 {
			t.Errorf("the missed start: %d", n)
		}
		if n := sends(t, c, "CHECK_START:"+itoa(int(missed))+":", "mail_id IS NOT NULL"); n != 1 {
			t.Errorf("the late start within grace: %d", n)
		}
		runAt(t, c, tokyo(t, "2027-02-02 15:30"))
		if n := sends(t, c, "CHECK_START:"); n != 2 {
			t.Errorf("a second run added deliveries: %d", n)
		}
		if got := c.Count(t, "SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE ?", "%遅れて届く点検%"); got != 0 {
			t.Errorf("a missed notice was mailed")
		}
	})
}

func TestTwoRunsAtOnceAndAForcedRunDeliverOnce(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		period := noticeList(t, c, admin, "同時実行の点検", "2027-03-01", "2027-03-31", map[string]any{"startNotificationTime": "09:00"})
		at := tokyo(t, "2027-03-01 09:00")
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); _, _ = c.App.Notices.RunAt(context.Background(), at) }()
		}
		wg.Wait()
		if n := sends(t, c, "CHECK_START:"+itoa(int(period))+":"); n != 1 {
			t.Errorf("two workers delivered %d times", n)
		}

		// A forced run (the schedule screen) runs the same job on the real
		// clock: a list whose period started today, its notice a minute ago.
		now := time.Now().In(clock.Tokyo)
		startAt := now.Add(-time.Minute).Format("15:04")
		if now.Hour() < 6 { // near midnight a minute ago is yesterday: midnight is within the grace period
			startAt = "00:00"
		}
		forced := noticeList(t, c, admin, "今日の点検", now.Format("2006-01-02"), now.AddDate(0, 0, 6).Format("2006-01-02"),
			map[string]any{"startNotificationTime": startAt, "reminderNotificationTime": ""})
		key := "CHECK_START:" + itoa(int(forced)) + ":"
		sys := sysadmin(t, c)
		for range 2 {
			if a := sys.Do(http.MethodPost, "/api/system/schedule/send_notifications/run", nil); a.Code != 0 {
				t.Fatalf("run now: %s", a.Body)
			}
		}
		deadline := time.Now().Add(15 * time.Second)
		for sends(t, c, key) == 0 && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		runAt(t, c, time.Now())
		for c.Count(t, "SELECT COUNT(*) FROM river_job WHERE kind = 'send_notifications' AND state NOT IN ('completed', 'discarded', 'cancelled')") > 0 &&
			time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		if n := sends(t, c, key); n != 1 {
			t.Errorf("forced runs and a timed run delivered %d times", n)
		}
		mailTo(t, c, "store001@rouder.example", "チェック開始: 今日の点検")
	})
}

func TestOverdueReportsClimbTheGroupTree(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		store := c.FacilityID(t, 2, "新宿駅前店")
		var path string
		if err := c.DB.NewRaw(`SELECT g.path FROM facilities AS f JOIN org_groups AS g ON g.group_id = f.group_id WHERE f.facility_id = ?`, store).
			Scan(context.Background(), &path); err != nil {
			t.Fatal(err)
		}
		ids := strings.Split(strings.Trim(path, "/"), "/")
		if len(ids) < 3 {
			t.Fatalf("the demo store's group is not two levels below the top: %s", path)
		}
		// One head per level above the store: its block, then its region.
		head := func(account, group, address string) {
			c.Exec(t, `INSERT INTO users (organization_id, user_account, last_name, first_name, password_hash, main_authority_name, group_id, mail_address)
				SELECT organization_id, ?, '責任者', ?, password_hash, main_authority_name, ?, ? FROM users WHERE organization_id = 2 AND user_account = 'demoadmin'`,
				account, account, group, address)
		}
		head("blockhead", ids[len(ids)-1], "block@rouder.example")
		head("regionhead", ids[len(ids)-2], "region@rouder.example")
		a := admin.Do(http.MethodPost, "/api/improvement", map[string]any{"facilityId": store, "subject": "看板の照明切れ"})
		if a.Code != 0 {
			t.Fatalf("report: %s", a.Body)
		}
		var rep struct {
			ID int64 `json:"improvementId"`
		}
		a.Decode(t, &rep)
		list := noticeList(t, c, admin, "改善リマインドの点検", "2026-12-01", "2026-12-31",
			map[string]any{"startNotificationTime": "", "reminderNotificationTime": "", "improvementReminderNotificationTime": "10:00", "improvementReminderDaysBefore": 2})
		_ = list
		c.Exec(t, `UPDATE improvements SET due_date = '2026-12-10', check_list_id = (SELECT check_list_id FROM check_periods WHERE period_id = ?) WHERE improvement_id = ?`, list, rep.ID)
		id := itoa(int(rep.ID))

		// 2 days before the due date, at the list's time: the store acts.
		runAt(t, c, tokyo(t, "2026-12-08 10:00"))
		if n := sends(t, c, "IMPROVEMENT_REMINDER:"+id+":"); n != 1 {
			t.Fatalf("improvement reminders: %d", n)
		}
		mailTo(t, c, "store001@rouder.example", "改善報告の期限が近づいています: 看板の照明切れ")
		// 3 days overdue (the default): the block; 6: the region.
		runAt(t, c, tokyo(t, "2026-12-13 08:59"))
		if n := sends(t, c, "ESCALATION:"+id+":"); n != 0 {
			t.Fatalf("escalated early: %d", n)
		}
		runAt(t, c, tokyo(t, "2026-12-13 09:00"))
		mailTo(t, c, "block@rouder.example", "改善報告が期限を過ぎています: 看板の照明切れ")
		runAt(t, c, tokyo(t, "2026-12-16 09:00"))
		mailTo(t, c, "region@rouder.example", "改善報告が期限を過ぎています")
		if n := sends(t, c, "ESCALATION:"+id+":"); n != 2 {
			t.Errorf("escalations: %d, want block then region", n)
		}
		// Completed, it stops climbing.
		c.Exec(t, `UPDATE improvements SET status = 'COMPLETED' WHERE improvement_id = ?`, rep.ID)
		runAt(t, c, tokyo(t, "2026-12-19 09:00"))
		if n := sends(t, c, "ESCALATION:"+id+":"); n != 2 {
			t.Errorf("a completed report escalated: %d", n)
		}
	})
}

// pushService is a push endpoint in the test process: it checks the VAPID
// signature against the key the console publishes, decrypts the message
// with the browser's keys (RFC 8291), and answers 410 for a gone browser.
type pushService struct {
	t         *testing.T
	server    *httptest.Server
	publicKey string // the console's VAPID key
	browser   *ecdh.PrivateKey
	auth      []byte
	mu        sync.Mutex
	received  []map[string]string
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{t: t, auth: make([]byte, 16)}
	var err error
	if p.browser, err = ecdh.P256().GenerateKey(rand.Reader); err != nil {
		t.Fatal(err)
	}
	_, _ = rand.Read(p.auth)
	p.server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.server.Close)
	return p
}

func (p *pushService) keys() map[string]string {
	enc := base64.RawURLEncoding
	return map[string]string{"p256dh": enc.EncodeToString(p.browser.PublicKey().Bytes()), "auth": enc.EncodeToString(p.auth)}
}

func (p *pushService) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/gone") {
		w.WriteHeader(http.StatusGone)
		return
	}
	auth := r.Header.Get("Authorization")
	var token, key string
	for _, part := range strings.Split(strings.TrimPrefix(auth, "vapid "), ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			token = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			key = v
		}
	}
	if key != p.publicKey {
		p.t.Errorf("VAPID key %q, the console publishes %q", key, p.publicKey)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	raw, _ := base64.RawURLEncoding.DecodeString(key)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		p.t.Errorf("VAPID key: %v", err)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	claims := jwt.MapClaims{}
	if _, err := jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithExpirationRequired()); err != nil {
		p.t.Errorf("VAPID signature: %v", err)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if claims["aud"] != p.server.URL {
		p.t.Errorf("VAPID audience %v, want %s", claims["aud"], p.server.URL)
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		p.t.Errorf("headers: %v", r.Header)
	}
	body, _ := io.ReadAll(r.Body)
	msg, err := p.decrypt(body)
	if err != nil {
		p.t.Errorf("decrypt: %v", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var m map[string]string
	if err := json.Unmarshal(msg, &m); err != nil {
		p.t.Errorf("payload %q: %v", msg, err)
	}
	p.mu.Lock()
	p.received = append(p.received, m)
	p.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

// decrypt opens an aes128gcm record (RFC 8188) with the keys of RFC 8291.
func (p *pushService) decrypt(body []byte) ([]byte, error) {
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	_ = rs
	server, err := ecdh.P256().NewPublicKey(body[21 : 21+idLen])
	if err != nil {
		return nil, err
	}
	shared, err := p.browser.ECDH(server)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), p.browser.PublicKey().Bytes()...), server.Bytes()...)
	prk, _ := hkdf.Extract(sha256.New, shared, p.auth)
	ikm, _ := hkdf.Expand(sha256.New, prk, string(info), 32)
	prk2, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk2, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk2, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, body[21+idLen:], nil)
	if err != nil {
		return nil, err
	}
	end := strings.LastIndexByte(string(plain), 2) // the last record's delimiter, then padding
	return plain[:end], nil
}

func TestPushReachesTheBrowserAndAGoneOneIsForgotten(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := demoAdmin(t, c)
		staff := c.Client(t)
		staff.Login(2, "store001", "Store001#2026")
		push := newPushService(t)
		var mine struct {
			Mail, Push     bool
			MailAddress    string   `json:"mailAddress"`
			Subscriptions  int      `json:"subscriptions"`
			Endpoints      []string `json:"endpoints"`
			VapidPublicKey string   `json:"vapidPublicKey"`
		}
		staff.Get("/api/notification_setting").Decode(t, &mine)
		if !mine.Mail || !mine.Push || mine.Subscriptions != 0 || mine.Endpoints == nil || len(mine.Endpoints) != 0 || mine.VapidPublicKey == "" {
			t.Fatalf("defaults: %+v", mine)
		}
		push.publicKey = mine.VapidPublicKey
		for _, path := range []string{"/browser", "/gone"} {
			if a := staff.Do(http.MethodPost, "/api/push_subscription", map[string]any{"endpoint": push.server.URL + path, "keys": push.keys()}); a.Code != 0 {
				t.Fatalf("subscribe: %s", a.Body)
			}
		}
		// Push only: no mail for this user.
		if a := staff.Do(http.MethodPut, "/api/notification_setting", map[string]bool{"mail": false, "push": true}); a.Code != 0 {
			t.Fatalf("channels: %s", a.Body)
		}
		if a := staff.Do(http.MethodPost, "/api/push_subscription", map[string]any{"endpoint": "ftp://nowhere", "keys": push.keys()}); a.Status != http.StatusBadRequest || a.FieldError("endpoint") == "" {
			t.Errorf("a bad endpoint: %d %s", a.Status, a.Body)
		}
		period := noticeList(t, c, admin, "プッシュで届く点検", "2027-04-01", "2027-04-30",
			map[string]any{"startNotificationTime": "", "reminderNotificationTime": "18:00", "reminderDaysBefore": 3})
		runAt(t, c, tokyo(t, "2027-04-27 18:00"))
		key := "CHECK_REMINDER:" + itoa(int(period)) + ":"
		deadline := time.Now().Add(15 * time.Second)
		for sends(t, c, key, "status = 'SENT'") == 0 && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		if n := sends(t, c, key, "channel = 'PUSH' AND status = 'SENT'"); n != 1 {
			t.Fatalf("push deliveries sent: %d", n)
		}
		if n := sends(t, c, key, "channel = 'MAIL'"); n != 0 {
			t.Errorf("mail went out although the user chose push only: %d", n)
		}
		push.mu.Lock()
		got := push.received
		push.mu.Unlock()
		if len(got) != 1 || !strings.Contains(got[0]["title"], "プッシュで届く点検") || !strings.HasSuffix(got[0]["url"], "/check/"+itoa(int(period))) {
			t.Errorf("the browser received %+v", got)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE '%/gone'"); n != 0 {
			t.Errorf("the gone browser is still subscribed")
		}
		mine.Endpoints = nil
		staff.Get("/api/notification_setting").Decode(t, &mine)
		// The browser left is named by its endpoint, so it can tell it is the registered one.
		if mine.Subscriptions != 1 || mine.Mail || len(mine.Endpoints) != 1 || mine.Endpoints[0] != push.server.URL+"/browser" {
			t.Errorf("after the push: %+v", mine)
		}
		if a := staff.Do(http.MethodDelete, "/api/push_subscription?endpoint="+push.server.URL+"/browser", nil); a.Code != 0 {
			t.Errorf("unsubscribe: %s", a.Body)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM push_subscriptions"); n != 0 {
			t.Errorf("subscriptions left: %d", n)
		}
	})
}
