package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/clock"
)

// Config is what the sign-in use cases are started with.
type Config struct {
	// SystemRange is true when accounts are unique across organizations and
	// sign-in names no organization (unique range SYSTEM).
	SystemRange bool
	AppName     string
	// CodeKey keys the HMAC under which one-time codes are stored.
	CodeKey []byte
}

// Service is the sign-in use cases.
type Service struct {
	cfg        Config
	tx         background.Transactor
	users      Users
	orgs       Organizations
	sessions   Sessions
	throttle   Throttle
	challenges Challenges
	history    History
	passwords  Passwords
	mail       MailQueue
	clock      clock.Clock
	dummyHash  string // verified when the account does not exist, so timing tells nothing
}

// Deps groups the ports, so wiring stays readable.
type Deps struct {
	Tx         background.Transactor
	Users      Users
	Orgs       Organizations
	Sessions   Sessions
	Throttle   Throttle
	Challenges Challenges
	History    History
	Passwords  Passwords
	Mail       MailQueue
	Clock      clock.Clock
}

func NewService(cfg Config, d Deps) (*Service, error) {
	dummy, err := d.Passwords.Hash("not a password of anyone")
	if err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, tx: d.Tx, users: d.Users, orgs: d.Orgs, sessions: d.Sessions, throttle: d.Throttle,
		challenges: d.Challenges, history: d.History, passwords: d.Passwords, mail: d.Mail, clock: d.Clock,
		dummyHash: dummy}, nil
}

// newSessionID returns a random session id and the hash stored for it.
func newSessionID() (id, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("session id: %w", err)
	}
	id = base64.RawURLEncoding.EncodeToString(b)
	return id, HashSessionID(id), nil
}

// HashSessionID is what the database keeps of a session id.
func HashSessionID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

func (s *Service) codeHMAC(sessionHash, code string) string {
	m := hmac.New(sha256.New, s.cfg.CodeKey)
	m.Write([]byte(sessionHash + ":" + code))
	return hex.EncodeToString(m.Sum(nil))
}
