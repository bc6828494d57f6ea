package masters

import (
	"fmt"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/survey"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// Op is what applying does with one row.
type Op string

const (
	OpCreate    Op = "CREATE"
	OpUpdate    Op = "UPDATE"
	OpDelete    Op = "DELETE"
	OpUnchanged Op = "UNCHANGED"
	OpError     Op = "ERROR"
)

// Ops lists the operations in the order counts show them.
var Ops = []Op{OpCreate, OpUpdate, OpDelete, OpUnchanged, OpError}

// Change is one field an UPDATE changes.
type Change struct {
	Column string `json:"column"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

// CellError is one broken rule: the column, the value written and the
// message of the form that has the same rule.
type CellError struct {
	Column  string `json:"column"`
	Value   string `json:"value"`
	Message string `json:"message"`
}

// Row is the plan of one row: a sheet row, or an existing master the
// workbook left out (a DELETE, or its refusal, has no line).
type Row struct {
	Set     Set         `json:"set"`
	Sheet   string      `json:"sheet"`
	Line    int         `json:"line"`
	Op      Op          `json:"op"`
	ID      int64       `json:"id,omitempty"`
	Name    string      `json:"name"`
	Changes []Change    `json:"changes,omitempty"`
	Errors  []CellError `json:"errors,omitempty"`
}

// Count is how many rows of a set each operation has.
type Count struct {
	Set       Set    `json:"set"`
	Sheet     string `json:"sheet"`
	Create    int    `json:"create"`
	Update    int    `json:"update"`
	Delete    int    `json:"delete"`
	Unchanged int    `json:"unchanged"`
	Error     int    `json:"error"`
	// Deleting is whether the upload asked to delete what the sheet leaves out.
	Deleting bool `json:"deleting"`
}

// Plan is the preview of an upload.
type Plan struct {
	Rows   []Row   `json:"rows"`
	Counts []Count `json:"counts"`
	// Base identifies the masters the plan was built on; applying refuses
	// a plan whose base is no longer what the database holds.
	Base string `json:"base"`
	// Actions are what applying does, in order (rebuilt at apply time, never stored).
	Actions Actions `json:"-"`
}

// Errors is how many rows have an error.
func (p Plan) Errors() int {
	n := 0
	for _, c := range p.Counts {
		n += c.Error
	}
	return n
}

// ErrorSincePreview is the refusal of an apply whose plan, built again,
// has errors the preview did not (the preview's are refused before, by
// MayApply): something the base does not cover changed meanwhile — an
// account taken where the importer's masters do not show it, or the
// address the apply is asked from. It names the first such row, as the
// preview would have; nil when the plan has no error.
func (p Plan) ErrorSincePreview() error {
	for _, r := range p.Rows {
		if r.Op == OpError && len(r.Errors) > 0 {
			return failure.Refused(fmt.Sprintf(MsgErrorSincePreview, r.Sheet, r.Line, r.Errors[0].Text()))
		}
	}
	return nil
}

// Changes is how many rows applying changes.
func (p Plan) Changes() int {
	n := 0
	for _, c := range p.Counts {
		n += c.Create + c.Update + c.Delete
	}
	return n
}

// Ref points to a master: an existing one by id, or one this upload
// creates by its key (the id is known only once it is made).
type Ref struct {
	ID     int64
	NewKey string
}

// Actions are the changes of a plan by set, each list in the order to apply.
type Actions struct {
	Tags       []TagAction
	Groups     []GroupAction // parents before children
	Facilities []FacilityAction
	Users      []UserAction
	// Deletions go last, users before stores before groups (children first).
	DeleteUsers      []int64
	DeleteFacilities []int64
	DeleteGroups     []int64
	DeleteTags       []TagAction
	// Check lists are saved whole (their categories and items with them),
	// after the stores and users they target; deleting one hides it.
	CheckLists       []CheckListAction
	DeleteCheckLists []int64
	// Surveys are saved with their settings and target stores.
	Surveys       []SurveyAction
	DeleteSurveys []int64
}

// TagAction creates (ID 0) or renames a tag of Set.
type TagAction struct {
	Set    Set
	ID     int64
	NewKey string
	Input  tag.Input
}

// GroupAction creates (ID 0) or changes a group; Parent nil is a top group.
type GroupAction struct {
	ID, Version int64
	NewKey      string
	Parent      *Ref
	Input       group.Input
}

// FacilityAction creates (ID 0) or changes a store.
type FacilityAction struct {
	ID, Version int64
	NewKey      string
	Group       Ref
	Tags        []Ref
	Input       facility.Input
}

// UserAction creates (ID 0) or changes a user; a new user's Input carries
// its initial password.
type UserAction struct {
	ID, Version int64
	NewKey      string
	Group       Ref
	Facility    *Ref
	Tags        []Ref
	Input       user.Input
}

// Snapshot is the masters an upload is compared with: what the importer
// may see (its group subtree when it has one).
type Snapshot struct {
	Groups       []group.Group
	FacilityTags []tag.Tag
	UserTags     []tag.Tag
	Facilities   []facility.Facility // with Tags
	Users        []user.User         // with Tags
	// Usage is the history that keeps a store (check sheets, survey answers).
	Usage map[int64]facility.Usage
	// CheckLists are the lists with their categories and items (empty for
	// an importer who may not edit them).
	CheckLists []checklist.CheckList
	// Surveys are the surveys whole (empty for an importer who may not edit them).
	Surveys []survey.Survey
}

// Importer is who uploads, for the rules that depend on them.
type Importer struct {
	UserID int64
	Roles  []access.Role
	Scope  string // the group subtree the importer is bound to ("" whole organization)
	// MayMakeSystemAdmin is true only in the system organization.
	MayMakeSystemAdmin bool
	// MayEditCheckLists: the check list sheets are the importer's to change
	// (ROLE_CHECK_ITEM_EDIT over the whole organization).
	MayEditCheckLists bool
	// MayEditSurveys: the survey sheet is the importer's to change
	// (ROLE_SURVEY_REFERENCE over the whole organization, surveys in use).
	MayEditSurveys bool
	// Address is where the importer asked from, and AddressAllowed whether
	// the organization's allow-list lets a bound user in from there (true
	// when the organization does not restrict): the importer's own row may
	// not switch on their IP binding from an address the list leaves out,
	// as the user screen refuses (user.MsgShutsYouOut).
	Address        string
	AddressAllowed bool
}

// Options are what the upload asked and what the planner cannot read from
// the snapshot.
type Options struct {
	Labels   Labels
	Importer Importer
	// Delete is the sets whose existing rows the workbook leaves out are deleted.
	Delete map[Set]bool
	// TakenAccounts are the accounts (lower case) in use by users the
	// snapshot does not hold: outside the subtree, or in another
	// organization when accounts are unique across organizations.
	TakenAccounts map[string]bool
	// NewPassword makes a new user's initial password.
	NewPassword func() string
}

// Line is one row of an uploaded sheet, its cells in the layout's order.
type Line struct {
	Number int
	Cells  []string
}

// Workbook is an upload: the rows of each set it holds. A set it does not
// hold is left as it is.
type Workbook map[Set][]Line

// Rows counts the rows of every set.
func (wb Workbook) Rows() int {
	n := 0
	for _, lines := range wb {
		n += len(lines)
	}
	return n
}

// Text is the error as one line: column, value and message.
func (e CellError) Text() string {
	switch {
	case e.Column == "":
		return e.Message
	case e.Value == "":
		return "［" + e.Column + "］" + e.Message
	}
	return "［" + e.Column + "］「" + e.Value + "」: " + e.Message
}
