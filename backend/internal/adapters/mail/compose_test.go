package mail

import (
	"bytes"
	"net/mail"
	"strings"
	"testing"
	"time"
)

// checkWellFormed asserts what a strict receiving server would.
func checkWellFormed(t *testing.T, raw []byte) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not an RFC 5322 message: %v", err)
	}
	if _, err := msg.Header.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	for name, want := range map[string]string{
		"MIME-Version":              "1.0",
		"Content-Type":              "text/plain; charset=UTF-8",
		"Content-Transfer-Encoding": "base64",
	} {
		if got := msg.Header.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if id := msg.Header.Get("Message-ID"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, ">") || !strings.Contains(id, "@") {
		t.Errorf("Message-ID = %q", id)
	}
	head, body, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for line := range strings.SplitSeq(string(head), "\r\n") {
		if len(line) > 998 || strings.ContainsAny(line, "\r\n") {
			t.Errorf("bad header line %q", line)
		}
	}
	for line := range strings.SplitSeq(strings.TrimSuffix(string(body), "\r\n"), "\r\n") {
		if len(line) > base64LineLen {
			t.Errorf("body line of %d characters", len(line))
		}
	}
	if bytes.Contains(raw, []byte("\n")) && bytes.Count(raw, []byte("\n")) != bytes.Count(raw, []byte("\r\n")) {
		t.Error("bare LF in message")
	}
}

func TestComposeIsWellFormed(t *testing.T) {
	from := &mail.Address{Name: "ルーダー", Address: "noreply@rouder.test"}
	rcpt, raw, err := compose(from, japanese, time.Date(2026, 4, 1, 9, 30, 0, 0, time.FixedZone("JST", 9*60*60)))
	if err != nil {
		t.Fatal(err)
	}
	if rcpt != "taro@rouder.test" {
		t.Errorf("rcpt = %q", rcpt)
	}
	checkWellFormed(t, raw)
	if !bytes.Contains(raw, []byte("Date: Wed, 01 Apr 2026 09:30:00 +0900\r\n")) {
		t.Errorf("Date header missing or wrong in\n%s", raw)
	}
	if !bytes.Contains(raw, []byte("@rouder.test>\r\n")) {
		t.Errorf("Message-ID not in the sender's domain in\n%s", raw)
	}
	msg, _ := mail.ReadMessage(bytes.NewReader(raw))
	if addr, err := msg.Header.AddressList("From"); err != nil || addr[0].Name != "ルーダー" {
		t.Errorf("From = %v, %v", addr, err)
	}
}

func TestComposeKeepsASCIISubjectReadable(t *testing.T) {
	msg := japanese
	msg.Subject = "Your sign-in code"
	_, raw, err := compose(&mail.Address{Address: "noreply@rouder.test"}, msg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("\r\nSubject: Your sign-in code\r\n")) {
		t.Errorf("ASCII subject was encoded or folded:\n%s", raw)
	}
}
