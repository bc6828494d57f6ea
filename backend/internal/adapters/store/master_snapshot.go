package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// MasterSnapshot reads every master a bulk registration compares with, in
// a handful of statements whatever the organization's size: the groups,
// stores and users of the tenant's scope, both kinds of tags, tag links
// and the history that keeps stores.
type MasterSnapshot struct{ db *DB }

func NewMasterSnapshot(db *DB) *MasterSnapshot { return &MasterSnapshot{db: db} }

func (r *MasterSnapshot) Snapshot(ctx context.Context, tn access.Tenant) (masters.Snapshot, error) {
	var s masters.Snapshot
	var err error
	if s.Groups, err = r.groups(ctx, tn); err != nil {
		return s, err
	}
	if s.FacilityTags, err = NewFacilityTags(r.db).List(ctx, tn); err != nil {
		return s, err
	}
	if s.UserTags, err = NewUserTags(r.db).List(ctx, tn); err != nil {
		return s, err
	}
	if s.Facilities, err = r.facilities(ctx, tn, s.FacilityTags); err != nil {
		return s, err
	}
	if s.Users, err = r.users(ctx, tn, s.UserTags); err != nil {
		return s, err
	}
	if s.Usage, err = r.usage(ctx, tn); err != nil {
		return s, err
	}
	if s.CheckLists, err = r.checkLists(ctx, tn); err != nil {
		return s, err
	}
	s.Surveys, err = r.surveys(ctx, tn)
	return s, err
}

// checkLists and surveys read the organization's check lists and surveys
// whole. They belong to the whole organization, so a tenant bound to a
// subtree gets none.
func (r *MasterSnapshot) checkLists(ctx context.Context, tn access.Tenant) ([]checklist.CheckList, error) {
	return wholeOf(ctx, r.db, tn, "check_lists", "check_list_id", NewCheckLists(r.db).Get)
}

func (r *MasterSnapshot) surveys(ctx context.Context, tn access.Tenant) ([]survey.Survey, error) {
	return wholeOf(ctx, r.db, tn, "surveys", "survey_id", NewSurveys(r.db).Get)
}

// wholeOf reads every live row of table (one not deleted) through get.
func wholeOf[T any](ctx context.Context, db *DB, tn access.Tenant, table, idColumn string,
	get func(context.Context, access.Tenant, int64) (T, error)) ([]T, error) {
	if tn.Scope() != "" {
		return nil, nil
	}
	var ids []int64
	if err := db.selectIn(ctx, tn, table, "x").ColumnExpr("x.?", bun.Ident(idColumn)).Where("x.deleted_at IS NULL").
		OrderExpr("x.?", bun.Ident(idColumn)).Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", table, err)
	}
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		v, err := get(ctx, tn, id)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (r *MasterSnapshot) groups(ctx context.Context, tn access.Tenant) ([]group.Group, error) {
	var rows []groupRow
	err := inScope(r.db.selectIn(ctx, tn, "org_groups", "g"), tn, "g.path").ColumnExpr("g.*").
		OrderExpr("g.path").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("snapshot groups: %w", err)
	}
	out := make([]group.Group, len(rows))
	for i, g := range rows {
		out[i] = group.Group{ID: g.GroupID, ParentID: g.ParentGroupID, Path: g.Path, Name: g.GroupName,
			NameKana: g.GroupNameKana, JKCode: g.JKCode, Version: g.Version}
	}
	return out, nil
}

// links reads a link table's (owner → tag ids) pairs of the tenant.
func (r *MasterSnapshot) links(ctx context.Context, tn access.Tenant, table, owner, tagID string) (map[int64][]int64, error) {
	var rows []struct {
		Owner int64 `bun:"owner"`
		Tag   int64 `bun:"tag"`
	}
	err := r.db.selectIn(ctx, tn, table, "l").ColumnExpr("l.? AS owner, l.? AS tag", bun.Ident(owner), bun.Ident(tagID)).
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", table, err)
	}
	out := map[int64][]int64{}
	for _, l := range rows {
		out[l.Owner] = append(out[l.Owner], l.Tag)
	}
	return out, nil
}

func tagsOf(ids []int64, byID map[int64]tag.Tag) []tag.Tag {
	out := make([]tag.Tag, 0, len(ids))
	for _, id := range ids {
		if t, ok := byID[id]; ok {
			out = append(out, tag.Tag{ID: t.ID, Label: t.Label})
		}
	}
	return out
}

