package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/report"
)

// ReportSource reads what the reports show, within the tenant's scope.
type ReportSource struct{ db *DB }

func NewReportSource(db *DB) *ReportSource { return &ReportSource{db: db} }

// GroupNames is every group's name by id.
func (r *ReportSource) GroupNames(ctx context.Context, tn access.Tenant) (map[int64]string, error) {
	return (&ExportSource{db: r.db}).GroupNames(ctx, tn)
}

// CheckListName is a list's name; not found when deleted or another
// organization's.
func (r *ReportSource) CheckListName(ctx context.Context, tn access.Tenant, id int64) (string, error) {
	var name string
	err := r.db.selectIn(ctx, tn.WholeOrganization(), "check_lists", "l").Column("l.name").
		Where("l.check_list_id = ? AND l.deleted_at IS NULL", id).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", failure.NotFound()
	}
	return name, err
}

// LatestPeriod is the list's latest period overlapping [from, to], with the
// one before it; ok is false when no period overlaps.
func (r *ReportSource) LatestPeriod(ctx context.Context, tn access.Tenant, listID int64, from, to time.Time) (cur report.Period, prev *report.Period, ok bool, err error) {
	var rows []struct {
		ID   int64     `bun:"period_id"`
		Seq  int       `bun:"seq"`
		From civilDate `bun:"from_date"`
		To   civilDate `bun:"to_date"`
	}
	err = r.db.selectIn(ctx, tn.WholeOrganization(), "check_periods", "p").ColumnExpr("p.period_id, p.seq, p.from_date, p.to_date").
		Where("p.check_list_id = ? AND p.seq <= (SELECT MAX(p2.seq) FROM check_periods AS p2 WHERE p2.organization_id = p.organization_id AND p2.check_list_id = p.check_list_id AND p2.from_date <= ? AND p2.to_date >= ?)",
			listID, civilDate{to}, civilDate{from}).
		OrderExpr("p.seq DESC").Limit(2).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return report.Period{}, nil, false, err
	}
	cur = report.Period{ID: rows[0].ID, From: rows[0].From.Time, To: rows[0].To.Time}
	if len(rows) == 2 && rows[1].Seq == rows[0].Seq-1 {
		prev = &report.Period{ID: rows[1].ID, From: rows[1].From.Time, To: rows[1].To.Time}
	}
	return cur, prev, true, nil
}

// Sheets is every sheet of the period the tenant may see, by store kana.
func (r *ReportSource) Sheets(ctx context.Context, tn access.Tenant, periodID int64) ([]report.SheetRow, error) {
	var rows []struct {
		FacilityID   int64  `bun:"facility_id"`
		FacilityName string `bun:"facility_name"`
		Path         string `bun:"path"`
		Score        int    `bun:"score"`
		Possible     int    `bun:"possible_score"`
		Answered     int    `bun:"answered_count"`
		Total        int    `bun:"total_count"`
		Submitted    bool   `bun:"submitted"`
	}
	q := r.db.selectIn(ctx, tn, "check_sheets", "s").
		Join("JOIN facilities AS f ON f.organization_id = s.organization_id AND f.facility_id = s.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
		ColumnExpr("s.facility_id, f.facility_name, g.path, s.score, s.possible_score, s.answered_count, s.total_count, s.submitted").
		Where("s.period_id = ?", periodID).OrderExpr("f.facility_name_kana, s.facility_id")
	if err := inScope(q, tn, "g.path").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("report sheets: %w", err)
	}
	out := make([]report.SheetRow, len(rows))
	for i, row := range rows {
		out[i] = report.SheetRow{FacilityID: row.FacilityID, FacilityName: row.FacilityName, GroupPath: row.Path,
			Score: row.Score, Possible: row.Possible, Answered: row.Answered, Total: row.Total, Submitted: row.Submitted}
	}
	return out, nil
}

