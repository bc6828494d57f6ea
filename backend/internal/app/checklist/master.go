// Package checklist holds the check-list use cases. This file: editing the
// masters (ROLE_CHECK_ITEM_EDIT) — list, read, create, edit, copy, delete.
package checklist

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/paging"
)

// CheckLists stores check-list masters.
type CheckLists interface {
	List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[checklist.Summary], error)
	Get(ctx context.Context, tn access.Tenant, id int64) (checklist.CheckList, error)
	Create(ctx context.Context, tn access.Tenant, cl checklist.CheckList, now time.Time) (int64, error)
	Update(ctx context.Context, tn access.Tenant, cl checklist.CheckList, version int64, today, now time.Time) error
	Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error
	ItemsBelong(ctx context.Context, tn access.Tenant, listID int64, cl checklist.CheckList) (bool, error)
	TargetsExist(ctx context.Context, tn access.Tenant, facilityIDs, userIDs []int64) (bool, error)
}

// Masters is the check-list editing use cases.
type Masters struct {
	tx    background.Transactor
	lists CheckLists
	clock clock.Clock
}

func NewMasters(tx background.Transactor, l CheckLists, c clock.Clock) *Masters {
	return &Masters{tx: tx, lists: l, clock: c}
}

func (m *Masters) editor(ctx context.Context) (access.Principal, error) {
	return access.Require(ctx, access.RoleCheckItemEdit)
}

// Defaults is a new check list as the editor first shows it: this month in
// Tokyo, every 1 month.
func (m *Masters) Defaults(ctx context.Context) (checklist.CheckList, error) {
	if _, err := m.editor(ctx); err != nil {
		return checklist.CheckList{}, err
	}
	return checklist.CheckList{First: checklist.CurrentMonth(m.clock), Recurrence: checklist.DefaultRecurrence}, nil
}

// List returns a page of check lists.
func (m *Masters) List(ctx context.Context, searchText string, p paging.Request) (paging.Page[checklist.Summary], error) {
	pr, err := m.editor(ctx)
	if err != nil {
		return paging.Page[checklist.Summary]{}, err
	}
	return m.lists.List(ctx, pr.Tenant(), searchText, p)
}

// Get returns one check list.
func (m *Masters) Get(ctx context.Context, id int64) (checklist.CheckList, error) {
	pr, err := m.editor(ctx)
	if err != nil {
		return checklist.CheckList{}, err
	}
	return m.lists.Get(ctx, pr.Tenant(), id)
}

// Create adds a check list and opens its first period.
func (m *Masters) Create(ctx context.Context, cl checklist.CheckList) (int64, error) {
	pr, err := m.editor(ctx)
	if err != nil {
		return 0, err
	}
	cl = clearIDs(cl)
	if err := m.check(ctx, pr, cl); err != nil {
		return 0, err
	}
	var id int64
	err = m.tx.InTx(ctx, func(ctx context.Context) (err error) {
		id, err = m.lists.Create(ctx, pr.Tenant(), cl, m.clock.Now())
		history.NameTarget(ctx, id) // the operation history names what was created
		return err
	})
	return id, err
}

// Update changes a check list read at version. Answers already given keep
// the question and scale they were given against.
func (m *Masters) Update(ctx context.Context, id, version int64, cl checklist.CheckList) error {
	pr, err := m.editor(ctx)
	if err != nil {
		return err
	}
	if _, err := m.lists.Get(ctx, pr.Tenant(), id); err != nil {
		return err
	}
	cl.ID = id
	if ok, err := m.lists.ItemsBelong(ctx, pr.Tenant(), id, cl); err != nil {
		return err
	} else if !ok {
		return failure.Invalid(map[string]string{"categoryList": "このチェックリストにない項目が含まれています。"})
	}
	if err := m.check(ctx, pr, cl); err != nil {
		return err
	}
	return m.tx.InTx(ctx, func(ctx context.Context) error {
		return m.lists.Update(ctx, pr.Tenant(), cl, version, clock.Today(m.clock), m.clock.Now())
	})
}

// Copy makes a new check list from an existing one, named 「…のコピー」.
func (m *Masters) Copy(ctx context.Context, id int64) (int64, error) {
	pr, err := m.editor(ctx)
	if err != nil {
		return 0, err
	}
	src, err := m.lists.Get(ctx, pr.Tenant(), id)
	if err != nil {
		return 0, err
	}
	src.Name = truncate(src.Name, 95) + "のコピー"
	return m.Create(ctx, src)
}

// Delete hides a check list; its history stays.
func (m *Masters) Delete(ctx context.Context, id int64) error {
	pr, err := m.editor(ctx)
	if err != nil {
		return err
	}
	return m.tx.InTx(ctx, func(ctx context.Context) error { return m.lists.Delete(ctx, pr.Tenant(), id, m.clock.Now()) })
}

func (m *Masters) check(ctx context.Context, pr access.Principal, cl checklist.CheckList) error {
	if err := cl.Validate(); err != nil {
		return err
	}
	// Stores and users are asked apart so each is reported under the field
	// that sent it; another organization's id is as missing as one that
	// never was (TargetsExist counts the organization's rows only).
	fields := map[string]string{}
	if ok, err := m.lists.TargetsExist(ctx, pr.Tenant(), cl.TargetFacilityIDs, nil); err != nil {
		return err
	} else if !ok {
		fields["targetFacilityList"] = "存在しない店舗が含まれています。"
	}
	if ok, err := m.lists.TargetsExist(ctx, pr.Tenant(), nil, cl.TargetUserIDs); err != nil {
		return err
	} else if !ok {
		fields["targetUserList"] = "存在しないユーザーが含まれています。"
	}
	if len(fields) > 0 {
		return failure.Invalid(fields)
	}
	return nil
}

// clearIDs makes every category and item new (for create and copy).
func clearIDs(cl checklist.CheckList) checklist.CheckList {
	cats := make([]checklist.Category, len(cl.Categories))
	for i, c := range cl.Categories {
		items := make([]checklist.Item, len(c.Items))
		for j, it := range c.Items {
			it.ID = 0
			items[j] = it
		}
		cats[i] = checklist.Category{Name: c.Name, Items: items}
	}
	cl.ID, cl.Categories = 0, cats
	return cl
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
