package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
	"github.com/rouder/console/internal/domain/survey"
)

type surveyRow struct {
	bun.BaseModel `bun:"table:surveys"`

	SurveyID                      int64      `bun:"survey_id,pk,autoincrement"`
	OrganizationID                int64      `bun:"organization_id,notnull"`
	Name                          string     `bun:"name,notnull"`
	Title                         string     `bun:"title,notnull"`
	Description                   string     `bun:"description,notnull"`
	TermsOfService                string     `bun:"terms_of_service,notnull"`
	IconData                      string     `bun:"icon_data,notnull"`
	IconMediaType                 string     `bun:"icon_media_type,notnull"`
	RewardType                    string     `bun:"reward_type,notnull"`
	RewardImageData               string     `bun:"reward_image_data,notnull"`
	RewardImageMediaType          string     `bun:"reward_image_media_type,notnull"`
	RewardLinkName                string     `bun:"reward_link_name,notnull"`
	RewardURL                     string     `bun:"reward_url,notnull"`
	FromDate                      civilDate  `bun:"from_date,type:date,notnull"`
	ToDate                        *civilDate `bun:"to_date,type:date"`
	AnswerLimit                   string     `bun:"answer_limit,notnull"`
	AnswerLimitDays               int        `bun:"answer_limit_days,notnull"`
	AnswerLimitRange              string     `bun:"answer_limit_range,notnull"`
	AvailableImprovement          bool       `bun:"available_improvement,notnull"`
	ImprovementReminderTime       string     `bun:"improvement_reminder_time,notnull"`
	ImprovementReminderDaysBefore int        `bun:"improvement_reminder_days_before,notnull"`
	SearchText                    string     `bun:"search_text,notnull"`
	Version                       int64      `bun:"version,notnull"`
	DeletedAt                     *time.Time `bun:"deleted_at"`
	Timestamps
}

var surveyEditableColumns = []string{"name", "title", "description", "terms_of_service", "icon_data", "icon_media_type",
	"reward_type", "reward_image_data", "reward_image_media_type", "reward_link_name", "reward_url", "from_date", "to_date",
	"answer_limit", "answer_limit_days", "answer_limit_range", "available_improvement", "improvement_reminder_time",
	"improvement_reminder_days_before", "search_text"}

// Surveys is the survey repository: masters, target stores with their
// keys, and the public side's reads and writes.
type Surveys struct{ db *DB }

func NewSurveys(db *DB) *Surveys { return &Surveys{db: db} }

// List returns a page of the organization's surveys, newest first.
func (r *Surveys) List(ctx context.Context, tn access.Tenant, searchText string, p paging.Request) (paging.Page[survey.Summary], error) {
	p = p.Normalize()
	filter := func() *bun.SelectQuery {
		return matchesAll(r.db.selectIn(ctx, tn, "surveys", "s").Where("s.deleted_at IS NULL"), "s.search_text", searchText)
	}
	total, err := filter().Count(ctx)
	if err != nil {
		return paging.Page[survey.Summary]{}, fmt.Errorf("count surveys: %w", err)
	}
	var rows []struct {
		ID         int64      `bun:"survey_id"`
		Name       string     `bun:"name"`
		Title      string     `bun:"title"`
		From       civilDate  `bun:"from_date"`
		To         *civilDate `bun:"to_date"`
		Facilities int        `bun:"facilities"`
		Answers    int        `bun:"answers"`
		Version    int64      `bun:"version"`
	}
	err = filter().
		ColumnExpr("s.survey_id, s.name, s.title, s.from_date, s.to_date, s.version").
		ColumnExpr("(SELECT COUNT(*) FROM survey_facilities AS t WHERE t.organization_id = s.organization_id AND t.survey_id = s.survey_id) AS facilities").
		ColumnExpr("(SELECT COUNT(*) FROM survey_answers AS a WHERE a.organization_id = s.organization_id AND a.survey_id = s.survey_id) AS answers").
		OrderExpr("s.survey_id DESC").Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows)
	if err != nil {
		return paging.Page[survey.Summary]{}, fmt.Errorf("list surveys: %w", err)
	}
	items := make([]survey.Summary, len(rows))
	for i, row := range rows {
		items[i] = survey.Summary{ID: row.ID, Name: row.Name, Title: row.Title,
			Period: survey.Period{From: row.From.Time, To: timeOf(row.To)}, Facilities: row.Facilities, Answers: row.Answers, Version: row.Version}
	}
	return paging.Page[survey.Summary]{Items: items, Total: total, Request: p}, nil
}

// Get returns one survey with its targets, categories and current questions.
func (r *Surveys) Get(ctx context.Context, tn access.Tenant, id int64) (survey.Survey, error) {
	var row surveyRow
	err := r.db.selectModelIn(ctx, tn, &row).
		Where("?TableAlias.survey_id = ? AND ?TableAlias.deleted_at IS NULL", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return survey.Survey{}, failure.NotFound()
	}
	if err != nil {
		return survey.Survey{}, fmt.Errorf("read survey %d: %w", id, err)
	}
	return r.contents(ctx, tn, row)
}

