package http_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

func sysadmin(t *testing.T, c *consoletest.Console) *consoletest.Client {
	cl := c.Client(t)
	cl.OrgID = 1
	if a := cl.Login(1, "sysadmin", "Sysadmin#2026"); a.Code != 0 {
		t.Fatalf("sysadmin sign-in: %s", a.Body)
	}
	return cl
}

func uploadManual(cl *consoletest.Client, name string, data []byte, fileType, published string) consoletest.Answer {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, _ := w.CreateFormFile("file", name)
	_, _ = part.Write(data)
	_ = w.WriteField("supportFileType", fileType)
	_ = w.WriteField("published", published)
	_ = w.Close()
	return cl.Do(http.MethodPost, "/api/system/support_file", buf.String(), "Content-Type", w.FormDataContentType())
}

type manual struct {
	FileID      int64  `json:"fileId"`
	FileName    string `json:"fileName"`
	UserAccount string `json:"userAccount"`
	Type        string `json:"supportFileType"`
	Published   bool   `json:"published"`
}

// What the support dialog lists to a user of any organization.
func dialogNames(t *testing.T, cl *consoletest.Client) string {
	t.Helper()
	var files []struct {
		FileName string `json:"fileName"`
	}
	cl.Get("/api/support/file").Decode(t, &files)
	var names []string
	for _, f := range files {
		names = append(names, f.FileName)
	}
	return strings.Join(names, ",")
}

func TestTheSystemAdministratorKeepsTheManuals(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			admin := sysadmin(t, c)
			user := adminOf2(t, c)
			pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("x"), 2000)...)

			a := uploadManual(admin, "店舗運営マニュアル_2027.pdf", pdf, "MANUAL", "false")
			if a.Status != http.StatusOK {
				t.Fatalf("upload: %d %s", a.Status, a.Body)
			}
			var m manual
			a.Decode(t, &m)
			if m.UserAccount != "sysadmin" || m.Published || m.Type != "MANUAL" {
				t.Fatalf("stored %+v", m)
			}
			if strings.Contains(dialogNames(t, user), "店舗運営マニュアル_2027.pdf") {
				t.Fatal("an unpublished manual is offered to users")
			}
			if got := admin.Get(fmt.Sprintf("/api/system/support_file/%d/download", m.FileID)); got.Status != http.StatusOK || !bytes.Equal(got.Body, pdf) {
				t.Fatalf("the administrator's download: %d", got.Status)
			}
			if got := admin.Do(http.MethodPut, fmt.Sprintf("/api/system/support_file/%d", m.FileID),
				map[string]any{"supportFileType": "FAQ", "published": true}); got.Status != http.StatusOK {
				t.Fatalf("publish: %d %s", got.Status, got.Body)
			}
			if !strings.Contains(dialogNames(t, user), "店舗運営マニュアル_2027.pdf") {
				t.Fatal("a published manual is not offered")
			}
			if got := user.Get(fmt.Sprintf("/support/file/%d", m.FileID)); got.Status != http.StatusOK || !bytes.Equal(got.Body, pdf) {
				t.Fatalf("a user's download: %d", got.Status)
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE target_type = 'マニュアル' AND user_account = 'sysadmin'"); n != 2 {
				t.Errorf("%d history entries for the upload and the change", n)
			}
			// Bad input, each with its message under the field.
			for _, tc := range []struct {
				name, fileType string
				data           []byte
				field, want    string
			}{
				{"setup.pdf", "MANUAL", []byte("MZ\x90\x00 a program"), "file", "PDF、Excel、Word、PowerPoint、PNG、JPEGのファイルを選んでください。"},
				{"notes.txt", "MANUAL", []byte("plain text"), "file", "PDF、Excel、Word、PowerPoint、PNG、JPEGのファイルを選んでください。"},
				{"big.pdf", "MANUAL", append([]byte("%PDF-"), make([]byte, 50<<20)...), "file", "ファイルが大きすぎます（50MBまで）。"},
				{"empty.pdf", "MANUAL", nil, "file", "アップロードするファイルを選んでください。"},
				{"ok.pdf", "SECRET", pdf, "supportFileType", "種類が正しくありません。"},
				{"manual\u202efdp.exe", "MANUAL", pdf, "file", "使用できない文字（制御文字）が含まれています。"},
			} {
				got := uploadManual(admin, tc.name, tc.data, tc.fileType, "true")
				if got.Status != http.StatusBadRequest || got.FieldError(tc.field) != tc.want {
					t.Errorf("%s: %d %s, want %q", tc.name, got.Status, got.Body, tc.want)
				}
			}
			if got := uploadManual(admin, "ok.pdf", pdf, "MANUAL", "maybe"); got.Status != http.StatusBadRequest ||
				got.FieldError("published") != "はい・いいえ（true/false）で指定してください。" {
				t.Errorf("published=maybe: %d %s", got.Status, got.Body)
			}
			// Nobody else keeps the manuals.
			for _, call := range []consoletest.Answer{
				user.Get("/api/system/support_file"),
				uploadManual(user, "x.pdf", pdf, "MANUAL", "true"),
				user.Do(http.MethodDelete, fmt.Sprintf("/api/system/support_file/%d", m.FileID), nil),
			} {
				if call.Status != http.StatusForbidden {
					t.Errorf("an organization administrator: %d %s", call.Status, call.Body)
				}
			}
			if got := admin.Do(http.MethodDelete, fmt.Sprintf("/api/system/support_file/%d", m.FileID), nil); got.Status != http.StatusOK {
				t.Fatalf("delete: %d %s", got.Status, got.Body)
			}
			if strings.Contains(dialogNames(t, user), "店舗運営マニュアル_2027.pdf") || user.Get(fmt.Sprintf("/support/file/%d", m.FileID)).Status != http.StatusNotFound {
				t.Fatal("a deleted manual is still offered")
			}
			var page struct {
				Items []manual `json:"items"`
				Total int      `json:"total"`
			}
			admin.Get("/api/system/support_file").Decode(t, &page)
			if page.Total != 1 || page.Items[0].UserAccount != "" {
				t.Fatalf("the demo's manual alone should remain: %+v", page)
			}
		})
	}
}

