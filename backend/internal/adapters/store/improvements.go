package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	improvementapp "github.com/rouder/console/internal/app/improvement"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/search"
)

// Improvements stores improvement reports, their threads and the photos of
// the thread's entries.
type Improvements struct{ db *DB }

func NewImprovements(db *DB) *Improvements { return &Improvements{db: db} }

var _ improvementapp.Reports = (*Improvements)(nil)

// improvementRow is a scanned report with its store and group.
type improvementRow struct {
	ID                int64     `bun:"improvement_id"`
	FacilityID        int64     `bun:"facility_id"`
	FacilityName      string    `bun:"facility_name"`
	GroupName         string    `bun:"group_name"`
	GroupPath         string    `bun:"path"`
	Subject           string    `bun:"subject"`
	Source            string    `bun:"source"`
	Status            string    `bun:"status"`
	DueDate           civilDate `bun:"due_date"`
	AssigneeID        *int64    `bun:"assignee_user_id"`
	AssigneeLast      *string   `bun:"assignee_last"`
	AssigneeFirst     *string   `bun:"assignee_first"`
	CreatedAt         time.Time `bun:"created_at"`
	ContentModifyDate time.Time `bun:"content_modify_date"`
	Events            int       `bun:"event_count"`
	LastStore         int       `bun:"last_store_event"`
	LastOffice        int       `bun:"last_office_event"`
	ReadStore         int       `bun:"store_read_event"`
	ReadOffice        int       `bun:"office_read_event"`
	Version           int64     `bun:"version"`
}

func (x improvementRow) report() (improvement.Report, error) {
	r := improvement.Report{ID: x.ID, FacilityID: x.FacilityID, FacilityName: x.FacilityName, GroupName: x.GroupName,
		GroupPath: x.GroupPath, Subject: x.Subject, Status: improvement.Status(x.Status), DueDate: x.DueDate.Time,
		AssigneeID: x.AssigneeID, CreatedAt: x.CreatedAt, ContentModifyDate: x.ContentModifyDate, Version: x.Version,
		Markers: improvement.Markers{Events: x.Events, LastStore: x.LastStore, LastOffice: x.LastOffice,
			ReadStore: x.ReadStore, ReadOffice: x.ReadOffice}}
	if x.AssigneeLast != nil && x.AssigneeFirst != nil {
		r.AssigneeName = strings.TrimSpace(*x.AssigneeLast + " " + *x.AssigneeFirst)
	}
	if err := json.Unmarshal([]byte(x.Source), &r.Source); err != nil {
		return r, fmt.Errorf("improvement %d source: %w", x.ID, err)
	}
	return r, nil
}

const improvementColumns = `r.improvement_id, r.facility_id, f.facility_name, g.group_name, g.path, r.subject, r.source,
	r.status, r.due_date, r.assignee_user_id, ua.last_name AS assignee_last, ua.first_name AS assignee_first, r.created_at,
	r.content_modify_date, r.event_count, r.last_store_event, r.last_office_event, r.store_read_event,
	r.office_read_event, r.version`

// base is the tenant's reports with their stores and groups, limited to
// the tenant's group scope.
func (s *Improvements) base(ctx context.Context, tn access.Tenant) *bun.SelectQuery {
	q := s.db.selectIn(ctx, tn, "improvements", "r").
		Join("JOIN facilities AS f ON f.organization_id = r.organization_id AND f.facility_id = r.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id")
	return inScope(q, tn, "g.path")
}

func (s *Improvements) withColumns(q *bun.SelectQuery) *bun.SelectQuery {
	return q.Join("LEFT JOIN users AS ua ON ua.organization_id = r.organization_id AND ua.user_id = r.assignee_user_id").
		ColumnExpr(improvementColumns)
}

// unread is the SQL of "side has not read the other side's last event".
func unread(side improvement.Side) string {
	if side == improvement.Store {
		return "r.last_office_event > r.store_read_event"
	}
	return "r.last_store_event > r.office_read_event"
}

