package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/search"
)

// ErrInstalled refuses a second first administrator.
var ErrInstalled = errors.New("the system organization already has a user: the installation is initialised")

// FirstAdmin is the installation's first system administrator.
type FirstAdmin struct {
	Account, LastName, FirstName, MailAddress string
	PasswordHash                              string
}

// CreateFirstAdmin adds the first user of the system organization, in one
// transaction that first checks there is none (so running it twice, even
// at once, makes one).
func CreateFirstAdmin(ctx context.Context, db *DB, a FirstAdmin, now time.Time) error {
	return NewTxManager(db).InTx(ctx, func(ctx context.Context) error {
		if db.Dialect == Postgres {
			// Two `console init` at once: the second waits here, then sees the first's user.
			if _, err := db.conn(ctx).NewRaw(`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`).Exec(ctx); err != nil {
				return fmt.Errorf("lock users: %w", err)
			}
		}
		n, err := db.selectIn(ctx, access.TrustedTenant(organization.SystemOrganizationID), "users", "u").Count(ctx)
		if err != nil {
			return fmt.Errorf("count system users: %w", err)
		}
		if n > 0 {
			return ErrInstalled
		}
		row := &userRow{
			OrganizationID: organization.SystemOrganizationID, UserAccount: a.Account, LastName: a.LastName, FirstName: a.FirstName,
			PasswordHash: a.PasswordHash, MainAuthorityName: access.SystemAdmin, GroupID: organization.SystemGroupID,
			IPAddressRestriction: true, MfaType: "NONE", MailAddress: a.MailAddress, Version: 1, Timestamps: newTimestamps(now),
			SearchText: search.Text(a.Account, a.LastName+a.FirstName, a.LastName, a.FirstName, strings.ToLower(a.MailAddress)),
		}
		if _, err := db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
			return fmt.Errorf("create the first administrator: %w", err)
		}
		return nil
	})
}
