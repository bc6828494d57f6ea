package mail

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/testsupport/smtptest"
)

var japanese = notification.Message{
	To:      "山田 太郎 <taro@rouder.test>",
	Subject: "【ルーダー】サインイン用の確認コードのお知らせ（有効期限は10分です）",
	Body:    "山田様\n\n確認コード: 482913\n\nこのメールに心当たりがない場合は破棄してください。\n",
}

func newMailer(t *testing.T, rawURL string) *SMTPMailer {
	t.Helper()
	m, err := NewSMTPMailer(rawURL)
	if err != nil {
		t.Fatalf("NewSMTPMailer: %v", err)
	}
	return m
}

func TestSMTPDeliversJapanese(t *testing.T) {
	srv := smtptest.Start(t)
	if err := newMailer(t, srv.URL()).Send(t.Context(), japanese); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := srv.WaitFor(t, func(r smtptest.Received) bool { return true }, 5*time.Second)
	if got.Subject != japanese.Subject {
		t.Errorf("Subject = %q, want %q", got.Subject, japanese.Subject)
	}
	if got.Body != japanese.Body {
		t.Errorf("Body = %q, want %q", got.Body, japanese.Body)
	}
	if got.From != smtptest.Sender || len(got.To) != 1 || got.To[0] != "taro@rouder.test" {
		t.Errorf("envelope = %q -> %q", got.From, got.To)
	}
	checkWellFormed(t, got.Raw)
}

func TestSMTPTransportSecurity(t *testing.T) {
	cases := map[string]struct {
		opts    []smtptest.Option
		url     func(*smtptest.Server) string
		wantTLS bool
	}{
		"STARTTLS required": {
			opts:    []smtptest.Option{smtptest.WithSTARTTLS(), smtptest.WithAuth("mailer", "s3cret")},
			url:     (*smtptest.Server).URL,
			wantTLS: true,
		},
		"STARTTLS when offered": {
			opts:    []smtptest.Option{smtptest.WithSTARTTLS()},
			url:     withoutTLSParam,
			wantTLS: true,
		},
		"plain when STARTTLS is not offered": {
			url: withoutTLSParam,
		},
		"implicit TLS": {
			opts:    []smtptest.Option{smtptest.WithImplicitTLS(), smtptest.WithAuth("mailer", "s3cret")},
			url:     (*smtptest.Server).URL,
			wantTLS: true,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			srv := smtptest.Start(t, c.opts...)
			m := newMailer(t, c.url(srv))
			m.tlsConfig.RootCAs = srv.RootCAs()
			if err := m.Send(t.Context(), japanese); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.WaitFor(t, func(smtptest.Received) bool { return true }, 5*time.Second)
			if got.TLS != c.wantTLS || got.Subject != japanese.Subject {
				t.Errorf("got TLS=%v subject %q, want TLS=%v", got.TLS, got.Subject, c.wantTLS)
			}
		})
	}
}

// withoutTLSParam leaves the choice to the mailer's default.
func withoutTLSParam(s *smtptest.Server) string {
	u, err := url.Parse(s.URL())
	if err != nil {
		panic(err)
	}
	q := u.Query()
	q.Del("tls")
	u.RawQuery = q.Encode()
	return u.String()
}

func TestSMTPRefusals(t *testing.T) {
	cases := map[string]struct {
		opts []smtptest.Option
		url  func(*smtptest.Server) string
	}{
		"tls=starttls but not offered": {
			url: func(s *smtptest.Server) string { return strings.Replace(s.URL(), "tls=none", "tls=starttls", 1) },
		},
		"wrong password": {
			opts: []smtptest.Option{smtptest.WithAuth("mailer", "s3cret")},
			url:  func(s *smtptest.Server) string { return strings.Replace(s.URL(), "s3cret", "guess", 1) },
		},
		"untrusted certificate": {
			opts: []smtptest.Option{smtptest.WithSTARTTLS()},
			url:  (*smtptest.Server).URL,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			srv := smtptest.Start(t, c.opts...)
			err := newMailer(t, c.url(srv)).Send(t.Context(), japanese)
			if err == nil {
				t.Fatal("Send succeeded")
			}
			t.Logf("refused: %v", err)
			if n := len(srv.Messages()); n != 0 {
				t.Errorf("server accepted %d messages", n)
			}
		})
	}
}

