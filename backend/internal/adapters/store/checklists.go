package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
)

type checkListRow struct {
	bun.BaseModel `bun:"table:check_lists"`

	CheckListID                   int64      `bun:"check_list_id,pk,autoincrement"`
	OrganizationID                int64      `bun:"organization_id,notnull"`
	Name                          string     `bun:"name,notnull"`
	FromDate                      civilDate  `bun:"from_date,type:date,notnull"`
	ToDate                        civilDate  `bun:"to_date,type:date,notnull"`
	NextInterval                  int        `bun:"next_interval,notnull"`
	NextDuration                  string     `bun:"next_duration,notnull"`
	StartNotificationTime         string     `bun:"start_notification_time,notnull"`
	ReminderNotificationTime      string     `bun:"reminder_notification_time,notnull"`
	ReminderDaysBefore            int        `bun:"reminder_days_before,notnull"`
	AvailableImprovement          bool       `bun:"available_improvement,notnull"`
	ImprovementReminderTime       string     `bun:"improvement_reminder_time,notnull"`
	ImprovementReminderDaysBefore int        `bun:"improvement_reminder_days_before,notnull"`
	ClosingDayRule                string     `bun:"closing_day_rule,notnull"`
	BusinessDays                  bool       `bun:"business_days,notnull"`
	SearchText                    string     `bun:"search_text,notnull"`
	Version                       int64      `bun:"version,notnull"`
	DeletedAt                     *time.Time `bun:"deleted_at"`
	Timestamps
}

type checkItemRow struct {
	ItemID              int64  `bun:"item_id"`
	CategoryID          int64  `bun:"category_id"`
	Question            string `bun:"question"`
	Explanation         string `bun:"explanation"`
	Scale               string `bun:"scale"`
	PhotoRequired       bool   `bun:"photo_required"`
	InapplicableAllowed bool   `bun:"inapplicable_allowed"`
}

// CheckLists is the check-list master repository.
type CheckLists struct{ db *DB }

func NewCheckLists(db *DB) *CheckLists { return &CheckLists{db: db} }

// List returns a page of the organization's check lists, newest first.
func (r *CheckLists) List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[checklist.Summary], error) {
	p = p.Normalize()
	filter := func() *bun.SelectQuery {
		return matchesAll(r.db.selectIn(ctx, tn, "check_lists", "c").Where("c.deleted_at IS NULL"), "c.search_text", searchText)
	}
	total, err := filter().Count(ctx)
	if err != nil {
		return paging.Page[checklist.Summary]{}, fmt.Errorf("count check lists: %w", err)
	}
	var rows []struct {
		ID         int64     `bun:"check_list_id"`
		Name       string    `bun:"name"`
		From       civilDate `bun:"from_date"`
		To         civilDate `bun:"to_date"`
		Interval   int       `bun:"next_interval"`
		Unit       string    `bun:"next_duration"`
		Items      int       `bun:"items"`
		Facilities int       `bun:"facilities"`
		Version    int64     `bun:"version"`
	}
	err = filter().
		ColumnExpr("c.check_list_id, c.name, c.from_date, c.to_date, c.next_interval, c.next_duration, c.version").
		ColumnExpr(`(SELECT COUNT(*) FROM check_items AS i WHERE i.organization_id = c.organization_id
			AND i.check_list_id = c.check_list_id AND i.archived_at IS NULL) AS items`).
		ColumnExpr(`(SELECT COUNT(*) FROM check_list_facilities AS t WHERE t.organization_id = c.organization_id
			AND t.check_list_id = c.check_list_id) AS facilities`).
		OrderExpr("c.check_list_id DESC").Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows)
	if err != nil {
		return paging.Page[checklist.Summary]{}, fmt.Errorf("list check lists: %w", err)
	}
	items := make([]checklist.Summary, len(rows))
	for i, row := range rows {
		items[i] = checklist.Summary{ID: row.ID, Name: row.Name, First: checklist.Period{From: row.From.Time, To: row.To.Time},
			Recurrence: checklist.Recurrence{Interval: row.Interval, Unit: row.Unit}, Items: row.Items,
			Facilities: row.Facilities, Version: row.Version}
	}
	return paging.Page[checklist.Summary]{Items: items, Total: total, Request: p}, nil
}

