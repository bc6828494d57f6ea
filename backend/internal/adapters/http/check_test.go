package http_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

func jpegBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for x := range 640 {
		img.Set(x, x%480, color.RGBA{200, 30, 30, 255})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type sheetOut struct {
	PeriodID  int64  `json:"periodId"`
	Version   int64  `json:"version"`
	Submitted bool   `json:"submitted"`
	Progress  string `json:"progress"`
	Answered  int    `json:"answeredCount"`
	Total     int    `json:"totalCount"`
	Score     int    `json:"score"`
	Cats      []struct {
		Items []struct {
			ItemID        int64 `json:"itemId"`
			PhotoRequired bool  `json:"photoRequired"`
			Answer        *struct {
				Choice      string  `json:"choice"`
				PhotoIDList []int64 `json:"photoIdList"`
			} `json:"answer"`
		} `json:"itemList"`
	} `json:"categoryList"`
}

type statusPage struct {
	Items []struct {
		FacilityName string `json:"facilityName"`
		Progress     string `json:"progress"`
		Answered     int    `json:"answeredCount"`
		Total        int    `json:"totalCount"`
	} `json:"items"`
	Total int `json:"total"`
}

// thisMonthCheckList creates, as demoadmin, a check list running this
// month for 新宿駅前店 (store001's store) and 梅田茶屋町店.
func thisMonthCheckList(t *testing.T, c *consoletest.Console, admin *consoletest.Client) int64 {
	in := checkListInput(c, t, "今月の店舗点検")
	p := thisMonth()
	in["fromDate"], in["toDate"] = p[0], p[1]
	a := admin.Do(http.MethodPost, "/api/check_list_master", in)
	if a.Status != 200 {
		t.Fatalf("create check list: %d %s", a.Status, a.Body)
	}
	var id struct {
		ID int64 `json:"checkListMasterId"`
	}
	a.Decode(t, &id)
	return id.ID
}

func thisMonth() [2]string {
	now := time.Now().In(clock.Tokyo)
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, clock.Tokyo)
	return [2]string{first.Format("2006-01-02"), first.AddDate(0, 1, -1).Format("2006-01-02")}
}