// filtered is the list's rows before its status filter (the counts share it).
func (s *Improvements) filtered(ctx context.Context, tn access.Tenant, v improvement.Viewer, f improvement.Filter) *bun.SelectQuery {
	q := matchesAll(ofReport(s.base(ctx, tn), v, f), "(r.search_text || ' ' || f.search_text)", f.SearchText)
	return ofPlace(q, v, f)
}

// ofPlace limits q to the viewer's own subtree unless the filter includes
// the unrelated stores (the tenant's scope is the base query's).
func ofPlace(q *bun.SelectQuery, v improvement.Viewer, f improvement.Filter) *bun.SelectQuery {
	if v.Side != improvement.Store && !f.IncludesUnrelated && v.OwnPath != "" {
		q = q.Where("g.path LIKE ?", v.OwnPath+"%")
	}
	return q
}

// storesOfPlace is the ids of the stores in the tenant's scope and the
// viewer's own subtree, or nil when that is every store (no scope, and the
// own subtree is everything or the filter includes the rest: the usual
// top-group user, whose reports are then counted without a join).
func (s *Improvements) storesOfPlace(ctx context.Context, tn access.Tenant, v improvement.Viewer, f improvement.Filter) (*bun.SelectQuery, error) {
	ownOnly := v.Side != improvement.Store && !f.IncludesUnrelated && v.OwnPath != ""
	stores := func() *bun.SelectQuery {
		return s.db.selectIn(ctx, tn, "facilities", "f").ColumnExpr("f.facility_id").
			Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id")
	}
	if tn.Scope() == "" {
		if !ownOnly {
			return nil, nil
		}
		outside, err := stores().Where("g.path NOT LIKE ?", v.OwnPath+"%").Limit(1).Exists(ctx)
		if err != nil || !outside {
			return nil, err
		}
	}
	return ofPlace(inScope(stores(), tn, "g.path"), v, f), nil
}

// ofReport applies the filter's conditions on the report row itself.
func ofReport(q *bun.SelectQuery, v improvement.Viewer, f improvement.Filter) *bun.SelectQuery {
	if v.Side == improvement.Store {
		q = q.Where("r.facility_id = ?", v.FacilityID)
	}
	if f.FacilityID != nil {
		q = q.Where("r.facility_id = ?", *f.FacilityID)
	}
	if f.UnreadOnly {
		q = q.Where(unread(v.Side))
	}
	if f.TargetUnread {
		q = q.Where(unread(v.Side.Other()))
	}
	if f.From != nil {
		q = q.Where("r.created_at >= ?", f.From.UTC())
	}
	if f.To != nil {
		q = q.Where("r.created_at < ?", f.To.AddDate(0, 0, 1).UTC())
	}
	return q
}

// withStatuses limits q to the wire statuses asked for, as the viewer sees them.
func withStatuses(q *bun.SelectQuery, side improvement.Side, statuses []improvement.Status) *bun.SelectQuery {
	if len(statuses) == 0 {
		return q
	}
	return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		for _, st := range statuses {
			cond := "r.status = ?"
			switch {
			case st.Unread():
				cond += " AND " + unread(side)
			case st != improvement.Completed:
				cond += " AND NOT (" + unread(side) + ")"
			}
			q = q.WhereOr(cond, string(st.Base()))
		}
		return q
	})
}

var improvementSorts = map[string]string{
	improvement.SortModified: "r.content_modify_date",
	improvement.SortCreated:  "r.created_at",
	improvement.SortDue:      "r.due_date",
	improvement.SortFacility: "f.facility_name_kana",
	improvement.SortStatus:   "r.status",
}

