package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/failure"
)

// ExportSource reads the rows of the history exports in batches: short
// statements one after another, never one long cursor, so memory stays
// flat whatever the size, and SQLite's single connection stays free for
// the progress writes and everyone else between batches.
type ExportSource struct {
	db    *DB
	batch int // sheets (check results) or answers and operations per statement
}

func NewExportSource(db *DB) *ExportSource { return &ExportSource{db: db, batch: 500} }

// GroupNames is every group's name by id, to spell the group paths.
func (r *ExportSource) GroupNames(ctx context.Context, tn access.Tenant) (map[int64]string, error) {
	var rows []struct {
		ID   int64  `bun:"group_id"`
		Name string `bun:"group_name"`
	}
	if err := r.db.selectIn(ctx, tn.WholeOrganization(), "org_groups", "g").ColumnExpr("g.group_id, g.group_name").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("group names: %w", err)
	}
	out := make(map[int64]string, len(rows))
	for _, row := range rows {
		out[row.ID] = row.Name
	}
	return out, nil
}

// storeFilters applies the request's group and store tag filters and the
// tenant's scope to a query with facilities f and groups g joined.
func storeFilters(q *bun.SelectQuery, tn access.Tenant, req export.Request) *bun.SelectQuery {
	q = inScope(q, tn, "g.path")
	if req.GroupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.organization_id = f.organization_id AND sg.group_id = ?) || '%'", *req.GroupID)
	}
	if req.FacilityTagID != nil {
		q = q.Where(`EXISTS (SELECT 1 FROM facility_attribute_links AS fl
			WHERE fl.organization_id = f.organization_id AND fl.facility_id = f.facility_id AND fl.facility_attribute_id = ?)`, *req.FacilityTagID)
	}
	return q
}

// sheets is the check sheets of the request: periods overlapping the
// requested dates, of lists not deleted, with at least one answer; with
// onlyLatestHistory only each store's latest such period per list.
func (r *ExportSource) sheets(ctx context.Context, tn access.Tenant, req export.Request) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "check_sheets", "s").
		Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
		Join("JOIN check_lists AS l ON l.organization_id = s.organization_id AND l.check_list_id = p.check_list_id").
		Join("JOIN facilities AS f ON f.organization_id = s.organization_id AND f.facility_id = s.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
		Where("l.deleted_at IS NULL AND s.answered_count > 0").
		Where("p.from_date <= ? AND p.to_date >= ?", civilDate{req.To}, civilDate{req.From})
	if req.CheckListID != nil {
		q = q.Where("p.check_list_id = ?", *req.CheckListID)
	}
	if req.OnlyLatest {
		q = q.Where(`NOT EXISTS (SELECT 1 FROM check_sheets AS s2
			JOIN check_periods AS p2 ON p2.organization_id = s2.organization_id AND p2.period_id = s2.period_id
			WHERE s2.organization_id = s.organization_id AND s2.facility_id = s.facility_id AND p2.check_list_id = p.check_list_id
			AND s2.answered_count > 0 AND p2.seq > p.seq AND p2.from_date <= ? AND p2.to_date >= ?)`, civilDate{req.To}, civilDate{req.From})
	}
	return storeFilters(q, tn, req)
}

func (r *ExportSource) CountCheckResults(ctx context.Context, tn access.Tenant, req export.Request) (int, error) {
	var n int
	err := r.db.selectIn(ctx, tn, "check_answers", "a").ColumnExpr("COUNT(*)").
		Where("a.sheet_id IN (?)", r.sheets(ctx, tn, req).Column("s.sheet_id")).Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("count check results: %w", err)
	}
	return n, nil
}

