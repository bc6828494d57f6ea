package auth

import (
	"context"
	"fmt"
	"github.com/rouder/console/internal/domain/access"
	"strings"
	"time"
	"unicode/utf8"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/domain/validation"
)

// LoginInput is one sign-in attempt.
type LoginInput struct {
	OrganizationID *int64 // absent in the SYSTEM unique range
	Account        string
	Password       string
	IP             string
	UserAgent      string
}

// LoginResult names the new session; the HTTP adapter puts it in a cookie.
type LoginResult struct {
	SessionID   string
	MfaRequired bool
}

// Login checks the credentials and opens a session. Failures do not say
// whether the account exists; repeated failures lock the account and the
// address for a while.
func (s *Service) Login(ctx context.Context, in LoginInput) (LoginResult, error) {
	in.Account = validation.NormalizeCode(in.Account) // ｓｔｏｒｅ００１ typed with the input method on
	if err := s.validateLogin(in); err != nil {
		return LoginResult{}, err
	}
	now := s.clock.Now()
	accountKey, ipKey := s.throttleKeys(in)
	if locked, err := s.locked(ctx, now, accountKey, ipKey); err != nil {
		return LoginResult{}, err
	} else if locked {
		s.record(ctx, in.OrganizationID, nil, in.Account, history.LoginRefused, "locked", in.IP, now)
		return LoginResult{}, failure.TooMany(auth.MsgLocked)
	}

	u, ok, err := s.checkCredentials(ctx, in)
	if err != nil {
		return LoginResult{}, err
	}
	if !ok {
		s.countFailure(ctx, now, accountKey, ipKey)
		s.record(ctx, in.OrganizationID, nil, in.Account, history.LoginFailed, "", in.IP, now)
		return LoginResult{}, failure.WithMessage(failure.KindUnauthorized, s.badCredentials())
	}

	org, err := s.orgs.Get(ctx, u.OrganizationID)
	if err != nil {
		return LoginResult{}, err
	}
	if u.IPAddressRestriction && !org.AllowsAddress(in.IP) {
		s.record(ctx, &u.OrganizationID, &u.ID, u.Account, history.LoginRefused, "address", in.IP, now)
		return LoginResult{}, failure.WithMessage(failure.KindForbidden, auth.MsgAddressRefused)
	}
	mfa := org.AvailableMfaMail && u.MfaType == user.MfaMail
	if mfa && u.MailAddress == "" {
		return LoginResult{}, failure.Refused(auth.MsgNoMailAddress)
	}

	var res LoginResult
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		id, hash, err := newSessionID()
		if err != nil {
			return err
		}
		if err := s.throttle.Reset(ctx, accountKey); err != nil {
			return err
		}
		if err := s.sessions.Create(ctx, auth.Session{
			Hash: hash, UserID: u.ID, OrganizationID: u.OrganizationID, MfaPending: mfa,
			IPAddress: in.IP, UserAgent: truncate(in.UserAgent, 512),
			CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(auth.MaxLifetime),
		}); err != nil {
			return err
		}
		if mfa {
			if err := s.sendCode(ctx, u, hash, now, s.challenges.Create); err != nil {
				return err
			}
		}
		res = LoginResult{SessionID: id, MfaRequired: mfa}
		return s.history.Record(ctx, history.Operation{OrganizationID: u.OrganizationID, UserID: &u.ID,
			UserAccount: u.Account, Kind: history.Login, IPAddress: in.IP, At: now})
	})
	return res, err
}

func (s *Service) validateLogin(in LoginInput) error {
	err := v.Errors{}
	if e := validation.Required("アカウント").Validate(in.Account); e != nil {
		err["userAccount"] = e
	}
	if e := validation.Required("パスワード").Validate(in.Password); e != nil {
		err["password"] = e
	}
	if !s.cfg.SystemRange {
		switch {
		case in.OrganizationID == nil:
			err["organizationId"] = fmt.Errorf("%s", validation.MsgRequired("組織ID"))
		case *in.OrganizationID <= 0: // given, so not "required": no organization has such an id
			err["organizationId"] = fmt.Errorf("%s", validation.MsgMinValue("組織ID", 1))
		}
	}
	// Long inputs are not credentials; refusing them early keeps argon2
	// from hashing megabytes.
	if utf8.RuneCountInString(in.Account) > 50 || len(in.Password) > 256 {
		return failure.WithMessage(failure.KindUnauthorized, s.badCredentials())
	}
	return validation.Check(err.Filter())
}