func TestAnsweringAChecklistAndSeeingItsStatus(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		listID := thisMonthCheckList(t, c, admin)

		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		var open []struct {
			ListID   int64  `json:"checkListMasterId"`
			PeriodID int64  `json:"periodId"`
			Total    int    `json:"totalCount"`
			Progress string `json:"progress"`
		}
		staff.Get("/api/check/open").Decode(t, &open)
		var periodID int64
		for _, o := range open {
			if o.ListID == listID && o.Total == 3 && o.Progress == "UNCHECKED" {
				periodID = o.PeriodID
			}
		}
		if periodID == 0 {
			t.Fatalf("the new check list is not among the open checks: %+v", open)
		}
		sheetPath := "/api/check/sheet/" + itoa(int(periodID))
		var sh sheetOut
		staff.Get(sheetPath).Decode(t, &sh)
		if sh.Version != 0 || len(sh.Cats) != 2 || sh.Cats[0].Items[0].Answer != nil {
			t.Fatalf("empty sheet: %+v", sh)
		}
		floor, toilet, smile := sh.Cats[0].Items[0].ItemID, sh.Cats[0].Items[1].ItemID, sh.Cats[1].Items[0].ItemID

		// Photos: checked by content, not by name.
		for name, data := range map[string][]byte{
			"renamed.jpg": []byte("これは写真ではありません。ただのテキストです。"),
			"photo.heic":  append([]byte{0, 0, 0, 24}, []byte("ftypheic0000mif1heic")...),
		} {
			if a := staff.Upload("/api/photo", name, data); a.Status != 400 || a.Message == "" {
				t.Errorf("upload %s: %d %s", name, a.Status, a.Body)
			}
		}
		if a := staff.Upload("/api/photo", "huge.jpg", append([]byte{0xFF, 0xD8, 0xFF}, make([]byte, 11<<20)...)); a.Status != 400 || a.Message != "写真は10MB以下にしてください。" {
			t.Errorf("too large: %d %s", a.Status, a.Body[:min(200, len(a.Body))])
		}
		a := staff.Upload("/api/photo", "toilet.jpg", jpegBytes(t))
		if a.Status != 200 {
			t.Fatalf("upload: %d %s", a.Status, a.Body)
		}
		var ph struct {
			PhotoID int64  `json:"photoId"`
			Thumb   string `json:"thumbnailUrl"`
		}
		a.Decode(t, &ph)
		if c.Count(t, "SELECT storage_usage FROM organizations WHERE organization_id = 2") <= 0 {
			t.Error("storage usage not counted")
		}

		answer := func(item int64, choice string, photos ...int64) map[string]any {
			if photos == nil {
				photos = []int64{}
			}
			return map[string]any{"itemId": item, "choice": choice, "comment": "", "inapplicable": false, "photoIdList": photos, "inputDate": thisMonth()[0]}
		}
		if a := staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 0, "submit": false, "answerList": []any{answer(floor, "○"), answer(floor, "×")}}); a.Status != 400 || a.Message != "同じ項目への回答が2つ含まれています。" {
			t.Errorf("one item answered twice: %d %s", a.Status, a.Body)
		}
		if a := staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 0, "submit": false, "answerList": []any{answer(floor, "○")}}); a.Status != 200 || a.Message != "下書きを保存しました。" {
			t.Fatalf("draft: %d %s", a.Status, a.Body)
		}
		var st statusPage
		admin.Get("/api/status?checkListMasterId="+itoa(int(listID))).Decode(t, &st)
		if st.Total != 2 || st.Items[0].FacilityName != "梅田茶屋町店" || st.Items[0].Progress != "UNCHECKED" ||
			st.Items[1].Progress != "IN_PROGRESS" || st.Items[1].Answered != 1 {
			t.Errorf("status after a draft: %+v", st)
		}
		if a := staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 0, "submit": false, "answerList": []any{answer(smile, "○")}}); a.Status != 409 {
			t.Errorf("stale sheet version: %d", a.Status)
		}
		// Submitting with the photo-required item lacking its photo is refused, item by item.
		a = staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 1, "submit": true, "answerList": []any{answer(toilet, "×"), answer(smile, "△")}})
		if a.Status != 400 || a.Message != "未回答の項目があります。すべての項目に回答してから提出してください。" || a.FieldError("item"+itoa(int(toilet))) != "写真が必要です。" {
			t.Errorf("incomplete submit: %d %s", a.Status, a.Body)
		}
		a = staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 1, "submit": true, "answerList": []any{answer(toilet, "×", ph.PhotoID), answer(smile, "△")}})
		if a.Status != 200 || a.Message != "提出しました。" {
			t.Fatalf("submit: %d %s", a.Status, a.Body)
		}
		if a := staff.Do(http.MethodPut, sheetPath, map[string]any{"version": 2, "submit": false, "answerList": []any{answer(smile, "○")}}); a.Status != 422 || a.Message != "提出済みのため変更できません。" {
			t.Errorf("after submit: %d %s", a.Status, a.Body)
		}
		admin.Get("/api/status?checkStatus=CHECKED&checkListMasterId="+itoa(int(listID))).Decode(t, &st)
		if st.Total != 1 || st.Items[0].FacilityName != "新宿駅前店" || st.Items[0].Answered != 3 {
			t.Errorf("checked rows: %+v", st)
		}
		var detail struct {
			Sheet   sheetOut `json:"sheet"`
			History []struct {
				Progress string `json:"progress"`
			} `json:"history"`
		}
		admin.Get("/api/status/"+itoa(int(c.FacilityID(t, 2, "新宿駅前店")))+"/"+itoa(int(listID))).Decode(t, &detail)
		if !detail.Sheet.Submitted || detail.Sheet.Progress != "CHECKED" || detail.Sheet.Score != 3 ||
			detail.Sheet.Cats[0].Items[1].Answer == nil || len(detail.Sheet.Cats[0].Items[1].Answer.PhotoIDList) != 1 || len(detail.History) != 1 {
			t.Errorf("detail: %+v", detail)
		}
		if a := admin.Get(ph.Thumb); a.Status != 200 || a.Header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("thumbnail for head office: %d %s", a.Status, a.Header.Get("Content-Type"))
		}
		// store001 (GROUP_STAFF of 関東ブロック) sees only its subtree in the status list.
		staff.Get("/api/status?checkListMasterId="+itoa(int(listID))).Decode(t, &st)
		if st.Total != 1 {
			t.Errorf("store001's status list: %+v", st)
		}
	})
}

func TestPhotoStorageLimit(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		c.Exec(t, "UPDATE organizations SET storage_usage = 1000, max_storage_usage = 1500 WHERE organization_id = 2")
		photos := c.Count(t, "SELECT COUNT(*) FROM photos")
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		if a := staff.Upload("/api/photo", "a.jpg", jpegBytes(t)); a.Status != 422 || !strings.Contains(a.Message, "上限") {
			t.Errorf("over the limit: %d %s", a.Status, a.Body)
		}
		if c.Count(t, "SELECT storage_usage FROM organizations WHERE organization_id = 2") != 1000 ||
			c.Count(t, "SELECT COUNT(*) FROM photos") != photos {
			t.Error("a refused upload left traces")
		}
	})
}