// sheetIDs is the request's sheets in the order the sheet lists them:
// group, store, list, period. Ids only: 20,000 sheets is 160 kB.
func (r *ExportSource) sheetIDs(ctx context.Context, tn access.Tenant, req export.Request) ([]int64, error) {
	var ids []int64
	err := r.sheets(ctx, tn, req).Column("s.sheet_id").
		OrderExpr("g.path, f.facility_name_kana, f.facility_id, l.name, l.check_list_id, p.seq").Scan(ctx, &ids)
	if err != nil {
		return nil, fmt.Errorf("export sheets: %w", err)
	}
	return ids, nil
}

type checkResultRow struct {
	SheetID        int64               `bun:"sheet_id"`
	AnswerID       int64               `bun:"answer_id"`
	FacilityID     int64               `bun:"facility_id"`
	GroupPath      string              `bun:"path"`
	FacilityName   string              `bun:"facility_name"`
	ExternalDataID string              `bun:"external_data_id"`
	CheckListName  string              `bun:"list_name"`
	PeriodFrom     civilDate           `bun:"from_date"`
	PeriodTo       civilDate           `bun:"to_date"`
	Category       string              `bun:"category_name"`
	Question       string              `bun:"question"`
	Choice         string              `bun:"choice"`
	Score          *int                `bun:"check_score"`
	Inapplicable   bool                `bun:"inapplicable"`
	Comment        string              `bun:"comment"`
	PhotoCount     int                 `bun:"photo_count"`
	InputDate      sql.Null[civilDate] `bun:"input_date"`
	Submitted      bool                `bun:"submitted"`
	UserName       string              `bun:"user_name"`
}

