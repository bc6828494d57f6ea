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

// Checks stores the answering side: periods, sheets and answers, and the
// status list read from the sheets' counts.
type Checks struct{ db *DB }

func NewChecks(db *DB) *Checks { return &Checks{db: db} }

// Open lists the checks a store can answer today: periods running today of
// live check lists that target it.
func (r *Checks) Open(ctx context.Context, tn access.Tenant, facilityID int64, today time.Time) ([]checklist.OpenCheck, error) {
	var rows []struct {
		CheckListID int64     `bun:"check_list_id"`
		Name        string    `bun:"name"`
		PeriodID    int64     `bun:"period_id"`
		From        civilDate `bun:"from_date"`
		To          civilDate `bun:"to_date"`
		Total       int       `bun:"item_count"`
		Answered    int       `bun:"answered"`
		Submitted   bool      `bun:"submitted"`
	}
	err := r.db.conn(ctx).NewRaw(`SELECT c.check_list_id, c.name, p.period_id, p.from_date, p.to_date, p.item_count,
			COALESCE(s.answered_count, 0) AS answered, COALESCE(s.submitted, FALSE) AS submitted
		FROM check_list_facilities AS t
		JOIN check_lists AS c ON c.organization_id = t.organization_id AND c.check_list_id = t.check_list_id AND c.deleted_at IS NULL
		JOIN check_periods AS p ON p.organization_id = t.organization_id AND p.check_list_id = c.check_list_id
			AND p.from_date <= ? AND p.to_date >= ?
		LEFT JOIN check_sheets AS s ON s.organization_id = t.organization_id AND s.period_id = p.period_id AND s.facility_id = t.facility_id
		WHERE t.organization_id = ? AND t.facility_id = ?
		ORDER BY p.to_date, c.name`, civilDate{today}, civilDate{today}, tn.Org(), facilityID).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("open checks: %w", err)
	}
	out := make([]checklist.OpenCheck, len(rows))
	for i, row := range rows {
		out[i] = checklist.OpenCheck{CheckListID: row.CheckListID, Name: row.Name, PeriodID: row.PeriodID,
			Period: checklist.Period{From: row.From.Time, To: row.To.Time}, Answered: row.Answered, Total: row.Total, Submitted: row.Submitted}
	}
	return out, nil
}

type periodRow struct {
	PeriodID    int64     `bun:"period_id"`
	CheckListID int64     `bun:"check_list_id"`
	Name        string    `bun:"name"`
	From        civilDate `bun:"from_date"`
	To          civilDate `bun:"to_date"`
	Total       int       `bun:"item_count"`
	Targeted    bool      `bun:"targeted"`
	Facility    string    `bun:"facility_name"`
}

