package masterimport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/history"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// Run previews or applies the upload of job. A refusal a person can act
// on (stale plan, errors) fails the import with its message at once; any
// other error is retried, and the last attempt fails it with a general
// reason. Nothing of the masters changes unless the whole plan commits.
func (u *UseCases) Run(ctx context.Context, job RunJob, lastAttempt bool) error {
	tn := access.TrustedTenant(job.OrganizationID)
	im, err := u.imports.Get(ctx, tn, job.ImportID)
	if failure.Is(err, failure.KindNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	from := masters.Previewing
	if job.Apply {
		from = masters.Applying
	}
	if im.Status != from {
		return nil // done already (a job run twice)
	}
	tn = tn.Within(im.Scope)
	if job.Apply {
		err = u.apply(ctx, tn, im)
	} else {
		err = u.preview(ctx, tn, im)
	}
	if err == nil {
		return nil
	}
	reason := background.FailureReason(err, lastAttempt, masters.MsgFailedUnknown)
	if reason == "" {
		return err
	}
	return u.imports.Fail(context.WithoutCancel(ctx), tn, im.ID, from, reason)
}

// plan reads the upload and builds its plan against the masters as they
// are now.
func (u *UseCases) plan(ctx context.Context, tn access.Tenant, im masters.Import, wb masters.Workbook, layouts []masters.Layout, org organization.Organization) (masters.Plan, error) {
	r := rightsOf(im.Roles, im.Scope, org, clock.Today(u.clock))
	s, err := u.snapshot(ctx, tn, r)
	if err != nil {
		return masters.Plan{}, err
	}
	visible := map[int64]bool{}
	for _, usr := range s.Users {
		visible[usr.ID] = true
	}
	var accounts []string
	for _, l := range wb[masters.SetUsers] {
		if len(l.Cells) > 1 && l.Cells[1] != "" {
			accounts = append(accounts, strings.ToLower(l.Cells[1]))
		}
	}
	taken, err := u.snapshots.TakenAccounts(ctx, tn, u.cfg.SystemRange, accounts, visible)
	if err != nil {
		return masters.Plan{}, err
	}
	return masters.Build(s, wb, masters.Options{Labels: labels(org), Delete: im.Deletes(), TakenAccounts: taken,
		Importer: masters.Importer{UserID: im.RequestedBy, Roles: im.Roles, Scope: im.Scope,
			MayMakeSystemAdmin: im.OrganizationID == organization.SystemOrganizationID,
			MayEditCheckLists:  r.checkLists, MayEditSurveys: r.surveys,
			Address: im.Address, AddressAllowed: org.AllowsAddress(im.Address)},
		NewPassword: user.InitialPassword}), nil
}

func (u *UseCases) read(ctx context.Context, tn access.Tenant, im masters.Import) (masters.Workbook, []masters.Layout, organization.Organization, error) {
	org, err := u.orgs.Get(ctx, im.OrganizationID)
	if err != nil {
		return nil, nil, org, err
	}
	layouts := masters.Layouts(labels(org))
	wb, err := u.readUpload(ctx, im)
	return wb, layouts, org, err
}

func (u *UseCases) preview(ctx context.Context, tn access.Tenant, im masters.Import) error {
	wb, layouts, org, err := u.read(ctx, tn, im)
	if err != nil {
		return err
	}
	if err := u.imports.Progress(ctx, tn, im.ID, 0, wb.Rows()); err != nil {
		return err
	}
	p, err := u.plan(ctx, tn, im, wb, layouts, org)
	if err != nil {
		return err
	}
	body, err := json.Marshal(p.Rows)
	if err != nil {
		return err
	}
	key := importKey(im, "plan.json")
	if _, err := u.store.Put(ctx, key, bytes.NewReader(body)); err != nil {
		return fmt.Errorf("store plan: %w", err)
	}
	return u.imports.Previewed(ctx, tn, im.ID, p, key, u.clock.Now())
}

// apply rebuilds the plan, hashes the new users' passwords (slow on
// purpose, so outside the transaction), then in one transaction reads the
// masters again and applies only if they are exactly what the plan was
// built on — which is also what the preview showed (im.Base).
func (u *UseCases) apply(ctx context.Context, tn access.Tenant, im masters.Import) error {
	wb, layouts, org, err := u.read(ctx, tn, im)
	if err != nil {
		return err
	}
	p, err := u.plan(ctx, tn, im, wb, layouts, org)
	if err != nil {
		return err
	}
	if p.Base != im.Base {
		return failure.Refused(masters.MsgStale)
	}
	if err := p.ErrorSincePreview(); err != nil {
		return err
	}
	hashes, table, err := u.initialPasswords(p.Actions.Users)
	if err != nil {
		return err
	}
	pwKey := ""
	if len(table) > 0 {
		pwKey = importKey(im, "passwords.xlsx")
		var buf bytes.Buffer
		if err := u.workbooks.WriteTable(&buf, "初期パスワード", []string{"ユーザーアカウント", "姓", "名", "初期パスワード"}, table); err != nil {
			return err
		}
		if _, err := u.store.Put(ctx, pwKey, &buf); err != nil {
			return fmt.Errorf("store passwords: %w", err)
		}
	}
	uid := im.RequestedBy
	op := history.Operation{OrganizationID: im.OrganizationID, UserID: &uid, UserAccount: im.RequesterAccount,
		Kind: history.Import, TargetType: targetType, TargetID: &im.ID, Detail: "マスタを一括登録しました：" + summary(p.Counts),
		At: u.clock.Now()}
	ctx = history.WithPending(ctx, history.NewPending(op))
	accounts := writtenAccounts(p.Actions.Users)
	err = u.tx.InTx(ctx, func(ctx context.Context) error {
		// First, before anything is read: the accounts this import writes
		// take their turn with the user screen's saves of them (and other
		// imports'), as the screen's check takes its one. What is read
		// below then includes every such save committed before, and none
		// commits until this transaction has (it checks again and finds
		// the account taken). Without it a screen's "taro" saved while
		// this writes "Taro" would give the account two holders: the
		// unique index tells the cases apart and sees one organization.
		if err := u.users.LockAccounts(ctx, slices.Sorted(maps.Keys(accounts))); err != nil {
			return err
		}
		s, err := u.snapshot(ctx, tn, rightsOf(im.Roles, im.Scope, org, clock.Today(u.clock)))
		if err != nil {
			return err
		}
		if masters.Base(s) != im.Base {
			return failure.Refused(masters.MsgStale)
		}
		if err := u.accountsStillFree(ctx, tn, s, accounts); err != nil {
			return err
		}
		if err := u.execute(ctx, tn, p.Actions, hashes); err != nil {
			return err
		}
		return u.imports.Applied(ctx, tn, im.ID, p.Counts, pwKey, len(table), u.clock.Now())
	})
	if err != nil && pwKey != "" {
		_ = u.store.Delete(context.WithoutCancel(ctx), pwKey)
	}
	return applyRefusal(err)
}

// writtenAccounts maps the accounts (lower case) of the users an import
// creates or updates to the account as the workbook spells it. An update
// that keeps its account writes it too, as the user screen's save does.
func writtenAccounts(users []masters.UserAction) map[string]string {
	out := map[string]string{}
	for _, usr := range users {
		if a := usr.Input.Account; a != "" {
			out[strings.ToLower(a)] = a
		}
	}
	return out
}

// accountsStillFree checks the accounts the import writes again, under
// their locks, as the user screen's save does: the same organization is
// covered by the base (a user of the snapshot changed), but a holder the
// snapshot does not hold — outside a subtree importer's subtree or, with
// the SYSTEM range, in another organization — is seen only here.
func (u *UseCases) accountsStillFree(ctx context.Context, tn access.Tenant, s masters.Snapshot, accounts map[string]string) error {
	if len(accounts) == 0 {
		return nil
	}
	visible := map[int64]bool{}
	for _, usr := range s.Users {
		visible[usr.ID] = true
	}
	lower := slices.Sorted(maps.Keys(accounts))
	taken, err := u.snapshots.TakenAccounts(ctx, tn, u.cfg.SystemRange, lower, visible)
	if err != nil {
		return err
	}
	for _, a := range lower {
		if taken[a] {
			return failure.Refused(fmt.Sprintf(masters.MsgAccountTakenSince, accounts[a]))
		}
	}
	return nil
}

// applyRefusal is what a failed write tells the person. A row changed
// between the check and its update (409), or a value the preview found
// free met its unique index because someone took it meanwhile (takenSince):
// the plan is stale, as when the base changed. Any other refusal keeps its
// own reason — a field's message rather than the general "check the
// fields" — since uploading the same file again would only meet it again.
func applyRefusal(err error) error {
	fe, ok := failure.As(err)
	switch {
	case !ok:
		return err
	case fe.Kind == failure.KindConflict || takenSince(fe):
		return failure.Refused(masters.MsgStale)
	case fe.Kind == failure.KindInvalid && len(fe.Fields) > 0:
		fields := slices.Sorted(maps.Keys(fe.Fields))
		msgs := make([]string, len(fields))
		for i, f := range fields {
			msgs[i] = fe.Fields[f]
		}
		return failure.Refused(strings.Join(msgs, " "))
	}
	return err
}

// takenSince reports the refusals of the unique indexes a workbook's
// values can meet (an account, a tag's label: the store answers them as
// the screens' checks do), whose freedom the preview checked: met at the
// write, they were taken after it.
func takenSince(fe *failure.Error) bool {
	if fe.Kind != failure.KindInvalid || len(fe.Fields) != 1 {
		return false
	}
	return fe.Fields["userAccount"] == user.MsgAccountTaken || fe.Fields["label"] == tag.MsgDuplicate
}

// summary is the counts in a few words for the operation history.
func summary(counts []masters.Count) string {
	var parts []string
	for _, c := range counts {
		if c.Create+c.Update+c.Delete == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s 登録%d・更新%d・削除%d", c.Sheet, c.Create, c.Update, c.Delete))
	}
	return strings.Join(parts, "、")
}

// initialPasswords hashes the password the plan made for each new user, on every
// core (hashing is deliberately slow), and lists them for the one-time file.
func (u *UseCases) initialPasswords(users []masters.UserAction) (map[int]string, [][]string, error) {
	hashes := map[int]string{}
	var table [][]string
	var todo []int
	for i := range users {
		if users[i].ID == 0 {
			todo = append(todo, i)
			in := users[i].Input
			table = append(table, []string{in.Account, in.LastName, in.FirstName, in.Password})
		}
	}
	var mu sync.Mutex
	var firstErr error
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				h, err := u.passwords.Hash(users[i].Input.Password)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				hashes[i] = h
				mu.Unlock()
			}
		}()
	}
	for _, i := range todo {
		work <- i
	}
	close(work)
	wg.Wait()
	return hashes, table, firstErr
}

