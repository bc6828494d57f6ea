package wiring

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/domain/validation"
)

// FirstAdmin is what `console init` asks for.
type FirstAdmin struct {
	Account, LastName, FirstName, MailAddress, Password string
}

// ErrInstalled: `console init` ran before.
var ErrInstalled = store.ErrInstalled

// Init creates the installation's first system administrator (a real
// installation has no other way to get one: only the demo seed makes
// users). The password follows the same rule as everyone's and is only
// ever stored hashed.
func (a *App) Init(ctx context.Context, in FirstAdmin) error {
	if !validation.PasswordValid(in.Password) {
		return errors.New(validation.MsgPassword)
	}
	// The same rules as the user screen's, for a system administrator.
	probe := user.Input{Account: in.Account, LastName: in.LastName, FirstName: in.FirstName, MailAddress: in.MailAddress,
		Password: in.Password, MainAuthority: access.SystemAdmin, GroupID: organization.SystemGroupID, MfaType: user.MfaNone}.Normalized()
	if err := probe.Validate(true); err != nil {
		var f *failure.Error
		if errors.As(err, &f) && len(f.Fields) > 0 {
			msgs := make([]string, 0, len(f.Fields))
			for _, m := range f.Fields {
				msgs = append(msgs, m)
			}
			sort.Strings(msgs)
			return errors.New(strings.Join(msgs, " "))
		}
		return err
	}
	in.Account, in.MailAddress = probe.Account, probe.MailAddress
	hash, err := a.Hasher.Hash(in.Password)
	if err != nil {
		return fmt.Errorf("hash the password: %w", err)
	}
	return store.CreateFirstAdmin(ctx, a.DB, store.FirstAdmin{Account: in.Account, LastName: in.LastName, FirstName: in.FirstName,
		MailAddress: in.MailAddress, PasswordHash: hash}, time.Now())
}