// Sheet returns one store's sheet for a period of a live check list of the
// organization; NotFound when the period is not the organization's, and
// Refused when the store is not a target.
func (r *Checks) Sheet(ctx context.Context, tn access.Tenant, periodID, facilityID int64) (checklist.Sheet, error) {
	var p periodRow
	err := r.db.conn(ctx).NewRaw(`SELECT p.period_id, p.check_list_id, c.name, p.from_date, p.to_date, p.item_count,
			EXISTS (SELECT 1 FROM check_list_facilities AS t WHERE t.organization_id = p.organization_id
				AND t.check_list_id = c.check_list_id AND t.facility_id = ?) AS targeted,
			(SELECT f.facility_name FROM facilities AS f WHERE f.organization_id = p.organization_id AND f.facility_id = ?) AS facility_name
		FROM check_periods AS p
		JOIN check_lists AS c ON c.organization_id = p.organization_id AND c.check_list_id = p.check_list_id AND c.deleted_at IS NULL
		WHERE p.organization_id = ? AND p.period_id = ?`, facilityID, facilityID, tn.Org(), periodID).Scan(ctx, &p)
	if errors.Is(err, sql.ErrNoRows) {
		return checklist.Sheet{}, failure.NotFound()
	}
	if err != nil {
		return checklist.Sheet{}, fmt.Errorf("read period %d: %w", periodID, err)
	}
	if !p.Targeted {
		return checklist.Sheet{}, failure.Refused(checklist.MsgNotTarget)
	}
	cl, err := NewCheckLists(r.db).Get(ctx, tn, p.CheckListID)
	if err != nil {
		return checklist.Sheet{}, err
	}
	sh := checklist.Sheet{PeriodID: p.PeriodID, CheckListID: p.CheckListID, Name: p.Name,
		Period: checklist.Period{From: p.From.Time, To: p.To.Time}, FacilityID: facilityID, FacilityName: p.Facility,
		Categories: cl.Categories, Total: p.Total, TargetUserIDs: cl.TargetUserIDs, AvailableImprovement: cl.AvailableImprovement,
		Answers: map[int64]checklist.Answer{}, Snapshots: map[int64]checklist.Snapshot{}}
	var s struct {
		SheetID     int64      `bun:"sheet_id"`
		Submitted   bool       `bun:"submitted"`
		SubmittedAt *time.Time `bun:"submitted_at"`
		Answered    int        `bun:"answered_count"`
		Score       int        `bun:"score"`
		Possible    int        `bun:"possible_score"`
		LastInputAt *time.Time `bun:"last_input_at"`
		Version     int64      `bun:"version"`
	}
	err = r.db.selectIn(ctx, tn, "check_sheets", "s").
		ColumnExpr("s.sheet_id, s.submitted, s.submitted_at, s.answered_count, s.score, s.possible_score, s.last_input_at, s.version").
		Where("s.period_id = ? AND s.facility_id = ?", periodID, facilityID).Limit(1).Scan(ctx, &s)
	if errors.Is(err, sql.ErrNoRows) {
		return sh, nil
	}
	if err != nil {
		return sh, fmt.Errorf("read sheet: %w", err)
	}
	sh.Submitted, sh.SubmittedAt, sh.Answered, sh.Score, sh.Possible = s.Submitted, s.SubmittedAt, s.Answered, s.Score, s.Possible
	sh.LastInputAt, sh.Version = s.LastInputAt, s.Version
	return sh, r.readAnswers(ctx, tn, s.SheetID, &sh)
}

func (r *Checks) readAnswers(ctx context.Context, tn access.Tenant, sheetID int64, sh *checklist.Sheet) error {
	var rows []struct {
		AnswerID     int64      `bun:"answer_id"`
		ItemID       int64      `bun:"item_id"`
		Category     string     `bun:"category_name"`
		Question     string     `bun:"question"`
		Scale        string     `bun:"scale"`
		Choice       string     `bun:"choice"`
		Comment      string     `bun:"comment"`
		Inapplicable bool       `bun:"inapplicable"`
		InputDate    *civilDate `bun:"input_date"`
	}
	if err := r.db.selectIn(ctx, tn, "check_answers", "a").
		ColumnExpr("a.answer_id, a.item_id, a.category_name, a.question, a.scale, a.choice, a.comment, a.inapplicable, a.input_date").
		Where("a.sheet_id = ?", sheetID).Scan(ctx, &rows); err != nil {
		return fmt.Errorf("read answers: %w", err)
	}
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.AnswerID
	}
	photos := map[int64][]int64{}
	if len(ids) > 0 {
		var links []struct {
			AnswerID int64 `bun:"answer_id"`
			PhotoID  int64 `bun:"photo_id"`
		}
		if err := r.db.selectIn(ctx, tn, "check_answer_photos", "ap").ColumnExpr("ap.answer_id, ap.photo_id").
			Where("ap.answer_id IN (?)", bun.In(ids)).OrderExpr("ap.answer_id, ap.position").Scan(ctx, &links); err != nil {
			return fmt.Errorf("read answer photos: %w", err)
		}
		for _, l := range links {
			photos[l.AnswerID] = append(photos[l.AnswerID], l.PhotoID)
		}
	}
	for _, row := range rows {
		var scale checklist.Scale
		_ = json.Unmarshal([]byte(row.Scale), &scale)
		a := checklist.Answer{ItemID: row.ItemID, Choice: row.Choice, Comment: row.Comment, Inapplicable: row.Inapplicable,
			PhotoIDs: photos[row.AnswerID], InputDate: timeOf(row.InputDate)}
		sh.Answers[row.ItemID] = a
		sh.Snapshots[row.ItemID] = checklist.Snapshot{Category: row.Category, Question: row.Question, Scale: scale}
	}
	return nil
}