func (r *ExportSource) EachCheckResult(ctx context.Context, tn access.Tenant, req export.Request, fn func(export.CheckResultRow) error) error {
	ids, err := r.sheetIDs(ctx, tn, req)
	if err != nil {
		return err
	}
	for batch := range slices.Chunk(ids, r.batch) {
		var rows []checkResultRow
		err := r.db.selectIn(ctx, tn, "check_answers", "a").
			Join("JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id").
			Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
			Join("JOIN check_lists AS l ON l.organization_id = s.organization_id AND l.check_list_id = p.check_list_id").
			Join("JOIN facilities AS f ON f.organization_id = s.organization_id AND f.facility_id = s.facility_id").
			Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
			Join("JOIN check_items AS i ON i.organization_id = a.organization_id AND i.item_id = a.item_id").
			Join("JOIN check_categories AS c ON c.organization_id = i.organization_id AND c.category_id = i.category_id").
			Join("LEFT JOIN users AS u ON u.organization_id = s.organization_id AND u.user_id = s.submitted_by").
			ColumnExpr(`s.sheet_id, a.answer_id, s.facility_id, g.path, f.facility_name, f.external_data_id, l.name AS list_name,
				p.from_date, p.to_date, a.category_name, a.question, a.choice, a.check_score, a.inapplicable, a.comment,
				(SELECT COUNT(*) FROM check_answer_photos AS ap WHERE ap.organization_id = a.organization_id AND ap.answer_id = a.answer_id) AS photo_count,
				a.input_date, s.submitted, COALESCE(u.last_name || ' ' || u.first_name, '') AS user_name`).
			Where("a.sheet_id IN (?)", bun.In(batch)).
			OrderExpr("a.sheet_id, c.position, i.position, a.answer_id").Scan(ctx, &rows)
		if err != nil {
			return fmt.Errorf("export check results: %w", err)
		}
		bySheet := make(map[int64][]checkResultRow, len(batch))
		for _, row := range rows {
			bySheet[row.SheetID] = append(bySheet[row.SheetID], row)
		}
		for _, id := range batch {
			for _, row := range bySheet[id] {
				out := export.CheckResultRow{AnswerID: row.AnswerID, FacilityID: row.FacilityID, GroupPath: row.GroupPath,
					FacilityName: row.FacilityName, ExternalDataID: row.ExternalDataID, CheckListName: row.CheckListName,
					PeriodFrom: row.PeriodFrom.Time, PeriodTo: row.PeriodTo.Time, Category: row.Category, Question: row.Question,
					Choice: row.Choice, Score: row.Score, Inapplicable: row.Inapplicable, Comment: row.Comment,
					PhotoCount: row.PhotoCount, Submitted: row.Submitted, UserName: row.UserName}
				if row.InputDate.Valid {
					d := row.InputDate.V.Time
					out.InputDate = &d
				}
				if err := fn(out); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

type photoRow struct {
	SheetID      int64               `bun:"sheet_id"`
	StorageKey   string              `bun:"storage_key"`
	ContentType  string              `bun:"content_type"`
	FacilityName string              `bun:"facility_name"`
	InputDate    sql.Null[civilDate] `bun:"input_date"`
	PeriodFrom   civilDate           `bun:"from_date"`
	ListName     string              `bun:"list_name"`
	Position     int                 `bun:"position"`
	Question     string              `bun:"question"`
}

// EachCheckPhoto is the photos of the exported answers, in the sheet's order.
func (r *ExportSource) EachCheckPhoto(ctx context.Context, tn access.Tenant, req export.Request, fn func(export.Photo) error) error {
	ids, err := r.sheetIDs(ctx, tn, req)
	if err != nil {
		return err
	}
	for batch := range slices.Chunk(ids, r.batch) {
		var rows []photoRow
		err := r.db.selectIn(ctx, tn, "check_answer_photos", "ap").
			Join("JOIN check_answers AS a ON a.organization_id = ap.organization_id AND a.answer_id = ap.answer_id").
			Join("JOIN photos AS ph ON ph.organization_id = ap.organization_id AND ph.photo_id = ap.photo_id").
			Join("JOIN check_sheets AS s ON s.organization_id = a.organization_id AND s.sheet_id = a.sheet_id").
			Join("JOIN check_periods AS p ON p.organization_id = s.organization_id AND p.period_id = s.period_id").
			Join("JOIN check_lists AS l ON l.organization_id = s.organization_id AND l.check_list_id = p.check_list_id").
			Join("JOIN facilities AS f ON f.organization_id = s.organization_id AND f.facility_id = s.facility_id").
			Join("JOIN check_items AS i ON i.organization_id = a.organization_id AND i.item_id = a.item_id").
			ColumnExpr(`s.sheet_id, ph.storage_key, ph.content_type, f.facility_name, a.input_date, p.from_date,
				l.name AS list_name, i.position, a.question`).
			Where("a.sheet_id IN (?)", bun.In(batch)).
			OrderExpr("a.sheet_id, i.position, ap.position").Scan(ctx, &rows)
		if err != nil {
			return fmt.Errorf("export check photos: %w", err)
		}
		order := make(map[int64]int, len(batch))
		for i, id := range batch {
			order[id] = i
		}
		slices.SortStableFunc(rows, func(a, b photoRow) int { return order[a.SheetID] - order[b.SheetID] })
		for _, row := range rows {
			date := row.PeriodFrom.Time
			if row.InputDate.Valid {
				date = row.InputDate.V.Time
			}
			label := fmt.Sprintf("%s_%02d_%s", row.ListName, row.Position+1, row.Question)
			if err := fn(export.Photo{StorageKey: row.StorageKey, ContentType: row.ContentType,
				FacilityName: row.FacilityName, Date: date, Label: label}); err != nil {
				return err
			}
		}
	}
	return nil
}

// SurveyQuestions is the survey's questions in its order (archived ones
// last, so answers given before an edit keep their column).
func (r *ExportSource) SurveyQuestions(ctx context.Context, tn access.Tenant, surveyID int64) ([]export.SurveyQuestion, error) {
	n, err := r.db.selectIn(ctx, tn.WholeOrganization(), "surveys", "sv").Where("sv.survey_id = ? AND sv.deleted_at IS NULL", surveyID).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("export survey: %w", err)
	}
	if n == 0 {
		return nil, failure.WithMessage(failure.KindNotFound, export.MsgSurveyGone)
	}
	var rows []struct {
		ID   int64  `bun:"question_id"`
		Text string `bun:"text"`
	}
	err = r.db.selectIn(ctx, tn.WholeOrganization(), "survey_questions", "q").
		Join("JOIN survey_categories AS c ON c.organization_id = q.organization_id AND c.category_id = q.category_id").
		ColumnExpr("q.question_id, q.text").Where("q.survey_id = ?", surveyID).
		OrderExpr("CASE WHEN q.archived_at IS NULL THEN 0 ELSE 1 END, c.position, q.position, q.question_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("export survey questions: %w", err)
	}
	out := make([]export.SurveyQuestion, len(rows))
	for i, row := range rows {
		out[i] = export.SurveyQuestion{ID: row.ID, Text: row.Text}
	}
	return out, nil
}

func (r *ExportSource) surveyAnswers(ctx context.Context, tn access.Tenant, req export.Request) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "survey_answers", "a").
		Join("JOIN facilities AS f ON f.organization_id = a.organization_id AND f.facility_id = a.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id").
		Where("a.survey_id = ? AND a.answered_date >= ? AND a.answered_date <= ?", *req.SurveyID, civilDate{req.From}, civilDate{req.To})
	return storeFilters(q, tn, req)
}

func (r *ExportSource) CountSurveyAnswers(ctx context.Context, tn access.Tenant, req export.Request) (int, error) {
	n, err := r.surveyAnswers(ctx, tn, req).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count survey answers: %w", err)
	}
	return n, nil
}