func tagIndex(tags []tag.Tag) map[int64]tag.Tag {
	out := make(map[int64]tag.Tag, len(tags))
	for _, t := range tags {
		out[t.ID] = t
	}
	return out
}

func (r *MasterSnapshot) facilities(ctx context.Context, tn access.Tenant, tags []tag.Tag) ([]facility.Facility, error) {
	var rows []facilityView
	err := inScope(NewFacilities(r.db).base(ctx, tn), tn, "g.path").ColumnExpr("f.*, g.path AS group_path").
		OrderExpr("f.facility_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("snapshot stores: %w", err)
	}
	links, err := r.links(ctx, tn, "facility_attribute_links", "facility_id", "facility_attribute_id")
	if err != nil {
		return nil, err
	}
	byID := tagIndex(tags)
	out := make([]facility.Facility, len(rows))
	for i, v := range rows {
		out[i] = v.toDomain()
		out[i].Tags = tagsOf(links[v.FacilityID], byID)
	}
	return out, nil
}

func (r *MasterSnapshot) users(ctx context.Context, tn access.Tenant, tags []tag.Tag) ([]user.User, error) {
	var rows []userView
	err := inScope(joinGroup(r.db.selectIn(ctx, tn, "users", "u")), tn, "g.path").ColumnExpr(userViewColumns).
		OrderExpr("u.user_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("snapshot users: %w", err)
	}
	links, err := r.links(ctx, tn, "user_attribute_links", "user_id", "user_attribute_id")
	if err != nil {
		return nil, err
	}
	byID := tagIndex(tags)
	out := make([]user.User, len(rows))
	for i, v := range rows {
		out[i] = v.toDomain()
		out[i].Tags = tagsOf(links[v.UserID], byID)
	}
	return out, nil
}

// usage counts, per store, the check sheets and survey answers that keep it.
func (r *MasterSnapshot) usage(ctx context.Context, tn access.Tenant) (map[int64]facility.Usage, error) {
	out := map[int64]facility.Usage{}
	for _, t := range []string{"check_sheets", "survey_answers"} {
		var rows []struct {
			ID int64 `bun:"id"`
			N  int   `bun:"n"`
		}
		if err := r.db.selectIn(ctx, tn, t, "x").ColumnExpr("x.facility_id AS id, COUNT(*) AS n").
			GroupExpr("x.facility_id").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", t, err)
		}
		for _, row := range rows {
			u := out[row.ID]
			if t == "check_sheets" {
				u.CheckSheets = row.N
			} else {
				u.SurveyAnswers = row.N
			}
			out[row.ID] = u
		}
	}
	return out, nil
}

// TakenAccounts returns which of accounts (lower case) belong to users
// outside visible: elsewhere in the organization, or, when anywhere, in any
// organization (accounts unique across organizations).
func (r *MasterSnapshot) TakenAccounts(ctx context.Context, tn access.Tenant, anywhere bool, accounts []string, visible map[int64]bool) (map[string]bool, error) {
	out := map[string]bool{}
	for chunk := range chunks(accounts, 500) {
		var rows []struct {
			ID      int64  `bun:"user_id"`
			Account string `bun:"user_account"`
			Org     int64  `bun:"organization_id"`
		}
		var q *bun.SelectQuery
		if anywhere {
			// The SYSTEM range signs in by account alone: an account must be
			// free in every organization, so this read spans them on purpose.
			q = r.db.conn(ctx).NewSelect().TableExpr("users AS u").Comment(AllTenants)
		} else {
			q = r.db.selectIn(ctx, tn, "users", "u")
		}
		err := q.ColumnExpr("u.user_id, u.user_account, u.organization_id").
			Where("LOWER(u.user_account) IN (?)", bun.In(chunk)).Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("taken accounts: %w", err)
		}
		for _, row := range rows {
			if row.Org != tn.Org() || !visible[row.ID] {
				out[strings.ToLower(row.Account)] = true
			}
		}
	}
	return out, nil
}

func chunks(s []string, n int) func(func([]string) bool) {
	return func(yield func([]string) bool) {
		for i := 0; i < len(s); i += n {
			if !yield(s[i:min(i+n, len(s))]) {
				return
			}
		}
	}
}