func surveyOf(row surveyRow) survey.Survey {
	return survey.Survey{
		ID: row.SurveyID, OrganizationID: row.OrganizationID, Name: row.Name, Title: row.Title,
		Description: row.Description, TermsOfService: row.TermsOfService, IconData: row.IconData,
		IconMediaType: row.IconMediaType, RewardType: row.RewardType, RewardImageData: row.RewardImageData,
		RewardImageMediaType: row.RewardImageMediaType, RewardLinkName: row.RewardLinkName, RewardURL: row.RewardURL,
		Period:      survey.Period{From: row.FromDate.Time, To: timeOf(row.ToDate)},
		AnswerLimit: row.AnswerLimit, AnswerLimitDays: row.AnswerLimitDays, AnswerLimitRange: row.AnswerLimitRange,
		AvailableImprovement: row.AvailableImprovement, ImprovementReminderTime: row.ImprovementReminderTime,
		ImprovementReminderDaysBefore: row.ImprovementReminderDaysBefore, Version: row.Version,
	}
}

func (r *Surveys) contents(ctx context.Context, tn access.Tenant, row surveyRow) (survey.Survey, error) {
	s := surveyOf(row)
	id := row.SurveyID
	if err := r.db.selectIn(ctx, tn, "survey_facilities", "t").ColumnExpr("t.facility_id").Where("t.survey_id = ?", id).
		OrderExpr("t.facility_id").Scan(ctx, &s.TargetFacilityIDs); err != nil {
		return s, fmt.Errorf("read targets: %w", err)
	}
	var cats []struct {
		ID   int64  `bun:"category_id"`
		Type string `bun:"category_type"`
		Name string `bun:"name"`
	}
	if err := r.db.selectIn(ctx, tn, "survey_categories", "c").ColumnExpr("c.category_id, c.category_type, c.name").
		Where("c.survey_id = ? AND c.position >= 0", id).OrderExpr("c.position").Scan(ctx, &cats); err != nil {
		return s, fmt.Errorf("read categories: %w", err)
	}
	var qs []struct {
		ID         int64  `bun:"question_id"`
		CategoryID int64  `bun:"category_id"`
		Type       string `bun:"question_type"`
		Text       string `bun:"text"`
		Required   bool   `bun:"required"`
		Choices    string `bun:"choices"`
	}
	if err := r.db.selectIn(ctx, tn, "survey_questions", "q").
		ColumnExpr("q.question_id, q.category_id, q.question_type, q.text, q.required, q.choices").
		Where("q.survey_id = ? AND q.archived_at IS NULL", id).OrderExpr("q.position").Scan(ctx, &qs); err != nil {
		return s, fmt.Errorf("read questions: %w", err)
	}
	byCat := map[int64][]survey.Question{}
	for _, x := range qs {
		var choices []string
		if err := json.Unmarshal([]byte(x.Choices), &choices); err != nil {
			return s, fmt.Errorf("question %d choices: %w", x.ID, err)
		}
		byCat[x.CategoryID] = append(byCat[x.CategoryID], survey.Question{ID: x.ID, Type: x.Type, Text: x.Text, Required: x.Required, Choices: choices})
	}
	for _, c := range cats {
		s.Categories = append(s.Categories, survey.Category{ID: c.ID, Type: c.Type, Name: c.Name, Questions: byCat[c.ID]})
	}
	return s, nil
}

// Create stores a new survey; each target store gets its key.
func (r *Surveys) Create(ctx context.Context, tn access.Tenant, s survey.Survey, now time.Time) (int64, error) {
	row := surveyRowOf(s)
	row.OrganizationID, row.Version, row.Timestamps = tn.Org(), 1, newTimestamps(now)
	if _, err := r.db.conn(ctx).NewInsert().Model(row).Returning("survey_id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("create survey: %w", err)
	}
	s.ID = row.SurveyID
	return s.ID, r.saveContents(ctx, tn, s, now)
}

// Update stores an edited survey read at version. Questions keep their ids
// (answers point at them); removed ones with answers are archived; kept
// stores keep their keys.
func (r *Surveys) Update(ctx context.Context, tn access.Tenant, s survey.Survey, version int64, now time.Time) error {
	row := surveyRowOf(s)
	res, err := r.db.updateModelIn(ctx, tn, row).Column(surveyEditableColumns...).
		Set("version = version + 1").Set("updated_at = ?", now.UTC()).
		Where("?TableAlias.survey_id = ? AND ?TableAlias.version = ? AND ?TableAlias.deleted_at IS NULL", s.ID, version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update survey %d: %w", s.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := r.Get(ctx, tn, s.ID); err != nil {
			return err
		}
		return failure.Conflict("")
	}
	return r.saveContents(ctx, tn, s, now)
}

// Delete hides a survey: its links stop answering, its answers stay.
func (r *Surveys) Delete(ctx context.Context, tn access.Tenant, id int64, now time.Time) error {
	res, err := r.db.updateIn(ctx, tn, "surveys").Set("deleted_at = ?", now.UTC()).
		Where("survey_id = ? AND deleted_at IS NULL", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete survey %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.NotFound()
	}
	return nil
}

// QuestionsBelong reports whether every question and category id names one
// of the survey's own.
func (r *Surveys) QuestionsBelong(ctx context.Context, tn access.Tenant, surveyID int64, s survey.Survey) (bool, error) {
	var qIDs, cIDs []int64
	for _, c := range s.Categories {
		if c.ID != 0 {
			cIDs = append(cIDs, c.ID)
		}
		for _, q := range c.Questions {
			if q.ID != 0 {
				qIDs = append(qIDs, q.ID)
			}
		}
	}
	for _, set := range []struct {
		table, col string
		ids        []int64
	}{{"survey_questions", "question_id", qIDs}, {"survey_categories", "category_id", cIDs}} {
		ids := unique(set.ids)
		if len(ids) != len(set.ids) {
			return false, nil
		}
		if len(ids) == 0 {
			continue
		}
		n, err := r.db.selectIn(ctx, tn, set.table, "x").
			Where("x.survey_id = ? AND x.? IN (?)", surveyID, bun.Ident(set.col), bun.In(ids)).Count(ctx)
		if err != nil {
			return false, err
		}
		if n != len(ids) {
			return false, nil
		}
	}
	return true, nil
}

