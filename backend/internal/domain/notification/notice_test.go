package notification

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
)

func occurrence(kind string) Occurrence {
	return Occurrence{
		Kind:             kind,
		OrganizationName: "ルーダー株式会社",
		FacilityName:     "横浜港北店",
		GroupName:        "神奈川エリア",
		Period:           month(2026, 11),
		PeriodID:         12,
		ReportID:         34,
		// 2026-11-29 15:00 UTC is 2026-11-30 in Tokyo.
		DueDate: time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC),
	}
}

func TestCompose(t *testing.T) {
	start := occurrence(KindCheckStart)
	start.Subject = "月次衛生チェック"
	reminder := occurrence(KindCheckReminder)
	reminder.Subject = "月次衛生チェック"
	improvement := occurrence(KindImprovementReminder)
	improvement.Subject = "冷蔵庫の温度管理"
	escalation := occurrence(KindEscalation)
	escalation.Subject = "冷蔵庫の温度管理"
	// Period ends given as UTC instants still print as Tokyo dates.
	utcPeriod := occurrence(KindCheckStart)
	utcPeriod.Subject = "年末点検"
	utcPeriod.Period = checklist.Period{From: time.Date(2026, 12, 27, 15, 0, 0, 0, time.UTC), To: time.Date(2027, 1, 2, 15, 0, 0, 0, time.UTC)}
	utcPeriod.PeriodID = 99
	cases := []struct {
		name  string
		o     Occurrence
		base  string
		title string
		body  string
		link  string
	}{
		{"check start", start, "https://console.example.jp",
			"チェック開始: 月次衛生チェック",
			"横浜港北店のチェック「月次衛生チェック」が始まりました。\n期間: 2026/11/01〜2026/11/30\n\nhttps://console.example.jp/home/check/12\n\n— ルーダー株式会社",
			"https://console.example.jp/home/check/12"},
		{"check reminder", reminder, "https://console.example.jp/",
			"チェックの提出期限が近づいています: 月次衛生チェック",
			"横浜港北店のチェック「月次衛生チェック」はまだ提出されていません。\n期限: 2026/11/30\n\nhttps://console.example.jp/home/check/12\n\n— ルーダー株式会社",
			"https://console.example.jp/home/check/12"},
		{"improvement reminder", improvement, "http://localhost:8080//",
			"改善報告の期限が近づいています: 冷蔵庫の温度管理",
			"横浜港北店の改善報告「冷蔵庫の温度管理」の期限は2026/11/30です。\n\nhttp://localhost:8080/home/improvement/34\n\n— ルーダー株式会社",
			"http://localhost:8080/home/improvement/34"},
		{"escalation", escalation, "https://console.example.jp",
			"改善報告が期限を過ぎています: 冷蔵庫の温度管理",
			"横浜港北店（神奈川エリア）の改善報告「冷蔵庫の温度管理」は期限の2026/11/30を過ぎても完了していません。\n\nhttps://console.example.jp/home/improvement/34\n\n— ルーダー株式会社",
			"https://console.example.jp/home/improvement/34"},
		{"period across the year end, in UTC", utcPeriod, "https://console.example.jp",
			"チェック開始: 年末点検",
			"横浜港北店のチェック「年末点検」が始まりました。\n期間: 2026/12/28〜2027/01/03\n\nhttps://console.example.jp/home/check/99\n\n— ルーダー株式会社",
			"https://console.example.jp/home/check/99"},
	}
	for _, c := range cases {
		n := Compose(c.o, c.base)
		if n.Title != c.title {
			t.Errorf("%s: title %q, want %q", c.name, n.Title, c.title)
		}
		if n.Body != c.body {
			t.Errorf("%s: body %q, want %q", c.name, n.Body, c.body)
		}
		if n.Link != c.link {
			t.Errorf("%s: link %q, want %q", c.name, n.Link, c.link)
		}
	}
}

