package notification

import (
	"testing"

	"github.com/rouder/console/internal/domain/failure"
)

func TestMessageValidate(t *testing.T) {
	const (
		badTo      = "メールアドレスの形式で入力してください。"
		badSubject = "件名に改行は使えません。"
	)
	cases := []struct {
		name  string
		m     Message
		field string // "" for valid
		msg   string
	}{
		{"plain address", Message{To: "yamada@example.jp", Subject: "ログインコード", Body: "123456\n"}, "", ""},
		{"with a display name", Message{To: "山田 太郎 <yamada@example.jp>", Subject: "件名"}, "", ""},
		{"empty subject", Message{To: "yamada@example.jp"}, "", ""},
		{"multi-line body", Message{To: "yamada@example.jp", Subject: "件名", Body: "一行目\r\n二行目"}, "", ""},
		{"no address", Message{Subject: "件名"}, "to", badTo},
		{"no domain", Message{To: "yamada", Subject: "件名"}, "to", badTo},
		{"two addresses", Message{To: "a@example.jp, b@example.jp", Subject: "件名"}, "to", badTo},
		{"header injection in the address", Message{To: "yamada@example.jp\r\nBcc: x@example.jp", Subject: "件名"}, "to", badTo},
		{"newline in the subject", Message{To: "yamada@example.jp", Subject: "件名\nBcc: x@example.jp"}, "subject", badSubject},
		{"carriage return in the subject", Message{To: "yamada@example.jp", Subject: "件名\r"}, "subject", badSubject},
		{"the address is checked first", Message{To: "yamada", Subject: "件名\n"}, "to", badTo},
	}
	for _, c := range cases {
		err := c.m.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		f, ok := failure.As(err)
		if !ok || f.Kind != failure.KindInvalid || len(f.Fields) != 1 || f.Fields[c.field] != c.msg {
			t.Errorf("%s: got %v, want %s: %q", c.name, err, c.field, c.msg)
		}
	}
}