// execute applies the actions in order, resolving references to rows this
// import creates as their ids become known.
func (u *UseCases) execute(ctx context.Context, tn access.Tenant, a masters.Actions, hashes map[int]string) error {
	now := u.clock.Now()
	created := map[string]int64{}
	resolve := func(r masters.Ref) int64 {
		if r.ID != 0 {
			return r.ID
		}
		return created[r.NewKey]
	}
	// idsOf resolves a list of references (tags, target stores and users).
	idsOf := func(refs []masters.Ref) []int64 {
		out := make([]int64, len(refs))
		for i, r := range refs {
			out[i] = resolve(r)
		}
		return out
	}
	for _, t := range a.Tags {
		repo := u.tagRepo(t.Set)
		if t.ID == 0 {
			id, err := repo.Create(ctx, tn, t.Input, now)
			if err != nil {
				return err
			}
			created[t.NewKey] = id
		} else if err := repo.Rename(ctx, tn, t.ID, t.Input); err != nil {
			return err
		}
	}
	for _, g := range a.Groups {
		var parent *group.Summary
		in := g.Input
		if g.Parent != nil {
			// Read now: an earlier move may have changed the parent's path.
			s, err := u.groups.Get(ctx, tn, resolve(*g.Parent))
			if err != nil {
				return err
			}
			parent, in.ParentID = &s, &s.ID
		}
		if g.ID == 0 {
			id, err := u.groups.Create(ctx, tn, parent, in, now)
			if err != nil {
				return err
			}
			created[g.NewKey] = id
		} else if err := u.groups.Update(ctx, tn, g.ID, g.Version, parent, in, now); err != nil {
			return err
		}
	}
	for _, f := range a.Facilities {
		in := f.Input
		in.GroupID, in.TagIDs = resolve(f.Group), idsOf(f.Tags)
		if f.ID == 0 {
			id, err := u.facilities.Create(ctx, tn, in, now)
			if err != nil {
				return err
			}
			created[f.NewKey] = id
		} else if err := u.facilities.Update(ctx, tn, f.ID, f.Version, in, now); err != nil {
			return err
		}
	}
	for i, usr := range a.Users {
		in := usr.Input
		in.GroupID, in.TagIDs, in.FacilityID = resolve(usr.Group), idsOf(usr.Tags), 0
		if usr.Facility != nil {
			in.FacilityID = resolve(*usr.Facility)
		}
		if usr.ID == 0 {
			id, err := u.users.Create(ctx, tn, in, hashes[i], now)
			if err != nil {
				return err
			}
			created[usr.NewKey] = id
			continue
		}
		if err := u.users.Update(ctx, tn, usr.ID, usr.Version, in, "", now); err != nil {
			return err
		}
		if in.Disabled {
			if err := u.sessions.RevokeUser(ctx, usr.ID, "", now); err != nil {
				return err
			}
		}
	}
	for _, c := range a.CheckLists {
		cl := c.List
		cl.TargetFacilityIDs, cl.TargetUserIDs = idsOf(c.Stores), idsOf(c.Users)
		if cl.ID == 0 {
			if _, err := u.checkLists.Create(ctx, tn, cl, now); err != nil {
				return err
			}
		} else if err := u.checkLists.Update(ctx, tn, cl, cl.Version, clock.Today(u.clock), now); err != nil {
			return err
		}
	}
	for _, sv := range a.Surveys {
		s := sv.Survey
		s.TargetFacilityIDs = idsOf(sv.Stores)
		if s.ID == 0 {
			if _, err := u.surveys.Create(ctx, tn, s, now); err != nil {
				return err
			}
		} else if err := u.surveys.Update(ctx, tn, s, s.Version, now); err != nil {
			return err
		}
	}
	for _, id := range a.DeleteSurveys {
		if err := u.surveys.Delete(ctx, tn, id, now); err != nil {
			return err
		}
	}
	for _, id := range a.DeleteCheckLists {
		if err := u.checkLists.Delete(ctx, tn, id, now); err != nil {
			return err
		}
	}
	for _, id := range a.DeleteUsers {
		if err := u.users.Delete(ctx, tn, id); err != nil {
			return err
		}
	}
	for _, id := range a.DeleteFacilities {
		if err := u.facilities.Delete(ctx, tn, id); err != nil {
			return err
		}
	}
	for _, id := range a.DeleteGroups {
		if err := u.groups.Delete(ctx, tn, id); err != nil {
			return err
		}
	}
	for _, t := range a.DeleteTags {
		if err := u.tagRepo(t.Set).Delete(ctx, tn, t.ID); err != nil {
			return err
		}
	}
	return nil
}

func (u *UseCases) tagRepo(set masters.Set) Tags {
	if set == masters.SetUserTags {
		return u.uTags
	}
	return u.fTags
}