// List returns one page of reports and the counts of the same filter. The
// page's total comes from the counts (the statuses asked for), so the rows
// matched are counted once.
func (s *Improvements) List(ctx context.Context, tn access.Tenant, v improvement.Viewer, f improvement.Filter, p paging.Request) (paging.Page[improvement.Report], improvement.Counts, error) {
	p = p.Normalize()
	counts, err := s.counts(ctx, tn, v, f)
	if err != nil {
		return paging.Page[improvement.Report]{}, counts, err
	}
	total := counts.Total(f.Statuses)
	if total == 0 || p.Offset() >= total {
		return paging.Page[improvement.Report]{Items: []improvement.Report{}, Total: total, Request: p}, counts, nil
	}
	q := withStatuses(s.filtered(ctx, tn, v, f), v.Side, f.Statuses)
	sortBy, ok := improvementSorts[f.SortBy]
	if !ok {
		sortBy = improvementSorts[improvement.SortModified]
	}
	dir := " ASC"
	if f.Descending {
		dir = " DESC"
	}
	var rows []improvementRow
	if err := s.withColumns(q).OrderExpr(sortBy+dir).OrderExpr("r.improvement_id"+dir).
		Limit(p.Size).Offset(p.Offset()).Scan(ctx, &rows); err != nil {
		return paging.Page[improvement.Report]{}, counts, fmt.Errorf("list improvements: %w", err)
	}
	out := make([]improvement.Report, len(rows))
	for i, x := range rows {
		if out[i], err = x.report(); err != nil {
			return paging.Page[improvement.Report]{}, counts, err
		}
	}
	return paging.Page[improvement.Report]{Items: out, Total: total, Request: p}, counts, nil
}

// counts counts the filter's reports per wire status (the status filter
// aside), the overdue ones, and those waiting for the viewer's side.
func (s *Improvements) counts(ctx context.Context, tn access.Tenant, v improvement.Viewer, f improvement.Filter) (improvement.Counts, error) {
	var rows []struct {
		Status  string `bun:"status"`
		Unread  int    `bun:"unread"`
		N       int    `bun:"n"`
		Overdue int    `bun:"overdue"`
	}
	unreadCase := "CASE WHEN " + unread(v.Side) + " THEN 1 ELSE 0 END"
	overdue := "CASE WHEN r.status <> 'COMPLETED' AND r.due_date < ? THEN 1 ELSE 0 END"
	var q *bun.SelectQuery
	if strings.TrimSpace(f.SearchText) != "" { // the search reads the store's text on every row
		q = s.filtered(ctx, tn, v, f).ColumnExpr("r.status").ColumnExpr(unreadCase+" AS unread").
			ColumnExpr("COUNT(*) AS n").ColumnExpr("SUM("+overdue+") AS overdue", civilDate{f.Today}).
			GroupExpr("r.status").GroupExpr(unreadCase)
	} else {
		// Without a search nothing but the place needs the store: the
		// reports are counted alone, limited to the stores of the place
		// (an indexed subset for a region, a semi-join for the whole chain).
		q = ofReport(s.db.selectIn(ctx, tn, "improvements", "r"), v, f)
		stores, err := s.storesOfPlace(ctx, tn, v, f)
		if err != nil {
			return improvement.Counts{}, fmt.Errorf("stores of the improvement list: %w", err)
		}
		if stores != nil {
			q = q.Where("r.facility_id IN (?)", stores)
		}
		q = q.ColumnExpr("r.status").ColumnExpr(unreadCase+" AS unread").
			ColumnExpr("COUNT(*) AS n").ColumnExpr("SUM("+overdue+") AS overdue", civilDate{f.Today}).
			GroupExpr("r.status").GroupExpr(unreadCase)
	}
	err := q.Scan(ctx, &rows)
	if err != nil {
		return improvement.Counts{}, fmt.Errorf("count improvements by status: %w", err)
	}
	c := improvement.Counts{ByStatus: map[improvement.Status]int{}}
	for _, st := range improvement.WireStatuses {
		c.ByStatus[st] = 0
	}
	for _, x := range rows {
		st := improvement.Status(x.Status)
		if x.Unread == 1 {
			switch st {
			case improvement.InProgress:
				st = improvement.InProgressUnread
			case improvement.InReview:
				st = improvement.InReviewUnread
			}
		}
		c.ByStatus[st] += x.N
		c.Overdue += x.Overdue
		if acts, ok := improvement.Acts(st); ok && acts == v.Side {
			c.Waiting += x.N
		}
	}
	return c, nil
}

