package smtptest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
)

// Received is one message as the server accepted it.
type Received struct {
	From string   // envelope sender (MAIL FROM)
	To   []string // envelope recipients (RCPT TO)
	TLS  bool     // whether the message came over TLS
	Raw  []byte   // the message exactly as transmitted

	Header  mail.Header
	Subject string // decoded from RFC 2047 encoded words
	Body    string // decoded text, with "\n" line breaks
}

// Decode reads a single-part text/plain message in UTF-8 or US-ASCII, in any
// of the transfer encodings a mailer may pick. It fills Raw, Header,
// Subject and Body; the envelope fields stay empty.
func Decode(raw []byte) (Received, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Received{}, fmt.Errorf("smtptest: parse message: %w", err)
	}
	var dec mime.WordDecoder
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return Received{}, fmt.Errorf("smtptest: decode Subject: %w", err)
	}
	if err := checkContentType(msg.Header.Get("Content-Type")); err != nil {
		return Received{}, err
	}
	body, err := decodeBody(msg.Body, msg.Header.Get("Content-Transfer-Encoding"))
	if err != nil {
		return Received{}, err
	}
	return Received{
		Raw:     raw,
		Header:  msg.Header,
		Subject: subject,
		Body:    strings.ReplaceAll(string(body), "\r\n", "\n"),
	}, nil
}

// checkContentType refuses anything but UTF-8 compatible plain text rather
// than hand a test a body it would misread.
func checkContentType(value string) error {
	if value == "" {
		return nil // RFC 2045 default: text/plain; charset=us-ascii
	}
	mediaType, params, err := mime.ParseMediaType(value)
	if err != nil {
		return fmt.Errorf("smtptest: Content-Type %q: %w", value, err)
	}
	charset := strings.ToLower(params["charset"])
	if mediaType != "text/plain" || (charset != "" && charset != "utf-8" && charset != "us-ascii") {
		return fmt.Errorf("smtptest: Content-Type %q: only text/plain in UTF-8 is supported", value)
	}
	return nil
}

func decodeBody(body io.Reader, transferEncoding string) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(transferEncoding)) {
	case "base64":
		// The decoder skips the CRLFs that wrap base64 lines.
		body = base64.NewDecoder(base64.StdEncoding, body)
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "", "7bit", "8bit", "binary":
	default:
		return nil, fmt.Errorf("smtptest: Content-Transfer-Encoding %q is not supported", transferEncoding)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return nil, fmt.Errorf("smtptest: decode %s body: %w", transferEncoding, err)
	}
	return b, nil
}
