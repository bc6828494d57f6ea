package auth

import (
	"context"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
)

// SessionState is what a page asks before anything else: whether this
// browser is signed in, and, while the e-mail code is due, where it went
// (masked) and until when it is good. It is an answer, never an error, so
// a signed-out first load logs no failed request.
type SessionState struct {
	SignedIn       bool
	MfaRequired    bool
	MfaMailAddress string     // masked: s***@rouder.example
	CodeExpiresAt  *time.Time // when the current code stops working
}

// State reports the session's state. Who the user is and whether it may
// act here is still /api/login_user's question; this only says whether to
// ask it.
func (s *Service) State(ctx context.Context, sessionID string) SessionState {
	if sessionID == "" {
		return SessionState{}
	}
	now := s.clock.Now()
	hash := HashSessionID(sessionID)
	sess, err := s.sessions.Get(ctx, hash)
	if err != nil || sess.ExpiredAt(now) {
		return SessionState{}
	}
	if !sess.MfaPending {
		return SessionState{SignedIn: true}
	}
	st := SessionState{MfaRequired: true}
	if u, err := s.users.Get(ctx, access.TrustedTenant(sess.OrganizationID), sess.UserID); err == nil {
		st.MfaMailAddress = auth.MaskMail(u.MailAddress)
	}
	if ch, err := s.challenges.Get(ctx, hash); err == nil && !ch.Used {
		at := ch.ExpiresAt
		st.CodeExpiresAt = &at
	}
	return st
}

// ResendCode mails a new code to a session waiting for one, in place of
// the old one (which stops working), at most once per auth.ResendAfter.
func (s *Service) ResendCode(ctx context.Context, sessionID, ip string) error {
	now := s.clock.Now()
	hash := HashSessionID(sessionID)
	sess, err := s.sessions.Get(ctx, hash)
	if err != nil {
		return err
	}
	if sess.ExpiredAt(now) || !sess.MfaPending {
		return failure.Unauthorized()
	}
	ch, err := s.challenges.Get(ctx, hash)
	if err != nil {
		return err
	}
	if !auth.CanResend(ch.ExpiresAt.Add(-auth.CodeLifetime), now) {
		return failure.TooMany(auth.MsgCodeResendTooSoon)
	}
	u, err := s.users.Get(ctx, access.TrustedTenant(sess.OrganizationID), sess.UserID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.sendCode(ctx, u, hash, now, s.challenges.Replace); err != nil {
			return err
		}
		return s.history.Record(ctx, history.Operation{OrganizationID: sess.OrganizationID, UserID: &sess.UserID,
			UserAccount: u.Account, Kind: history.MfaCodeResent, IPAddress: ip, At: now})
	})
}