// Waiting counts the reports waiting for the viewer's side (the menu
// badge): in progress for the store, in review for head office, in the
// viewer's own subtree. It reads only the rows of that one status.
func (s *Improvements) Waiting(ctx context.Context, tn access.Tenant, v improvement.Viewer) (int, error) {
	acting := improvement.InProgress
	if v.Side == improvement.Office {
		acting = improvement.InReview
	}
	q := s.filtered(ctx, tn, v, improvement.Filter{}).Where("r.status = ?", string(acting))
	n, err := q.Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count waiting improvements: %w", err)
	}
	return n, nil
}

// Get reads one report in the tenant's scope.
func (s *Improvements) Get(ctx context.Context, tn access.Tenant, id int64) (improvement.Report, error) {
	var x improvementRow
	err := s.withColumns(s.base(ctx, tn)).Where("r.improvement_id = ?", id).Scan(ctx, &x)
	if errors.Is(err, sql.ErrNoRows) {
		return improvement.Report{}, failure.NotFound()
	}
	if err != nil {
		return improvement.Report{}, fmt.Errorf("read improvement %d: %w", id, err)
	}
	return x.report()
}

// Thread reads a report's events in order, with their photos.
func (s *Improvements) Thread(ctx context.Context, tn access.Tenant, id int64) ([]improvement.Event, error) {
	var rows []struct {
		ID       int64      `bun:"event_id"`
		Seq      int        `bun:"seq"`
		Kind     string     `bun:"kind"`
		Side     string     `bun:"side"`
		UserID   *int64     `bun:"user_id"`
		UserName string     `bun:"user_name"`
		Body     string     `bun:"body"`
		DueDate  *civilDate `bun:"due_date"`
		At       time.Time  `bun:"created_at"`
	}
	if err := s.db.selectIn(ctx, tn, "improvement_events", "e").
		ColumnExpr("e.event_id, e.seq, e.kind, e.side, e.user_id, e.user_name, e.body, e.due_date, e.created_at").
		Where("e.improvement_id = ?", id).OrderExpr("e.seq").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read improvement %d thread: %w", id, err)
	}
	var photos []struct {
		EventID int64 `bun:"event_id"`
		PhotoID int64 `bun:"photo_id"`
	}
	if err := s.db.selectIn(ctx, tn, "improvement_event_photos", "p").
		Join("JOIN improvement_events AS e ON e.organization_id = p.organization_id AND e.event_id = p.event_id").
		ColumnExpr("p.event_id, p.photo_id").Where("e.improvement_id = ?", id).
		OrderExpr("p.event_id, p.position").Scan(ctx, &photos); err != nil {
		return nil, fmt.Errorf("read improvement %d photos: %w", id, err)
	}
	byEvent := map[int64][]int64{}
	for _, p := range photos {
		byEvent[p.EventID] = append(byEvent[p.EventID], p.PhotoID)
	}
	out := make([]improvement.Event, len(rows))
	for i, x := range rows {
		out[i] = improvement.Event{Seq: x.Seq, Kind: improvement.EventKind(x.Kind), Side: improvement.Side(x.Side),
			UserID: x.UserID, UserName: x.UserName, Text: x.Body, PhotoIDs: byEvent[x.ID], DueDate: timeOf(x.DueDate), At: x.At}
	}
	return out, nil
}

// searchTextOf is what the list's search matches besides the store.
func searchTextOf(r improvement.Report) string {
	src := r.Source
	return search.Fold(strings.Join([]string{r.Subject, src.CheckListName, src.Category, src.Question, src.Comment, src.SurveyName}, " "))
}