// Answers is the stores' answers of the period with their photos (the
// thumbnails' keys), in the list's order, by store.
func (r *ReportSource) Answers(ctx context.Context, tn access.Tenant, periodID int64, facilityIDs []int64) (map[int64][]report.AnswerRow, error) {
	out := map[int64][]report.AnswerRow{}
	for batch := range slices.Chunk(facilityIDs, 500) {
		var rows []struct {
			AnswerID     int64  `bun:"answer_id"`
			FacilityID   int64  `bun:"facility_id"`
			ItemID       int64  `bun:"item_id"`
			Category     string `bun:"category_name"`
			Question     string `bun:"question"`
			Explanation  string `bun:"explanation"`
			Scale        string `bun:"scale"`
			Choice       string `bun:"choice"`
			Comment      string `bun:"comment"`
			Inapplicable bool   `bun:"inapplicable"`
		}
		err := r.db.selectIn(ctx, tn, "check_answers", "a").
			Join("JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id").
			Join("JOIN check_items AS i ON i.organization_id = a.organization_id AND i.item_id = a.item_id").
			Join("JOIN check_categories AS c ON c.organization_id = i.organization_id AND c.category_id = i.category_id").
			ColumnExpr("a.answer_id, s.facility_id, a.item_id, a.category_name, a.question, i.explanation, a.scale, a.choice, a.comment, a.inapplicable").
			Where("s.period_id = ? AND s.facility_id IN (?)", periodID, bun.In(batch)).
			OrderExpr("s.facility_id, c.position, i.position").Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("report answers: %w", err)
		}
		photos, err := r.answerPhotos(ctx, tn, periodID, batch)
		if err != nil {
			return nil, err
		}
		for _, row := range rows {
			var scale checklist.Scale
			if err := json.Unmarshal([]byte(row.Scale), &scale); err != nil {
				return nil, fmt.Errorf("answer %d scale: %w", row.AnswerID, err)
			}
			out[row.FacilityID] = append(out[row.FacilityID], report.AnswerRow{ItemID: row.ItemID, Category: row.Category,
				Question: row.Question, Explanation: row.Explanation, Scale: scale, Choice: row.Choice, Comment: row.Comment,
				Inapplicable: row.Inapplicable, Photos: photos[row.AnswerID]})
		}
	}
	return out, nil
}

func (r *ReportSource) answerPhotos(ctx context.Context, tn access.Tenant, periodID int64, facilityIDs []int64) (map[int64][]report.Photo, error) {
	var rows []struct {
		AnswerID int64  `bun:"answer_id"`
		PhotoID  int64  `bun:"photo_id"`
		Key      string `bun:"thumbnail_key"`
	}
	err := r.db.selectIn(ctx, tn, "check_answer_photos", "ap").
		Join("JOIN check_answers AS a ON a.organization_id = ap.organization_id AND a.answer_id = ap.answer_id").
		Join("JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id").
		Join("JOIN photos AS ph ON ph.organization_id = ap.organization_id AND ph.photo_id = ap.photo_id").
		ColumnExpr("ap.answer_id, ph.photo_id, ph.thumbnail_key").
		Where("s.period_id = ? AND s.facility_id IN (?)", periodID, bun.In(facilityIDs)).
		OrderExpr("ap.answer_id, ap.position").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("report photos: %w", err)
	}
	out := map[int64][]report.Photo{}
	for _, row := range rows {
		out[row.AnswerID] = append(out[row.AnswerID], report.Photo{ID: row.PhotoID, StorageKey: row.Key})
	}
	return out, nil
}

// Items is the list's items in its order, with their explanation.
func (r *ReportSource) Items(ctx context.Context, tn access.Tenant, listID int64) ([]report.AnswerRow, error) {
	var rows []struct {
		Category    string `bun:"name"`
		Question    string `bun:"question"`
		Explanation string `bun:"explanation"`
	}
	err := r.db.selectIn(ctx, tn.WholeOrganization(), "check_items", "i").
		Join("JOIN check_categories AS c ON c.organization_id = i.organization_id AND c.category_id = i.category_id").
		ColumnExpr("c.name, i.question, i.explanation").Where("i.check_list_id = ? AND i.archived_at IS NULL", listID).
		OrderExpr("c.position, i.position").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("report items: %w", err)
	}
	out := make([]report.AnswerRow, len(rows))
	for i, row := range rows {
		out[i] = report.AnswerRow{Category: row.Category, Question: row.Question, Explanation: row.Explanation}
	}
	return out, nil
}

