package notification

import (
	"context"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/paging"
)

// DeliveryLog reads the deliveries for the history screen.
type DeliveryLog interface {
	Deliveries(ctx context.Context, tn *access.Tenant, f notification.DeliveryFilter, p paging.Request) (paging.Page[notification.Delivery], error)
}

// Deliveries is /system/push_history/ (ROLE_SYSTEM_ADMIN): every delivery,
// of every organization while the system organization is selected, of the
// selected organization otherwise.
type Deliveries struct{ log DeliveryLog }

func NewDeliveries(l DeliveryLog) *Deliveries { return &Deliveries{log: l} }

func (d *Deliveries) List(ctx context.Context, f notification.DeliveryFilter, p paging.Request) (paging.Page[notification.Delivery], error) {
	pr, err := access.Require(ctx, access.RoleSystemAdmin)
	if err != nil {
		return paging.Page[notification.Delivery]{}, err
	}
	var tn *access.Tenant
	if pr.ActingOrgID != organization.SystemOrganizationID {
		t := pr.Tenant()
		tn = &t
	}
	return d.log.Deliveries(ctx, tn, f, p.Normalize())
}