// Save stores answers of a sheet read at version (0: never saved),
// snapshotting each item as it is now, and recounts the sheet. A submitted
// sheet is final.
func (r *Checks) Save(ctx context.Context, tn access.Tenant, sh checklist.Sheet, answers []checklist.Answer, submit bool, userID int64, now time.Time) error {
	q, org := r.db.conn(ctx), tn.Org()
	var sheetID int64
	if sh.Version == 0 {
		err := q.NewRaw(`INSERT INTO check_sheets (organization_id, period_id, check_list_id, facility_id, total_count, version, opened_at)
			SELECT p.organization_id, p.period_id, p.check_list_id, ?, ?, 0, ? FROM check_periods AS p
			WHERE p.organization_id = ? AND p.period_id = ?
			ON CONFLICT (period_id, facility_id) DO NOTHING RETURNING sheet_id`,
			sh.FacilityID, sh.Total, now.UTC(), org, sh.PeriodID).Scan(ctx, &sheetID)
		if errors.Is(err, sql.ErrNoRows) {
			return failure.Conflict("") // someone saved the first answers meanwhile
		}
		if err != nil {
			return fmt.Errorf("open sheet: %w", err)
		}
	} else if err := r.db.selectIn(ctx, tn, "check_sheets", "s").ColumnExpr("s.sheet_id").
		Where("s.period_id = ? AND s.facility_id = ?", sh.PeriodID, sh.FacilityID).Scan(ctx, &sheetID); err != nil {
		return fmt.Errorf("find sheet: %w", err)
	}
	where := map[int64]checklist.Snapshot{}
	for _, c := range sh.Categories {
		for _, it := range c.Items {
			where[it.ID] = checklist.Snapshot{Category: c.Name, Question: it.Question, Scale: it.Scale}
		}
	}
	for _, a := range answers {
		snap := where[a.ItemID]
		scale, _ := json.Marshal(snap.Scale)
		var score *int
		if ch, ok := snap.Scale.Find(a.Choice); ok && !a.Inapplicable {
			score = &ch.Score
		}
		var answerID int64
		err := q.NewRaw(`INSERT INTO check_answers (organization_id, sheet_id, item_id, category_name, question, scale, choice,
				check_score, comment, inapplicable, input_date, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (sheet_id, item_id) DO UPDATE SET category_name = EXCLUDED.category_name, question = EXCLUDED.question,
				scale = EXCLUDED.scale, choice = EXCLUDED.choice, check_score = EXCLUDED.check_score, comment = EXCLUDED.comment,
				inapplicable = EXCLUDED.inapplicable, input_date = EXCLUDED.input_date, updated_at = EXCLUDED.updated_at
			RETURNING answer_id`, org, sheetID, a.ItemID, snap.Category, snap.Question, string(scale), a.Choice, score,
			a.Comment, a.Inapplicable, dateOf(a.InputDate), now.UTC()).Scan(ctx, &answerID)
		if err != nil {
			return fmt.Errorf("save answer: %w", err)
		}
		if _, err := r.db.deleteIn(ctx, tn, "check_answer_photos").Where("answer_id = ?", answerID).Exec(ctx); err != nil {
			return err
		}
		for i, pid := range unique(a.PhotoIDs) {
			if _, err := q.NewRaw("INSERT INTO check_answer_photos (organization_id, answer_id, photo_id, position) VALUES (?, ?, ?, ?)",
				org, answerID, pid, i).Exec(ctx); err != nil {
				return fmt.Errorf("attach photo: %w", err)
			}
		}
	}
	// Recount from what is stored (checklist.Sheet.Tally decides what counts).
	saved := checklist.Sheet{Answers: map[int64]checklist.Answer{}, Snapshots: map[int64]checklist.Snapshot{}}
	if err := r.readAnswers(ctx, tn, sheetID, &saved); err != nil {
		return err
	}
	t := sh.Tally(saved.Answers)
	upd := r.db.updateIn(ctx, tn, "check_sheets").Set("answered_count = ?", t.Answered).Set("total_count = ?", sh.Total).
		Set("progress = ?", t.Progress).Set("score = ?", t.Score).Set("possible_score = ?", t.Possible).Set("score_rate = ?", t.Rate()).
		Set("last_input_at = ?", now.UTC()).Set("version = version + 1")
	if submit {
		upd = upd.Set("submitted = ?", true).Set("submitted_at = ?", now.UTC()).Set("submitted_by = ?", userID)
	}
	res, err := upd.Where("sheet_id = ? AND version = ? AND submitted = ?", sheetID, sh.Version, false).Exec(ctx)
	if err != nil {
		return fmt.Errorf("recount sheet: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.Conflict("")
	}
	return nil
}

// statusSort is a sort key of the status list and the tables it reads.
type statusSort struct {
	expr           string
	stores, groups bool // needs f, g
	lists, sheets  bool // needs c, s
	nullOnSheet    bool // a sheet may have no value (not only a store without a sheet)
	// nullsLast: a sheet may have no value, and such rows are put last in
	// either direction by NULLS LAST rather than by an "IS NULL" key, which
	// an index can give (the score rate: migration 23 indexes it both ways).
	nullsLast bool
}

// order is the sort's ORDER BY term for the column or alias key.
func (s statusSort) order(key, dir string) string {
	if s.nullsLast {
		return key + dir + " NULLS LAST"
	}
	return key + dir
}

// nullable reports whether a row may have no value to sort by: a column a
// sheet may leave empty, or a sheet the row may lack (rows from the targets,
// not fromSheets). Only then do the rows sort by "IS NULL" first: no index
// gives that key, and it kept the stores' kana index (the default list) and
// the sheets' score index from giving the page's order.
func (s statusSort) nullable(fromSheets bool) bool {
	return s.nullOnSheet || (s.sheets && !fromSheets)
}

var statusSorts = map[string]statusSort{
	checklist.StatusSortKana:      {expr: "f.facility_name_kana", stores: true},
	checklist.StatusSortGroup:     {expr: "g.group_name_kana", stores: true, groups: true},
	checklist.StatusSortCheckList: {expr: "c.name", lists: true},
	checklist.StatusSortLastInput: {expr: "s.last_input_at", sheets: true, nullOnSheet: true},
	checklist.StatusSortScore:     {expr: "s.score_rate", sheets: true, nullsLast: true},
}

// statusRow is one scanned row of the status list.
type statusRow struct {
	FacilityID   int64      `bun:"facility_id"`
	FacilityName string     `bun:"facility_name"`
	GroupName    string     `bun:"group_name"`
	CheckListID  int64      `bun:"check_list_id"`
	Name         string     `bun:"name"`
	PeriodID     int64      `bun:"period_id"`
	From         civilDate  `bun:"from_date"`
	To           civilDate  `bun:"to_date"`
	Total        int        `bun:"item_count"`
	Answered     int        `bun:"answered"`
	Score        int        `bun:"score"`
	Possible     int        `bun:"possible"`
	LastInputAt  *time.Time `bun:"last_input_at"`
	Submitted    bool       `bun:"submitted"`
}

// Status returns one page of target stores × check lists with their
// counts, read from the sheets (never by scanning answers).
//
// It is the home screen of a chain with thousands of stores, so its cost is
// kept near the rows shown (docs/benchmarks.md): the periods shown are read
// first, so the planner sees their ids; the page is cut from the keys of the
// rows, joining only the tables the filter and the sort need (under a
// progress filter on PostgreSQL, period by period: byPeriod); then only the
// page's rows meet their stores, groups, lists and sheets.
func (r *Checks) Status(ctx context.Context, tn access.Tenant, f checklist.StatusFilter, p paging.Request) (paging.Page[checklist.StatusRow], error) {
	p = p.Normalize()
	periods, err := r.shownPeriods(ctx, tn, f)
	if err != nil || len(periods) == 0 {
		return paging.Page[checklist.StatusRow]{Request: p}, err
	}
	sort, ok := statusSorts[f.SortBy]
	if !ok {
		sort = statusSorts[checklist.StatusSortKana]
	}
	total, err := r.statusCount(ctx, tn, periods, f)
	if err != nil {
		return paging.Page[checklist.StatusRow]{}, fmt.Errorf("count status: %w", err)
	}
	if total == 0 || p.Offset() >= total {
		return paging.Page[checklist.StatusRow]{Total: total, Request: p}, nil
	}
	dir := " ASC"
	if f.Descending {
		dir = " DESC"
	}
	var rows []statusRow
	err = r.db.conn(ctx).NewSelect().TableExpr("(?) AS k", r.statusPage(ctx, tn, periods, f, sort, dir, p)).
		ColumnExpr("f.facility_id, f.facility_name, g.group_name, c.check_list_id, c.name, p.period_id, p.from_date, p.to_date, p.item_count").
		ColumnExpr("COALESCE(s.answered_count, 0) AS answered, COALESCE(s.score, 0) AS score, COALESCE(s.possible_score, 0) AS possible").
		ColumnExpr("s.last_input_at, COALESCE(s.submitted, FALSE) AS submitted").
		Join("JOIN check_periods AS p ON p.organization_id = ? AND p.period_id = k.period_id", tn.Org()).
		Join("JOIN check_lists AS c ON c.organization_id = p.organization_id AND c.check_list_id = k.check_list_id").
		Join("JOIN facilities AS f ON f.organization_id = p.organization_id AND f.facility_id = k.k_facility").
		Join("JOIN org_groups AS g ON g.organization_id = p.organization_id AND g.group_id = f.group_id").
		Join("LEFT JOIN check_sheets AS s ON s.organization_id = p.organization_id AND s.period_id = k.period_id AND s.facility_id = k.k_facility").
		OrderExpr("k.sort_key IS NULL").OrderExpr("k.sort_key"+dir).OrderExpr("k.k_facility"+dir).OrderExpr("k.check_list_id").
		Scan(ctx, &rows)
	if err != nil {
		return paging.Page[checklist.StatusRow]{}, fmt.Errorf("list status: %w", err)
	}
	items := make([]checklist.StatusRow, len(rows))
	for i, row := range rows {
		items[i] = checklist.StatusRow{FacilityID: row.FacilityID, FacilityName: row.FacilityName, GroupName: row.GroupName,
			CheckListID: row.CheckListID, Name: row.Name, PeriodID: row.PeriodID, Period: checklist.Period{From: row.From.Time, To: row.To.Time},
			Answered: row.Answered, Total: row.Total, Score: row.Score, Possible: row.Possible, LastInputAt: row.LastInputAt, Submitted: row.Submitted}
	}
	return paging.Page[checklist.StatusRow]{Items: items, Total: total, Request: p}, nil
}

// shownPeriods returns the ids of the periods the status list shows: the
// running period of each list, or with IncludeOutOfPeriod each list's latest
// period that has started.
func (r *Checks) shownPeriods(ctx context.Context, tn access.Tenant, f checklist.StatusFilter) ([]int64, error) {
	today := civilDate{f.Today}
	q := r.db.selectIn(ctx, tn, "check_periods", "cp").ColumnExpr("cp.period_id").
		Join("JOIN check_lists AS c ON c.organization_id = cp.organization_id AND c.check_list_id = cp.check_list_id AND c.deleted_at IS NULL")
	if f.IncludeOutOfPeriod {
		q = q.Where(`cp.seq = (SELECT MAX(m.seq) FROM check_periods AS m
			WHERE m.organization_id = cp.organization_id AND m.check_list_id = cp.check_list_id AND m.from_date <= ?)`, today)
	} else {
		q = q.Where("cp.from_date <= ? AND cp.to_date >= ?", today, today)
	}
	if f.CheckListID != nil {
		q = q.Where("cp.check_list_id = ?", *f.CheckListID)
	}
	var ids []int64
	if err := q.Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("shown periods: %w", err)
	}
	return ids, nil
}