func TestNoticeMail(t *testing.T) {
	n := Notice{Title: "チェック開始: 月次衛生チェック", Body: "本文\n\nhttps://console.example.jp/home/check/12\n\n— ルーダー株式会社",
		Link: "https://console.example.jp/home/check/12"}
	m := n.Mail("yamada@example.jp")
	want := Message{To: "yamada@example.jp", Subject: "チェック開始: 月次衛生チェック",
		Body: "本文\n\nhttps://console.example.jp/home/check/12\n\n— ルーダー株式会社\n\n通知の受け取り方は、コンソールのユーザーメニュー「通知設定」で変えられます。\n"}
	if m != want {
		t.Errorf("got %+v\nwant %+v", m, want)
	}
	if err := Compose(occurrence(KindCheckReminder), "https://console.example.jp").Mail("yamada@example.jp").Validate(); err != nil {
		t.Errorf("a composed mail: %v", err)
	}
}

func TestDefaultChannels(t *testing.T) {
	if DefaultChannels != (Channels{Mail: true, Push: true}) {
		t.Errorf("%+v", DefaultChannels)
	}
	if ChannelMail != "MAIL" || ChannelPush != "PUSH" {
		t.Errorf("channels %q %q", ChannelMail, ChannelPush)
	}
}

func TestSubscriptionValidate(t *testing.T) {
	browser, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding
	key, secret := enc.EncodeToString(browser.PublicKey().Bytes()), enc.EncodeToString(make([]byte, 16))
	ok := Subscription{UserID: 3, Endpoint: "https://fcm.googleapis.com/fcm/send/abc", P256dh: key, Auth: secret}
	with := func(edit func(*Subscription)) Subscription {
		s := ok
		edit(&s)
		return s
	}
	const (
		badEndpoint = "通知の登録先が正しくありません。"
		longEnd     = "通知の登録先が長すぎます。"
		badKeys     = "通知の鍵が正しくありません。"
	)
	cases := []struct {
		name  string
		s     Subscription
		field string // "" for valid
		msg   string
	}{
		{"valid", ok, "", ""},
		{"http", with(func(s *Subscription) { s.Endpoint = "http://localhost:9000/push/1" }), "", ""},
		{"endpoint of 1000", with(func(s *Subscription) { s.Endpoint = "https://" + strings.Repeat("e", 992) }), "", ""},
		{"padded keys", with(func(s *Subscription) { s.P256dh, s.Auth = key+"=", secret+"==" }), "", ""},
		{"no endpoint", with(func(s *Subscription) { s.Endpoint = "" }), "endpoint", badEndpoint},
		{"ftp", with(func(s *Subscription) { s.Endpoint = "ftp://push.example.com/1" }), "endpoint", badEndpoint},
		{"upper-case scheme", with(func(s *Subscription) { s.Endpoint = "HTTPS://push.example.com/1" }), "endpoint", badEndpoint},
		{"endpoint of 1001", with(func(s *Subscription) { s.Endpoint = "https://" + strings.Repeat("e", 993) }), "endpoint", longEnd},
		{"no p256dh", with(func(s *Subscription) { s.P256dh = "" }), "keys", badKeys},
		{"p256dh of 201", with(func(s *Subscription) { s.P256dh = strings.Repeat("B", 201) }), "keys", badKeys},
		{"no auth", with(func(s *Subscription) { s.Auth = "" }), "keys", badKeys},
		{"p256dh not a key", with(func(s *Subscription) { s.P256dh = strings.Repeat("B", 87) }), "keys", badKeys},
		{"p256dh not base64", with(func(s *Subscription) { s.P256dh = "abc!" }), "keys", badKeys},
		{"auth of 15 bytes", with(func(s *Subscription) { s.Auth = enc.EncodeToString(make([]byte, 15)) }), "keys", badKeys},
		{"auth of 101", with(func(s *Subscription) { s.Auth = strings.Repeat("a", 101) }), "keys", badKeys},
		{"endpoint checked first", Subscription{}, "endpoint", badEndpoint},
	}
	for _, c := range cases {
		err := c.s.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		f, isFailure := failure.As(err)
		if !isFailure || f.Kind != failure.KindInvalid || len(f.Fields) != 1 || f.Fields[c.field] != c.msg {
			t.Errorf("%s: got %v, want %s: %q", c.name, err, c.field, c.msg)
		}
	}
}
