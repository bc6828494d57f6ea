package smtptest

import (
	"io"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// session is one client connection; after STARTTLS go-smtp starts a new one.
type session struct {
	server *Server
	tls    bool
	authed bool
	from   string
	to     []string
}

func (s *Server) newSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	return &session{server: s, tls: isTLS}, nil
}

func (s *session) requireAuth() bool { return s.server.opts.username != "" && !s.authed }

// AuthMechanisms offers nothing without WithAuth, so go-smtp does not
// advertise AUTH at all.
func (s *session) AuthMechanisms() []string {
	if s.server.opts.username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != s.server.opts.username || password != s.server.opts.password {
			return smtp.ErrAuthFailed
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.requireAuth() {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

// Data refuses a message it cannot decode, so the sender's Send fails with
// the reason instead of the test timing out in WaitFor.
func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := Decode(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: err.Error()}
	}
	m.From, m.To, m.TLS = s.from, s.to, s.tls
	s.server.store(m)
	return nil
}

func (s *session) Reset() { s.from, s.to = "", nil }

func (s *session) Logout() error { return nil }

var _ smtp.AuthSession = (*session)(nil)