// byPeriod reports whether the rows are read one shown period at a time:
// on PostgreSQL (LATERAL, which SQLite lacks) when they start from the
// sheets, that is under a progress filter. Read all at once, the ~94,000
// in-progress sheets of a large chain's month were each looked up in the
// targets (the planner, blind to their all sitting in the shown periods,
// expected a few hundred) and all sorted, for 10 rows. Read by period, each
// period's sheets meet the targets of one list in a small hash join to be
// counted, and the page is cut from each period's first rows, read in the
// page's order from an index (migration 20).
func (r *Checks) byPeriod(f checklist.StatusFilter) bool {
	return r.db.Dialect == Postgres && fromSheets(f)
}

// fromSheets reports whether the status rows start from the sheets: a
// filter that only an answered sheet passes.
func fromSheets(f checklist.StatusFilter) bool {
	return f.CheckStatus == checklist.InProgress || f.CheckStatus == checklist.Checked
}

// statusCount counts the rows of the status list.
func (r *Checks) statusCount(ctx context.Context, tn access.Tenant, periods []int64, f checklist.StatusFilter) (int, error) {
	if !r.byPeriod(f) {
		return r.statusKeys(ctx, tn, periods, f, statusSort{}).Count(ctx)
	}
	var n int
	err := r.db.selectIn(ctx, tn, "check_periods", "p").Where("p.period_id IN (?)", bun.In(periods)).
		ColumnExpr("COALESCE(SUM((?)), 0)", r.periodSheets(ctx, tn, f, statusSort{}).ColumnExpr("COUNT(*)")).Scan(ctx, &n)
	return n, err
}