type maintenanceStatus struct {
	Active    bool   `json:"active"`
	Announced bool   `json:"announced"`
	Message   string `json:"message"`
}

func statusOfMaintenance(t *testing.T, cl *consoletest.Client) maintenanceStatus {
	t.Helper()
	var s maintenanceStatus
	cl.Get("/maintenance").Decode(t, &s)
	return s
}

// The system administrator announces a window, then switches maintenance on:
// every other call answers 503 with the message (the public answer page's
// too), sign-in and the status still answer, the administrator keeps
// working; switched off, everyone is back.
func TestMaintenanceStopsEveryoneButSystemAdministrators(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			admin := sysadmin(t, c)
			user := adminOf2(t, c)
			anyone := c.Client(t)
			key := c.Count(t, "SELECT COUNT(*) FROM survey_facilities") // the demo has answer links
			if key == 0 {
				t.Fatal("the demo has no survey link")
			}
			var surveyKey string
			if err := c.DB.NewRaw("SELECT survey_key FROM survey_facilities ORDER BY survey_id LIMIT 1").Scan(t.Context(), &surveyKey); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			save := func(body map[string]any) consoletest.Answer {
				return admin.Do(http.MethodPut, "/api/system/maintenance", body)
			}
			if a := save(map[string]any{"message": "12/31 2:00〜4:00 メンテナンスを行います", "switchedOn": false,
				"announceFrom": now.Add(-time.Hour), "startDate": now.Add(24 * time.Hour), "endDate": now.Add(26 * time.Hour)}); a.Status != http.StatusOK {
				t.Fatalf("announce: %d %s", a.Status, a.Body)
			}
			if s := statusOfMaintenance(t, anyone); s.Active || !s.Announced || s.Message != "12/31 2:00〜4:00 メンテナンスを行います" {
				t.Fatalf("announced: %+v", s)
			}
			if a := user.Get("/api/facility"); a.Status != http.StatusOK {
				t.Fatalf("an announcement stops nothing: %d", a.Status)
			}
			// Bad input names its field.
			if a := save(map[string]any{"message": "", "switchedOn": false, "startDate": now, "endDate": now.Add(-time.Hour)}); a.Status != http.StatusBadRequest ||
				a.FieldError("endDate") != "終了日時は開始日時より後にしてください。" {
				t.Fatalf("end before start: %d %s", a.Status, a.Body)
			}
			if a := user.Do(http.MethodPut, "/api/system/maintenance", map[string]any{"message": "", "switchedOn": true}); a.Status != http.StatusForbidden {
				t.Fatalf("an organization administrator: %d", a.Status)
			}

			if a := save(map[string]any{"message": "メンテナンス中です", "switchedOn": true}); a.Status != http.StatusOK {
				t.Fatalf("switch on: %d %s", a.Status, a.Body)
			}
			if s := statusOfMaintenance(t, anyone); !s.Active {
				t.Fatalf("switched on: %+v", s)
			}
			for _, a := range []consoletest.Answer{user.Get("/api/facility"), anyone.Get("/api/public/survey/" + surveyKey)} {
				if a.Status != http.StatusServiceUnavailable || a.Message != "ただいまメンテナンス中です。しばらくしてから再度お試しください。" {
					t.Errorf("during maintenance: %d %s", a.Status, a.Body)
				}
			}
			if a := user.Get("/api/login_user"); a.Status != http.StatusOK {
				t.Errorf("who is signed in still answers: %d", a.Status)
			}
			late := c.Client(t)
			if a := late.Login(2, "store001", "Store001#2026"); a.Code != 0 {
				t.Errorf("signing in still answers (to find the maintenance page): %s", a.Body)
			}
			if a := admin.Get("/api/organization"); a.Status != http.StatusOK {
				t.Errorf("the system administrator keeps working: %d %s", a.Status, a.Body)
			}
			if a := save(map[string]any{"message": "", "switchedOn": false}); a.Status != http.StatusOK {
				t.Fatalf("switch off: %d", a.Status)
			}
			if a := user.Get("/api/facility"); a.Status != http.StatusOK {
				t.Fatalf("after maintenance: %d", a.Status)
			}
			if s := statusOfMaintenance(t, anyone); s.Active || s.Announced {
				t.Fatalf("after maintenance: %+v", s)
			}
		})
	}
}