// FacilitiesExist reports whether every store id is the organization's.
func (r *Surveys) FacilitiesExist(ctx context.Context, tn access.Tenant, ids []int64) (bool, error) {
	ids = unique(ids)
	if len(ids) == 0 {
		return true, nil
	}
	n, err := r.db.selectIn(ctx, tn, "facilities", "f").Where("f.facility_id IN (?)", bun.In(ids)).Count(ctx)
	return n == len(ids), err
}

func (r *Surveys) saveContents(ctx context.Context, tn access.Tenant, s survey.Survey, now time.Time) error {
	q, org := r.db.conn(ctx), tn.Org()
	targets := unique(s.TargetFacilityIDs)
	keep := append([]int64{0}, targets...)
	if _, err := r.db.deleteIn(ctx, tn, "survey_facilities").
		Where("survey_id = ? AND facility_id NOT IN (?)", s.ID, bun.In(keep)).Exec(ctx); err != nil {
		return fmt.Errorf("remove targets: %w", err)
	}
	for _, fid := range targets {
		if _, err := q.NewRaw(`INSERT INTO survey_facilities (organization_id, survey_id, facility_id, survey_key) VALUES (?, ?, ?, ?)
			ON CONFLICT (survey_id, facility_id) DO NOTHING`, org, s.ID, fid, survey.NewKey()).Exec(ctx); err != nil {
			return fmt.Errorf("save targets: %w", err)
		}
	}
	keptCats, keptQs := []int64{0}, []int64{0}
	pos := 0
	for ci, c := range s.Categories {
		catID := c.ID
		if catID == 0 {
			if err := q.NewRaw(`INSERT INTO survey_categories (organization_id, survey_id, category_type, name, position)
				VALUES (?, ?, ?, ?, ?) RETURNING category_id`, org, s.ID, c.Type, c.Name, ci).Scan(ctx, &catID); err != nil {
				return fmt.Errorf("add category: %w", err)
			}
		} else if _, err := q.NewRaw(`UPDATE survey_categories SET category_type = ?, name = ?, position = ?
			WHERE organization_id = ? AND category_id = ? AND survey_id = ?`, c.Type, c.Name, ci, org, catID, s.ID).Exec(ctx); err != nil {
			return fmt.Errorf("save category: %w", err)
		}
		keptCats = append(keptCats, catID)
		for _, qu := range c.Questions {
			choices := qu.Choices
			if choices == nil {
				choices = []string{}
			}
			cj, err := json.Marshal(choices)
			if err != nil {
				return err
			}
			id := qu.ID
			if id == 0 {
				if err := q.NewRaw(`INSERT INTO survey_questions (organization_id, survey_id, category_id, question_type, text, required, choices, position)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING question_id`, org, s.ID, catID, qu.Type, qu.Text, qu.Required, string(cj), pos).Scan(ctx, &id); err != nil {
					return fmt.Errorf("add question: %w", err)
				}
			} else if _, err := q.NewRaw(`UPDATE survey_questions SET category_id = ?, question_type = ?, text = ?, required = ?, choices = ?,
				position = ?, archived_at = NULL WHERE organization_id = ? AND question_id = ? AND survey_id = ?`,
				catID, qu.Type, qu.Text, qu.Required, string(cj), pos, org, id, s.ID).Exec(ctx); err != nil {
				return fmt.Errorf("save question: %w", err)
			}
			keptQs = append(keptQs, id)
			pos++
		}
	}
	// Removed questions are archived, never deleted: answers name them, and
	// an answer checked against the page a customer still has open may
	// arrive just after the edit (it is stored against the archived question).
	if _, err := q.NewRaw(`UPDATE survey_questions SET archived_at = ?
		WHERE organization_id = ? AND survey_id = ? AND question_id NOT IN (?) AND archived_at IS NULL`,
		now.UTC(), org, s.ID, bun.In(keptQs)).Exec(ctx); err != nil {
		return err
	}
	used := `EXISTS (SELECT 1 FROM survey_questions AS x WHERE x.organization_id = survey_categories.organization_id
		AND x.category_id = survey_categories.category_id)`
	if _, err := q.NewRaw(`UPDATE survey_categories SET position = -1 WHERE organization_id = ? AND survey_id = ? AND category_id NOT IN (?)
		AND `+used, org, s.ID, bun.In(keptCats)).Exec(ctx); err != nil {
		return err
	}
	_, err := q.NewRaw(`DELETE FROM survey_categories WHERE organization_id = ? AND survey_id = ? AND category_id NOT IN (?)
		AND NOT `+used, org, s.ID, bun.In(keptCats)).Exec(ctx)
	return err
}

func surveyRowOf(s survey.Survey) *surveyRow {
	return &surveyRow{
		SurveyID: s.ID, Name: s.Name, Title: s.Title, Description: s.Description, TermsOfService: s.TermsOfService,
		IconData: s.IconData, IconMediaType: s.IconMediaType, RewardType: s.RewardType, RewardImageData: s.RewardImageData,
		RewardImageMediaType: s.RewardImageMediaType, RewardLinkName: s.RewardLinkName, RewardURL: s.RewardURL,
		FromDate: *dateOf(&s.Period.From), ToDate: dateOf(s.Period.To), AnswerLimit: s.AnswerLimit,
		AnswerLimitDays: s.AnswerLimitDays, AnswerLimitRange: s.AnswerLimitRange, AvailableImprovement: s.AvailableImprovement,
		ImprovementReminderTime: s.ImprovementReminderTime, ImprovementReminderDaysBefore: s.ImprovementReminderDaysBefore,
		SearchText: search.Text(s.Name + " " + s.Title),
	}
}