// Create stores a new report and its first event; the unique source key
// makes a second report on the same answer a no-op that returns the first.
func (s *Improvements) Create(ctx context.Context, tn access.Tenant, r improvement.Report, ev improvement.Event, createdBy *int64, now time.Time) (int64, bool, error) {
	args, key, err := reportArgs(tn, r, createdBy, now)
	if err != nil {
		return 0, false, err
	}
	insert := `INSERT INTO improvements (` + reportColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING RETURNING improvement_id`
	// On PostgreSQL a first event without photos (every report a survey
	// answer opens) goes in the same statement as its report.
	together := s.db.Dialect == Postgres && len(ev.PhotoIDs) == 0
	if together {
		insert = `WITH i AS (` + insert + `), e AS (INSERT INTO improvement_events (` + eventColumns + `)
			SELECT ?, i.improvement_id, CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT),
				CAST(? AS TEXT), CAST(? AS DATE), CAST(? AS TIMESTAMPTZ) FROM i)
			SELECT improvement_id FROM i`
		args = append(append(args, tn.Org()), eventValues(ev, now)...)
	}
	var id int64
	err = s.db.conn(ctx).NewRaw(insert, args...).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) { // the source answer has its report already
		err = s.db.selectIn(ctx, tn, "improvements", "r").ColumnExpr("r.improvement_id").
			Where("r.source_key = ?", key).Scan(ctx, &id)
		return id, false, err
	}
	if err != nil {
		return 0, false, fmt.Errorf("create improvement: %w", err)
	}
	if together {
		return id, true, nil
	}
	return id, true, s.addEvent(ctx, tn, id, ev, now)
}

// OpenAll stores reports the system opens from their sources, each with
// its first event (without photos); a source that has its report already
// keeps it. On PostgreSQL one statement, the rows as one JSON argument (the
// same text, parsed and planned alike, for one report or a batch); on
// SQLite two (openAllSQLite).
func (s *Improvements) OpenAll(ctx context.Context, tn access.Tenant, opened []improvement.Opening) error {
	if len(opened) == 0 {
		return nil
	}
	if s.db.Dialect != Postgres {
		return s.openAllSQLite(ctx, tn, opened)
	}
	type openingJSON struct {
		FacilityID  int64           `json:"facility_id"`
		SourceKind  string          `json:"source_kind"`
		SourceKey   string          `json:"source_key"`
		Source      json.RawMessage `json:"source"`
		Subject     string          `json:"subject"`
		Status      string          `json:"status"`
		DueDate     string          `json:"due_date"`
		CheckListID *int64          `json:"check_list_id"`
		SurveyID    *int64          `json:"survey_id"`
		At          time.Time       `json:"created_at"`
		Markers     [5]int          `json:"markers"`
		SearchText  string          `json:"search_text"`
		Seq         int             `json:"seq"`
		Kind        string          `json:"kind"`
		Side        string          `json:"side"`
		Body        string          `json:"body"`
		EventDue    *string         `json:"event_due_date"`
	}
	rows := make([]openingJSON, len(opened))
	for i, o := range opened {
		if err := systemOpened(o); err != nil {
			return err
		}
		r, ev := o.Report, o.Event
		src, err := json.Marshal(r.Source)
		if err != nil {
			return err
		}
		m := r.Markers
		rows[i] = openingJSON{FacilityID: r.FacilityID, SourceKind: string(r.Source.Kind), SourceKey: r.Source.Key(r.FacilityID),
			Source: src, Subject: r.Subject, Status: string(r.Status), DueDate: civilDate{r.DueDate}.Format(time.DateOnly),
			CheckListID: positive(r.Source.CheckListID), SurveyID: positive(r.Source.SurveyID), At: o.At.UTC().Truncate(time.Microsecond),
			Markers: [5]int{m.Events, m.LastStore, m.LastOffice, m.ReadStore, m.ReadOffice}, SearchText: searchTextOf(r),
			Seq: ev.Seq, Kind: string(ev.Kind), Side: string(ev.Side), Body: ev.Text}
		if d := dateOf(ev.DueDate); d != nil {
			due := d.Format(time.DateOnly)
			rows[i].EventDue = &due
		}
	}
	b, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	err = s.db.queryPrepared(ctx, openPrepared, nil, string(b), tn.Org())
	if err != nil {
		return fmt.Errorf("open improvements: %w", err)
	}
	return nil
}

// openAllSQLite is OpenAll on SQLite, which has no data-modifying WITH: the
// reports, then the first events of those stored, each a prepared
// statement over its rows (queryRows).
func (s *Improvements) openAllSQLite(ctx context.Context, tn access.Tenant, opened []improvement.Opening) error {
	args := make([]any, 0, 20*len(opened))
	for _, o := range opened {
		if err := systemOpened(o); err != nil {
			return err
		}
		a, _, err := reportArgs(tn, o.Report, nil, o.At)
		if err != nil {
			return err
		}
		args = append(args, a...)
	}
	stored, err := queryRows[openedRow](ctx, s.db, openRows, args)
	if err != nil {
		return fmt.Errorf("open improvements: %w", err)
	}
	ids := make(map[string]int64, len(stored))
	for _, x := range stored {
		ids[x.Key] = x.ID
	}
	args = args[:0]
	for _, o := range opened {
		if id, ok := ids[o.Report.Source.Key(o.Report.FacilityID)]; ok {
			args = append(append(args, tn.Org(), id), eventValues(o.Event, o.At)...)
		}
	}
	if _, err := queryRows[struct{}](ctx, s.db, openEventRows, args); err != nil {
		return fmt.Errorf("open improvements' events: %w", err)
	}
	return nil
}

// openedRow is a report openRows stored.
type openedRow struct {
	ID  int64  `bun:"improvement_id"`
	Key string `bun:"source_key"`
}

// openRows and openEventRows are openAllSQLite's statements: system-opened
// reports (reportArgs) and the first events of those stored.
var (
	openRows = prepareRows(20, func(values string) string {
		return `INSERT INTO improvements (` + reportColumns + `) ` + values + ` ON CONFLICT DO NOTHING RETURNING improvement_id, source_key`
	})
	openEventRows = prepareRows(10, func(values string) string { return `INSERT INTO improvement_events (` + eventColumns + `) ` + values })
)

// systemOpened refuses an opening OpenAll cannot store: the system opens
// a report from a source (its key makes a second opening a no-op), with a
// first event that no user wrote and no photo.
func systemOpened(o improvement.Opening) error {
	if o.Report.Source.Key(o.Report.FacilityID) == "" || o.Event.UserID != nil || len(o.Event.PhotoIDs) > 0 {
		return fmt.Errorf("open improvement: a system-opened report has a source and a first event without user or photos")
	}
	return nil
}

// openPrepared stores system-opened reports and their first events ($1,
// JSON) for organization $2 (OpenAll).
var openPrepared = prepare(`WITH x AS (SELECT * FROM json_to_recordset(CAST($1 AS JSON)) AS x (facility_id BIGINT,
		source_kind TEXT, source_key TEXT, source JSONB, subject TEXT, status TEXT, due_date DATE, check_list_id BIGINT,
		survey_id BIGINT, created_at TIMESTAMPTZ, markers INTEGER[], search_text TEXT, seq INTEGER, kind TEXT, side TEXT,
		body TEXT, event_due_date DATE)),
	i AS (INSERT INTO improvements (` + reportColumns + `)
		SELECT CAST($2 AS BIGINT), x.facility_id, x.source_kind, x.source_key, x.source, x.subject, x.status, x.due_date,
			NULL, x.check_list_id, x.survey_id, NULL, x.created_at, x.created_at, x.markers[1], x.markers[2], x.markers[3],
			x.markers[4], x.markers[5], x.search_text
		FROM x ON CONFLICT DO NOTHING RETURNING improvement_id, source_key)
	INSERT INTO improvement_events (` + eventColumns + `)
		SELECT CAST($2 AS BIGINT), i.improvement_id, x.seq, x.kind, x.side, NULL, '', x.body, x.event_due_date, x.created_at
		FROM i JOIN x ON x.source_key = i.source_key`)

// positive is id, or nil when it is none (0).
func positive(id int64) *int64 {
	if id > 0 {
		return &id
	}
	return nil
}

// reportColumns are the columns a new report is stored with (reportArgs).
const reportColumns = `organization_id, facility_id, source_kind, source_key, source, subject,
	status, due_date, assignee_user_id, check_list_id, survey_id, created_by, created_at, content_modify_date, event_count,
	last_store_event, last_office_event, store_read_event, office_read_event, search_text`

// reportArgs are a new report's values for reportColumns, and its source
// key (nil for a report made by hand without a source).
func reportArgs(tn access.Tenant, r improvement.Report, createdBy *int64, now time.Time) ([]any, *string, error) {
	src, err := json.Marshal(r.Source)
	if err != nil {
		return nil, nil, err
	}
	var key *string
	if k := r.Source.Key(r.FacilityID); k != "" {
		key = &k
	}
	m := r.Markers
	return []any{tn.Org(), r.FacilityID, string(r.Source.Kind), key, string(src), r.Subject, string(r.Status), civilDate{r.DueDate},
		r.AssigneeID, positive(r.Source.CheckListID), positive(r.Source.SurveyID), createdBy, now.UTC(), now.UTC(), m.Events, m.LastStore, m.LastOffice,
		m.ReadStore, m.ReadOffice, searchTextOf(r)}, key, nil
}

// Append stores r's state after ev and appends ev, if nobody changed the
// report since r was read.
func (s *Improvements) Append(ctx context.Context, tn access.Tenant, r improvement.Report, ev improvement.Event, now time.Time) error {
	m := r.Markers
	res, err := s.db.updateIn(ctx, tn, "improvements").
		Set("status = ?", string(r.Status)).Set("due_date = ?", civilDate{r.DueDate}).Set("assignee_user_id = ?", r.AssigneeID).
		Set("content_modify_date = ?", now.UTC()).Set("event_count = ?", m.Events).
		Set("last_store_event = ?", m.LastStore).Set("last_office_event = ?", m.LastOffice).
		Set("store_read_event = ?", m.ReadStore).Set("office_read_event = ?", m.ReadOffice).
		Set("version = version + 1").
		Where("improvement_id = ? AND version = ?", r.ID, r.Version).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update improvement %d: %w", r.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return failure.Conflict("")
	}
	return s.addEvent(ctx, tn, r.ID, ev, now)
}

// eventColumns are an event's columns: the organization and the report,
// then eventValues.
const eventColumns = `organization_id, improvement_id, seq, kind, side, user_id, user_name, body, due_date, created_at`

func eventValues(ev improvement.Event, now time.Time) []any {
	return []any{ev.Seq, string(ev.Kind), string(ev.Side), ev.UserID, ev.UserName, ev.Text, dateOf(ev.DueDate), now.UTC()}
}

// addEvent appends an event, with its photos, to report id.
func (s *Improvements) addEvent(ctx context.Context, tn access.Tenant, id int64, ev improvement.Event, now time.Time) error {
	var eventID int64
	err := s.db.conn(ctx).NewRaw(`INSERT INTO improvement_events (`+eventColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING event_id`,
		append([]any{tn.Org(), id}, eventValues(ev, now)...)...).Scan(ctx, &eventID)
	if err != nil {
		return fmt.Errorf("append improvement %d event: %w", id, err)
	}
	for i, pid := range unique(ev.PhotoIDs) {
		if _, err := s.db.conn(ctx).NewRaw(`INSERT INTO improvement_event_photos (organization_id, event_id, photo_id, position)
			VALUES (?, ?, ?, ?)`, tn.Org(), eventID, pid, i).Exec(ctx); err != nil {
			return fmt.Errorf("attach photo: %w", err)
		}
	}
	return nil
}

