package auth

import (
	"context"
	"crypto/hmac"
	"regexp"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
)

// Recognised is what a request's session turns out to be.
type Recognised struct {
	Principal  access.Principal
	MfaPending bool // signed in with the password only; the code is still due
}

// Authenticate recognises the session of a request: it must exist, not be
// revoked or expired, belong to an enabled user, come from an allowed
// address, and act only in an organization the user may act in.
func (s *Service) Authenticate(ctx context.Context, sessionID, ip string, requestedOrg *int64) (Recognised, error) {
	now := s.clock.Now()
	hash := HashSessionID(sessionID)
	sess, err := s.sessions.Get(ctx, hash)
	if err != nil {
		return Recognised{}, err
	}
	if sess.ExpiredAt(now) {
		_ = s.sessions.Revoke(ctx, hash, now)
		return Recognised{}, failure.Unauthorized()
	}
	u, err := s.users.Get(ctx, access.TrustedTenant(sess.OrganizationID), sess.UserID)
	if failure.Is(err, failure.KindNotFound) || (err == nil && u.Disabled) {
		_ = s.sessions.Revoke(ctx, hash, now)
		return Recognised{}, failure.Unauthorized()
	}
	if err != nil {
		return Recognised{}, err
	}
	org, err := s.orgs.Get(ctx, u.OrganizationID)
	if err != nil {
		return Recognised{}, err
	}
	if u.IPAddressRestriction && !org.AllowsAddress(ip) {
		return Recognised{}, failure.WithMessage(failure.KindForbidden, auth.MsgAddressRefused)
	}
	acting, err := access.ActingOrganization(u.OrganizationID, u.IsSystemAdmin(), requestedOrg)
	if err != nil {
		return Recognised{}, err
	}
	if acting != u.OrganizationID {
		if _, err := s.orgs.Get(ctx, acting); err != nil {
			return Recognised{}, failure.Forbidden()
		}
	}
	if sess.NeedsTouch(now) {
		_ = s.sessions.Touch(ctx, hash, now)
	}
	return Recognised{
		MfaPending: sess.MfaPending,
		Principal: access.Principal{
			UserID: u.ID, Account: u.Account, OrganizationID: u.OrganizationID, ActingOrgID: acting,
			Roles: u.Roles(), SystemAdmin: u.IsSystemAdmin(), GroupID: u.GroupID, GroupPath: u.GroupPath,
			FacilityID: u.FacilityID, TopGroupUser: u.IsTopGroup, SessionHash: hash, Bound: u.IPAddressRestriction,
			Address: ip,
		},
	}, nil
}

// MfaRequired reports whether the session waits for its e-mail code.
func (s *Service) MfaRequired(ctx context.Context, sessionID string) bool {
	sess, err := s.sessions.Get(ctx, HashSessionID(sessionID))
	return err == nil && sess.MfaPending && !sess.ExpiredAt(s.clock.Now())
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// VerifyCode completes a sign-in with the e-mail code: right, in time, at
// most CodeMaxAttempts tries, once. Running out of time or tries ends the
// session: the user signs in again and gets a new code.
func (s *Service) VerifyCode(ctx context.Context, sessionID, code, ip string) error {
	now := s.clock.Now()
	hash := HashSessionID(sessionID)
	sess, err := s.sessions.Get(ctx, hash)
	if err != nil {
		return err
	}
	if !sess.MfaPending {
		return nil // already complete: a repeated submit changes nothing
	}
	fail := func(kind history.Kind, err error) error {
		s.record(ctx, &sess.OrganizationID, &sess.UserID, "", kind, "", ip, now)
		return err
	}
	endSession := func(msg string) error {
		_ = s.sessions.Revoke(ctx, hash, now)
		return fail(history.MfaFailed, failure.WithMessage(failure.KindUnauthorized, msg))
	}
	ch, err := s.challenges.Get(ctx, hash)
	if err != nil {
		return err
	}
	if ch.Used {
		return endSession(auth.MsgCodeExhausted)
	}
	if !now.Before(ch.ExpiresAt) {
		return endSession(auth.MsgCodeExpired)
	}
	n, err := s.challenges.CountAttempt(ctx, hash)
	if err != nil {
		return err
	}
	if n > auth.CodeMaxAttempts {
		return endSession(auth.MsgCodeExhausted)
	}
	if !sixDigits.MatchString(code) || !hmac.Equal([]byte(s.codeHMAC(hash, code)), []byte(ch.CodeHMAC)) {
		if n == auth.CodeMaxAttempts {
			return endSession(auth.MsgCodeExhausted)
		}
		return fail(history.MfaFailed, failure.Invalid(map[string]string{"code": auth.MsgCodeWrong}))
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if used, err := s.challenges.MarkUsed(ctx, hash, now); err != nil {
			return err
		} else if !used {
			return failure.WithMessage(failure.KindUnauthorized, auth.MsgCodeExhausted)
		}
		if err := s.sessions.CompleteMfa(ctx, hash); err != nil {
			return err
		}
		return s.history.Record(ctx, history.Operation{OrganizationID: sess.OrganizationID, UserID: &sess.UserID,
			Kind: history.MfaSucceeded, IPAddress: ip, At: now})
	})
}

// Logout ends the session; signing out twice, or without a session, is fine.
func (s *Service) Logout(ctx context.Context, sessionID, ip string) error {
	now := s.clock.Now()
	hash := HashSessionID(sessionID)
	sess, err := s.sessions.Get(ctx, hash)
	if err != nil {
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.sessions.Revoke(ctx, hash, now); err != nil {
			return err
		}
		return s.history.Record(ctx, history.Operation{OrganizationID: sess.OrganizationID, UserID: &sess.UserID,
			Kind: history.Logout, IPAddress: ip, At: now})
	})
}