// A body that leaves out a required field is refused under the field and
// changes nothing: `{}` used to answer 200, switching maintenance off and
// clearing its message.
func TestMaintenanceBodyLeavingOutAFieldChangesNothing(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			admin := sysadmin(t, c)
			start := time.Now().UTC().Add(24 * time.Hour).Truncate(time.Second)
			if a := admin.Do(http.MethodPut, "/api/system/maintenance", map[string]any{"message": "メンテナンス中です", "switchedOn": true,
				"startDate": start, "endDate": start.Add(2 * time.Hour)}); a.Status != http.StatusOK {
				t.Fatalf("save: %d %s", a.Status, a.Body)
			}
			saved := admin.Get("/api/system/maintenance")
			if saved.Status != http.StatusOK || !strings.Contains(string(saved.Data), "メンテナンス中です") {
				t.Fatalf("saved: %d %s", saved.Status, saved.Body)
			}
			for _, c := range []struct {
				body    map[string]any
				missing []string
			}{
				{map[string]any{}, []string{"message", "switchedOn"}},
				{map[string]any{"message": ""}, []string{"switchedOn"}},
				{map[string]any{"switchedOn": false, "startDate": nil}, []string{"message"}},
			} {
				a := admin.Do(http.MethodPut, "/api/system/maintenance", c.body)
				if a.Status != http.StatusBadRequest || a.Message != "不正な入力値があります。各入力項目を確認してください。" {
					t.Errorf("%v: %d %s", c.body, a.Status, a.Body)
				}
				for _, field := range c.missing {
					if got := a.FieldError(field); got != "この項目を送信してください。" {
						t.Errorf("%v: %s says %q: %s", c.body, field, got, a.Body)
					}
				}
			}
			if after := admin.Get("/api/system/maintenance"); !bytes.Equal(after.Data, saved.Data) {
				t.Errorf("the saved plan changed: %s, was %s", after.Data, saved.Data)
			}
		})
	}
}

