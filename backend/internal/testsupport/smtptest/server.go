// Package smtptest runs a real SMTP server inside the test process, so tests
// exercise the production SMTP adapter end to end and can read what it sent
// (for example a one-time sign-in code) without any external service.
package smtptest

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Sender is the from address URL puts into the mailer's configuration.
const Sender = "noreply@rouder.test"

// Server is a running SMTP server that keeps every message it accepts.
type Server struct {
	addr     string
	opts     options
	rootCAs  *x509.CertPool
	mu       sync.Mutex
	messages []Received
	arrived  chan struct{} // closed and replaced whenever a message arrives
	tls      *tls.Config
	logger   *testLogger
	stop     func() // nil while stopped
}

type options struct {
	startTLS    bool
	implicitTLS bool
	username    string
	password    string
}

// Option changes how Start configures the server.
type Option func(*options)

// WithSTARTTLS makes the server offer STARTTLS with a certificate for
// 127.0.0.1 that only RootCAs trusts.
func WithSTARTTLS() Option { return func(o *options) { o.startTLS = true } }

// WithImplicitTLS makes the server speak TLS from the first byte (smtps).
func WithImplicitTLS() Option { return func(o *options) { o.implicitTLS = true } }

// WithAuth makes the server offer AUTH PLAIN and refuse mail from a client
// that has not signed in with these credentials.
func WithAuth(username, password string) Option {
	return func(o *options) { o.username, o.password = username, password }
}

// Start listens on a free port of 127.0.0.1 and serves until the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{arrived: make(chan struct{})}
	for _, opt := range opts {
		opt(&s.opts)
	}
	if s.opts.startTLS || s.opts.implicitTLS {
		cert, pool := selfSignedCert(t)
		s.rootCAs = pool
		s.tls = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	s.logger = &testLogger{t: t}
	s.listen(t, "127.0.0.1:0")
	t.Cleanup(func() {
		s.logger.stop()
		s.Stop()
	})
	return s
}

// listen serves on addr (port 0: a free one, remembered for Resume).
func (s *Server) listen(t testing.TB, addr string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("smtptest: listen on %s: %v", addr, err)
	}
	s.addr = ln.Addr().String()

	srv := smtp.NewServer(smtp.BackendFunc(s.newSession))
	srv.Domain = "smtptest.localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.AllowInsecureAuth = true
	srv.ErrorLog = s.logger
	if s.opts.implicitTLS {
		ln = tls.NewListener(ln, s.tls)
	} else if s.opts.startTLS {
		srv.TLSConfig = s.tls
	}

	served := make(chan struct{})
	go func() {
		defer close(served)
		_ = srv.Serve(ln)
	}()
	s.mu.Lock()
	s.stop = func() {
		_ = srv.Close()
		// Close only reaches listeners Serve has registered; a test that ends
		// before the goroutine got that far would leave Serve blocked.
		_ = ln.Close()
		<-served
	}
	s.mu.Unlock()
}

// Stop takes the server down: connections to its address are refused
// until Resume (a mail server that is away).
func (s *Server) Stop() {
	s.mu.Lock()
	stop := s.stop
	s.stop = nil
	s.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// Resume serves again on the address of before, keeping what arrived.
func (s *Server) Resume(t testing.TB) {
	t.Helper()
	s.listen(t, s.addr)
}

// URL is the configuration that points the SMTP mailer at this server. It
// names the scheme and tls mode the server was started with, carries the
// WithAuth credentials, and sends from Sender.
func (s *Server) URL() string {
	u := url.URL{Scheme: "smtp", Host: s.addr}
	q := url.Values{"from": {Sender}}
	switch {
	case s.opts.implicitTLS:
		u.Scheme = "smtps"
	case s.opts.startTLS:
		q.Set("tls", "starttls")
	default:
		q.Set("tls", "none")
	}
	if s.opts.username != "" {
		u.User = url.UserPassword(s.opts.username, s.opts.password)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Addr is the host:port the server listens on.
func (s *Server) Addr() string { return s.addr }

// RootCAs trusts the server's certificate; it is nil without TLS.
func (s *Server) RootCAs() *x509.CertPool { return s.rootCAs }

// Messages returns every message accepted so far, oldest first.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.messages...)
}

// WaitFor returns the oldest message that match accepts, waiting for one
// to arrive, and fails the test if none has after timeout. Call it from the
// test's goroutine.
func (s *Server) WaitFor(t testing.TB, match func(Received) bool, timeout time.Duration) Received {
	t.Helper()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.mu.Lock()
		for _, m := range s.messages {
			if match(m) {
				s.mu.Unlock()
				return m
			}
		}
		seen, arrived := summarize(s.messages), s.arrived
		s.mu.Unlock()
		select {
		case <-arrived:
		case <-timer.C:
			t.Fatalf("smtptest: no matching message within %v; received %s", timeout, seen)
		}
	}
}

func (s *Server) store(m Received) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, m)
	close(s.arrived)
	s.arrived = make(chan struct{})
}

// summarize lists what did arrive, which is usually what explains a timeout.
func summarize(msgs []Received) string {
	if len(msgs) == 0 {
		return "nothing"
	}
	lines := make([]string, len(msgs))
	for i, m := range msgs {
		lines[i] = fmt.Sprintf("\n\tto %v: %q", m.To, m.Subject)
	}
	return fmt.Sprintf("%d message(s):%s", len(msgs), strings.Join(lines, ""))
}

// testLogger routes the server's errors into the test output, and drops them
// once the test is over, when testing would panic on a late log.
type testLogger struct {
	mu      sync.Mutex
	t       testing.TB
	stopped bool
}

func (l *testLogger) Printf(format string, v ...any) { l.log(fmt.Sprintf(format, v...)) }
func (l *testLogger) Println(v ...any)               { l.log(fmt.Sprintln(v...)) }

func (l *testLogger) log(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.stopped {
		l.t.Logf("smtptest server: %s", strings.TrimSuffix(line, "\n"))
	}
}

func (l *testLogger) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped = true
}