// A photo that would unpack to gigabytes is refused from its header, before
// it is decoded, with what to do: the audit's 16-bit PNG of 15000×16000
// (240 megapixels, 1.9 MB, 3.7 GB to decode), here with its header alone.
func TestPhotoBombsAreRefusedBeforeDecoding(t *testing.T) {
	t.Parallel()
	c := consoletest.Start(t, "sqlite")
	photos := c.Count(t, "SELECT COUNT(*) FROM photos")
	staff := c.Client(t)
	staff.OrgID = 2
	staff.Login(2, "store001", "Store001#2026")
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	bomb := b.Bytes() // signature, IHDR length and type, then width, height, depth, color type …
	binary.BigEndian.PutUint32(bomb[16:], 15000)
	binary.BigEndian.PutUint32(bomb[20:], 16000)
	bomb[24], bomb[25] = 16, 6 // 16 bits a channel, RGBA
	binary.BigEndian.PutUint32(bomb[29:], crc32.ChecksumIEEE(bomb[12:29]))
	a := staff.Upload("/api/photo", "bomb.png", bomb)
	if a.Status != http.StatusBadRequest || a.Message != "写真の画素数が多すぎます（6000万画素まで）。カメラの設定で画素数を下げて撮影するか、縮小してから選び直してください。" {
		t.Errorf("the bomb: %d %s", a.Status, a.Body)
	}
	if c.Count(t, "SELECT COUNT(*) FROM photos") != photos {
		t.Error("a refused photo was kept")
	}
}

func TestDuePeriodsOpen(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		in := checkListInput(c, t, "三か月前からの点検")
		start := time.Now().In(clock.Tokyo).AddDate(0, -3, 0)
		first := time.Date(start.Year(), start.Month(), 1, 0, 0, 0, 0, clock.Tokyo)
		in["fromDate"], in["toDate"] = first.Format("2006-01-02"), first.AddDate(0, 1, -1).Format("2006-01-02")
		a := admin.Do(http.MethodPost, "/api/check_list_master", in)
		var id struct {
			ID int64 `json:"checkListMasterId"`
		}
		a.Decode(t, &id)
		n, err := c.App.Periods.OpenDue(context.Background())
		if err != nil || n != 3 {
			t.Fatalf("opened %d periods: %v", n, err)
		}
		if again, _ := c.App.Periods.OpenDue(context.Background()); again != 0 {
			t.Errorf("a second run opened %d more", again)
		}
		var st statusPage
		admin.Get("/api/status?checkListMasterId="+itoa(int(id.ID))).Decode(t, &st)
		if st.Total != 2 {
			t.Errorf("this month's rows: %+v", st)
		}
	})
}

// The status list is cut two ways (docs/benchmarks.md): from the targets alone
// when neither the filter nor the sort reads the sheets, from the joined
// sheets otherwise. Both must page consistently, order by the key asked for,
// and split the rows exactly into the three progress states.
func TestStatusListPagesSortsAndFiltersConsistently(t *testing.T) {
	t.Parallel()
	type row struct {
		FacilityID int64   `json:"facilityId"`
		ListID     int64   `json:"checkListMasterId"`
		ListName   string  `json:"checkListMasterName"`
		Progress   string  `json:"progress"`
		Score      int     `json:"score"`
		Possible   int     `json:"possibleScore"`
		LastInput  *string `json:"lastInputAt"`
	}
	type page struct {
		Items []row `json:"items"`
		Total int   `json:"total"`
	}
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		list := func(query string) page {
			var p page
			admin.Get("/api/status?includeOutOfPeriod=true&"+query).Decode(t, &p)
			return p
		}
		all := list("size=100")
		if all.Total < 10 || len(all.Items) != all.Total {
			t.Fatalf("demo status rows: %d of %d", len(all.Items), all.Total)
		}
		for _, sortBy := range []string{"facilityNameKana", "groupName", "checkListMasterName", "lastInputDate", "score"} {
			for _, desc := range []string{"false", "true"} {
				query := "sortBy=" + sortBy + "&descending=" + desc
				full := list(query + "&size=100")
				var paged []row
				for n := 1; len(paged) < full.Total && n <= full.Total; n++ {
					paged = append(paged, list(query+"&size=3&page="+itoa(n)).Items...)
				}
				if len(full.Items) != all.Total || len(paged) != len(full.Items) {
					t.Fatalf("%s: %d rows in full, %d paged, %d expected", query, len(full.Items), len(paged), all.Total)
				}
				for i := range paged {
					if paged[i].FacilityID != full.Items[i].FacilityID || paged[i].ListID != full.Items[i].ListID {
						t.Errorf("%s: row %d differs between pages and the full list", query, i)
					}
				}
				for i := 1; i < len(full.Items); i++ {
					prev, next := full.Items[i-1], full.Items[i]
					// A store that has not answered has no last input, and one with
					// nothing scored answered no score (a share of the best possible,
					// as the list shows it): it comes after every other, ascending or
					// descending.
					answered := func(r row) bool { return r.LastInput != nil }
					if sortBy == "score" {
						answered = func(r row) bool { return r.Possible > 0 }
					}
					bySheet := sortBy == "score" || sortBy == "lastInputDate"
					if bySheet && !answered(prev) && answered(next) {
						t.Errorf("%s: unanswered row %d before answered row %d", query, i-1, i)
						continue
					}
					rate := func(r row) int { return r.Score * checklist.RateScale / r.Possible }
					a, b := prev, next
					if desc == "true" {
						a, b = b, a
					}
					switch {
					case sortBy == "score" && answered(a) && answered(b) && rate(a) > rate(b),
						sortBy == "lastInputDate" && answered(a) && answered(b) && *a.LastInput > *b.LastInput,
						sortBy == "checkListMasterName" && a.ListName > b.ListName:
						t.Errorf("%s: rows %d and %d out of order: %+v %+v", query, i-1, i, prev, next)
					}
				}
			}
		}
		sum := 0
		for _, progress := range []string{"UNCHECKED", "IN_PROGRESS", "CHECKED"} {
			p := list("size=100&checkStatus=" + progress)
			for _, r := range p.Items {
				if r.Progress != progress {
					t.Errorf("%s filter returned a %s row", progress, r.Progress)
				}
			}
			sum += p.Total
		}
		if sum != all.Total {
			t.Errorf("progress filters split %d rows into %d", all.Total, sum)
		}
	})
}

