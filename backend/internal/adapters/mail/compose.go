package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"mime"
	"net/mail"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/notification"
)

// base64LineLen is the longest encoded line RFC 2045 allows.
const base64LineLen = 76

// compose turns msg into an RFC 5322 message from the given sender and
// returns it with the bare recipient address for the SMTP envelope.
func compose(from *mail.Address, msg notification.Message, now time.Time) (rcpt string, raw []byte, err error) {
	// Validate again here: a CR or LF in To or Subject would let the text
	// inject headers, and the adapter must not trust that the caller checked.
	if err := msg.Validate(); err != nil {
		return "", nil, fmt.Errorf("mail: compose: %w", err)
	}
	to, err := mail.ParseAddress(msg.To)
	if err != nil {
		return "", nil, fmt.Errorf("mail: compose: %w", err)
	}

	var b bytes.Buffer
	header := func(name, value string) { fmt.Fprintf(&b, "%s: %s\r\n", name, value) }
	header("Date", now.Format(time.RFC1123Z))
	header("From", from.String())
	header("To", to.String())
	header("Subject", encodeSubject(msg.Subject))
	header("Message-ID", messageID(from.Address))
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=UTF-8")
	header("Content-Transfer-Encoding", "base64")
	b.WriteString("\r\n")
	writeBase64Lines(&b, canonicalText(msg.Body))
	return to.Address, b.Bytes(), nil
}

// encodeSubject B-encodes a non-ASCII subject and folds it between encoded
// words, which is where RFC 2047 allows a break and decoders drop the space;
// the encoder alone would put every word on one over-long line.
func encodeSubject(s string) string {
	enc := mime.BEncoding.Encode("UTF-8", s)
	if enc == s {
		return s
	}
	return strings.ReplaceAll(enc, " ", "\r\n ")
}

// messageID is random rather than derived from the content: two identical
// notices sent on purpose must not be collapsed as duplicates by the reader.
func messageID(fromAddr string) string {
	domain := fromAddr[strings.LastIndexByte(fromAddr, '@')+1:]
	return "<" + rand.Text() + "@" + domain + ">"
}

// canonicalText uses CRLF line breaks, which RFC 2045 requires of text
// before it is base64-encoded.
func canonicalText(s string) []byte {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return []byte(strings.ReplaceAll(s, "\n", "\r\n"))
}

func writeBase64Lines(b *bytes.Buffer, data []byte) {
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > base64LineLen {
		b.WriteString(enc[:base64LineLen])
		b.WriteString("\r\n")
		enc = enc[base64LineLen:]
	}
	if enc != "" {
		b.WriteString(enc)
		b.WriteString("\r\n")
	}
}