// SetRead moves the read markers (reading is not an event: the version
// and the time of the last event stay).
func (s *Improvements) SetRead(ctx context.Context, tn access.Tenant, id int64, m improvement.Markers) error {
	_, err := s.db.updateIn(ctx, tn, "improvements").
		Set("store_read_event = CASE WHEN store_read_event > ? THEN store_read_event ELSE ? END", m.ReadStore, m.ReadStore).
		Set("office_read_event = CASE WHEN office_read_event > ? THEN office_read_event ELSE ? END", m.ReadOffice, m.ReadOffice).
		Where("improvement_id = ?", id).Exec(ctx)
	return err
}

// BySourceKeys returns the reports made from these source answers, by key.
func (s *Improvements) BySourceKeys(ctx context.Context, tn access.Tenant, keys []string) (map[string]improvement.Report, error) {
	out := map[string]improvement.Report{}
	if len(keys) == 0 {
		return out, nil
	}
	var rows []struct {
		improvementRow
		Key string `bun:"source_key"`
	}
	if err := s.withColumns(s.db.selectIn(ctx, tn, "improvements", "r").
		Join("JOIN facilities AS f ON f.organization_id = r.organization_id AND f.facility_id = r.facility_id").
		Join("JOIN org_groups AS g ON g.organization_id = f.organization_id AND g.group_id = f.group_id")).
		ColumnExpr("r.source_key").Where("r.source_key IN (?)", bun.In(keys)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("find improvements by source: %w", err)
	}
	for _, x := range rows {
		r, err := x.report()
		if err != nil {
			return nil, err
		}
		out[x.Key] = r
	}
	return out, nil
}