// Links lists the survey's target stores with their keys, in kana order.
func (r *Surveys) Links(ctx context.Context, tn access.Tenant, surveyID int64) ([]survey.Link, error) {
	if _, err := r.Get(ctx, tn, surveyID); err != nil {
		return nil, err
	}
	var rows []struct {
		FacilityID   int64  `bun:"facility_id"`
		FacilityName string `bun:"facility_name"`
		Key          string `bun:"survey_key"`
	}
	err := r.db.selectIn(ctx, tn, "survey_facilities", "t").
		ColumnExpr("t.facility_id, f.facility_name, t.survey_key").
		Join("JOIN facilities AS f ON f.organization_id = t.organization_id AND f.facility_id = t.facility_id").
		Where("t.survey_id = ?", surveyID).
		OrderExpr("f.facility_name_kana, f.facility_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	out := make([]survey.Link, len(rows))
	for i, x := range rows {
		out[i] = survey.Link{FacilityID: x.FacilityID, FacilityName: x.FacilityName, Key: x.Key}
	}
	return out, nil
}

type surveyTargetRow struct {
	surveyRow
	TFacilityID     int64      `bun:"t_facility_id"`
	TFacilityName   string     `bun:"t_facility_name"`
	OAvailable      bool       `bun:"o_available_survey"`
	TStamp          string     `bun:"t_stamp"`
	OSurveyStartsAt *civilDate `bun:"o_survey_start_date"`
}

// ByKey returns the survey and store a public key names, with the
// organization's survey option, in two queries (the public page's hot
// path); an unknown key, a deleted survey or a store no longer targeted is
// not found. The key is the secret that names the organization, so the
// lookup spans organizations; what follows runs in the one it found.
func (r *Surveys) ByKey(ctx context.Context, key string) (survey.Target, error) {
	var row surveyTargetRow
	err := r.db.conn(ctx).NewSelect().Comment(AllTenants).Model(&row).ModelTableExpr("surveys AS s").ColumnExpr("s.*").
		ColumnExpr("t.facility_id AS t_facility_id, f.facility_name AS t_facility_name").
		ColumnExpr("o.available_survey AS o_available_survey, o.survey_start_date AS o_survey_start_date").
		ColumnExpr(targetStamp+" AS t_stamp").
		Join("JOIN survey_facilities AS t ON t.organization_id = s.organization_id AND t.survey_id = s.survey_id").
		Join("JOIN facilities AS f ON f.facility_id = t.facility_id AND f.organization_id = s.organization_id").
		Join("JOIN organizations AS o ON o.organization_id = s.organization_id").
		Where("t.survey_key = ? AND s.deleted_at IS NULL", key).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return survey.Target{}, failure.NotFound()
	}
	if err != nil {
		return survey.Target{}, fmt.Errorf("read survey by key: %w", err)
	}
	s, err := r.questions(ctx, access.TrustedTenant(row.OrganizationID), row.surveyRow)
	return survey.Target{Survey: s, Link: survey.Link{FacilityID: row.TFacilityID, FacilityName: row.TFacilityName, Key: key},
		OrgAvailable: row.OAvailable, OrgSurveyStarts: timeOf(row.OSurveyStartsAt), Stamp: row.TStamp}, err
}

// questions is the survey's master row with its categories and current
// questions, read in one query (no targets).
func (r *Surveys) questions(ctx context.Context, tn access.Tenant, row surveyRow) (survey.Survey, error) {
	s := surveyOf(row)
	var rows []struct {
		CategoryID   int64   `bun:"category_id"`
		CategoryType string  `bun:"category_type"`
		Name         string  `bun:"name"`
		QuestionID   *int64  `bun:"question_id"`
		Type         *string `bun:"question_type"`
		Text         *string `bun:"text"`
		Required     *bool   `bun:"required"`
		Choices      *string `bun:"choices"`
	}
	err := r.db.selectIn(ctx, tn, "survey_categories", "c").
		ColumnExpr("c.category_id, c.category_type, c.name, q.question_id, q.question_type, q.text, q.required, q.choices").
		Join("LEFT JOIN survey_questions AS q ON q.organization_id = c.organization_id AND q.category_id = c.category_id AND q.archived_at IS NULL").
		Where("c.survey_id = ? AND c.position >= 0", row.SurveyID).OrderExpr("c.position, q.position").Scan(ctx, &rows)
	if err != nil {
		return s, fmt.Errorf("read questions: %w", err)
	}
	for _, x := range rows {
		if n := len(s.Categories); n == 0 || s.Categories[n-1].ID != x.CategoryID {
			s.Categories = append(s.Categories, survey.Category{ID: x.CategoryID, Type: x.CategoryType, Name: x.Name})
		}
		if x.QuestionID == nil {
			continue
		}
		var choices []string
		if err := json.Unmarshal([]byte(*x.Choices), &choices); err != nil {
			return s, fmt.Errorf("question %d choices: %w", *x.QuestionID, err)
		}
		c := &s.Categories[len(s.Categories)-1]
		c.Questions = append(c.Questions, survey.Question{ID: *x.QuestionID, Type: *x.Type, Text: *x.Text, Required: *x.Required, Choices: choices})
	}
	return s, nil
}