// FacilityNames names the given stores the tenant may see (others are left
// out: the caller compares).
func (r *ReportSource) FacilityNames(ctx context.Context, tn access.Tenant, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for batch := range slices.Chunk(ids, 500) {
		var rows []struct {
			ID   int64  `bun:"facility_id"`
			Name string `bun:"facility_name"`
		}
		q := r.db.selectIn(ctx, tn, "facilities", "f").
			Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
			ColumnExpr("f.facility_id, f.facility_name").Where("f.facility_id IN (?)", bun.In(batch))
		if err := inScope(q, tn, "g.path").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("report stores: %w", err)
		}
		for _, row := range rows {
			out[row.ID] = row.Name
		}
	}
	return out, nil
}

// SurveyName is a survey's name; not found when deleted or another
// organization's.
func (r *ReportSource) SurveyName(ctx context.Context, tn access.Tenant, id int64) (string, error) {
	var name string
	err := r.db.selectIn(ctx, tn.WholeOrganization(), "surveys", "sv").Column("sv.name").
		Where("sv.survey_id = ? AND sv.deleted_at IS NULL", id).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", failure.NotFound()
	}
	return name, err
}

// Improvements is the improvement reports opened in [from, to] (Tokyo
// dates) at the stores, newest first, with when each was completed, the
// photo of the answer it came from and the photo of the store's latest reply.
func (r *ReportSource) Improvements(ctx context.Context, tn access.Tenant, facilityIDs []int64, from, to time.Time) ([]report.ImprovementRow, error) {
	var out []report.ImprovementRow
	for batch := range slices.Chunk(facilityIDs, 500) {
		var rows []struct {
			ID           int64      `bun:"improvement_id"`
			FacilityID   int64      `bun:"facility_id"`
			FacilityName string     `bun:"facility_name"`
			Path         string     `bun:"path"`
			Subject      string     `bun:"subject"`
			SourceKind   string     `bun:"source_kind"`
			Source       string     `bun:"source"`
			Status       string     `bun:"status"`
			DueDate      civilDate  `bun:"due_date"`
			CreatedAt    time.Time  `bun:"created_at"`
			CompletedAt  *time.Time `bun:"completed_at"`
			ReplyPhotoID *int64     `bun:"reply_photo_id"`
		}
		q := r.db.selectIn(ctx, tn, "improvements", "i").
			Join("JOIN facilities AS f ON f.organization_id = i.organization_id AND f.facility_id = i.facility_id").
			Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
			ColumnExpr("i.improvement_id, i.facility_id, f.facility_name, g.path, i.subject, i.source_kind, i.source, i.status, i.due_date, i.created_at").
			ColumnExpr(`(SELECT MAX(e.created_at) FROM improvement_events AS e WHERE e.organization_id = i.organization_id
				AND e.improvement_id = i.improvement_id AND e.kind = 'COMPLETED' AND i.status = 'COMPLETED') AS completed_at`).
			ColumnExpr(`(SELECT ep.photo_id FROM improvement_event_photos AS ep JOIN improvement_events AS e
				ON e.organization_id = ep.organization_id AND e.event_id = ep.event_id
				WHERE ep.organization_id = i.organization_id AND e.improvement_id = i.improvement_id AND e.kind = 'REPLY'
				ORDER BY e.seq DESC, ep.position LIMIT 1) AS reply_photo_id`).
			Where("i.facility_id IN (?) AND i.created_at >= ? AND i.created_at < ?", bun.In(batch), dayStart(from), report.DayAfter(to).UTC()).
			OrderExpr("i.created_at DESC, i.improvement_id DESC")
		if err := inScope(q, tn, "g.path").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("report improvements: %w", err)
		}
		photoIDs := map[int64]bool{}
		sources := make([][]int64, len(rows))
		for i, row := range rows {
			var src struct {
				PhotoIDs []int64 `json:"photoIds"`
			}
			_ = json.Unmarshal([]byte(row.Source), &src)
			sources[i] = src.PhotoIDs
			if len(src.PhotoIDs) > 0 {
				photoIDs[src.PhotoIDs[0]] = true
			}
			if row.ReplyPhotoID != nil {
				photoIDs[*row.ReplyPhotoID] = true
			}
		}
		keys, err := r.thumbnails(ctx, tn, photoIDs)
		if err != nil {
			return nil, err
		}
		photo := func(id int64) *report.Photo {
			if key, ok := keys[id]; ok {
				return &report.Photo{ID: id, StorageKey: key}
			}
			return nil
		}
		for i, row := range rows {
			ir := report.ImprovementRow{ID: row.ID, FacilityID: row.FacilityID, FacilityName: row.FacilityName, GroupPath: row.Path,
				Subject: row.Subject, SourceKind: row.SourceKind, Status: row.Status, DueDate: row.DueDate.Time,
				CreatedAt: row.CreatedAt, CompletedAt: row.CompletedAt}
			if len(sources[i]) > 0 {
				ir.SourcePhoto = photo(sources[i][0])
			}
			if row.ReplyPhotoID != nil {
				ir.ReplyPhoto = photo(*row.ReplyPhotoID)
			}
			out = append(out, ir)
		}
	}
	slices.SortStableFunc(out, func(a, b report.ImprovementRow) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// thumbnails is the thumbnail key of each photo of the tenant's.
func (r *ReportSource) thumbnails(ctx context.Context, tn access.Tenant, ids map[int64]bool) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	list := make([]int64, 0, len(ids))
	for id := range ids {
		list = append(list, id)
	}
	var rows []struct {
		ID  int64  `bun:"photo_id"`
		Key string `bun:"thumbnail_key"`
	}
	if err := r.db.selectIn(ctx, tn.WholeOrganization(), "photos", "ph").ColumnExpr("ph.photo_id, ph.thumbnail_key").
		Where("ph.photo_id IN (?)", bun.In(list)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("report thumbnails: %w", err)
	}
	for _, row := range rows {
		out[row.ID] = row.Key
	}
	return out, nil
}