func (r *ExportSource) EachSurveyAnswer(ctx context.Context, tn access.Tenant, req export.Request, fn func(export.SurveyAnswerRow) error) error {
	var last int64
	for {
		var answers []struct {
			AnswerID       int64     `bun:"answer_id"`
			AnsweredAt     time.Time `bun:"answered_at"`
			GroupPath      string    `bun:"path"`
			FacilityName   string    `bun:"facility_name"`
			ExternalDataID string    `bun:"external_data_id"`
			NPSScore       *int      `bun:"nps_score"`
			MailAddress    *string   `bun:"mail_address"`
		}
		err := r.surveyAnswers(ctx, tn, req).
			ColumnExpr("a.answer_id, a.answered_at, g.path, f.facility_name, f.external_data_id, a.nps_score, a.mail_address").
			Where("a.answer_id > ?", last).OrderExpr("a.answer_id").Limit(r.batch).Scan(ctx, &answers)
		if err != nil {
			return fmt.Errorf("export survey answers: %w", err)
		}
		if len(answers) == 0 {
			return nil
		}
		ids := make([]int64, len(answers))
		for i, a := range answers {
			ids[i] = a.AnswerID
		}
		var values []struct {
			AnswerID   int64  `bun:"answer_id"`
			QuestionID int64  `bun:"question_id"`
			Choice     string `bun:"choice"`
			Score      *int   `bun:"score"`
			Text       string `bun:"text"`
		}
		err = r.db.selectIn(ctx, tn, "survey_answer_values", "v").
			ColumnExpr("v.answer_id, v.question_id, v.choice, v.score, v.text").
			Where("v.answer_id IN (?)", bun.In(ids)).OrderExpr("v.answer_id, v.value_id").Scan(ctx, &values)
		if err != nil {
			return fmt.Errorf("export survey values: %w", err)
		}
		byAnswer := make(map[int64]map[int64][]string, len(answers))
		for _, v := range values {
			m := byAnswer[v.AnswerID]
			if m == nil {
				m = map[int64][]string{}
				byAnswer[v.AnswerID] = m
			}
			m[v.QuestionID] = append(m[v.QuestionID], valueText(v.Choice, v.Score, v.Text))
		}
		for _, a := range answers {
			row := export.SurveyAnswerRow{AnswerID: a.AnswerID, AnsweredAt: a.AnsweredAt, GroupPath: a.GroupPath,
				FacilityName: a.FacilityName, ExternalDataID: a.ExternalDataID, NPSScore: a.NPSScore, Values: byAnswer[a.AnswerID]}
			if a.MailAddress != nil {
				row.MailAddress = *a.MailAddress
			}
			if err := fn(row); err != nil {
				return err
			}
		}
		last = answers[len(answers)-1].AnswerID
	}
}