// Get returns one check list with its targets, categories and current items.
func (r *CheckLists) Get(ctx context.Context, tn access.Tenant, id int64) (checklist.CheckList, error) {
	var row checkListRow
	err := r.db.selectModelIn(ctx, tn, &row).
		Where("?TableAlias.check_list_id = ? AND ?TableAlias.deleted_at IS NULL", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return checklist.CheckList{}, failure.NotFound()
	}
	if err != nil {
		return checklist.CheckList{}, fmt.Errorf("read check list %d: %w", id, err)
	}
	cl := checklist.CheckList{
		ID: row.CheckListID, OrganizationID: row.OrganizationID, Name: row.Name,
		First:                 checklist.Period{From: row.FromDate.Time, To: row.ToDate.Time},
		Recurrence:            checklist.Recurrence{Interval: row.NextInterval, Unit: row.NextDuration},
		StartNotificationTime: row.StartNotificationTime, ReminderNotificationTime: row.ReminderNotificationTime,
		ReminderDaysBefore: row.ReminderDaysBefore, AvailableImprovement: row.AvailableImprovement,
		ImprovementReminderTime: row.ImprovementReminderTime, ImprovementReminderDaysBefore: row.ImprovementReminderDaysBefore,
		ClosingDayRule: row.ClosingDayRule, BusinessDays: row.BusinessDays,
		Version: row.Version,
	}
	if err := r.db.selectIn(ctx, tn, "check_list_facilities", "t").ColumnExpr("t.facility_id").Where("t.check_list_id = ?", id).
		OrderExpr("t.facility_id").Scan(ctx, &cl.TargetFacilityIDs); err != nil {
		return cl, fmt.Errorf("read targets: %w", err)
	}
	if err := r.db.selectIn(ctx, tn, "check_list_users", "t").ColumnExpr("t.user_id").Where("t.check_list_id = ?", id).
		OrderExpr("t.user_id").Scan(ctx, &cl.TargetUserIDs); err != nil {
		return cl, fmt.Errorf("read target users: %w", err)
	}
	var cats []struct {
		ID   int64  `bun:"category_id"`
		Name string `bun:"name"`
	}
	if err := r.db.selectIn(ctx, tn, "check_categories", "k").ColumnExpr("k.category_id, k.name").
		Where("k.check_list_id = ? AND k.position >= 0", id).OrderExpr("k.position").Scan(ctx, &cats); err != nil {
		return cl, fmt.Errorf("read categories: %w", err)
	}
	var items []checkItemRow
	if err := r.db.selectIn(ctx, tn, "check_items", "i").
		ColumnExpr("i.item_id, i.category_id, i.question, i.explanation, i.scale, i.photo_required, i.inapplicable_allowed").
		Where("i.check_list_id = ? AND i.archived_at IS NULL", id).OrderExpr("i.position").Scan(ctx, &items); err != nil {
		return cl, fmt.Errorf("read items: %w", err)
	}
	byCat := map[int64][]checklist.Item{}
	for _, it := range items {
		var scale checklist.Scale
		if err := json.Unmarshal([]byte(it.Scale), &scale); err != nil {
			return cl, fmt.Errorf("item %d scale: %w", it.ItemID, err)
		}
		byCat[it.CategoryID] = append(byCat[it.CategoryID], checklist.Item{ID: it.ItemID, Question: it.Question,
			Explanation: it.Explanation, Scale: scale, PhotoRequired: it.PhotoRequired, InapplicableAllowed: it.InapplicableAllowed})
	}
	for _, c := range cats {
		cl.Categories = append(cl.Categories, checklist.Category{ID: c.ID, Name: c.Name, Items: byCat[c.ID]})
	}
	return cl, nil
}

