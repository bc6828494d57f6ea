package http_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/rouder/console/internal/testsupport/consoletest"
)

// People type with the input method on. The server takes full-width digits,
// dash variants and hiragana kana as what they mean: stored in one form,
// so they pass the rules, sort together and sign in.
func TestInputTypedWithTheInputMethodOnIsNormalized(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")

		store := ourStoreBody(t, c)
		store["facilityName"], store["facilityNameKana"] = "全角テスト店", "ぜんかくてすとてん"
		store["tel"], store["externalDataId"] = "０３－１２３４－５６７８", "ＳＴ−０９９"
		a := admin.Do(http.MethodPost, "/api/facility", store)
		if a.Status != http.StatusOK {
			t.Fatalf("store typed full-width: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, `SELECT COUNT(*) FROM facilities WHERE facility_name = '全角テスト店'
			AND facility_name_kana = 'ゼンカクテストテン' AND tel = '03-1234-5678' AND external_data_id = 'ST-099'`); n != 1 {
			t.Errorf("store not stored normalized")
		}

		u := newUser(c, t, "ｚｅｎｋａｋｕ０１")
		u["mailAddress"] = "ｚｅｎｋａｋｕ＠ｒｏｕｄｅｒ．ｅｘａｍｐｌｅ"
		if a := admin.Do(http.MethodPost, "/api/user", u); a.Status != http.StatusOK {
			t.Fatalf("user typed full-width: %d %s", a.Status, a.Body)
		}
		if n := c.Count(t, "SELECT COUNT(*) FROM users WHERE user_account = 'zenkaku01' AND mail_address = 'zenkaku@rouder.example'"); n != 1 {
			t.Error("user not stored normalized")
		}
		// And signs in typing its account either way.
		if a := c.Client(t).Login(2, "ｚｅｎｋａｋｕ０１", "Hanako#2026"); a.Status != http.StatusOK {
			t.Errorf("full-width account at sign-in: %d %s", a.Status, a.Body)
		}

		// The store is found by its phone number typed with any dash, and by
		// its kana typed in hiragana.
		for _, q := range []string{"03−1234−5678", "03ー1234ー5678", "０３‐１２３４‐５６７８", "ぜんかく てすと"} {
			var page struct {
				Items []struct {
					Name string `json:"facilityName"`
				} `json:"items"`
			}
			admin.Get("/api/facility?searchText="+url.QueryEscape(q)).Decode(t, &page)
			if len(page.Items) != 1 || page.Items[0].Name != "全角テスト店" {
				t.Errorf("search %q: %+v", q, page.Items)
			}
		}
	})
}