// AnswerID is the stored submission its idempotency key names, or 0.
func (r *Surveys) AnswerID(ctx context.Context, tn access.Tenant, surveyID int64, idempotencyKey string) (int64, error) {
	var id int64
	err := r.db.selectIn(ctx, tn, "survey_answers", "a").ColumnExpr("a.answer_id").
		Where("a.survey_id = ? AND a.idempotency_key = ?", surveyID, idempotencyKey).Limit(1).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// SeenAll returns, in one query, per query in order: the answer its
// idempotency key already stored, when its browser last answered (at the
// store, when a facility is given), its link's current stamp (targetStamp)
// and the organization's improvement report option.
func (r *Surveys) SeenAll(ctx context.Context, tn access.Tenant, qs []survey.SeenQuery) ([]survey.Seen, error) {
	seen := make([]survey.Seen, len(qs))
	if len(qs) == 0 {
		return seen, nil
	}
	var rows []seenRow
	var err error
	if r.db.Dialect == Postgres {
		var asked []byte
		if asked, err = seenJSON(qs); err == nil {
			err = r.db.queryPrepared(ctx, seenPrepared, &rows, string(asked), tn.Org())
		}
	} else {
		args := make([]any, 0, 6*len(qs))
		for i, q := range qs {
			args = append(args, i, q.SurveyID, q.IdempotencyKey, q.BrowserToken, q.FacilityID, q.Key)
		}
		rows, err = queryRows[seenRow](ctx, r.db, seenRows, args, tn.Org())
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("seen answers: %w", err)
	}
	for _, x := range rows {
		if x.N < 0 || x.N >= len(seen) {
			continue
		}
		s := &seen[x.N]
		s.AnswerID, s.LastAnswer = x.AnswerID, x.At
		if x.Stamp != nil {
			s.Stamp = *x.Stamp
		}
		s.Improvements = survey.OrgImprovements{Available: x.Improvement, DueDays: x.DueDays}
	}
	return seen, nil
}

// seenSQL is SeenAll's query over the queries' rows (n, survey_id,
// idempotency_key, browser_token, facility_id, survey_key) from asked, for
// the organization org (a placeholder): one row per query. Each lookup is
// one probe per query, by the one index that names what it looks for — the
// idempotency key's unique index (led by the key), the browser's index, the
// link's unique key — so neither planner can choose another whatever its
// statistics say. Correlated subqueries read the queries first; the unary
// plus keeps the organization's and the survey's columns from being index
// keys. Without that, PostgreSQL, planning while the answers' table was
// small (a prepared plan outlives the statistics it was made with), read,
// hashed and probed every answer of the organization for each batch, a cost
// that grew with the organization's answers.
func seenSQL(asked, org string) string {
	return `WITH x (n, survey_id, idempotency_key, browser_token, facility_id, survey_key) AS (` + asked + `)
		SELECT x.n,
			COALESCE((SELECT k.answer_id FROM survey_answers AS k
				WHERE k.idempotency_key = x.idempotency_key AND +k.survey_id = x.survey_id AND +k.organization_id = o.organization_id), 0) AS answer_id,
			(SELECT l.answered_at FROM survey_answers AS l
				WHERE l.survey_id = x.survey_id AND l.browser_token = x.browser_token AND +l.organization_id = o.organization_id
					AND (x.facility_id IS NULL OR l.facility_id = x.facility_id)
				ORDER BY l.answered_at DESC LIMIT 1) AS answered_at,
			(SELECT ` + targetStamp + ` FROM survey_facilities AS t JOIN surveys AS s ON s.survey_id = t.survey_id
				WHERE t.survey_key = x.survey_key AND +t.organization_id = o.organization_id
					AND +s.organization_id = o.organization_id AND s.deleted_at IS NULL) AS stamp,
			o.available_improvement, o.improvement_due_days
		FROM x CROSS JOIN organizations AS o
		WHERE o.organization_id = ` + org
}

// seenPrepared is seenSQL on PostgreSQL: the queries as JSON ($1), the
// organization $2.
var seenPrepared = prepare(seenSQL(`SELECT * FROM json_to_recordset(CAST($1 AS JSON)) AS q (n INTEGER, survey_id BIGINT,
	idempotency_key TEXT, browser_token TEXT, facility_id BIGINT, survey_key TEXT)`, "CAST($2 AS BIGINT)"))

// seenRows is seenSQL on SQLite: the queries' rows, then the organization.
var seenRows = prepareRows(6, func(values string) string { return seenSQL(values, "?") })

// seenRow is SeenAll's row for one query: the answer its idempotency key
// stored (0 if none), its browser's last answer, its link's stamp (nil if
// the link is gone) and the organization's improvement report option.
type seenRow struct {
	N           int        `bun:"n"`
	AnswerID    int64      `bun:"answer_id"`
	At          *time.Time `bun:"answered_at"`
	Stamp       *string    `bun:"stamp"`
	Improvement bool       `bun:"available_improvement"`
	DueDays     int        `bun:"improvement_due_days"`
}

// seenJSON is SeenAll's queries as seenPrepared's JSON rows.
func seenJSON(qs []survey.SeenQuery) ([]byte, error) {
	type queryJSON struct {
		N              int    `json:"n"`
		SurveyID       int64  `json:"survey_id"`
		IdempotencyKey string `json:"idempotency_key"`
		BrowserToken   string `json:"browser_token"`
		FacilityID     *int64 `json:"facility_id"`
		SurveyKey      string `json:"survey_key"`
	}
	rows := make([]queryJSON, len(qs))
	for i, q := range qs {
		rows[i] = queryJSON{N: i, SurveyID: q.SurveyID, IdempotencyKey: q.IdempotencyKey, BrowserToken: q.BrowserToken, FacilityID: q.FacilityID, SurveyKey: q.Key}
	}
	return json.Marshal(rows)
}

// targetStamp is survey.Target's stamp as SQL over surveys s and
// organizations o: their versions and the organization's survey options
// (which a system administrator's SQL could change without a version).
const targetStamp = `(CAST(s.version AS TEXT) || ':' || CAST(o.version AS TEXT) || ':' || CAST(o.available_survey AS TEXT) || ':' || COALESCE(CAST(o.survey_start_date AS TEXT), ''))`

// LastAnswer is when the browser last answered the survey (at the store,
// when facilityID is given), or nil: SeenAll's answer to that alone.
func (r *Surveys) LastAnswer(ctx context.Context, tn access.Tenant, surveyID int64, browserToken string, facilityID *int64) (*time.Time, error) {
	seen, err := r.SeenAll(ctx, tn, []survey.SeenQuery{{SurveyID: surveyID, BrowserToken: browserToken, FacilityID: facilityID}})
	if err != nil {
		return nil, fmt.Errorf("last answer: %w", err)
	}
	return seen[0].LastAnswer, nil
}

type surveyValueRow struct {
	bun.BaseModel `bun:"table:survey_answer_values"`

	ValueID        int64     `bun:"value_id,pk,autoincrement"`
	OrganizationID int64     `bun:"organization_id,notnull"`
	AnswerID       int64     `bun:"answer_id,notnull"`
	SurveyID       int64     `bun:"survey_id,notnull"`
	FacilityID     int64     `bun:"facility_id,notnull"`
	AnsweredDate   civilDate `bun:"answered_date,type:date,notnull"`
	QuestionID     int64     `bun:"question_id,notnull"`
	QuestionType   string    `bun:"question_type,notnull"`
	Choice         string    `bun:"choice,notnull"`
	Score          *int      `bun:"score"`
	Text           string    `bun:"text,notnull"`
	SearchText     string    `bun:"search_text,notnull"`
}

// AddAnswer stores a submission and its values (AddAnswers).
func (r *Surveys) AddAnswer(ctx context.Context, tn access.Tenant, sub survey.Submission) (id int64, created bool, err error) {
	stored, err := r.AddAnswers(ctx, tn, []survey.Submission{sub})
	if err != nil {
		return 0, false, err
	}
	return stored[0].ID, stored[0].Created, nil
}

// AddAnswers stores submissions and their values, and returns, per
// submission in order, its answer's id. A submission whose idempotency key
// is stored already (a double tap racing the first) stores nothing and
// returns the first one's id, not created. The submissions' idempotency
// keys must differ. One statement on PostgreSQL, two on SQLite (which has
// no data-modifying WITH).
func (r *Surveys) AddAnswers(ctx context.Context, tn access.Tenant, subs []survey.Submission) ([]survey.StoredAnswer, error) {
	if len(subs) == 0 {
		return nil, nil
	}
	var rows []storedAnswerRow
	var err error
	if r.db.Dialect == Postgres {
		rows, err = r.addAnswersWithValues(ctx, tn, subs)
	} else {
		args := make([]any, 0, 9*len(subs))
		for _, sub := range subs {
			args = append(args, tn.Org(), sub.SurveyID, sub.FacilityID, sub.AnsweredAt.UTC(), answeredDate(sub), sub.NPSScore,
				sub.IdempotencyKey, sub.BrowserToken, mailAddress(sub))
		}
		rows, err = queryRows[storedAnswerRow](ctx, r.db, answerRows, args)
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("add answers: %w", err)
	}
	stored := make([]survey.StoredAnswer, len(subs))
	ids := make(map[answerKey]int64, len(rows))
	for _, x := range rows {
		ids[answerKey{x.SurveyID, x.IdempotencyKey}] = x.AnswerID
	}
	var values []any
	for i, sub := range subs {
		id, ok := ids[answerKey{sub.SurveyID, sub.IdempotencyKey}]
		if !ok { // a double tap from elsewhere stored it first
			if id, err = r.AnswerID(ctx, tn, sub.SurveyID, sub.IdempotencyKey); err != nil {
				return nil, err
			}
		}
		stored[i] = survey.StoredAnswer{ID: id, Created: ok}
		if ok && r.db.Dialect != Postgres {
			for _, v := range valueRows(tn, id, sub) {
				values = append(values, v.OrganizationID, v.AnswerID, v.SurveyID, v.FacilityID, v.AnsweredDate, v.QuestionID, v.QuestionType,
					v.Choice, v.Score, v.Text, v.SearchText)
			}
		}
	}
	if _, err := queryRows[struct{}](ctx, r.db, valueRowsSQLite, values); err != nil {
		return nil, fmt.Errorf("add answer values: %w", err)
	}
	return stored, nil
}

// answerRows and valueRowsSQLite are AddAnswers on SQLite: the answers
// (answerColumns; a repeated idempotency key stores nothing), then the
// values of those stored, value ids in the submissions' order (as the
// export reads them).
var (
	answerRows = prepareRows(9, func(values string) string {
		return `INSERT INTO survey_answers (` + answerColumns + `) ` + values + `
			ON CONFLICT (survey_id, idempotency_key) DO NOTHING RETURNING answer_id, survey_id, idempotency_key`
	})
	valueRowsSQLite = prepareRows(11, func(values string) string {
		return `INSERT INTO survey_answer_values (organization_id, answer_id, survey_id, facility_id, answered_date,
			question_id, question_type, choice, score, text, search_text) ` + values
	})
)

// answerColumns are the columns an answer is stored with, in both
// dialects' inserts.
const answerColumns = `organization_id, survey_id, facility_id, answered_at, answered_date, nps_score, idempotency_key, browser_token, mail_address`

// storedAnswerRow is what the answers' insert returns per stored answer.
type storedAnswerRow struct {
	AnswerID       int64  `bun:"answer_id"`
	SurveyID       int64  `bun:"survey_id"`
	IdempotencyKey string `bun:"idempotency_key"`
}

// answerKey names a submission: its survey and idempotency key.
type answerKey struct {
	surveyID int64
	key      string
}

// mailAddress is a submission's mail address as stored: none without consent.
func mailAddress(sub survey.Submission) *string {
	if sub.MailAddress == "" {
		return nil
	}
	return &sub.MailAddress
}

// answeredDate is the Tokyo day a submission was answered on.
func answeredDate(sub survey.Submission) civilDate {
	return civilDate{survey.TokyoDate(sub.AnsweredAt)}
}

// valueRows are the rows of a submission's values, of answer answerID.
func valueRows(tn access.Tenant, answerID int64, sub survey.Submission) []surveyValueRow {
	rows := make([]surveyValueRow, len(sub.Values))
	for i, v := range sub.Values {
		rows[i] = surveyValueRow{OrganizationID: tn.Org(), AnswerID: answerID, SurveyID: sub.SurveyID, FacilityID: sub.FacilityID, AnsweredDate: answeredDate(sub),
			QuestionID: v.QuestionID, QuestionType: v.QuestionType, Choice: v.Choice, Score: v.Score, Text: v.Text, SearchText: search.Text(v.Text)}
	}
	return rows
}

// addAnswersWithValues is AddAnswers on PostgreSQL, one statement: the
// answers and, for each one stored, its values (valueRows), taking the
// answer's id from the insert by the submission's survey and idempotency
// key. The rows travel as two JSON arguments, so the statement's text, and
// its parsing and planning, is the same for one answer as for a batch.
func (r *Surveys) addAnswersWithValues(ctx context.Context, tn access.Tenant, subs []survey.Submission) ([]storedAnswerRow, error) {
	type answerJSON struct {
		SurveyID       int64     `json:"survey_id"`
		FacilityID     int64     `json:"facility_id"`
		AnsweredAt     time.Time `json:"answered_at"`
		AnsweredDate   string    `json:"answered_date"`
		NPSScore       *int      `json:"nps_score"`
		IdempotencyKey string    `json:"idempotency_key"`
		BrowserToken   string    `json:"browser_token"`
		MailAddress    *string   `json:"mail_address"`
	}
	type valueJSON struct {
		Ord            int    `json:"ord"`
		SurveyID       int64  `json:"survey_id"`
		IdempotencyKey string `json:"idempotency_key"`
		QuestionID     int64  `json:"question_id"`
		QuestionType   string `json:"question_type"`
		Choice         string `json:"choice"`
		Score          *int   `json:"score"`
		Text           string `json:"text"`
		SearchText     string `json:"search_text"`
	}
	answers := make([]answerJSON, len(subs))
	var values []valueJSON
	for i, sub := range subs {
		answers[i] = answerJSON{SurveyID: sub.SurveyID, FacilityID: sub.FacilityID, AnsweredAt: sub.AnsweredAt.UTC().Truncate(time.Microsecond), // as Bun writes it: JSON's would be rounded
			AnsweredDate: answeredDate(sub).Format(time.DateOnly), NPSScore: sub.NPSScore, IdempotencyKey: sub.IdempotencyKey,
			BrowserToken: sub.BrowserToken, MailAddress: mailAddress(sub)}
		for _, v := range valueRows(tn, 0, sub) { // the answer's id comes from the insert
			values = append(values, valueJSON{Ord: len(values), SurveyID: sub.SurveyID, IdempotencyKey: sub.IdempotencyKey, QuestionID: v.QuestionID,
				QuestionType: v.QuestionType, Choice: v.Choice, Score: v.Score, Text: v.Text, SearchText: v.SearchText})
		}
	}
	answersJSON, err := json.Marshal(answers)
	if err != nil {
		return nil, err
	}
	valuesJSON, err := json.Marshal(values)
	if err != nil {
		return nil, err
	}
	var rows []storedAnswerRow
	err = r.db.queryPrepared(ctx, answersPrepared, &rows, tn.Org(), string(answersJSON), string(valuesJSON))
	return rows, err
}

// answersPrepared stores answers ($2, JSON) and the values of those stored
// ($3, JSON) for organization $1 (addAnswersWithValues).
var answersPrepared = prepare(`WITH a AS (INSERT INTO survey_answers (` + answerColumns + `)
		SELECT CAST($1 AS BIGINT), x.survey_id, x.facility_id, x.answered_at, x.answered_date, x.nps_score, x.idempotency_key,
			x.browser_token, x.mail_address
		FROM json_to_recordset(CAST($2 AS JSON)) AS x (survey_id BIGINT, facility_id BIGINT, answered_at TIMESTAMPTZ,
			answered_date DATE, nps_score INTEGER, idempotency_key TEXT, browser_token TEXT, mail_address TEXT)
		ON CONFLICT (survey_id, idempotency_key) DO NOTHING RETURNING answer_id, survey_id, idempotency_key, facility_id, answered_date),
	v AS (INSERT INTO survey_answer_values (organization_id, answer_id, survey_id, facility_id, answered_date,
		question_id, question_type, choice, score, text, search_text)
		SELECT CAST($1 AS BIGINT), a.answer_id, a.survey_id, a.facility_id, a.answered_date,
			y.question_id, y.question_type, y.choice, y.score, y.text, y.search_text
		FROM json_to_recordset(CAST($3 AS JSON)) AS y (ord INTEGER, survey_id BIGINT, idempotency_key TEXT,
			question_id BIGINT, question_type TEXT, choice TEXT, score INTEGER, text TEXT, search_text TEXT)
		JOIN a ON a.survey_id = y.survey_id AND a.idempotency_key = y.idempotency_key
		ORDER BY y.ord) -- value ids in the submissions' order, as the export reads them
	SELECT answer_id, survey_id, idempotency_key FROM a`)

// Names lists the organization's surveys (not deleted), newest first.
func (r *Surveys) Names(ctx context.Context, tn access.Tenant) ([]survey.Summary, error) {
	var rows []struct {
		ID   int64  `bun:"survey_id"`
		Name string `bun:"name"`
	}
	if err := r.db.selectIn(ctx, tn, "surveys", "s").ColumnExpr("s.survey_id, s.name").
		Where("s.deleted_at IS NULL").OrderExpr("s.survey_id DESC").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("survey names: %w", err)
	}
	out := make([]survey.Summary, len(rows))
	for i, x := range rows {
		out[i] = survey.Summary{ID: x.ID, Name: x.Name}
	}
	return out, nil
}