// Settings reads the organization's improvement options.
func (s *Improvements) Settings(ctx context.Context, tn access.Tenant) (improvementapp.Settings, error) {
	var x struct {
		Available bool `bun:"available_improvement"`
		DueDays   int  `bun:"improvement_due_days"`
	}
	err := s.db.selectIn(ctx, tn, "organizations", "o").ColumnExpr("o.available_improvement, o.improvement_due_days").Scan(ctx, &x)
	if err != nil {
		return improvementapp.Settings{}, fmt.Errorf("read improvement settings: %w", err)
	}
	return improvementapp.Settings{Available: x.Available, DueDays: x.DueDays}, nil
}

// Assignees lists the enabled users who can see store facilityID: users of
// a group whose subtree holds the store, bound to no store or to this one.
func (s *Improvements) Assignees(ctx context.Context, tn access.Tenant, facilityID int64, searchText string, userID int64, limit int) ([]improvement.Assignee, error) {
	storePath := s.db.selectIn(ctx, tn, "facilities", "sf").ColumnExpr("sg.path").
		Join("JOIN org_groups AS sg ON sg.organization_id = sf.organization_id AND sg.group_id = sf.group_id").
		Where("sf.facility_id = ?", facilityID)
	q := s.db.selectIn(ctx, tn, "users", "u").
		Join("JOIN org_groups AS g ON g.organization_id = u.organization_id AND g.group_id = u.group_id").
		ColumnExpr("u.user_id, u.user_account, u.last_name, u.first_name").
		Where("NOT u.disabled").
		Where("(?) LIKE g.path || '%'", storePath).
		Where("(u.facility_id IS NULL OR u.facility_id = ?)", facilityID)
	if userID != 0 {
		q = q.Where("u.user_id = ?", userID)
	}
	var rows []struct {
		ID      int64  `bun:"user_id"`
		Account string `bun:"user_account"`
		Last    string `bun:"last_name"`
		First   string `bun:"first_name"`
	}
	if err := matchesAll(q, "u.search_text", searchText).OrderExpr("u.user_account").Limit(limit).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("improvement assignees: %w", err)
	}
	out := make([]improvement.Assignee, len(rows))
	for i, x := range rows {
		out[i] = improvement.Assignee{UserID: x.ID, Account: x.Account, Name: strings.TrimSpace(x.Last + " " + x.First)}
	}
	return out, nil
}
