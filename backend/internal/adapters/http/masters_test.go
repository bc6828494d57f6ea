package http_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/japanese"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

type masterImport struct {
	ImportID  int64  `json:"importId"`
	Status    string `json:"status"`
	Message   string `json:"message"`
	RowsTotal int    `json:"rowsTotal"`
	Counts    []struct {
		Set       string `json:"set"`
		Create    int    `json:"create"`
		Update    int    `json:"update"`
		Delete    int    `json:"delete"`
		Unchanged int    `json:"unchanged"`
		Error     int    `json:"error"`
	} `json:"counts"`
	PasswordsAvailable bool   `json:"passwordsAvailable"`
	Passwords          int    `json:"passwords"`
	ApplyRefusal       string `json:"applyRefusal"`
}

// count is the number of rows of set with op (CREATE, UPDATE, …).
func (im masterImport) count(set, op string) int {
	for _, c := range im.Counts {
		if c.Set == set {
			return map[string]int{"CREATE": c.Create, "UPDATE": c.Update, "DELETE": c.Delete, "UNCHANGED": c.Unchanged, "ERROR": c.Error}[op]
		}
	}
	return -1
}

type masterRow struct {
	Set     string `json:"set"`
	Line    int    `json:"line"`
	Op      string `json:"op"`
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Changes []struct {
		Column, Old, New string
	} `json:"changes"`
	Errors []struct {
		Column, Value, Message string
	} `json:"errors"`
}

func adminOf2(t *testing.T, c *consoletest.Console) *consoletest.Client {
	cl := c.Client(t)
	cl.OrgID = 2
	cl.Login(2, "demoadmin", "Demoadmin#2026")
	return cl
}