// statusPage selects the keys of the page's rows in the page's order: the
// store (k_facility), list, period and the value sorted by (sort_key). Rows
// without a value to sort by (no answer yet) come last either way.
func (r *Checks) statusPage(ctx context.Context, tn access.Tenant, periods []int64, f checklist.StatusFilter, sort statusSort, dir string, p paging.Request) *bun.SelectQuery {
	nulls := sort.nullable(fromSheets(f))
	if !r.byPeriod(f) {
		q := r.statusKeys(ctx, tn, periods, f, sort).ColumnExpr("p.check_list_id, p.period_id").ColumnExpr(sort.expr + " AS sort_key")
		if nulls {
			q = q.OrderExpr(sort.expr + " IS NULL")
		}
		return q.OrderExpr(sort.order("sort_key", dir)).OrderExpr("k_facility" + dir).OrderExpr("p.check_list_id").
			Limit(p.Size).Offset(p.Offset())
	}
	// The page's rows of one period are among that period's first
	// offset+size in the same order (within a period the store alone breaks
	// ties), so each period gives only those.
	first := r.periodSheets(ctx, tn, f, sort).ColumnExpr("s.facility_id AS k_facility").ColumnExpr(sort.expr + " AS sort_key")
	if nulls {
		first = first.OrderExpr(sort.expr + " IS NULL")
	}
	first = first.OrderExpr(sort.order(sort.expr, dir)).OrderExpr("s.facility_id" + dir).Limit(p.Offset() + p.Size)
	return r.db.selectIn(ctx, tn, "check_periods", "p").Where("p.period_id IN (?)", bun.In(periods)).
		Join("JOIN LATERAL (?) AS k ON TRUE", first).
		ColumnExpr("k.k_facility, p.check_list_id, p.period_id, k.sort_key").
		OrderExpr("k.sort_key IS NULL").OrderExpr("k.sort_key" + dir).OrderExpr("k.k_facility" + dir).OrderExpr("p.check_list_id").
		Limit(p.Size).Offset(p.Offset())
}