// Periods is the list's periods overlapping [from, to], oldest first.
func (r *ReportSource) Periods(ctx context.Context, tn access.Tenant, listID int64, from, to time.Time) ([]report.Period, error) {
	var rows []struct {
		ID   int64     `bun:"period_id"`
		From civilDate `bun:"from_date"`
		To   civilDate `bun:"to_date"`
	}
	err := r.db.selectIn(ctx, tn.WholeOrganization(), "check_periods", "p").ColumnExpr("p.period_id, p.from_date, p.to_date").
		Where("p.check_list_id = ? AND p.from_date <= ? AND p.to_date >= ?", listID, civilDate{to}, civilDate{from}).
		OrderExpr("p.seq").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("report periods: %w", err)
	}
	out := make([]report.Period, len(rows))
	for i, row := range rows {
		out[i] = report.Period{ID: row.ID, From: row.From.Time, To: row.To.Time}
	}
	return out, nil
}

// AdvancedStores is the given stores the tenant may see that have the
// advanced report option, with their group's name and their tags.
func (r *ReportSource) AdvancedStores(ctx context.Context, tn access.Tenant, ids []int64) ([]report.AdvancedStore, error) {
	var out []report.AdvancedStore
	for batch := range slices.Chunk(ids, 500) {
		var rows []struct {
			ID    int64  `bun:"facility_id"`
			Name  string `bun:"facility_name"`
			Group string `bun:"group_name"`
		}
		q := r.db.selectIn(ctx, tn, "facilities", "f").
			Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
			ColumnExpr("f.facility_id, f.facility_name, g.group_name").
			Where("f.facility_id IN (?) AND f.available_advanced_report", bun.In(batch)).OrderExpr("f.facility_name_kana, f.facility_id")
		if err := inScope(q, tn, "g.path").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("report advanced stores: %w", err)
		}
		var tags []struct {
			ID    int64  `bun:"facility_id"`
			Label string `bun:"label"`
		}
		err := r.db.selectIn(ctx, tn, "facility_attribute_links", "l").
			Join("JOIN facility_attributes AS a ON a.organization_id = l.organization_id AND a.facility_attribute_id = l.facility_attribute_id").
			ColumnExpr("l.facility_id, a.label").Where("l.facility_id IN (?)", bun.In(batch)).OrderExpr("a.label").Scan(ctx, &tags)
		if err != nil {
			return nil, fmt.Errorf("report store tags: %w", err)
		}
		byStore := map[int64][]string{}
		for _, t := range tags {
			byStore[t.ID] = append(byStore[t.ID], t.Label)
		}
		for _, row := range rows {
			out = append(out, report.AdvancedStore{ID: row.ID, Name: row.Name, Group: row.Group, Tags: byStore[row.ID]})
		}
	}
	return out, nil
}