func (s *Service) badCredentials() string {
	if s.cfg.SystemRange {
		return auth.MsgBadCredentialsSystem
	}
	return auth.MsgBadCredentials
}

func (s *Service) throttleKeys(in LoginInput) (account, ip string) {
	org := "*"
	if !s.cfg.SystemRange && in.OrganizationID != nil {
		org = fmt.Sprint(*in.OrganizationID)
	}
	return "account:" + org + ":" + strings.ToLower(in.Account), "ip:" + in.IP
}

func (s *Service) locked(ctx context.Context, now time.Time, keys ...string) (bool, error) {
	for _, k := range keys {
		t, err := s.throttle.Get(ctx, k)
		if err != nil {
			return false, err
		}
		if t.Locked(now) {
			return true, nil
		}
	}
	return false, nil
}

// checkCredentials finds the user and verifies the password; an unknown or
// disabled account costs the same time as a wrong password.
func (s *Service) checkCredentials(ctx context.Context, in LoginInput) (user.User, bool, error) {
	var u user.User
	var err error
	if s.cfg.SystemRange {
		u, err = s.users.FindByAccountAnywhere(ctx, in.Account)
	} else {
		u, err = s.users.FindByAccount(ctx, access.TrustedTenant(*in.OrganizationID), in.Account)
	}
	if err != nil && !failure.Is(err, failure.KindNotFound) {
		return user.User{}, false, err
	}
	hash := s.dummyHash
	if err == nil {
		hash = u.PasswordHash
	}
	match, verr := s.passwords.Verify(hash, in.Password)
	if err != nil || verr != nil || !match || u.Disabled {
		return user.User{}, false, nil
	}
	return u, true, nil
}

// countFailure and record write outside the caller's transaction: they
// must stay even though the sign-in fails. Their own errors are not the
// user's concern and must not hide the answer.
func (s *Service) countFailure(ctx context.Context, now time.Time, accountKey, ipKey string) {
	_ = s.throttle.RecordFailure(ctx, accountKey, now, auth.AccountFailureLimit, auth.ThrottleWindow, auth.LockFor)
	_ = s.throttle.RecordFailure(ctx, ipKey, now, auth.AddressFailureLimit, auth.ThrottleWindow, auth.LockFor)
}

func (s *Service) record(ctx context.Context, orgID *int64, userID *int64, account string, kind history.Kind, detail, ip string, now time.Time) {
	if orgID == nil {
		return // no organization to file it under
	}
	if _, err := s.orgs.Get(ctx, *orgID); err != nil {
		return
	}
	_ = s.history.Record(ctx, history.Operation{OrganizationID: *orgID, UserID: userID,
		UserAccount: truncate(account, 50), Kind: kind, Detail: detail, IPAddress: ip, At: now})
}

// sendCode stores a new one-time code for the session (store is the
// challenge port's Create for a new session, Replace for a resend) and
// mails it.
func (s *Service) sendCode(ctx context.Context, u user.User, sessionHash string, now time.Time,
	store func(context.Context, auth.Challenge) error) error {
	code, err := auth.NewCode()
	if err != nil {
		return err
	}
	if err := store(ctx, auth.Challenge{SessionHash: sessionHash,
		CodeHMAC: s.codeHMAC(sessionHash, code), ExpiresAt: now.Add(auth.CodeLifetime)}); err != nil {
		return err
	}
	_, err = s.mail.Queue(ctx, access.TrustedTenant(u.OrganizationID), notification.Message{
		To:      u.MailAddress,
		Subject: fmt.Sprintf("【%s】ログイン認証コード", s.cfg.AppName),
		Body: fmt.Sprintf("%s %s 様\n\nログイン認証コードは次のとおりです。\n\n    %s\n\n"+
			"このコードの有効期限は%d分です。お心当たりのない場合は、このメールを破棄してください。\n",
			u.LastName, u.FirstName, code, int(auth.CodeLifetime/time.Minute)),
	})
	return err
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