// Store staff (ROLE_CHECK_REFERENCE without ROLE_CHECK_ITEM_EDIT) filter the
// status by check list and open an earlier period of a store's detail.
func TestStatusCheckListNamesAndEarlierPeriods(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		var names []struct {
			ID   int64  `json:"checkListMasterId"`
			Name string `json:"checkListMasterName"`
		}
		staff.Get("/api/status/check_lists").Decode(t, &names)
		if len(names) != 2 || names[0].Name != "月次 店舗衛生点検" || names[1].Name != "週次 接客チェック" {
			t.Fatalf("check list names for store staff: %+v", names)
		}
		// The system administrator acting in its own organization sees none of デモ株式会社's.
		sys := c.Client(t)
		sys.OrgID = 1
		sys.Login(1, "sysadmin", "Sysadmin#2026")
		var otherNames []any
		sys.Get("/api/status/check_lists").Decode(t, &otherNames)
		if len(otherNames) != 0 {
			t.Errorf("another organization sees demo check lists: %v", otherNames)
		}

		path := "/api/status/" + itoa(int(c.FacilityID(t, 2, "新宿駅前店"))) + "/" + itoa(int(names[1].ID))
		var latest struct {
			Sheet   sheetOut `json:"sheet"`
			History []struct {
				PeriodID int64 `json:"periodId"`
			} `json:"history"`
		}
		staff.Get(path).Decode(t, &latest)
		if len(latest.History) < 2 || latest.Sheet.PeriodID != latest.History[0].PeriodID {
			t.Fatalf("weekly list history: %+v", latest.History)
		}
		earlier := latest.History[1].PeriodID
		var older struct {
			Sheet sheetOut `json:"sheet"`
		}
		staff.Get(path+"?periodId="+itoa(int(earlier))).Decode(t, &older)
		if older.Sheet.PeriodID != earlier {
			t.Errorf("periodId=%d answered period %d", earlier, older.Sheet.PeriodID)
		}
		if a := staff.Get(path + "?periodId=999999"); a.Status != 404 {
			t.Errorf("a period outside the history: %d %s", a.Status, a.Body)
		}
		if a := staff.Get(path + "?periodId=abc"); a.Status != 400 || a.Message == "" {
			t.Errorf("a period id that is not a number: %d %s", a.Status, a.Body)
		}
	})
}

// The console shows the answering page to users with an affiliated store.
func TestLoginUserNamesTheAffiliatedStore(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		var u struct {
			FacilityID *int64 `json:"facilityId"`
		}
		staff := c.Client(t)
		staff.OrgID = 2
		staff.Login(2, "store001", "Store001#2026")
		staff.Get("/api/login_user").Decode(t, &u)
		if u.FacilityID == nil || *u.FacilityID != c.FacilityID(t, 2, "新宿駅前店") {
			t.Errorf("store001's store: %v", u.FacilityID)
		}
		u.FacilityID = nil
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")
		admin.Get("/api/login_user").Decode(t, &u)
		if u.FacilityID != nil {
			t.Errorf("demoadmin has no store, got %d", *u.FacilityID)
		}
	})
}