// valueText is one answered value as a cell shows it: the written text,
// the chosen choice, or the score.
func valueText(choice string, score *int, text string) string {
	switch {
	case text != "":
		return text
	case choice != "":
		return choice
	case score != nil:
		return fmt.Sprint(*score)
	}
	return ""
}

func (r *ExportSource) operations(ctx context.Context, tn access.Tenant, req export.Request) *bun.SelectQuery {
	return r.db.selectIn(ctx, tn.WholeOrganization(), "operation_history", "h").
		Where("h.created_at >= ? AND h.created_at < ?", dayStart(req.From), export.DayEnd(req.To, clock.Tokyo).UTC())
}

func (r *ExportSource) CountOperations(ctx context.Context, tn access.Tenant, req export.Request) (int, error) {
	n, err := r.operations(ctx, tn, req).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count operations: %w", err)
	}
	return n, nil
}

func (r *ExportSource) EachOperation(ctx context.Context, tn access.Tenant, req export.Request, fn func(export.OperationRow) error) error {
	var last int64
	for {
		var rows []operationRow
		err := r.operations(ctx, tn, req).ColumnExpr("h.*").Where("h.history_id > ?", last).
			OrderExpr("h.history_id").Limit(r.batch).Scan(ctx, &rows)
		if err != nil {
			return fmt.Errorf("export operations: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		for _, row := range rows {
			if err := fn(export.OperationRow{At: row.CreatedAt, UserAccount: row.UserAccount, Operation: row.Operation,
				TargetType: row.TargetType, TargetID: row.TargetID, Detail: row.Detail, IPAddress: row.IPAddress}); err != nil {
				return err
			}
		}
		last = rows[len(rows)-1].HistoryID
	}
}

// MissingFilters names the request's filters that are not the tenant's:
// another organization's group, tag, list or survey is refused by name,
// as if it did not exist.
func (r *ExportSource) MissingFilters(ctx context.Context, tn access.Tenant, req export.Request) (map[string]string, error) {
	whole := tn.WholeOrganization()
	checks := []struct {
		id      *int64
		field   string
		message string
		query   func(id int64) *bun.SelectQuery
	}{
		{req.GroupID, "groupId", export.MsgNoGroup, func(id int64) *bun.SelectQuery {
			return r.db.selectIn(ctx, whole, "org_groups", "g").Where("g.group_id = ?", id)
		}},
		{req.FacilityTagID, "facilityAttributeId", export.MsgNoTag, func(id int64) *bun.SelectQuery {
			return r.db.selectIn(ctx, whole, "facility_attributes", "t").Where("t.facility_attribute_id = ?", id)
		}},
		{req.CheckListID, "checkListMasterId", export.MsgNoCheckList, func(id int64) *bun.SelectQuery {
			return r.db.selectIn(ctx, whole, "check_lists", "l").Where("l.check_list_id = ? AND l.deleted_at IS NULL", id)
		}},
		{req.SurveyID, "surveyId", export.MsgNoSurvey, func(id int64) *bun.SelectQuery {
			return r.db.selectIn(ctx, whole, "surveys", "sv").Where("sv.survey_id = ? AND sv.deleted_at IS NULL", id)
		}},
	}
	missing := map[string]string{}
	for _, c := range checks {
		if c.id == nil {
			continue
		}
		n, err := c.query(*c.id).Count(ctx)
		if err != nil {
			return nil, fmt.Errorf("export filter %s: %w", c.field, err)
		}
		if n == 0 {
			missing[c.field] = c.message
		}
	}
	return missing, nil
}