func TestSMTPRefusesHeaderInjection(t *testing.T) {
	srv := smtptest.Start(t)
	msg := japanese
	msg.Subject = "件名\r\nBcc: everyone@example.com"
	if err := newMailer(t, srv.URL()).Send(t.Context(), msg); err == nil {
		t.Fatal("Send accepted a subject with CRLF")
	}
}

func TestSMTPServerNotListening(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	m := newMailer(t, "smtp://"+addr+"?tls=none&from=noreply%40rouder.test")
	start := time.Now()
	if err := m.Send(t.Context(), japanese); err == nil {
		t.Fatal("Send to a closed port succeeded")
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("Send took %v to fail", elapsed)
	}
}

func TestSMTPHonoursContext(t *testing.T) {
	t.Run("already cancelled", func(t *testing.T) {
		srv := smtptest.Start(t)
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		err := newMailer(t, srv.URL()).Send(ctx, japanese)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Send error = %v, want context.Canceled", err)
		}
	})
	t.Run("server never answers", func(t *testing.T) {
		addr := silentServer(t)
		ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := newMailer(t, "smtp://"+addr+"?from=noreply%40rouder.test").Send(ctx, japanese)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Send error = %v, want context.DeadlineExceeded", err)
		}
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("Send took %v with a 200ms deadline", elapsed)
		}
	})
	t.Run("cancelled mid-conversation", func(t *testing.T) {
		addr := silentServer(t)
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		err := newMailer(t, "smtp://"+addr+"?from=noreply%40rouder.test").Send(ctx, japanese)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Send error = %v, want context.Canceled", err)
		}
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("Send took %v to notice the cancellation", elapsed)
		}
	})
}

// silentServer accepts connections and never greets, like a hung relay.
func silentServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { conn.Close() })
		}
	}()
	return ln.Addr().String()
}

func TestNewSMTPMailer(t *testing.T) {
	m := newMailer(t, "smtp://user:pa%40ss@mail.example.com?from=%E3%83%AB%E3%83%BC%E3%83%80%E3%83%BC+%3Cnoreply%40example.com%3E")
	if m.addr != "mail.example.com:587" || m.security != startTLSIfOffered || m.password != "pa@ss" || m.from.Address != "noreply@example.com" {
		t.Errorf("parsed %+v", m)
	}
	if m := newMailer(t, "smtps://mail.example.com?from=noreply%40example.com"); m.addr != "mail.example.com:465" {
		t.Errorf("smtps default address = %s", m.addr)
	}

	for raw, want := range map[string]string{
		"smtp://mail.example.com:587?tls=starttls":                     "from=",
		"http://mail.example.com?from=noreply%40example.com":           "scheme",
		"smtp://mail.example.com?tls=ssl&from=noreply%40example.com":   "tls=",
		"smtps://mail.example.com?tls=none&from=noreply%40example.com": "tls",
		"smtp://mail.example.com?tsl=none&from=noreply%40example.com":  "tsl",
		"smtp://mail.example.com?from=not-an-address":                  "from=",
		"smtp://?from=noreply%40example.com":                           "host",
		"smtp://user:secret@mail.example.com:bad?from=a%40b.c":         "port",
	} {
		_, err := NewSMTPMailer(raw)
		if err == nil {
			t.Errorf("NewSMTPMailer(%q) succeeded", raw)
			continue
		}
		if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("NewSMTPMailer(%q) error = %q, want it to mention %q and no password", raw, err, want)
		}
	}
}