// statusKeys selects the target store × shown period rows that pass the
// filter, joining only the tables the filter and the sort (need) read; the
// row's store is "k_facility" and its list "p.check_list_id". The targets of a
// period's list are its rows in check_list_facilities; a store's sheet exists
// once it has been answered, so "unchecked" also matches a missing sheet. When
// the filter asks for answered sheets, the rows start from those sheets (read
// through their (period_id, facility_id) index) and the target check is a
// lookup, which keeps the planner from filtering every list of each store
// (on PostgreSQL those rows are read by period instead: periodSheets).
func (r *Checks) statusKeys(ctx context.Context, tn access.Tenant, periods []int64, f checklist.StatusFilter, need statusSort) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "check_periods", "p").Where("p.period_id IN (?)", bun.In(periods))
	facility := "t.facility_id"
	switch {
	case fromSheets(f):
		facility = "s.facility_id"
		q = q.Join("JOIN check_sheets AS s ON s.organization_id = p.organization_id AND s.period_id = p.period_id AND s.period_id IN (?)", bun.In(periods)).
			Where(`EXISTS (SELECT 1 FROM check_list_facilities AS t WHERE t.organization_id = s.organization_id
				AND t.check_list_id = s.check_list_id AND t.facility_id = s.facility_id)`)
	case need.sheets || f.CheckStatus != "":
		q = q.Join("JOIN check_list_facilities AS t ON t.organization_id = p.organization_id AND t.check_list_id = p.check_list_id").
			Join(`LEFT JOIN check_sheets AS s ON s.organization_id = p.organization_id AND s.period_id = p.period_id
				AND s.facility_id = t.facility_id AND s.period_id IN (?)`, bun.In(periods))
	default:
		q = q.Join("JOIN check_list_facilities AS t ON t.organization_id = p.organization_id AND t.check_list_id = p.check_list_id")
	}
	q = statusFilters(q.ColumnExpr(facility+" AS k_facility"), tn, f, need, facility)
	switch f.CheckStatus {
	case checklist.Unchecked:
		q = q.Where("COALESCE(s.progress, ?) = ?", checklist.Unchecked, checklist.Unchecked)
	case checklist.InProgress, checklist.Checked:
		q = q.Where("s.progress = ?", f.CheckStatus)
	}
	return q
}