// workbookOf downloads the organization's masters as the workbook.
func workbookOf(t *testing.T, cl *consoletest.Client) *excelize.File {
	t.Helper()
	a := cl.Get("/api/master/workbook")
	if a.Status != http.StatusOK {
		t.Fatalf("download: %d %s", a.Status, a.Body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(a.Body))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func bytesOf(t *testing.T, f *excelize.File) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rezipped copies a ZIP's parts through edit (when given), then lets add
// write more.
func rezipped(t *testing.T, data []byte, edit func([]byte) []byte, add func(zw *zip.Writer)) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		_ = rc.Close()
		if edit != nil {
			b = edit(b)
		}
		w, _ := zw.Create(f.Name)
		_, _ = w.Write(b)
	}
	if add != nil {
		add(zw)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// uploadMasters posts a file with the sets whose left-out rows are deleted.
func uploadMasters(t *testing.T, cl *consoletest.Client, name string, data []byte, deleteSets ...string) consoletest.Answer {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, _ := w.CreateFormFile("file", name)
	_, _ = part.Write(data)
	_ = w.WriteField("deleteSets", strings.Join(deleteSets, ","))
	_ = w.Close()
	return cl.Do(http.MethodPost, "/api/master/import", buf.String(), "Content-Type", w.FormDataContentType())
}

// previewOf uploads and waits for the preview.
func previewOf(t *testing.T, cl *consoletest.Client, name string, data []byte, deleteSets ...string) masterImport {
	t.Helper()
	a := uploadMasters(t, cl, name, data, deleteSets...)
	if a.Status != http.StatusOK {
		t.Fatalf("upload: %d %s", a.Status, a.Body)
	}
	var im masterImport
	a.Decode(t, &im)
	if im.Status != "PREVIEWING" {
		t.Fatalf("a new upload: %+v", im)
	}
	return waitForImport(t, cl, im.ImportID)
}

func waitForImport(t *testing.T, cl *consoletest.Client, id int64) masterImport {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var im masterImport
		cl.Get(fmt.Sprintf("/api/master/import/%d", id)).Decode(t, &im)
		if im.Status != "PREVIEWING" && im.Status != "APPLYING" {
			return im
		}
		if time.Now().After(deadline) {
			t.Fatalf("import %d still %s", id, im.Status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func rowsOf(t *testing.T, cl *consoletest.Client, id int64, query string) []masterRow {
	t.Helper()
	var page struct {
		Items []masterRow `json:"items"`
	}
	a := cl.Get(fmt.Sprintf("/api/master/import/%d/rows?size=100&%s", id, query))
	if a.Status != http.StatusOK {
		t.Fatalf("rows: %d %s", a.Status, a.Body)
	}
	a.Decode(t, &page)
	return page.Items
}

func applyImport(t *testing.T, cl *consoletest.Client, id int64) masterImport {
	t.Helper()
	a := cl.Do(http.MethodPost, fmt.Sprintf("/api/master/import/%d/apply", id), nil)
	if a.Status != http.StatusOK {
		t.Fatalf("apply: %d %s", a.Status, a.Body)
	}
	return waitForImport(t, cl, id)
}

// rowOf finds the sheet row whose column col holds value (1-based row number).
func rowOf(t *testing.T, f *excelize.File, sheet, col, value string) int {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := excelize.ColumnNameToNumber(col)
	for i, r := range rows {
		if len(r) >= c && r[c-1] == value {
			return i + 1
		}
	}
	t.Fatalf("no row of %s has %s in column %s", sheet, value, col)
	return 0
}

func set(t *testing.T, f *excelize.File, sheet, cell, value string) {
	t.Helper()
	if err := f.SetCellStr(sheet, cell, value); err != nil {
		t.Fatal(err)
	}
}

// appendRow writes cells in the first empty row of sheet.
func appendRow(t *testing.T, f *excelize.File, sheet string, cells ...string) {
	t.Helper()
	rows, _ := f.GetRows(sheet)
	for i, v := range cells {
		name, _ := excelize.CoordinatesToCellName(i+1, len(rows)+1)
		set(t, f, sheet, name, v)
	}
}

// comesBackUnchanged downloads the masters and uploads them as they are:
// after an import, what it wrote must read back as unchanged.
func comesBackUnchanged(t *testing.T, cl *consoletest.Client) {
	t.Helper()
	again := previewOf(t, cl, "again.xlsx", bytesOf(t, workbookOf(t, cl)))
	for _, cnt := range again.Counts {
		if cnt.Create+cnt.Update+cnt.Delete+cnt.Error != 0 {
			t.Errorf("after the import, %s: %+v", cnt.Set, cnt)
		}
	}
}

func TestTheDownloadedWorkbookComesBackUnchanged(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			f := workbookOf(t, cl)
			sheets := f.GetSheetList()
			if !slices.Equal(sheets, []string{"説明", "店舗タグ", "ユーザータグ", "グループ", "店舗", "ユーザー", "チェックリスト", "チェック項目", "アンケート"}) {
				t.Fatalf("sheets %v", sheets)
			}
			if dv, err := f.GetDataValidations("ユーザー"); err != nil || len(dv) == 0 {
				t.Fatalf("the user sheet's drop-downs: %v %v", dv, err)
			}
			stores, _ := f.GetRows("店舗")
			if got, want := len(stores)-1, c.Count(t, "SELECT COUNT(*) FROM facilities WHERE organization_id = 2"); got != want {
				t.Fatalf("%d store rows, want %d", got, want)
			}
			before := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2")
			im := previewOf(t, cl, "masters.xlsx", bytesOf(t, f))
			if im.Status != "PREVIEWED" {
				t.Fatalf("preview: %+v", im)
			}
			for _, cnt := range im.Counts {
				if cnt.Create+cnt.Update+cnt.Delete+cnt.Error != 0 || cnt.Unchanged == 0 {
					t.Errorf("round trip of %s: %+v", cnt.Set, cnt)
				}
			}
			a := cl.Do(http.MethodPost, fmt.Sprintf("/api/master/import/%d/apply", im.ImportID), nil)
			if a.Status != http.StatusUnprocessableEntity || a.Message != "変更する行がありません。" {
				t.Fatalf("applying nothing: %d %s", a.Status, a.Body)
			}
			// The download is recorded (it holds mail addresses); an upload is not a change.
			if after := c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE organization_id = 2"); after != before {
				t.Fatalf("history %d → %d", before, after)
			}
			tpl := cl.Get("/api/master/workbook?template=true")
			tf, err := excelize.OpenReader(bytes.NewReader(tpl.Body))
			if err != nil {
				t.Fatal(err)
			}
			if rows, _ := tf.GetRows("店舗"); len(rows) != 1 || rows[0][2] != "店舗名" {
				t.Fatalf("the template's store sheet: %v", rows)
			}
		})
	}
}

// The spring reorganization in one upload: a group renamed, a store moved,
// a new group with a new store in it and a new user at that store (each
// referring to the row above it), a user's mail changed, a new tag.
func TestAnImportAppliesEveryKindOfChangeInOneGo(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			f := workbookOf(t, cl)
			kanto := c.GroupID(t, 2, "関東ブロック")
			set(t, f, "グループ", fmt.Sprintf("C%d", rowOf(t, f, "グループ", "A", itoa(int(kanto)))), "関東エリア")
			appendRow(t, f, "グループ", "", itoa(int(c.GroupID(t, 2, "東日本エリア"))), "北関東ブロック", "キタカントウブロック", "NK01")
			appendRow(t, f, "店舗タグ", "", "新規出店")
			yokohama := c.FacilityID(t, 2, "横浜港北店")
			set(t, f, "店舗", fmt.Sprintf("B%d", rowOf(t, f, "店舗", "A", itoa(int(yokohama)))), itoa(int(c.GroupID(t, 2, "東北ブロック"))))
			appendRow(t, f, "店舗", "", "北関東ブロック", "宇都宮駅東店", "ウツノミヤエキヒガシテン", "栃木県宇都宮市1-1", "028-123-0011",
				"山田 太郎", "S011", "", "いいえ", "はい", "新規出店, 駅前")
			appendRow(t, f, "ユーザー", "", "store011", "山田", "太郎", "グループスタッフ", "", "北関東ブロック", "", "S011", "店長",
				"", "", "store011@rouder.example", "")
			set(t, f, "ユーザー", fmt.Sprintf("M%d", rowOf(t, f, "ユーザー", "B", "store001")), "store001-new@rouder.example")

			im := previewOf(t, cl, "春の組織変更.xlsx", bytesOf(t, f))
			if im.Status != "PREVIEWED" {
				t.Fatalf("preview: %+v", im)
			}
			for _, r := range rowsOf(t, cl, im.ImportID, "op=ERROR") {
				t.Errorf("unexpected error row %+v", r)
			}
			for set, want := range map[string][2]int{"GROUPS": {1, 1}, "FACILITY_TAGS": {1, 0}, "FACILITIES": {1, 1}, "USERS": {1, 1}} {
				if im.count(set, "CREATE") != want[0] || im.count(set, "UPDATE") != want[1] || im.count(set, "ERROR") != 0 {
					t.Errorf("%s: %+v, want %d created and %d updated", set, im.Counts, want[0], want[1])
				}
			}
			updated := rowsOf(t, cl, im.ImportID, "set=GROUPS&op=UPDATE")
			if len(updated) != 1 || len(updated[0].Changes) != 1 || updated[0].Changes[0].Old != "関東ブロック" ||
				updated[0].Changes[0].New != "関東エリア" || updated[0].Changes[0].Column != "グループ名" {
				t.Fatalf("the rename as a change: %+v", updated)
			}
			// A page number past any list (its offset overflowed once: a 500) is an empty page.
			for _, page := range []string{"9223372036854775807", "922337203685477581"} {
				if rows := rowsOf(t, cl, im.ImportID, "page="+page); len(rows) != 0 {
					t.Errorf("page %s: %d rows", page, len(rows))
				}
			}
			if c.Count(t, "SELECT COUNT(*) FROM facilities WHERE facility_name = '宇都宮駅東店'") != 0 {
				t.Fatal("a preview changed the masters")
			}

			done := applyImport(t, cl, im.ImportID)
			if done.Status != "APPLIED" || !done.PasswordsAvailable || done.Passwords != 1 {
				t.Fatalf("apply: %+v", done)
			}
			if c.Count(t, "SELECT COUNT(*) FROM org_groups WHERE organization_id = 2 AND group_name = '関東エリア' AND group_id = ?", kanto) != 1 {
				t.Error("the group was not renamed")
			}
			if c.Count(t, "SELECT group_id FROM facilities WHERE facility_id = ?", yokohama) != int(c.GroupID(t, 2, "東北ブロック")) {
				t.Error("the store did not move")
			}
			if c.Count(t, `SELECT COUNT(*) FROM facilities f JOIN org_groups g ON g.group_id = f.group_id
				WHERE f.facility_name = '宇都宮駅東店' AND g.group_name = '北関東ブロック' AND g.path LIKE '%/' || g.group_id || '/'`) != 1 {
				t.Error("the new store is not in the new group")
			}
			if c.Count(t, `SELECT COUNT(*) FROM facility_attribute_links l JOIN facility_attributes a ON a.facility_attribute_id = l.facility_attribute_id
				JOIN facilities f ON f.facility_id = l.facility_id WHERE f.facility_name = '宇都宮駅東店' AND a.label IN ('新規出店', '駅前')`) != 2 {
				t.Error("the new store's tags")
			}
			if c.Count(t, `SELECT COUNT(*) FROM users u JOIN facilities f ON f.facility_id = u.facility_id
				WHERE u.user_account = 'store011' AND f.facility_name = '宇都宮駅東店'`) != 1 {
				t.Error("the new user is not at the new store")
			}
			if c.Count(t, "SELECT COUNT(*) FROM users WHERE user_account = 'store001' AND mail_address = 'store001-new@rouder.example'") != 1 {
				t.Error("the mail address did not change")
			}
			// One history entry for the whole import, with its counts.
			var detail string
			if err := c.DB.NewRaw("SELECT detail FROM operation_history WHERE organization_id = 2 AND operation = 'IMPORT'").
				Scan(t.Context(), &detail); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(detail, "店舗 登録1・更新1・削除0") || !strings.Contains(detail, "グループ 登録1・更新1") {
				t.Errorf("history detail %q", detail)
			}

			// The initial password is handed out once, and signs in.
			pw := cl.Get(fmt.Sprintf("/api/master/import/%d/passwords", im.ImportID))
			if pw.Status != http.StatusOK {
				t.Fatalf("passwords: %d %s", pw.Status, pw.Body)
			}
			pf, err := excelize.OpenReader(bytes.NewReader(pw.Body))
			if err != nil {
				t.Fatal(err)
			}
			prow, _ := pf.GetRows("初期パスワード")
			if len(prow) != 2 || prow[1][0] != "store011" {
				t.Fatalf("passwords file %v", prow)
			}
			if again := cl.Get(fmt.Sprintf("/api/master/import/%d/passwords", im.ImportID)); again.Status != http.StatusUnprocessableEntity {
				t.Fatalf("a second download: %d", again.Status)
			}
			newcomer := c.Client(t)
			if a := newcomer.Login(2, "store011", prow[1][3]); a.Code != 0 {
				t.Fatalf("the new user cannot sign in with its initial password: %s", a.Body)
			}
			// Applying again changes nothing.
			if a := cl.Do(http.MethodPost, fmt.Sprintf("/api/master/import/%d/apply", im.ImportID), nil); a.Status != http.StatusConflict {
				t.Fatalf("applying twice: %d %s", a.Status, a.Body)
			}
			comesBackUnchanged(t, cl)
		})
	}
}