// The delivery history: every organization's mail while the system
// organization is selected, one organization's when it is; by status and
// text; nobody else may read it.
func TestTheDeliveryHistoryListsEveryMail(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			c.Exec(t, `INSERT INTO mail_outbox (organization_id, to_address, subject, body, sent_at, attempts, last_error, created_at) VALUES
				(2, 'a@example.com', '【ROUDER】確認コード', 'x', CURRENT_TIMESTAMP, 1, '', CURRENT_TIMESTAMP),
				(2, 'b@example.com', '【ROUDER】チェック開始のお知らせ', 'x', NULL, 3, '451 try again later', CURRENT_TIMESTAMP),
				(3, 'c@example.com', '【ROUDER】確認コード', 'x', NULL, 0, '', CURRENT_TIMESTAMP)`)
			admin := sysadmin(t, c)
			type page struct {
				Items []struct {
					Recipient, Status, LastError, OrganizationName string
				} `json:"items"`
				Total int `json:"total"`
			}
			list := func(cl *consoletest.Client, query string) page {
				var p page
				a := cl.Get("/api/system/push_history?size=100" + query)
				if a.Status != http.StatusOK {
					t.Fatalf("%s: %d %s", query, a.Status, a.Body)
				}
				a.Decode(t, &p)
				return p
			}
			recipients := func(p page) string {
				var out []string
				for _, it := range p.Items {
					if strings.HasSuffix(it.Recipient, "@example.com") {
						out = append(out, it.Recipient+":"+it.Status)
					}
				}
				slices.Sort(out)
				return strings.Join(out, ",")
			}
			if got := recipients(list(admin, "")); got != "a@example.com:SENT,b@example.com:RETRYING,c@example.com:WAITING" {
				t.Errorf("every organization: %s", got)
			}
			if got := recipients(list(admin, "&status=RETRYING")); got != "b@example.com:RETRYING" {
				t.Errorf("retrying: %s", got)
			}
			if got := recipients(list(admin, "&searchText="+url.QueryEscape("確認コード"))); got != "a@example.com:SENT,c@example.com:WAITING" {
				t.Errorf("by subject: %s", got)
			}
			admin.OrgID = 2
			p := list(admin, "")
			if got := recipients(p); got != "a@example.com:SENT,b@example.com:RETRYING" {
				t.Errorf("organization 2 selected: %s", got)
			}
			for _, it := range p.Items {
				if it.Recipient == "b@example.com" && (it.LastError != "451 try again later" || it.OrganizationName != "デモ株式会社") {
					t.Errorf("the retrying mail: %+v", it)
				}
			}
			if a := adminOf2(t, c).Get("/api/system/push_history"); a.Status != http.StatusForbidden {
				t.Errorf("an organization administrator: %d", a.Status)
			}
		})
	}
}

// The scheduled tasks: listed with their last run; 今すぐ実行 puts the job
// on the timer's queue, it runs, and the history names who asked.
func TestScheduledTasksRunNowThroughTheTimersQueue(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			admin := sysadmin(t, c)
			type task struct {
				TaskKey, Name string
				LastState     *string    `json:"lastState"`
				LastRunDate   *time.Time `json:"lastRunDate"`
				NextRunDate   time.Time  `json:"nextRunDate"`
			}
			list := func() map[string]task {
				var tasks []task
				a := admin.Get("/api/system/schedule")
				if a.Status != http.StatusOK {
					t.Fatalf("list: %d %s", a.Status, a.Body)
				}
				a.Decode(t, &tasks)
				out := map[string]task{}
				for _, tk := range tasks {
					out[tk.TaskKey] = tk
				}
				return out
			}
			if tasks := list(); len(tasks) != 4 || tasks["expire_files"].Name != "保存期限を過ぎたファイルの削除" ||
				!strings.HasPrefix(tasks["send_notifications"].Name, "通知の送信") {
				t.Fatalf("tasks: %+v", tasks)
			}
			// The timer's own run at start is inserted by River's leader at a moment of
			// its choosing: wait for it, so the count below is the forced run's alone.
			count := func() int { return c.Count(t, "SELECT COUNT(*) FROM river_job WHERE kind = 'open_check_periods'") }
			for wait := time.Now().Add(30 * time.Second); count() == 0; time.Sleep(50 * time.Millisecond) {
				if time.Now().After(wait) {
					t.Fatal("the timer never ran the task at start")
				}
			}
			before := count()
			asked := time.Now().Add(-time.Second)
			if a := admin.Do(http.MethodPost, "/api/system/schedule/open_check_periods/run", nil); a.Status != http.StatusOK {
				t.Fatalf("run now: %d %s", a.Status, a.Body)
			}
			if after := count(); after != before+1 {
				t.Fatalf("jobs of the kind %d → %d", before, after)
			}
			deadline := time.Now().Add(30 * time.Second)
			for {
				tk := list()["open_check_periods"]
				if tk.LastState != nil && *tk.LastState == "DONE" && tk.LastRunDate.After(asked) {
					if !tk.NextRunDate.After(*tk.LastRunDate) {
						t.Fatalf("next run %v before the last %v", tk.NextRunDate, tk.LastRunDate)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the forced run did not finish: %+v", tk)
				}
				time.Sleep(100 * time.Millisecond)
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE target_type = 'スケジュール' AND user_account = 'sysadmin' AND detail LIKE '%チェック期間の開始%'"); n != 1 {
				t.Errorf("%d history entries for the forced run", n)
			}
			if a := admin.Do(http.MethodPost, "/api/system/schedule/no_such_task/run", nil); a.Status != http.StatusNotFound {
				t.Errorf("an unknown task: %d", a.Status)
			}
			if a := adminOf2(t, c).Get("/api/system/schedule"); a.Status != http.StatusForbidden {
				t.Errorf("an organization administrator: %d", a.Status)
			}
		})
	}
}
