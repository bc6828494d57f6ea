package auth

import (
	"context"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/validation"
)

// PasswordChange is the password dialog's input.
type PasswordChange struct {
	CurrentPassword string `json:"currentPassword"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// Validate applies docs/product/validation.md: all required, the new password in the
// password format, the confirmation equal to it.
func (p PasswordChange) Validate() error {
	return validation.Check(v.ValidateStruct(&p,
		v.Field(&p.CurrentPassword, validation.Required("現在のパスワード")),
		v.Field(&p.Password, validation.Required("新しいパスワード"), validation.Password),
		v.Field(&p.ConfirmPassword, validation.Required("新しいパスワード(確認)"), validation.Password,
			validation.Equal(p.Password, validation.MsgMismatch)),
	))
}

// ChangePassword changes the signed-in user's own password and ends the
// user's other sessions; the one in use stays.
func (s *Service) ChangePassword(ctx context.Context, userID int64, in PasswordChange, ip string) error {
	p, err := access.PrincipalFrom(ctx)
	if err != nil {
		return err
	}
	if userID != p.UserID {
		return failure.Forbidden()
	}
	if err := in.Validate(); err != nil {
		return err
	}
	u, err := s.users.Get(ctx, p.Home(), p.UserID)
	if err != nil {
		return err
	}
	if ok, err := s.passwords.Verify(u.PasswordHash, in.CurrentPassword); err != nil || !ok {
		return failure.Invalid(map[string]string{"currentPassword": auth.MsgCurrentPasswordWrong})
	}
	if in.Password == in.CurrentPassword {
		return failure.Invalid(map[string]string{"password": auth.MsgPasswordUnchanged})
	}
	hash, err := s.passwords.Hash(in.Password)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.users.SetPassword(ctx, access.TrustedTenant(u.OrganizationID), u.ID, hash, now); err != nil {
			return err
		}
		if err := s.sessions.RevokeUser(ctx, u.ID, p.SessionHash, now); err != nil {
			return err
		}
		return s.history.Record(ctx, history.Operation{OrganizationID: u.OrganizationID, UserID: &u.ID,
			UserAccount: u.Account, Kind: history.PasswordChange, IPAddress: ip, At: now})
	})
}