// periodSheets selects the sheets of the outer query's period p (a LATERAL
// or correlated subquery) that pass a progress filter and the rest of f.
// Their store must still be a target of p's list — the sheet's own list,
// named from p so that each period looks up the targets of one list. The
// other tables are joined on the organization as a constant rather than on
// p's, so what does not depend on the period (the stores matching a name)
// is read once for all periods.
func (r *Checks) periodSheets(ctx context.Context, tn access.Tenant, f checklist.StatusFilter, need statusSort) *bun.SelectQuery {
	q := r.db.selectIn(ctx, tn, "check_sheets", "s").Where("s.period_id = p.period_id").Where("s.progress = ?", f.CheckStatus).
		Where(`EXISTS (SELECT 1 FROM check_list_facilities AS t WHERE t.organization_id = s.organization_id
			AND t.check_list_id = p.check_list_id AND t.facility_id = s.facility_id)`)
	return statusFilters(q, tn, f, need, "s.facility_id")
}

// statusFilters joins the tables the filter and the sort (need) read to
// rows whose store is the column facility, and adds the filter's conditions
// on the store: the user's scope, group, tag and name.
func statusFilters(q *bun.SelectQuery, tn access.Tenant, f checklist.StatusFilter, need statusSort, facility string) *bun.SelectQuery {
	scoped := tn.Scope() != "" || f.GroupID != nil
	if need.stores || scoped || f.TagID != nil || search.Fold(f.FacilityName) != "" {
		q = q.Join("JOIN facilities AS f ON f.organization_id = ? AND f.facility_id = "+facility, tn.Org())
	}
	if need.groups || scoped {
		q = q.Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id")
	}
	if need.lists {
		q = q.Join("JOIN check_lists AS c ON c.organization_id = ? AND c.check_list_id = p.check_list_id", tn.Org())
	}
	q = inScope(q, tn, "g.path")
	if f.GroupID != nil {
		q = q.Where("g.path LIKE (SELECT sg.path FROM org_groups AS sg WHERE sg.organization_id = f.organization_id AND sg.group_id = ?) || '%'", *f.GroupID)
	}
	if f.TagID != nil {
		q = q.Where(`EXISTS (SELECT 1 FROM facility_attribute_links AS l
			WHERE l.organization_id = f.organization_id AND l.facility_id = f.facility_id AND l.facility_attribute_id = ?)`, *f.TagID)
	}
	return matchesAll(q, "f.search_text", f.FacilityName)
}

// Names lists the organization's check lists by name, in name order.
func (r *Checks) Names(ctx context.Context, tn access.Tenant) ([]checklist.Named, error) {
	var rows []struct {
		ID   int64  `bun:"check_list_id"`
		Name string `bun:"name"`
	}
	err := r.db.selectIn(ctx, tn, "check_lists", "c").ColumnExpr("c.check_list_id, c.name").
		Where("c.deleted_at IS NULL").OrderExpr("c.name, c.check_list_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("check list names: %w", err)
	}
	names := make([]checklist.Named, len(rows))
	for i, row := range rows {
		names[i] = checklist.Named{ID: row.ID, Name: row.Name}
	}
	return names, nil
}