func TestDeletingIsOptInAndFollowsTheScreensRules(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			// A store nobody works at and nothing was answered at, and one with answers.
			c.Exec(t, `INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana, address, tel, manager_name,
				external_data_id, external_data_value, available_advanced_report, available_survey, search_text, version, created_at, updated_at)
				VALUES (2, ?, '閉店予定店', 'ヘイテンヨテイテン', '', '', '', 'S099', '', FALSE, FALSE, '', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
				c.GroupID(t, 2, "関東ブロック"))
			f := workbookOf(t, cl)
			for _, name := range []string{"閉店予定店", "新宿駅前店"} {
				if err := f.RemoveRow("店舗", rowOf(t, f, "店舗", "C", name)); err != nil {
					t.Fatal(err)
				}
			}
			data := bytesOf(t, f)
			kept := previewOf(t, cl, "keep.xlsx", data)
			if kept.count("FACILITIES", "DELETE") != 0 || kept.count("FACILITIES", "ERROR") != 0 {
				t.Fatalf("without deleting: %+v", kept.Counts)
			}
			im := previewOf(t, cl, "delete.xlsx", data, "FACILITIES")
			if im.count("FACILITIES", "DELETE") != 1 || im.count("FACILITIES", "ERROR") != 1 {
				t.Fatalf("deleting: %+v", im.Counts)
			}
			// The screen is told why, in the words the apply call answers.
			if im.ApplyRefusal != "エラーのある行があるため反映できません。ファイルを直してもう一度取り込んでください。" {
				t.Fatalf("the refusal the screen shows: %q", im.ApplyRefusal)
			}
			refused := rowsOf(t, cl, im.ImportID, "set=FACILITIES&op=ERROR")
			if len(refused) != 1 || refused[0].Name != "新宿駅前店" || refused[0].Errors[0].Message != "この店舗に所属するユーザーがいるため削除できません。" {
				t.Fatalf("the refused deletion: %+v", refused)
			}
			if a := cl.Do(http.MethodPost, fmt.Sprintf("/api/master/import/%d/apply", im.ImportID), nil); a.Status != http.StatusUnprocessableEntity ||
				!strings.Contains(a.Message, "エラーのある行") {
				t.Fatalf("applying a plan with errors: %d %s", a.Status, a.Body)
			}
			if c.Count(t, "SELECT COUNT(*) FROM facilities WHERE facility_name = '閉店予定店'") != 1 {
				t.Fatal("a plan with errors deleted a store")
			}
			// Without the refused row, the deletion applies.
			f2 := workbookOf(t, cl)
			if err := f2.RemoveRow("店舗", rowOf(t, f2, "店舗", "C", "閉店予定店")); err != nil {
				t.Fatal(err)
			}
			ok := previewOf(t, cl, "delete2.xlsx", bytesOf(t, f2), "FACILITIES")
			if done := applyImport(t, cl, ok.ImportID); done.Status != "APPLIED" {
				t.Fatalf("apply: %+v", done)
			}
			if c.Count(t, "SELECT COUNT(*) FROM facilities WHERE facility_name = '閉店予定店'") != 0 {
				t.Fatal("the store was not deleted")
			}
		})
	}
}

// Every rule a form applies answers the form's message, in the sheet's row
// and column, and the preview workbook carries it beside the row.
func TestBrokenRowsAreErrorsWithTheFormsMessages(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			f := workbookOf(t, cl)
			shinjuku := rowOf(t, f, "店舗", "C", "新宿駅前店")
			set(t, f, "店舗", fmt.Sprintf("F%d", shinjuku), "03-1234-000１x")                // phone
			set(t, f, "店舗", fmt.Sprintf("J%d", rowOf(t, f, "店舗", "C", "渋谷公園通り店")), "たぶん") // yes/no
			set(t, f, "店舗", fmt.Sprintf("L%d", rowOf(t, f, "店舗", "C", "横浜港北店")), "存在しないタグ")
			set(t, f, "店舗", fmt.Sprintf("C%d", rowOf(t, f, "店舗", "C", "仙台一番町店")), "")
			set(t, f, "グループ", fmt.Sprintf("C%d", rowOf(t, f, "グループ", "C", "東北ブロック")), strings.Repeat("長", 51))
			appendRow(t, f, "ユーザー", "", "abc", "新人", "", "グループスタッフ", "", "999999", "", "", "", "", "", "not-a-mail", "")
			appendRow(t, f, "ユーザー", "", "store001", "重複", "太郎", "システム管理者", "", itoa(int(c.GroupID(t, 2, "本部"))), "",
				"", "", "", "", "dup@rouder.example", "")

			im := previewOf(t, cl, "broken.xlsx", bytesOf(t, f))
			errs := map[string]string{}
			for _, r := range rowsOf(t, cl, im.ImportID, "op=ERROR") {
				for _, e := range r.Errors {
					errs[fmt.Sprintf("%s:%d:%s", r.Set, r.Line, e.Column)] = e.Message
				}
			}
			users, _ := f.GetRows("ユーザー")
			newUser, dupUser := len(users)-1, len(users)
			want := map[string]string{
				fmt.Sprintf("FACILITIES:%d:電話番号", shinjuku):                                       "電話番号の形式で入力してください",
				fmt.Sprintf("FACILITIES:%d:高度なレポート", rowOf(t, f, "店舗", "C", "渋谷公園通り店")):           "「はい」か「いいえ」で入力してください。",
				fmt.Sprintf("FACILITIES:%d:店舗タグ", rowOf(t, f, "店舗", "C", "横浜港北店")):                "存在しないタグが含まれています。",
				fmt.Sprintf("FACILITIES:%d:店舗名", rowOf(t, f, "店舗", "D", "センダイイチバンチョウテン")):         "店舗名は必須です",
				fmt.Sprintf("GROUPS:%d:グループ名", rowOf(t, f, "グループ", "C", strings.Repeat("長", 51))): "グループ名は50文字以内です。",
				fmt.Sprintf("USERS:%d:ユーザーアカウント", newUser):                                        "ユーザーアカウントは5文字以上です。",
				fmt.Sprintf("USERS:%d:名", newUser):                                                "名は必須です",
				fmt.Sprintf("USERS:%d:所属グループ", newUser):                                           "所属グループが見つかりません。",
				fmt.Sprintf("USERS:%d:メールアドレス", newUser):                                          "メールアドレスの形式で入力してください。",
				fmt.Sprintf("USERS:%d:ユーザーアカウント", dupUser):                                        "このユーザーアカウントはすでに使われています。",
				fmt.Sprintf("USERS:%d:権限", dupUser):                                               "自分が持っていない権限は付与できません。",
			}
			for k, msg := range want {
				if errs[k] != msg {
					t.Errorf("%s: %q, want %q", k, errs[k], msg)
				}
			}
			// The preview workbook has the messages in its error column.
			a := cl.Get(fmt.Sprintf("/api/master/import/%d/preview", im.ImportID))
			pf, err := excelize.OpenReader(bytes.NewReader(a.Body))
			if err != nil {
				t.Fatalf("preview workbook: %v %s", err, a.Body)
			}
			rows, _ := pf.GetRows("店舗")
			if last := rows[0][len(rows[0])-1]; last != "エラー" {
				t.Fatalf("the preview's last heading %q", last)
			}
			if cell := rows[shinjuku-1][len(rows[0])-1]; !strings.Contains(cell, "［電話番号］") || !strings.Contains(cell, "電話番号の形式で入力してください") {
				t.Fatalf("the error cell of 新宿駅前店: %q", cell)
			}
			// Fixed, the same file previews without errors.
			fixed := workbookOf(t, cl)
			if fixedIm := previewOf(t, cl, "fixed.xlsx", bytesOf(t, fixed)); fixedIm.count("FACILITIES", "ERROR") != 0 {
				t.Fatalf("fixed: %+v", fixedIm.Counts)
			}
		})
	}
}

// Bulk registration may not bind the importer's own user to the
// organization's allow-list from an address the list leaves out, as the
// user screen refuses: the preview names the row, and an apply asked from
// such an address after a clean preview fails naming it, changing nothing.
func TestAnImportCannotBindItsImporterOutOfTheAllowList(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		outside := unboundAdminOutside(t, c)
		inside := outside.Via(c)
		inside.IP = "10.1.2.3"
		f := workbookOf(t, outside)
		me := rowOf(t, f, "ユーザー", "B", "demoadmin")
		set(t, f, "ユーザー", fmt.Sprintf("K%d", me), "はい")
		shutOut := "この設定では、いま接続しているIPアドレス（198.51.100.7）から操作できなくなります。組織の許可IPアドレスに含めてから設定してください。"

		im := previewOf(t, outside, "bind-me.xlsx", bytesOf(t, f))
		rows := rowsOf(t, outside, im.ImportID, "op=ERROR")
		if len(rows) != 1 || rows[0].Line != me || len(rows[0].Errors) != 1 || rows[0].Errors[0].Column != "IPアドレス制限" ||
			rows[0].Errors[0].Message != shutOut {
			t.Fatalf("binding oneself from outside the list: %+v", rows)
		}

		im = previewOf(t, inside, "bind-me.xlsx", bytesOf(t, f))
		if im.count("USERS", "ERROR") != 0 || im.count("USERS", "UPDATE") != 1 {
			t.Fatalf("from an allowed address the binding plans: %+v", im.Counts)
		}
		a := outside.Do(http.MethodPost, fmt.Sprintf("/api/master/import/%d/apply", im.ImportID), nil)
		if a.Status != http.StatusOK {
			t.Fatalf("apply: %d %s", a.Status, a.Body)
		}
		done := waitForImport(t, outside, im.ImportID)
		want := fmt.Sprintf("プレビューの後に、「ユーザー」シートの%d行目がエラーになりました。［IPアドレス制限］「はい」: %s もう一度取り込んでプレビューしてください。", me, shutOut)
		if done.Status != "FAILED" || done.Message != want {
			t.Fatalf("applied from outside the list: %+v", done)
		}
		if c.Count(t, "SELECT COUNT(*) FROM users WHERE organization_id = 2 AND user_account = 'demoadmin' AND ip_address_restriction") != 0 {
			t.Fatal("the refused binding was saved")
		}
	})
}

// A plan applies only to the masters it was built on.
func TestAStalePlanIsNotApplied(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			f := workbookOf(t, cl)
			set(t, f, "店舗", fmt.Sprintf("E%d", rowOf(t, f, "店舗", "C", "新宿駅前店")), "東京都新宿区西新宿9-9-9")
			im := previewOf(t, cl, "stale.xlsx", bytesOf(t, f))
			// Someone renames another store meanwhile.
			c.Exec(t, "UPDATE facilities SET facility_name = '京都四条烏丸店', version = version + 1 WHERE facility_name = '京都四条店'")
			done := applyImport(t, cl, im.ImportID)
			if done.Status != "FAILED" || done.Message != "プレビューの後にマスタが変更されました。もう一度取り込んでプレビューしてください。" {
				t.Fatalf("a stale plan: %+v", done)
			}
			if c.Count(t, "SELECT COUNT(*) FROM facilities WHERE address = '東京都新宿区西新宿9-9-9'") != 0 {
				t.Fatal("a stale plan changed a store")
			}
		})
	}
}

func TestAnotherOrganizationsIDInASheetIsAnError(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			theirs := c.FacilityID(t, 3, "本店")
			version := c.Count(t, "SELECT SUM(version) FROM facilities WHERE organization_id = 3")
			f := workbookOf(t, cl)
			appendRow(t, f, "店舗", itoa(int(theirs)), itoa(int(c.GroupID(t, 2, "関東ブロック"))), "乗っ取り店", "ノットリテン",
				"", "", "", "", "", "いいえ", "いいえ", "")
			appendRow(t, f, "ユーザー", "", "intruder01", "越境", "太郎", "グループスタッフ", "", itoa(int(c.GroupID(t, 3, "本社"))), "",
				"", "", "", "", "intruder@rouder.example", "")
			im := previewOf(t, cl, "foreign.xlsx", bytesOf(t, f))
			errs := rowsOf(t, cl, im.ImportID, "op=ERROR")
			if len(errs) != 2 || errs[0].Errors[0].Message != "このIDの行は見つかりません。" || errs[1].Errors[0].Message != "所属グループが見つかりません。" {
				t.Fatalf("foreign ids: %+v", errs)
			}
			if after := c.Count(t, "SELECT SUM(version) FROM facilities WHERE organization_id = 3"); after != version {
				t.Fatal("organization 3's stores changed")
			}
			// Organization 3 downloads only its own masters.
			cl3 := intruderOf3(t, c)
			a := cl3.Get("/api/master/workbook")
			wf, err := excelize.OpenReader(bytes.NewReader(a.Body))
			if err != nil {
				t.Fatal(err)
			}
			var all strings.Builder
			for _, s := range wf.GetSheetList() {
				rows, _ := wf.GetRows(s)
				for _, r := range rows {
					all.WriteString(strings.Join(r, "|") + "\n")
				}
			}
			for _, name := range []string{"新宿駅前店", "関東ブロック", "demoadmin", "駅前"} {
				if strings.Contains(all.String(), name) {
					t.Errorf("organization 3's workbook holds %s", name)
				}
			}
		})
	}
}

func TestCSVInShiftJISAndWithABOMIsRead(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			kanto := itoa(int(c.GroupID(t, 2, "関東ブロック")))
			csv := "店舗ID,グループ,店舗名,店舗名カナ,住所,電話番号,店長名,外部データID,外部データ,高度なレポート,アンケート,店舗タグ\r\n" +
				",\"" + kanto + "\",川崎駅西口店,カワサキエキニシグチテン,神奈川県川崎市1-1,044-123-0012,,S012,,いいえ,いいえ,\"駅前,郊外\"\r\n"
			labels := struct{ id, value string }{}
			_ = c.DB.NewRaw("SELECT external_data_id_label, external_data_value_label FROM organizations WHERE organization_id = 2").
				Scan(t.Context(), &labels.id, &labels.value)
			csv = strings.Replace(csv, "外部データID,外部データ,", labels.id+","+labels.value+",", 1)
			sjis, err := japanese.ShiftJIS.NewEncoder().String(csv)
			if err != nil {
				t.Fatal(err)
			}
			im := previewOf(t, cl, "stores.csv", []byte(sjis))
			if im.count("FACILITIES", "CREATE") != 1 || im.count("FACILITIES", "ERROR") != 0 || im.count("USERS", "UNCHANGED") != 0 {
				t.Fatalf("Shift_JIS CSV: %+v", im.Counts)
			}
			if got := rowsOf(t, cl, im.ImportID, "op=CREATE"); len(got) != 1 || got[0].Name != "川崎駅西口店" {
				t.Fatalf("the new store: %+v", got)
			}
			bom := "\xEF\xBB\xBFタグID,タグ名\r\n,季節限定\r\n"
			im2 := previewOf(t, cl, "tags.csv", []byte(bom))
			if im2.count("FACILITY_TAGS", "CREATE") != 1 {
				t.Fatalf("BOM CSV: %+v", im2.Counts)
			}
		})
	}
}

// A file that cannot be read answers its reason at once and keeps nothing.
func TestUnreadableFilesAreRefusedWithTheirReason(t *testing.T) {
	t.Parallel()
	c := consoletest.Start(t, "sqlite")
	cl := adminOf2(t, c)
	good := workbookOf(t, cl)
	variant := func(edit func(f *excelize.File)) []byte {
		f, _ := excelize.OpenReader(bytes.NewReader(bytesOf(t, good)))
		edit(f)
		return bytesOf(t, f)
	}
	// A zip bomb (a part of 300 MB of zeros, about 300 KB packed) is refused
	// before it unpacks, as is a cell over Excel's 32,767 characters.
	bomb := rezipped(t, bytesOf(t, good), nil, func(zw *zip.Writer) {
		w, _ := zw.Create("xl/media/image1.png")
		zero := make([]byte, 1<<20)
		for range 300 {
			_, _ = w.Write(zero)
		}
	})
	long := rezipped(t, variant(func(f *excelize.File) { _ = f.SetCellStr("店舗", "C2", "LONGCELL") }), func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte("LONGCELL"), []byte(strings.Repeat("長", 40000)))
	}, nil)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"bomb.xlsx", bomb, "ファイルが大きすぎます（展開後256MBまで）。不要なシート・画像・書式を削除するか、行を分けて取り込んでください。"},
		{"longcell.xlsx", long, "シート「店舗」の2行目に長すぎるセルがあります（1つのセルに32767文字まで）。"},
		{"picture.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "XLSXまたはCSVのファイルを選んでください。"},
		{"locked.xlsx", append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 512)...), "パスワードで保護されたファイル（または古い形式の.xls）は読み込めません。保護を解除してXLSX形式で保存してください。"},
		{"formula.xlsx", variant(func(f *excelize.File) { _ = f.SetCellFormula("店舗", "E2", "=1+1") }), "シート「店舗」に数式があります。数式は使えません。値として貼り付けてから保存してください。"},
		{"merged.xlsx", variant(func(f *excelize.File) { _ = f.MergeCell("グループ", "A1", "B1") }), "シート「グループ」の見出しに結合したセルがあります。結合を解除してください。"},
		{"nosheet.xlsx", variant(func(f *excelize.File) { _ = f.DeleteSheet("ユーザー") }), "シート「ユーザー」がありません。ダウンロードしたブックのシート名のまま取り込んでください。"},
		{"nocolumn.xlsx", variant(func(f *excelize.File) { _ = f.SetCellStr("店舗", "C1", "名前") }), "シート「店舗」に列「店舗名」がありません。"},
		{"other.csv", []byte("a,b,c\r\n1,2,3\r\n"), "CSVの見出しがどのシートとも一致しません。ダウンロードしたブックのシートの見出しのまま保存してください。"},
		{"manual.pdf", []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"), "XLSXまたはCSVのファイルを選んでください。"},
		{"notes.txt", []byte("来週の点検について\n担当: 田中\n"), "XLSXまたはCSVのファイルを選んでください。"},
		{"huge.xlsx", make([]byte, 21<<20), "ファイルが大きすぎます（20MBまで）。"},
	}
	before := c.Count(t, "SELECT COUNT(*) FROM master_imports")
	for _, tc := range cases {
		a := uploadMasters(t, cl, tc.name, tc.data)
		if a.Status != http.StatusBadRequest || a.Message != tc.want {
			t.Errorf("%s: %d %q, want %q", tc.name, a.Status, a.Message, tc.want)
		}
	}
	if after := c.Count(t, "SELECT COUNT(*) FROM master_imports"); after != before {
		t.Fatalf("refused uploads left %d imports", after-before)
	}
}

// A group administrator bound to a block downloads and changes only its subtree.
func TestASubtreeImporterSeesOnlyItsSubtree(t *testing.T) {
	t.Parallel()
	c := consoletest.Start(t, "postgres")
	kanto := c.GroupID(t, 2, "関東ブロック")
	uid := c.AddUser(t, 2, "kantoadmin", "Kantoadmin#2026", "GROUP_ADMIN", kanto)
	c.Exec(t, "UPDATE users SET sub_authority_names = 'MASTER_IMPORTER' WHERE user_id = ?", uid)
	cl := c.Client(t)
	cl.OrgID = 2
	cl.Login(2, "kantoadmin", "Kantoadmin#2026")
	f := workbookOf(t, cl)
	groups, _ := f.GetRows("グループ")
	stores, _ := f.GetRows("店舗")
	if len(groups) != 2 || groups[1][2] != "関東ブロック" || len(stores) != 4 {
		t.Fatalf("the subtree workbook: groups %v, %d store rows", groups, len(stores)-1)
	}
	// A store of another block, by its id, is not found; a top group is refused.
	appendRow(t, f, "店舗", itoa(int(c.FacilityID(t, 2, "梅田茶屋町店"))), itoa(int(kanto)), "梅田茶屋町店", "ウメダ", "", "", "", "", "", "いいえ", "いいえ", "")
	appendRow(t, f, "グループ", "", "", "勝手な本部", "", "")
	im := previewOf(t, cl, "subtree.xlsx", bytesOf(t, f))
	msgs := map[string]string{}
	for _, r := range rowsOf(t, cl, im.ImportID, "op=ERROR") {
		msgs[r.Set] = r.Errors[0].Message
	}
	if msgs["FACILITIES"] != "このIDの行は見つかりません。" || msgs["GROUPS"] != "最上位のグループは本部のユーザーだけが作成できます。" {
		t.Fatalf("subtree errors: %v", msgs)
	}
	// Check lists are the whole organization's: a subtree's workbook has none, and may not add one.
	if lists, _ := f.GetRows("チェックリスト"); len(lists) != 1 {
		t.Fatalf("a subtree workbook holds check lists: %v", lists)
	}
	appendRow(t, f, "チェックリスト", "", "勝手な点検", "2026/12/01", "2026/12/31", "1", "月", "", "", "0", "", "", "いいえ", "", "0", "", "", "")
	im = previewOf(t, cl, "subtree-list.xlsx", bytesOf(t, f))
	if got := rowsOf(t, cl, im.ImportID, "set=CHECK_LISTS"); len(got) != 1 || got[0].Errors[0].Message != "チェックリストを編集する権限がありません。" {
		t.Fatalf("a subtree user's check list: %+v", got)
	}
}

// A head office writes its QSC list in Excel: a new list with categories,
// items and choices, its closing-day rule and day count, aimed at a store
// created in the same upload and at a user; an existing list's question
// reworded and one of its items dropped, its closing-day cells left blank
// (it keeps its own).
func TestCheckListsAreWrittenInTheWorkbook(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			c.Exec(t, "UPDATE check_lists SET closing_day_rule = 'SKIP', business_days = TRUE WHERE organization_id = 2")
			f := workbookOf(t, cl)
			kanto := itoa(int(c.GroupID(t, 2, "関東ブロック")))
			appendRow(t, f, "店舗", "", kanto, "川崎駅西口店", "カワサキエキニシグチテン", "", "", "", "S777", "", "いいえ", "いいえ", "")
			appendRow(t, f, "チェックリスト", "", "QSC 月次点検", "2026/12/01", "2026/12/31", "1", "月", "09:00", "9:00", "3", "次の営業日に送る", "営業日", "はい",
				"10:00", "2", itoa(int(c.FacilityID(t, 2, "新宿駅前店"))), "S777", "store001")
			appendRow(t, f, "チェック項目", "QSC 月次点検", "", "Q 品質", "提供温度は適正か", "", "○=2, △=1*, ×=0*", "はい", "いいえ")
			appendRow(t, f, "チェック項目", "QSC 月次点検", "", "S サービス", "笑顔で挨拶しているか", "", "○=2, ×=0*", "いいえ", "いいえ")
			appendRow(t, f, "チェック項目", "QSC 月次点検", "", "Q 品質", "盛り付けは写真のとおりか", "", "1=1*, 2=2, 3=3", "いいえ", "はい")
			// The existing list: its second item reworded, its third left out.
			items, _ := f.GetRows("チェック項目")
			listID := items[1][0]
			var mine []int
			for i, r := range items {
				if i > 0 && r[0] == listID {
					mine = append(mine, i+1)
				}
			}
			set(t, f, "チェック項目", fmt.Sprintf("D%d", mine[1]), "トイレは清潔で、備品は補充されているか")
			if heads, _ := f.GetRows("チェックリスト"); heads[0][9] != "休業日にあたるリマインド" || heads[0][10] != "日数の数え方" {
				t.Fatalf("the check list sheet's headings %v", heads[0])
			}
			at := rowOf(t, f, "チェックリスト", "A", listID)
			if v, _ := f.GetCellValue("チェックリスト", fmt.Sprintf("J%d", at)); v != "送らない" {
				t.Fatalf("the existing list's closing-day rule is written %q", v)
			}
			set(t, f, "チェックリスト", fmt.Sprintf("J%d", at), "")
			set(t, f, "チェックリスト", fmt.Sprintf("K%d", at), "")
			dropped := items[mine[2]-1][3]
			if err := f.RemoveRow("チェック項目", mine[2]); err != nil {
				t.Fatal(err)
			}
			im := previewOf(t, cl, "qsc.xlsx", bytesOf(t, f))
			for _, r := range rowsOf(t, cl, im.ImportID, "op=ERROR") {
				t.Errorf("unexpected error row %+v", r)
			}
			if im.count("CHECK_LISTS", "CREATE") != 1 || im.count("CHECK_LISTS", "UPDATE") != 1 || im.count("CHECK_ITEMS", "CREATE") != 3 ||
				im.count("CHECK_ITEMS", "UPDATE") != 1 || im.count("CHECK_ITEMS", "DELETE") != 1 {
				t.Fatalf("counts %+v", im.Counts)
			}
			if done := applyImport(t, cl, im.ImportID); done.Status != "APPLIED" {
				t.Fatalf("apply: %+v", done)
			}
			qsc := c.Count(t, "SELECT check_list_id FROM check_lists WHERE organization_id = 2 AND name = 'QSC 月次点検'")
			if n := c.Count(t, "SELECT COUNT(*) FROM check_lists WHERE check_list_id = ? AND closing_day_rule = 'AFTER' AND business_days = TRUE", qsc); n != 1 {
				t.Error("the new list's closing-day rule and day count")
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM check_lists WHERE check_list_id = ? AND closing_day_rule = 'SKIP' AND business_days = TRUE", listID); n != 1 {
				t.Error("the existing list did not keep its closing-day rule and day count")
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM check_items WHERE check_list_id = ? AND archived_at IS NULL", qsc); n != 3 {
				t.Errorf("the new list has %d items", n)
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM check_categories WHERE check_list_id = ? AND position >= 0", qsc); n != 2 {
				t.Errorf("the new list has %d categories", n)
			}
			if n := c.Count(t, `SELECT COUNT(*) FROM check_list_facilities t JOIN facilities f ON f.facility_id = t.facility_id
				WHERE t.check_list_id = ? AND f.facility_name IN ('新宿駅前店', '川崎駅西口店')`, qsc); n != 2 {
				t.Errorf("the new list targets %d of its 2 stores", n)
			}
			if n := c.Count(t, `SELECT COUNT(*) FROM check_list_users t JOIN users u ON u.user_id = t.user_id
				WHERE t.check_list_id = ? AND u.user_account = 'store001'`, qsc); n != 1 {
				t.Error("the new list does not target store001")
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM check_items WHERE question = 'トイレは清潔で、備品は補充されているか' AND archived_at IS NULL"); n != 1 {
				t.Error("the question was not reworded")
			}
			if n := c.Count(t, "SELECT COUNT(*) FROM check_items WHERE question = ? AND check_list_id = ? AND archived_at IS NULL", dropped, listID); n != 0 {
				t.Error("the left-out item is still in its list")
			}
			comesBackUnchanged(t, cl)
		})
	}
}

// A workbook downloaded before the closing-day columns were added still
// imports: the columns it lacks read as blank cells, which keep each list's
// setting (masters.Column.Added), so it comes back unchanged.
func TestAWorkbookWithoutTheAddedColumnsStillImports(t *testing.T) {
	t.Parallel()
	c := consoletest.Start(t, "sqlite")
	cl := adminOf2(t, c)
	c.Exec(t, "UPDATE check_lists SET closing_day_rule = 'SKIP', business_days = TRUE WHERE organization_id = 2")
	f := workbookOf(t, cl)
	for _, col := range []string{"K", "J"} {
		if err := f.RemoveCol("チェックリスト", col); err != nil {
			t.Fatal(err)
		}
	}
	if heads, _ := f.GetRows("チェックリスト"); slices.Contains(heads[0], "休業日にあたるリマインド") || slices.Contains(heads[0], "日数の数え方") {
		t.Fatalf("the columns are still there: %v", heads[0])
	}
	im := previewOf(t, cl, "before-the-columns.xlsx", bytesOf(t, f))
	if im.Status != "PREVIEWED" {
		t.Fatalf("preview: %+v", im)
	}
	for _, cnt := range im.Counts {
		if cnt.Create+cnt.Update+cnt.Delete+cnt.Error != 0 {
			t.Errorf("%s: %+v", cnt.Set, cnt)
		}
	}
}

// Surveys' settings and target stores: a new survey (with the editor's
// default questions) aimed at a store created by the same upload, and an
// existing survey's period and answer limit changed.
func TestSurveysAreWrittenInTheWorkbook(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			f := workbookOf(t, cl)
			surveys, _ := f.GetRows("アンケート")
			if len(surveys) < 2 {
				t.Fatalf("the demo's surveys are not in the workbook: %v", surveys)
			}
			existing := surveys[1][1]
			set(t, f, "アンケート", "J2", "2027/03/31")
			set(t, f, "アンケート", "K2", "日数ごと")
			set(t, f, "アンケート", "L2", "7")
			appendRow(t, f, "店舗", "", itoa(int(c.GroupID(t, 2, "関東ブロック"))), "川崎駅西口店", "カワサキエキニシグチテン", "", "", "", "S777", "", "いいえ", "はい", "")
			appendRow(t, f, "アンケート", "", "年末アンケート", "ご来店ありがとうございます", "", "", "リンク", "クーポン", "https://example.com/c",
				"2026/12/01", "", "1回", "", "店舗ごと", "はい", "", "", itoa(int(c.FacilityID(t, 2, "新宿駅前店"))), "S777")
			appendRow(t, f, "アンケート", "", "壊れたアンケート", "", "", "", "リンク", "", "ftp://x", "12月", "", "毎日", "", "", "", "", "", "", "")
			im := previewOf(t, cl, "surveys.xlsx", bytesOf(t, f))
			errs := map[string]string{}
			for _, r := range rowsOf(t, cl, im.ImportID, "set=SURVEYS&op=ERROR") {
				for _, e := range r.Errors {
					errs[e.Column] = e.Message
				}
			}
			if errs["開始日"] != "日付はYYYY/MM/DDの形式で入力してください。" || errs["回答制限"] != "一覧の中から入力してください: 1回／日数ごと／制限なし" {
				t.Fatalf("the broken survey's errors: %v", errs)
			}
			// Without the broken row, it applies.
			rows, _ := f.GetRows("アンケート")
			if err := f.RemoveRow("アンケート", len(rows)); err != nil {
				t.Fatal(err)
			}
			im = previewOf(t, cl, "surveys2.xlsx", bytesOf(t, f))
			if im.count("SURVEYS", "CREATE") != 1 || im.count("SURVEYS", "UPDATE") != 1 || im.count("SURVEYS", "ERROR") != 0 {
				t.Fatalf("counts %+v", im.Counts)
			}
			if done := applyImport(t, cl, im.ImportID); done.Status != "APPLIED" {
				t.Fatalf("apply: %+v", done)
			}
			if c.Count(t, "SELECT COUNT(*) FROM surveys WHERE name = ? AND answer_limit = 'DAYS' AND answer_limit_days = 7", existing) != 1 {
				t.Error("the existing survey's answer limit did not change")
			}
			if c.Count(t, `SELECT COUNT(*) FROM survey_facilities t JOIN surveys s ON s.survey_id = t.survey_id JOIN facilities f ON f.facility_id = t.facility_id
				WHERE s.name = '年末アンケート' AND f.facility_name IN ('新宿駅前店', '川崎駅西口店')`) != 2 {
				t.Error("the new survey's target stores")
			}
			if c.Count(t, `SELECT COUNT(*) FROM survey_questions q JOIN surveys s ON s.survey_id = q.survey_id WHERE s.name = '年末アンケート'`) == 0 {
				t.Error("the new survey has no questions")
			}
			comesBackUnchanged(t, cl)
		})
	}
}

// Every set deletes what its sheet leaves out when asked to, through its
// screen's own deletion: a tag, a user, a check list and a survey (hidden,
// as their screens hide them).
func TestEverySetDeletesWhatItsSheetLeavesOut(t *testing.T) {
	t.Parallel()
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) {
			c := consoletest.Start(t, d)
			cl := adminOf2(t, c)
			c.Exec(t, "INSERT INTO user_attributes (organization_id, label, created_at) VALUES (2, '使わないタグ', CURRENT_TIMESTAMP)")
			c.AddUser(t, 2, "leaver01", "Leaver01#2026", "GROUP_ADMIN", c.GroupID(t, 2, "本部"))
			f := workbookOf(t, cl)
			remove := func(sheet, col, value string) {
				if err := f.RemoveRow(sheet, rowOf(t, f, sheet, col, value)); err != nil {
					t.Fatal(err)
				}
			}
			remove("ユーザータグ", "B", "使わないタグ")
			remove("ユーザー", "B", "leaver01")
			lists, _ := f.GetRows("チェックリスト")
			listName := lists[len(lists)-1][1]
			remove("チェックリスト", "B", listName)
			listID := lists[len(lists)-1][0]
			for {
				items, _ := f.GetRows("チェック項目")
				i := slices.IndexFunc(items, func(r []string) bool { return len(r) > 0 && r[0] == listID })
				if i < 0 {
					break
				}
				if err := f.RemoveRow("チェック項目", i+1); err != nil {
					t.Fatal(err)
				}
			}
			surveys, _ := f.GetRows("アンケート")
			surveyName := surveys[len(surveys)-1][1]
			remove("アンケート", "B", surveyName)
			data := bytesOf(t, f)

			kept := previewOf(t, cl, "keep.xlsx", data)
			if (masterPlan(kept)).deletes != 0 {
				t.Fatalf("without the option: %+v", kept.Counts)
			}
			im := previewOf(t, cl, "delete.xlsx", data, "USER_TAGS", "USERS", "CHECK_LISTS", "SURVEYS")
			for _, set := range []string{"USER_TAGS", "USERS", "CHECK_LISTS", "SURVEYS"} {
				if im.count(set, "DELETE") != 1 || im.count(set, "ERROR") != 0 {
					t.Errorf("%s: %+v", set, im.Counts)
				}
			}
			if done := applyImport(t, cl, im.ImportID); done.Status != "APPLIED" {
				t.Fatalf("apply: %+v", done)
			}
			for what, q := range map[string]string{
				"tag":        "SELECT COUNT(*) FROM user_attributes WHERE label = '使わないタグ'",
				"user":       "SELECT COUNT(*) FROM users WHERE user_account = 'leaver01'",
				"check list": "SELECT COUNT(*) FROM check_lists WHERE organization_id = 2 AND deleted_at IS NULL AND name = '" + listName + "'",
				"survey":     "SELECT COUNT(*) FROM surveys WHERE organization_id = 2 AND deleted_at IS NULL AND name = '" + surveyName + "'",
			} {
				if c.Count(t, q) != 0 {
					t.Errorf("the %s was not deleted", what)
				}
			}
		})
	}
}

type planTotals struct{ deletes int }

func masterPlan(im masterImport) planTotals {
	var p planTotals
	for _, c := range im.Counts {
		p.deletes += c.Delete
	}
	return p
}