// Create stores a new check list and opens its first period.
func (r *CheckLists) Create(ctx context.Context, tn access.Tenant, cl checklist.CheckList, now time.Time) (int64, error) {
	row := checkListRowOf(cl)
	row.OrganizationID, row.Version, row.Timestamps = tn.Org(), 1, newTimestamps(now)
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("check_list_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create check list: %w", err)
	}
	cl.ID = row.CheckListID
	if err := r.saveContents(ctx, tn, cl, now); err != nil {
		return 0, err
	}
	_, err := r.db.conn(ctx).NewRaw(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		VALUES (?, ?, 1, ?, ?, ?)`, tn.Org(), cl.ID, civilDate{cl.First.From}, civilDate{cl.First.To}, cl.ItemCount()).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("open first period: %w", err)
	}
	return cl.ID, nil
}

// Update stores an edited check list read at version. Items keep their ids
// (answers point at them); removed items with answers are archived.
// Periods that have not ended take the new item count.
func (r *CheckLists) Update(ctx context.Context, tn access.Tenant, cl checklist.CheckList, version int64, today, now time.Time) error {
	row := checkListRowOf(cl)
	res, err := r.db.updateModelIn(ctx, tn, row).
		Column("name", "from_date", "to_date", "next_interval", "next_duration", "start_notification_time",
			"reminder_notification_time", "reminder_days_before", "available_improvement", "improvement_reminder_time",
			"improvement_reminder_days_before", "closing_day_rule", "business_days", "search_text").
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("?TableAlias.check_list_id = ? AND ?TableAlias.version = ? AND ?TableAlias.deleted_at IS NULL", cl.ID, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update check list %d: %w", cl.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := r.Get(ctx, tn, cl.ID); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	if err := r.saveContents(ctx, tn, cl, now); err != nil {
		return err
	}
	if _, err := r.db.updateIn(ctx, tn, "check_periods").Set("item_count = ?", cl.ItemCount()).
		Where("check_list_id = ? AND to_date >= ?", cl.ID, civilDate{today}).Exec(ctx); err != nil {
		return err
	}
	// The sheets' stored progress follows the new total (checklist.ProgressOf in SQL).
	total := cl.ItemCount()
	_, err = r.db.conn(ctx).NewRaw(`UPDATE check_sheets SET total_count = ?,
		progress = CASE WHEN answered_count = 0 THEN ? WHEN answered_count < ? THEN ? ELSE ? END
		WHERE organization_id = ? AND period_id IN (SELECT p.period_id FROM check_periods AS p
			WHERE p.organization_id = ? AND p.check_list_id = ? AND p.to_date >= ?)`,
		total, checklist.Unchecked, total, checklist.InProgress, checklist.Checked, tn.Org(), tn.Org(), cl.ID, civilDate{today}).Exec(ctx)
	return err
}

// ItemsBelong reports whether every item and category id names one of the
// list's own, so an edit can never move another list's item.
func (r *CheckLists) ItemsBelong(ctx context.Context, tn access.Tenant, listID int64, cl checklist.CheckList) (bool, error) {
	var itemIDs, catIDs []int64
	for _, c := range cl.Categories {
		if c.ID != 0 {
			catIDs = append(catIDs, c.ID)
		}
		for _, it := range c.Items {
			if it.ID != 0 {
				itemIDs = append(itemIDs, it.ID)
			}
		}
	}
	for _, set := range []struct {
		table, col string
		ids        []int64
	}{{"check_items", "item_id", itemIDs}, {"check_categories", "category_id", catIDs}} {
		if len(set.ids) == 0 {
			continue
		}
		n, err := r.db.selectIn(ctx, tn, set.table, "x").
			Where("x.check_list_id = ? AND x.? IN (?)", listID, bun.Ident(set.col), bun.In(set.ids)).Count(ctx)
		if err != nil {
			return false, err
		}
		if n != len(unique(set.ids)) {
			return false, nil
		}
	}
	return true, nil
}

// Delete hides a check list; its periods and answers stay for history.
func (r *CheckLists) Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error {
	res, err := r.db.updateIn(ctx, tn, "check_lists").Set("deleted_at = ?", now.UTC()).
		Where("check_list_id = ? AND deleted_at IS NULL", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete check list %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

// saveContents writes targets, categories and items of cl.
func (r *CheckLists) saveContents(ctx context.Context, tn access.Tenant, cl checklist.CheckList, now time.Time) error {
	q, org := r.db.conn(ctx), tn.Org()
	for _, t := range []struct {
		table, col string
		ids        []int64
	}{{"check_list_facilities", "facility_id", cl.TargetFacilityIDs}, {"check_list_users", "user_id", cl.TargetUserIDs}} {
		if _, err := r.db.deleteIn(ctx, tn, t.table).Where("check_list_id = ?", cl.ID).Exec(ctx); err != nil {
			return err
		}
		for _, id := range unique(t.ids) {
			if _, err := q.NewRaw("INSERT INTO ? (organization_id, check_list_id, ?) VALUES (?, ?, ?)",
				bun.Ident(t.table), bun.Ident(t.col), org, cl.ID, id).Exec(ctx); err != nil {
				return fmt.Errorf("save targets: %w", err)
			}
		}
	}
	keptCats, keptItems := []int64{0}, []int64{0}
	pos := 0
	for ci, c := range cl.Categories {
		catID := c.ID
		if catID == 0 {
			if err := q.NewRaw("INSERT INTO check_categories (organization_id, check_list_id, name, position) VALUES (?, ?, ?, ?) RETURNING category_id",
				org, cl.ID, c.Name, ci).Scan(ctx, &catID); err != nil {
				return fmt.Errorf("add category: %w", err)
			}
		} else if _, err := q.NewRaw("UPDATE check_categories SET name = ?, position = ? WHERE organization_id = ? AND category_id = ? AND check_list_id = ?",
			c.Name, ci, org, catID, cl.ID).Exec(ctx); err != nil {
			return fmt.Errorf("save category: %w", err)
		}
		keptCats = append(keptCats, catID)
		for _, it := range c.Items {
			scale, err := json.Marshal(it.Scale)
			if err != nil {
				return err
			}
			if it.ID == 0 {
				var id int64
				if err := q.NewRaw(`INSERT INTO check_items (organization_id, check_list_id, category_id, question, explanation, scale,
					photo_required, inapplicable_allowed, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING item_id`,
					org, cl.ID, catID, it.Question, it.Explanation, string(scale), it.PhotoRequired, it.InapplicableAllowed, pos).Scan(ctx, &id); err != nil {
					return fmt.Errorf("add item: %w", err)
				}
				keptItems = append(keptItems, id)
			} else {
				if _, err := q.NewRaw(`UPDATE check_items SET category_id = ?, question = ?, explanation = ?, scale = ?,
					photo_required = ?, inapplicable_allowed = ?, position = ?, archived_at = NULL
					WHERE organization_id = ? AND item_id = ? AND check_list_id = ?`,
					catID, it.Question, it.Explanation, string(scale), it.PhotoRequired, it.InapplicableAllowed, pos, org, it.ID, cl.ID).Exec(ctx); err != nil {
					return fmt.Errorf("save item: %w", err)
				}
				keptItems = append(keptItems, it.ID)
			}
			pos++
		}
	}
	// Removed items: archived when answered, deleted otherwise; removed
	// categories likewise (an archived category keeps position -1).
	answered := `EXISTS (SELECT 1 FROM check_answers AS a WHERE a.organization_id = check_items.organization_id AND a.item_id = check_items.item_id)`
	if _, err := q.NewRaw(`UPDATE check_items SET archived_at = ? WHERE organization_id = ? AND check_list_id = ? AND item_id NOT IN (?)
		AND archived_at IS NULL AND `+answered, now.UTC(), org, cl.ID, bun.In(keptItems)).Exec(ctx); err != nil {
		return err
	}
	if _, err := q.NewRaw(`DELETE FROM check_items WHERE organization_id = ? AND check_list_id = ? AND item_id NOT IN (?)
		AND NOT `+answered, org, cl.ID, bun.In(keptItems)).Exec(ctx); err != nil {
		return err
	}
	used := `EXISTS (SELECT 1 FROM check_items AS i WHERE i.organization_id = check_categories.organization_id AND i.category_id = check_categories.category_id)`
	if _, err := q.NewRaw(`UPDATE check_categories SET position = -1 WHERE organization_id = ? AND check_list_id = ? AND category_id NOT IN (?)
		AND `+used, org, cl.ID, bun.In(keptCats)).Exec(ctx); err != nil {
		return err
	}
	_, err := q.NewRaw(`DELETE FROM check_categories WHERE organization_id = ? AND check_list_id = ? AND category_id NOT IN (?)
		AND NOT `+used, org, cl.ID, bun.In(keptCats)).Exec(ctx)
	return err
}

func checkListRowOf(cl checklist.CheckList) *checkListRow {
	return &checkListRow{
		CheckListID: cl.ID, Name: cl.Name, FromDate: civilDate{cl.First.From}, ToDate: civilDate{cl.First.To},
		NextInterval: cl.Recurrence.Interval, NextDuration: cl.Recurrence.Unit,
		StartNotificationTime: cl.StartNotificationTime, ReminderNotificationTime: cl.ReminderNotificationTime,
		ReminderDaysBefore: cl.ReminderDaysBefore, AvailableImprovement: cl.AvailableImprovement,
		ImprovementReminderTime: cl.ImprovementReminderTime, ImprovementReminderDaysBefore: cl.ImprovementReminderDaysBefore,
		ClosingDayRule: cl.ClosingRuleOrDefault(), BusinessDays: cl.BusinessDays,
		SearchText: search.Text(cl.Name),
	}
}

func unique(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// TargetsExist reports whether every store and user id is the organization's.
func (r *CheckLists) TargetsExist(ctx context.Context, tn access.Tenant, facilityIDs, userIDs []int64) (bool, error) {
	for _, set := range []struct {
		table, col string
		ids        []int64
	}{{"facilities", "facility_id", facilityIDs}, {"users", "user_id", userIDs}} {
		ids := unique(set.ids)
		if len(ids) == 0 {
			continue
		}
		n, err := r.db.selectIn(ctx, tn, set.table, "x").Where("x.? IN (?)", bun.Ident(set.col), bun.In(ids)).Count(ctx)
		if err != nil {
			return false, err
		}
		if n != len(ids) {
			return false, nil
		}
	}
	return true, nil
}