// SheetRates is the stores' scores in the periods.
func (r *ReportSource) SheetRates(ctx context.Context, tn access.Tenant, periodIDs, facilityIDs []int64) ([]report.SheetRate, error) {
	var out []report.SheetRate
	if len(periodIDs) == 0 {
		return out, nil
	}
	for batch := range slices.Chunk(facilityIDs, 500) {
		var rows []struct {
			PeriodID   int64 `bun:"period_id"`
			FacilityID int64 `bun:"facility_id"`
			Score      int   `bun:"score"`
			Possible   int   `bun:"possible_score"`
		}
		err := r.db.selectIn(ctx, tn, "check_sheets", "s").ColumnExpr("s.period_id, s.facility_id, s.score, s.possible_score").
			Where("s.period_id IN (?) AND s.facility_id IN (?)", bun.In(periodIDs), bun.In(batch)).Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("report sheet rates: %w", err)
		}
		for _, row := range rows {
			out = append(out, report.SheetRate{PeriodID: row.PeriodID, FacilityID: row.FacilityID, Score: row.Score, Possible: row.Possible})
		}
	}
	return out, nil
}

// ItemTotals sums the stores' answered scores per period and item
// (inapplicable and unanswered items count in neither sum).
func (r *ReportSource) ItemTotals(ctx context.Context, tn access.Tenant, periodIDs, facilityIDs []int64) ([]report.ItemTotal, error) {
	sums := map[[2]int64]*report.ItemTotal{}
	if len(periodIDs) == 0 {
		return nil, nil
	}
	for batch := range slices.Chunk(facilityIDs, 500) {
		var rows []struct {
			PeriodID int64 `bun:"period_id"`
			ItemID   int64 `bun:"item_id"`
			Score    int   `bun:"score"`
			Answered int   `bun:"answered"`
		}
		err := r.db.selectIn(ctx, tn, "check_answers", "a").
			Join("JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id").
			ColumnExpr("s.period_id, a.item_id, COALESCE(SUM(a.check_score), 0) AS score, COUNT(*) AS answered").
			Where("s.period_id IN (?) AND s.facility_id IN (?)", bun.In(periodIDs), bun.In(batch)).
			Where("NOT a.inapplicable AND a.choice <> '' AND a.check_score IS NOT NULL").
			GroupExpr("s.period_id, a.item_id").Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("report item totals: %w", err)
		}
		for _, row := range rows {
			k := [2]int64{row.PeriodID, row.ItemID}
			t := sums[k]
			if t == nil {
				t = &report.ItemTotal{PeriodID: row.PeriodID, ItemID: row.ItemID}
				sums[k] = t
			}
			t.Score += row.Score
			t.Answered += row.Answered
		}
	}
	out := make([]report.ItemTotal, 0, len(sums))
	for _, t := range sums {
		out = append(out, *t)
	}
	return out, nil
}

// ItemScales is every item of the list (archived ones too: older answers
// name them) with its category and best score, and the categories in order.
func (r *ReportSource) ItemScales(ctx context.Context, tn access.Tenant, listID int64) (map[int64]report.ItemScale, []string, error) {
	var rows []struct {
		ItemID   int64  `bun:"item_id"`
		Category string `bun:"name"`
		Scale    string `bun:"scale"`
	}
	err := r.db.selectIn(ctx, tn.WholeOrganization(), "check_items", "i").
		Join("JOIN check_categories AS c ON c.organization_id = i.organization_id AND c.category_id = i.category_id").
		ColumnExpr("i.item_id, c.name, i.scale").Where("i.check_list_id = ?", listID).
		OrderExpr("c.position, i.position").Scan(ctx, &rows)
	if err != nil {
		return nil, nil, fmt.Errorf("report item scales: %w", err)
	}
	out := map[int64]report.ItemScale{}
	var categories []string
	for _, row := range rows {
		var scale checklist.Scale
		if err := json.Unmarshal([]byte(row.Scale), &scale); err != nil || len(scale) == 0 {
			continue
		}
		out[row.ItemID] = report.ItemScale{Category: row.Category, Max: scale.Max()}
		if !slices.Contains(categories, row.Category) {
			categories = append(categories, row.Category)
		}
	}
	return out, categories, nil
}
