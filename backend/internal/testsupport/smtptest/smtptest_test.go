package smtptest

import (
	"fmt"
	"net/smtp"
	"runtime"
	"strings"
	"testing"
	"time"
)

const qpMessage = "From: a@rouder.test\r\n" +
	"To: b@rouder.test\r\n" +
	"Subject: =?UTF-8?B?44K144Kk44Oz44Kk44Oz?=\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"=E3=82=B3=E3=83=BC=E3=83=89: 123456\r\n"

func TestServerKeepsAndDecodesMessages(t *testing.T) {
	srv := Start(t)
	if err := smtp.SendMail(srv.Addr(), nil, "a@rouder.test", []string{"b@rouder.test"}, []byte(qpMessage)); err != nil {
		t.Fatalf("SendMail: %v", err)
	}
	got := srv.WaitFor(t, func(r Received) bool { return r.Subject == "サインイン" }, 5*time.Second)
	if got.From != "a@rouder.test" || len(got.To) != 1 || got.To[0] != "b@rouder.test" {
		t.Errorf("envelope = %q -> %q", got.From, got.To)
	}
	if got.Body != "コード: 123456\n" {
		t.Errorf("Body = %q", got.Body)
	}
	if got.TLS {
		t.Error("TLS = true on a plain connection")
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("Messages() has %d messages, want 1", n)
	}
}

func TestServerRefusesWithoutAuth(t *testing.T) {
	srv := Start(t, WithAuth("user", "secret"))
	err := smtp.SendMail(srv.Addr(), nil, "a@rouder.test", []string{"b@rouder.test"}, []byte(qpMessage))
	if err == nil {
		t.Fatal("SendMail without AUTH succeeded")
	}
	auth := smtp.PlainAuth("", "user", "secret", "127.0.0.1")
	if err := smtp.SendMail(srv.Addr(), auth, "a@rouder.test", []string{"b@rouder.test"}, []byte(qpMessage)); err != nil {
		t.Fatalf("SendMail with AUTH: %v", err)
	}
}

func TestServerRejectsUndecodableMessage(t *testing.T) {
	srv := Start(t)
	html := strings.Replace(qpMessage, "text/plain", "text/html", 1)
	err := smtp.SendMail(srv.Addr(), nil, "a@rouder.test", []string{"b@rouder.test"}, []byte(html))
	if err == nil || !strings.Contains(err.Error(), "text/html") {
		t.Fatalf("SendMail error = %v, want a refusal naming text/html", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("kept %d undecodable messages", n)
	}
}

// fatalRecorder stands in for a test so WaitFor's failure can be observed.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit() // as the real Fatalf does, so WaitFor cannot carry on

}

func TestWaitForFailsOnTimeout(t *testing.T) {
	srv := Start(t)
	rec := &fatalRecorder{TB: t}
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		srv.WaitFor(rec, func(Received) bool { return true }, 100*time.Millisecond)
	}()
	<-done
	if !strings.Contains(rec.msg, "no matching message") {
		t.Fatalf("WaitFor failure = %q, want it to say no message matched", rec.msg)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("WaitFor took %v to give up after 100ms", elapsed)
	}
}

func TestDecode(t *testing.T) {
	cases := map[string]struct {
		raw, body string
	}{
		"base64 wrapped": {
			"Subject: x\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
				"44OR44K544Ov44O844OJ44KS5aSJ5pu0\r\n44GX44G+44GX44Gf\r\n",
			"パスワードを変更しました",
		},
		"7bit default type": {"Subject: x\r\n\r\nline1\r\nline2\r\n", "line1\nline2\n"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Decode([]byte(c.raw))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if got.Body != c.body {
				t.Errorf("Body = %q, want %q", got.Body, c.body)
			}
		})
	}
	for _, bad := range []string{
		"Subject: x\r\nContent-Type: text/plain; charset=ISO-2022-JP\r\n\r\nx",
		"Subject: x\r\nContent-Transfer-Encoding: x-uuencode\r\n\r\nx",
		"Subject: x\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!\r\n",
	} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode accepted %q", bad)
		}
	}
}

// A stopped server refuses mail on its address; resumed, it takes mail
// there again and still holds what came before.
func TestStopAndResumeKeepTheAddress(t *testing.T) {
	srv := Start(t)
	send := func() error {
		return smtp.SendMail(srv.Addr(), nil, "a@rouder.test", []string{"b@rouder.test"}, []byte(qpMessage))
	}
	if err := send(); err != nil {
		t.Fatal(err)
	}
	addr := srv.Addr()
	srv.Stop()
	if err := send(); err == nil {
		t.Fatal("a stopped server took mail")
	}
	srv.Resume(t)
	if err := send(); err != nil || srv.Addr() != addr {
		t.Fatalf("after resume on %s (was %s): %v", srv.Addr(), addr, err)
	}
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("%d messages kept, want 2", n)
	}
}
