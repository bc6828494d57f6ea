package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"time"

	appnotification "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/notification"
)

var _ appnotification.Mailer = (*SMTPMailer)(nil)

// defaultTimeout bounds a send whose context has no deadline, so a server
// that stops answering cannot hold a job worker forever.
const defaultTimeout = time.Minute

// security is how the connection is protected.
type security int

const (
	startTLSIfOffered security = iota // smtp:// without tls=
	startTLSRequired                  // tls=starttls: refuse to send in clear
	plainOnly                         // tls=none: local relays and tests
	implicitTLS                       // smtps://
)

// SMTPMailer delivers messages to one SMTP server. Each Send opens its own
// connection, so a retried Send shares no state with the failed one.
type SMTPMailer struct {
	addr      string // host:port
	host      string
	security  security
	tlsConfig *tls.Config
	username  string
	password  string
	from      *mail.Address
}

// NewSMTPMailer builds a mailer from a URL of the form
//
//	smtp://user:pass@host:587?tls=starttls&from=noreply%40example.com
//	smtps://user:pass@host:465?from=noreply%40example.com
//
// tls (smtp only) is none or starttls; without it STARTTLS is used when the
// server offers it. from is required and may carry a display name. The port
// defaults to 587 (submission) for smtp and 465 for smtps.
func NewSMTPMailer(rawURL string) (*SMTPMailer, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		// Only the inner error: *url.Error repeats the whole URL, password
		// included, into whatever log reports the failed start-up.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return nil, fmt.Errorf("mail: SMTP URL: %w", err)
	}
	m := &SMTPMailer{host: u.Hostname()}
	if m.host == "" {
		return nil, errors.New("mail: SMTP URL has no host")
	}
	query := u.Query()
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		if port == "" {
			port = "587"
		}
		switch query.Get("tls") {
		case "":
			m.security = startTLSIfOffered
		case "starttls":
			m.security = startTLSRequired
		case "none":
			m.security = plainOnly
		default:
			return nil, fmt.Errorf("mail: SMTP URL tls=%q: want none or starttls", query.Get("tls"))
		}
	case "smtps":
		if port == "" {
			port = "465"
		}
		if query.Has("tls") {
			return nil, errors.New("mail: SMTP URL: smtps is always TLS; drop the tls parameter")
		}
		m.security = implicitTLS
	default:
		return nil, fmt.Errorf("mail: SMTP URL scheme %q: want smtp or smtps", u.Scheme)
	}
	for key := range query {
		if key != "tls" && key != "from" {
			// A misspelt tls= would otherwise silently fall back to the default.
			return nil, fmt.Errorf("mail: SMTP URL has unknown parameter %q", key)
		}
	}
	if !query.Has("from") {
		return nil, errors.New("mail: SMTP URL needs from=, the sender address (e.g. from=noreply%40example.com)")
	}
	if m.from, err = mail.ParseAddress(query.Get("from")); err != nil {
		return nil, fmt.Errorf("mail: SMTP URL from=%q: %w", query.Get("from"), err)
	}
	if u.User != nil {
		m.username = u.User.Username()
		m.password, _ = u.User.Password()
	}
	m.addr = net.JoinHostPort(m.host, port)
	m.tlsConfig = &tls.Config{ServerName: m.host, MinVersion: tls.VersionTLS12}
	return m, nil
}

// Send delivers msg. An error means the server did not accept the message;
// once it has, a failure to say goodbye is ignored so that the retry does not
// deliver it twice.
func (m *SMTPMailer) Send(ctx context.Context, msg notification.Message) error {
	rcpt, raw, err := compose(m.from, msg, time.Now())
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	if err := m.deliver(ctx, rcpt, raw); err != nil {
		// Once ctx is done the I/O error is only a symptom of our own close.
		if cause := context.Cause(ctx); cause != nil {
			err = cause
		}
		return fmt.Errorf("mail: send via %s: %w", m.addr, err)
	}
	return nil
}

func (m *SMTPMailer) deliver(ctx context.Context, rcpt string, raw []byte) error {
	conn, err := m.dial(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// net/smtp knows nothing of contexts; closing the connection when ctx
	// ends (Send always gives it a deadline) is what unblocks it. A
	// connection deadline would do the same but race ctx, leaving callers an
	// i/o timeout instead of context.DeadlineExceeded.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	c, err := smtp.NewClient(conn, m.host)
	if err != nil {
		return err
	}
	if err := m.secure(c); err != nil {
		return err
	}
	if m.username != "" {
		// PlainAuth itself refuses to send the password in clear to
		// anything but localhost.
		if err := c.Auth(smtp.PlainAuth("", m.username, m.password, m.host)); err != nil {
			return fmt.Errorf("authenticate: %w", err)
		}
	}
	if err := c.Mail(m.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(rcpt); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	_ = c.Quit()
	return nil
}

func (m *SMTPMailer) dial(ctx context.Context) (net.Conn, error) {
	if m.security == implicitTLS {
		d := tls.Dialer{Config: m.tlsConfig}
		return d.DialContext(ctx, "tcp", m.addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, "tcp", m.addr)
}

func (m *SMTPMailer) secure(c *smtp.Client) error {
	if m.security == implicitTLS || m.security == plainOnly {
		return nil
	}
	if offered, _ := c.Extension("STARTTLS"); offered {
		return c.StartTLS(m.tlsConfig)
	}
	if m.security == startTLSRequired {
		return errors.New("server does not offer STARTTLS and the URL says tls=starttls")
	}
	return nil
}