// browserLock is the advisory lock that makes concurrent submissions of one
// browser to one survey wait for each other until the transaction ends, so
// the answer limit cannot be passed twice by parallel requests (AdmitAll).
// SQLite runs one writer at a time anyway.
func browserLock(surveyID int64, browserToken string) int64 {
	h := fnv.New64a()
	_, _ = fmt.Fprintf(h, "survey-browser:%d:%s", surveyID, browserToken)
	return int64(h.Sum64())
}

// AdmitAll opens submissions inside their transaction: it counts one hit
// per admission for its rate key in a window (as Throttle.Hit) and returns,
// per admission in order, its count (the first of a key's admissions
// counts as the key's next hit, the second as the one after), and takes
// each browser's lock (browserLock). The counts' rows are taken first and
// the locks after, each in a fixed order, so concurrent batches (and other
// instances) wait for each other rather than deadlock. The counts commit
// with the answers; a submission refused after its transaction rolled back
// must be counted on its own.
func (r *Surveys) AdmitAll(ctx context.Context, as []survey.Admission, now time.Time, window time.Duration) ([]int, error) {
	if len(as) == 0 {
		return nil, nil
	}
	events := map[string]int{}
	for _, a := range as {
		events[a.RateKey]++
	}
	keys := slices.Sorted(maps.Keys(events))
	counts := make([]int, len(keys))
	for i, k := range keys {
		counts[i] = events[k]
	}
	var rows []hitRow
	var err error
	if r.db.Dialect == Postgres {
		now = now.UTC().Truncate(time.Microsecond)
		err = r.db.queryPrepared(ctx, admitPrepared, &rows, keys, counts, now, now.Add(-window))
	} else {
		args := make([]any, 0, 3*len(keys))
		for i, k := range keys {
			args = append(args, k, counts[i], now)
		}
		since := now.Add(-window)
		rows, err = queryRows[hitRow](ctx, r.db, admitRows, args, since, since)
	}
	if err != nil {
		return nil, fmt.Errorf("admit answers: %w", err)
	}
	total := make(map[string]int, len(rows))
	for _, x := range rows {
		total[x.Key] = x.Failures
	}
	out := make([]int, len(as))
	for i, a := range as { // the key's count before this batch, then one more per admission
		out[i] = total[a.RateKey] - events[a.RateKey] + 1
		events[a.RateKey]--
	}
	if r.db.Dialect != Postgres {
		return out, nil
	}
	locks := make([]int64, 0, len(as))
	for _, a := range as {
		locks = append(locks, browserLock(a.SurveyID, a.BrowserToken))
	}
	slices.Sort(locks)
	if err := r.db.queryPrepared(ctx, lockPrepared, nil, slices.Compact(locks)); err != nil {
		return nil, fmt.Errorf("lock browsers: %w", err)
	}
	return out, nil
}

// admitPrepared counts events ($2) for rate keys ($1, sorted: their rows
// are taken in that order) in windows started at $3 unless one started
// after $4 (hitsSQL, for PostgreSQL).
var admitPrepared = prepare(throttleUpsert(`SELECT k.key, k.n, CAST($3 AS TIMESTAMPTZ)
	FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS INTEGER[])) AS k (key, n)`, "CAST($4 AS TIMESTAMPTZ)") + ` RETURNING throttle_key, failures`)

// admitRows is admitPrepared on SQLite: the keys' rows (key, events, the
// window's start), then the earliest window start that goes on, twice.
var admitRows = prepareRows(3, func(values string) string {
	return throttleUpsert(values, "?") + ` RETURNING throttle_key, failures`
})

// hitRow is a rate key's count after AdmitAll's hits.
type hitRow struct {
	Key      string `bun:"throttle_key"`
	Failures int    `bun:"failures"`
}

// lockPrepared takes browsers' locks ($1, sorted: taken in that order).
var lockPrepared = prepare(`SELECT pg_advisory_xact_lock(k) FROM unnest(CAST($1 AS BIGINT[])) AS k`)