// History lists a store's periods of a check list, newest first, up to today.
func (r *Checks) History(ctx context.Context, tn access.Tenant, facilityID, checkListID int64, today time.Time, limit int) ([]checklist.PeriodResult, error) {
	var rows []struct {
		PeriodID  int64     `bun:"period_id"`
		From      civilDate `bun:"from_date"`
		To        civilDate `bun:"to_date"`
		Total     int       `bun:"item_count"`
		Answered  int       `bun:"answered"`
		Score     int       `bun:"score"`
		Possible  int       `bun:"possible"`
		Submitted bool      `bun:"submitted"`
	}
	err := r.db.conn(ctx).NewRaw(`SELECT p.period_id, p.from_date, p.to_date, p.item_count,
			COALESCE(s.answered_count, 0) AS answered, COALESCE(s.score, 0) AS score, COALESCE(s.possible_score, 0) AS possible,
			COALESCE(s.submitted, FALSE) AS submitted
		FROM check_periods AS p
		LEFT JOIN check_sheets AS s ON s.organization_id = p.organization_id AND s.period_id = p.period_id AND s.facility_id = ?
		WHERE p.organization_id = ? AND p.check_list_id = ? AND p.from_date <= ?
		ORDER BY p.seq DESC LIMIT ?`, facilityID, tn.Org(), checkListID, civilDate{today}, limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("read history: %w", err)
	}
	out := make([]checklist.PeriodResult, len(rows))
	for i, row := range rows {
		out[i] = checklist.PeriodResult{PeriodID: row.PeriodID, Period: checklist.Period{From: row.From.Time, To: row.To.Time},
			Answered: row.Answered, Total: row.Total, Score: row.Score, Possible: row.Possible, Submitted: row.Submitted}
	}
	return out, nil
}

// LatestPeriods lists each live check list's last period in every
// organization, for the job that opens the next ones.
func (r *Checks) LatestPeriods(ctx context.Context) ([]checklist.LatestPeriod, error) {
	var rows []struct {
		OrgID    int64     `bun:"organization_id"`
		ListID   int64     `bun:"check_list_id"`
		Seq      int       `bun:"seq"`
		From     civilDate `bun:"from_date"`
		To       civilDate `bun:"to_date"`
		Interval int       `bun:"next_interval"`
		Unit     string    `bun:"next_duration"`
		Items    int       `bun:"item_count"`
	}
	err := r.db.conn(ctx).NewRaw(`/* `+AllTenants+` */ SELECT c.organization_id, c.check_list_id, p.seq, p.from_date, p.to_date, c.next_interval, c.next_duration, p.item_count
		FROM check_lists AS c JOIN check_periods AS p ON p.organization_id = c.organization_id AND p.check_list_id = c.check_list_id
		WHERE c.deleted_at IS NULL AND p.seq = (SELECT MAX(m.seq) FROM check_periods AS m
			WHERE m.organization_id = c.organization_id AND m.check_list_id = c.check_list_id)`).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("latest periods: %w", err)
	}
	out := make([]checklist.LatestPeriod, len(rows))
	for i, row := range rows {
		out[i] = checklist.LatestPeriod{OrganizationID: row.OrgID, CheckListID: row.ListID, Seq: row.Seq,
			Period: checklist.Period{From: row.From.Time, To: row.To.Time}, Recurrence: checklist.Recurrence{Interval: row.Interval, Unit: row.Unit},
			Items: row.Items}
	}
	return out, nil
}

// AddPeriod opens period seq of a check list; adding one that exists does nothing.
func (r *Checks) AddPeriod(ctx context.Context, tn access.Tenant, listID int64, seq int, p checklist.Period, items int) error {
	_, err := r.db.conn(ctx).NewRaw(`INSERT INTO check_periods (organization_id, check_list_id, seq, from_date, to_date, item_count)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (check_list_id, seq) DO NOTHING`, tn.Org(), listID, seq, civilDate{p.From}, civilDate{p.To}, items).Exec(ctx)
	return err
}
