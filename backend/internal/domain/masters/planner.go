package masters

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/group"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/domain/validation"
)

// Messages of the workbook's own rules (the masters' rules keep their forms' messages).
const (
	MsgIDFormat        = "IDは数字で入力してください。"
	MsgIDUnknown       = "このIDの行は見つかりません。"
	MsgIDTwice         = "同じ行がこのシートに2回あります。"
	MsgYesNo           = "「はい」か「いいえ」で入力してください。"
	MsgGroupAmbiguous  = "同じ名前のグループが複数あります。グループIDで指定してください。"
	MsgFacilityUnknown = "所属店舗が見つかりません。"
	MsgFacilityTwice   = "この値の店舗が複数あります。店舗IDで指定してください。"
	MsgRootParent      = "操作できる範囲の最上位のグループは、親グループを変えられません。"
	MsgDeleteRoot      = "操作できる範囲の最上位のグループは削除できません。"
	MsgDeleteSelf      = user.MsgDeleteSelf
	MsgDisableSelf     = "自分自身は無効にできません。"
	MsgRefDeleted      = "削除する行を参照しています。"
)

// Render writes the snapshot as the sheets' rows, in the layout's column
// order: what the download holds, and what an upload is compared with.
func Render(s Snapshot) map[Set][][]string {
	x := newIndex(s)
	out := map[Set][][]string{}
	for _, t := range s.FacilityTags {
		out[SetFacilityTags] = append(out[SetFacilityTags], []string{id(t.ID), t.Label})
	}
	for _, t := range s.UserTags {
		out[SetUserTags] = append(out[SetUserTags], []string{id(t.ID), t.Label})
	}
	for _, g := range sortedGroups(s.Groups) {
		out[SetGroups] = append(out[SetGroups], groupCells(g.ID, g.ParentID, groupInput(g)))
	}
	for _, f := range s.Facilities {
		out[SetFacilities] = append(out[SetFacilities], facilityCells(f.ID, f.GroupID, facilityInput(f), labelsOf(f.Tags)))
	}
	accounts := map[int64]string{}
	for _, u := range s.Users {
		out[SetUsers] = append(out[SetUsers], userCells(u.ID, userInput(u), labelsOf(u.Tags), x))
		accounts[u.ID] = u.Account
	}
	for _, cl := range s.CheckLists {
		out[SetCheckLists] = append(out[SetCheckLists], checkListCells(cl, accounts))
		for _, cat := range cl.Categories {
			for _, it := range cat.Items {
				out[SetCheckItems] = append(out[SetCheckItems], checkItemCells(id(cl.ID), cat.Name, it))
			}
		}
	}
	for _, sv := range s.Surveys {
		out[SetSurveys] = append(out[SetSurveys], surveyCells(sv))
	}
	return out
}

// Base identifies a snapshot: its rendered rows with each row's version.
// Any change to what the plan compared with changes it.
func Base(s Snapshot) string {
	h := sha256.New()
	rows := Render(s)
	for _, set := range Sets {
		for _, r := range rows[set] {
			fmt.Fprintf(h, "%s\x1e%s\n", set, strings.Join(r, "\x1f"))
		}
	}
	for _, g := range s.Groups {
		fmt.Fprintf(h, "g%d:%d ", g.ID, g.Version)
	}
	for _, f := range s.Facilities {
		fmt.Fprintf(h, "f%d:%d ", f.ID, f.Version)
	}
	for _, u := range s.Users {
		fmt.Fprintf(h, "u%d:%d ", u.ID, u.Version)
	}
	for _, cl := range s.CheckLists {
		fmt.Fprintf(h, "c%d:%d ", cl.ID, cl.Version)
	}
	for _, sv := range s.Surveys {
		fmt.Fprintf(h, "s%d:%d ", sv.ID, sv.Version)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Build compares an uploaded workbook with the snapshot and plans every
// row. Sets are planned in dependency order, so a row may refer to a
// group, store or tag created by an earlier row of the same upload.
func Build(s Snapshot, wb Workbook, o Options) Plan {
	b := &builder{s: s, wb: wb, o: o, x: newIndex(s), layouts: Layouts(o.Labels)}
	b.tags(SetFacilityTags, s.FacilityTags, &b.facilityTags)
	b.tags(SetUserTags, s.UserTags, &b.userTags)
	b.groups()
	b.facilities()
	b.users()
	b.checkLists()
	b.surveys()
	b.deletions()
	b.plan.Base = Base(s)
	b.count()
	return b.plan
}

type builder struct {
	s       Snapshot
	wb      Workbook
	o       Options
	x       *index
	layouts []Layout
	plan    Plan

	facilityTags, userTags map[string]Ref   // label → tag, after the upload
	groupRefs              []groupRef       // every group after the upload
	facilityRefs           []facilityRef    // every store after the upload
	groupIdx               map[Ref]int      // position in groupRefs
	groupNames             map[string][]int // name → positions in groupRefs (not deleted)
	facilityIdx            map[Ref]int      // position in facilityRefs
	facilityExt            map[string][]int // external data id → positions in facilityRefs (not deleted)
	hasStores              map[Ref]bool     // groups with a store in their subtree after the upload
	scopeRoot              *Ref             // the importer's subtree root (read once)
	userGroups             map[int64]Ref    // existing user → its group after the upload
	userFacilities         map[int64]*Ref   // existing user → its store after the upload
	userRefs               map[string]Ref   // account (lower case) → user, after the upload
	kept                   map[Set]map[int64]bool
}

// index finds the snapshot's rows by id, and by the natural keys a row
// without an id is matched on.
type index struct {
	groups               map[int64]group.Group
	facilities           map[int64]facility.Facility
	users                map[int64]user.User
	groupsByJK           map[string][]int64
	facilitiesByExternal map[string][]int64
}

func newIndex(s Snapshot) *index {
	x := &index{groups: map[int64]group.Group{}, facilities: map[int64]facility.Facility{}, users: map[int64]user.User{},
		groupsByJK: map[string][]int64{}, facilitiesByExternal: map[string][]int64{}}
	for _, g := range s.Groups {
		x.groups[g.ID] = g
		x.groupsByJK[g.JKCode] = append(x.groupsByJK[g.JKCode], g.ID)
	}
	for _, f := range s.Facilities {
		x.facilities[f.ID] = f
		x.facilitiesByExternal[f.ExternalDataID] = append(x.facilitiesByExternal[f.ExternalDataID], f.ID)
	}
	for _, u := range s.Users {
		x.users[u.ID] = u
	}
	return x
}

func (b *builder) layout(set Set) Layout { return LayoutOf(b.layouts, set) }

// row starts the plan of a sheet row.
// A cell holding text the console does not keep (a control character, a
// direction override: validation.TextProblem) fails its row here, for
// every sheet, as the same text typed into a screen is refused.
func (b *builder) row(set Set, ln Line) *Row {
	r := &Row{Set: set, Sheet: b.layout(set).Sheet, Line: ln.Number}
	for col, v := range ln.Cells {
		if msg := validation.TextProblem(v); msg != "" && col < len(b.layout(set).Columns) {
			b.fail(r, col, v, msg)
		}
	}
	return r
}

// fail adds an error in column col (a position in the layout).
func (b *builder) fail(r *Row, col int, value, msg string) {
	r.Errors = append(r.Errors, CellError{Column: b.layout(r.Set).Columns[col].Heading, Value: value, Message: msg})
}

// failFields places a domain validation failure's messages in their columns.
func (b *builder) failFields(r *Row, err error, cells []string) {
	fe, ok := failure.As(err)
	if !ok || len(fe.Fields) == 0 {
		msg := err.Error()
		if ok {
			msg = fe.Message
		}
		r.Errors = append(r.Errors, CellError{Message: msg})
		return
	}
	cols := b.layout(r.Set).Columns
	fields := make([]string, 0, len(fe.Fields))
	for f := range fe.Fields {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	for _, f := range fields {
		i := slices.IndexFunc(cols, func(c Column) bool { return c.Field == f })
		if i < 0 {
			r.Errors = append(r.Errors, CellError{Message: fe.Fields[f]})
			continue
		}
		b.fail(r, i, cell(cells, i), fe.Fields[f])
	}
}

// finish records a row: ERROR when it broke a rule, else CREATE for a new
// row, UPDATE or UNCHANGED by comparing its cells with the current ones.
func (b *builder) finish(r *Row, isNew bool, cur, next []string, skip ...int) bool {
	switch {
	case len(r.Errors) > 0:
		r.Op = OpError
	case isNew:
		r.Op = OpCreate
	default:
		cols := b.layout(r.Set).Columns
		for i := 1; i < len(cols) && i < len(next); i++ {
			if !slices.Contains(skip, i) && cur[i] != next[i] {
				r.Changes = append(r.Changes, Change{Column: cols[i].Heading, Old: cur[i], New: next[i]})
			}
		}
		r.Op = OpUnchanged
		if len(r.Changes) > 0 {
			r.Op = OpUpdate
		}
	}
	b.plan.Rows = append(b.plan.Rows, *r)
	return r.Op == OpCreate || r.Op == OpUpdate
}

// keep notes that the workbook holds an existing row (so it is not deleted).
func (b *builder) keep(set Set, id int64) {
	if b.kept == nil {
		b.kept = map[Set]map[int64]bool{}
	}
	if b.kept[set] == nil {
		b.kept[set] = map[int64]bool{}
	}
	b.kept[set][id] = true
}

// rowID reads a row's ID cell: 0 for a new row, false when it is not a
// number or names a row that is not there (or another organization's).
func (b *builder) rowID(r *Row, cells []string, exists func(int64) bool) (int64, bool) {
	return b.rowIDAt(r, cells, 0, exists)
}

// rowIDAt reads an id kept in column col (the item sheet's is not the first).
func (b *builder) rowIDAt(r *Row, cells []string, col int, exists func(int64) bool) (int64, bool) {
	c := cell(cells, col)
	if c == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(c, 10, 64)
	if err != nil || n <= 0 {
		b.fail(r, col, c, MsgIDFormat)
		return 0, false
	}
	if !exists(n) {
		b.fail(r, col, c, MsgIDUnknown)
		return 0, false
	}
	return n, true
}

// twice refuses a second row for the same existing id.
func (b *builder) twice(r *Row, set Set, id int64, cells []string) bool {
	if id != 0 && b.kept[set][id] {
		b.fail(r, 0, cell(cells, 0), MsgIDTwice)
		return true
	}
	return false
}

// ---- tags

func (b *builder) tags(set Set, current []tag.Tag, out *map[string]Ref) {
	refs := map[string]Ref{}
	byID := map[int64]tag.Tag{}
	byLabel := map[string]tag.Tag{}
	for _, t := range current {
		byID[t.ID] = t
		byLabel[t.Label] = t
		refs[t.Label] = Ref{ID: t.ID}
	}
	*out = refs
	lines := b.wb[set]
	if lines == nil {
		return
	}
	// Labels as the upload leaves them: a renamed tag frees its old label.
	for _, ln := range lines {
		if c := cell(ln.Cells, tID); c != "" {
			if n, err := strconv.ParseInt(c, 10, 64); err == nil {
				if t, ok := byID[n]; ok && t.Label != strings.TrimSpace(cell(ln.Cells, tLabel)) {
					delete(refs, t.Label)
				}
			}
		}
	}
	for _, ln := range lines {
		r := b.row(set, ln)
		in := tag.Input{Label: strings.TrimSpace(cell(ln.Cells, tLabel))}
		tid, ok := b.rowID(r, ln.Cells, func(n int64) bool { _, ok := byID[n]; return ok })
		if ok && tid == 0 {
			if t, found := byLabel[in.Label]; found && refs[in.Label].ID == t.ID {
				tid = t.ID // an existing label without its id: the same tag
			}
		}
		if b.twice(r, set, tid, ln.Cells) {
			tid = 0
		}
		if err := in.Validate(); err != nil {
			b.failFields(r, err, ln.Cells)
		}
		if prev, taken := refs[in.Label]; taken && in.Label != "" && (tid == 0 || prev.ID != tid) {
			b.fail(r, tLabel, in.Label, tag.MsgDuplicate)
		}
		r.ID, r.Name = tid, in.Label
		cur := []string{}
		if tid != 0 {
			b.keep(set, tid)
			cur = []string{id(tid), byID[tid].Label}
		}
		if !b.finish(r, tid == 0, cur, []string{id(tid), in.Label}) {
			if r.Op != OpError || in.Label == "" {
				continue
			}
		}
		key := fmt.Sprintf("%s:%d", set, ln.Number)
		if r.Op == OpError {
			refs[in.Label] = Ref{NewKey: key} // referable, so one error is reported once
			continue
		}
		if tid == 0 {
			refs[in.Label] = Ref{NewKey: key}
		} else {
			refs[in.Label] = Ref{ID: tid}
		}
		b.plan.Actions.Tags = append(b.plan.Actions.Tags, TagAction{Set: set, ID: tid, NewKey: key, Input: in})
	}
	// A tag being deleted can no longer be put on a store or user.
	b.markDeleted(set, func(id int64) {
		if t := byID[id]; refs[t.Label] == (Ref{ID: id}) {
			delete(refs, t.Label)
		}
	})
}

// tagRefs resolves a comma-separated list of labels.
func (b *builder) tagRefs(r *Row, col int, c string, refs map[string]Ref) []Ref {
	var out []Ref
	for _, label := range splitList(c) {
		ref, ok := refs[label]
		if !ok {
			b.fail(r, col, label, tag.MsgUnknown)
			continue
		}
		out = append(out, ref)
	}
	return out
}

// ---- groups

// groupRef is a group as the upload leaves it.
type groupRef struct {
	ref     Ref
	name    string
	parent  *Ref
	deleted bool
	line    int
}

func (b *builder) groups() {
	b.groupIdx = map[Ref]int{}
	for _, g := range b.s.Groups {
		b.addGroup(groupRef{ref: Ref{ID: g.ID}, name: g.Name, parent: refPtr(g.ParentID)})
	}
	lines := b.wb[SetGroups]
	type pending struct {
		row    Row
		cells  []string
		in     group.Input
		parent string
		cur    group.Group
		i      int // position in groupRefs
	}
	var rows []*pending
	// First every row's identity and name, so parents may be named in any order.
	for _, ln := range lines {
		r := b.row(SetGroups, ln)
		in := group.Input{Name: strings.TrimSpace(cell(ln.Cells, gName)), NameKana: cell(ln.Cells, gKana),
			JKCode: cell(ln.Cells, gJK)}.Normalized()
		gid, ok := b.rowID(r, ln.Cells, func(n int64) bool { _, ok := b.x.groups[n]; return ok })
		if ok && gid == 0 && in.JKCode != "" {
			gid = b.onlyOne(SetGroups, b.x.groupsByJK[in.JKCode])
		}
		if b.twice(r, SetGroups, gid, ln.Cells) {
			gid = 0
		}
		p := &pending{row: *r, cells: ln.Cells, in: in, parent: cell(ln.Cells, gParent)}
		if gid != 0 {
			b.keep(SetGroups, gid)
			p.cur = b.x.groups[gid]
			p.i = b.groupIdx[Ref{ID: gid}]
			b.groupRefs[p.i].name = in.Name
		} else {
			p.i = b.addGroup(groupRef{ref: Ref{NewKey: fmt.Sprintf("%s:%d", SetGroups, ln.Number)}, name: in.Name, line: ln.Number})
		}
		p.row.ID, p.row.Name = gid, in.Name
		rows = append(rows, p)
	}
	b.markDeleted(SetGroups, func(id int64) { b.groupRefs[b.groupIdx[Ref{ID: id}]].deleted = true })
	b.groupNames = map[string][]int{}
	for i, g := range b.groupRefs {
		if !g.deleted {
			b.groupNames[g.name] = append(b.groupNames[g.name], i)
		}
	}
	// Then parents.
	for _, p := range rows {
		r := &p.row
		if err := p.in.Validate(); err != nil {
			b.failFields(r, err, p.cells)
		}
		scope := b.o.Importer.Scope
		isRoot := p.cur.ID != 0 && scope != "" && p.cur.Path == scope
		switch {
		case isRoot:
			// The root of a subtree keeps its parent, which lies outside.
			if p.parent != idPtr(p.cur.ParentID) {
				b.fail(r, gParent, p.parent, MsgRootParent)
			}
			b.groupRefs[p.i].parent = refPtr(p.cur.ParentID)
		case p.parent == "":
			if scope != "" {
				b.fail(r, gParent, "", group.MsgTopOnly)
			}
			b.groupRefs[p.i].parent = nil
		default:
			ref, msg := b.groupByCell(p.parent)
			if msg == user.MsgGroupAbsent {
				msg = group.MsgParentAbsent
			}
			if msg != "" {
				b.fail(r, gParent, p.parent, msg)
			}
			if ref != (Ref{}) {
				b.groupRefs[p.i].parent = &ref
			}
		}
	}
	// A parent chain that comes back to a group is a cycle; it is reported on
	// the rows whose parent the upload changed.
	for _, p := range rows {
		moved := p.cur.ID == 0 || !sameRef(b.groupRefs[p.i].parent, refPtr(p.cur.ParentID))
		if len(p.row.Errors) == 0 && moved && b.inCycle(p.i) {
			b.fail(&p.row, gParent, p.parent, group.MsgParentCycle)
		}
	}
	var actions []GroupAction
	for _, p := range rows {
		next := groupCells(p.cur.ID, nil, p.in)
		next[gParent] = b.groupCell(b.groupRefs[p.i].parent)
		var cur []string
		if p.cur.ID != 0 {
			cur = groupCells(p.cur.ID, p.cur.ParentID, groupInput(p.cur))
		}
		if b.finish(&p.row, p.cur.ID == 0, cur, next) {
			actions = append(actions, GroupAction{ID: p.cur.ID, Version: p.cur.Version, NewKey: b.groupRefs[p.i].ref.NewKey,
				Parent: b.groupRefs[p.i].parent, Input: p.in})
		}
	}
	// Parents before children: a group is placed once its final parent is.
	slices.SortStableFunc(actions, func(a, c GroupAction) int {
		return b.depth(Ref{ID: a.ID, NewKey: keyIf(a.ID, a.NewKey)}) - b.depth(Ref{ID: c.ID, NewKey: keyIf(c.ID, c.NewKey)})
	})
	b.plan.Actions.Groups = actions
}

// onlyOne is the one existing row a natural key names (ids), unless none or
// several do, or another row of the sheet already took it.
func (b *builder) onlyOne(set Set, ids []int64) int64 {
	if len(ids) != 1 || b.kept[set][ids[0]] {
		return 0
	}
	return ids[0]
}

// groupByCell resolves a group written by id or by name, as the upload
// leaves the groups; the message says why it cannot.
func (b *builder) groupByCell(c string) (Ref, string) {
	if n, err := strconv.ParseInt(c, 10, 64); err == nil {
		if g := b.groupOf(Ref{ID: n}); g != nil && n != 0 {
			if g.deleted {
				// Still the reference: what hangs under a deleted group keeps it from going.
				return g.ref, MsgRefDeleted
			}
			return g.ref, ""
		}
		return Ref{}, user.MsgGroupAbsent
	}
	found := b.groupNames[c]
	switch len(found) {
	case 0:
		return Ref{}, user.MsgGroupAbsent
	case 1:
		return b.groupRefs[found[0]].ref, ""
	}
	return Ref{}, MsgGroupAmbiguous
}

// groupCell writes a reference as the sheet does: the id, or the name of
// a group this upload creates.
func (b *builder) groupCell(r *Ref) string {
	if r == nil {
		return ""
	}
	if r.ID != 0 {
		return id(r.ID)
	}
	if g := b.groupOf(*r); g != nil {
		return g.name
	}
	return ""
}

func (b *builder) addGroup(g groupRef) int {
	b.groupIdx[g.ref] = len(b.groupRefs)
	b.groupRefs = append(b.groupRefs, g)
	return len(b.groupRefs) - 1
}

func (b *builder) groupOf(r Ref) *groupRef {
	if i, ok := b.groupIdx[r]; ok {
		return &b.groupRefs[i]
	}
	return nil
}

func (b *builder) inCycle(i int) bool {
	start := b.groupRefs[i].ref
	cur := b.groupRefs[i].parent
	for steps := 0; cur != nil && steps <= len(b.groupRefs); steps++ {
		if *cur == start {
			return true
		}
		g := b.groupOf(*cur)
		if g == nil {
			return false
		}
		cur = g.parent
	}
	return cur != nil
}

// depth is how many parents a group has once the upload is applied.
func (b *builder) depth(r Ref) int {
	d := 0
	g := b.groupOf(r)
	for g != nil && g.parent != nil && d <= len(b.groupRefs) {
		d++
		g = b.groupOf(*g.parent)
	}
	return d
}

// under reports whether group r lies in the subtree of group top, as the
// upload leaves the tree.
func (b *builder) under(r, top Ref) bool {
	g := b.groupOf(r)
	for steps := 0; g != nil && steps <= len(b.groupRefs); steps++ {
		if g.ref == top {
			return true
		}
		if g.parent == nil {
			return false
		}
		g = b.groupOf(*g.parent)
	}
	return false
}

// ---- stores

// facilityRef is a store as the upload leaves it.
type facilityRef struct {
	ref        Ref
	externalID string
	group      Ref
	deleted    bool
}

func (b *builder) facilities() {
	b.facilityIdx = map[Ref]int{}
	for _, f := range b.s.Facilities {
		b.addFacility(facilityRef{ref: Ref{ID: f.ID}, externalID: f.ExternalDataID, group: Ref{ID: f.GroupID}})
	}
	lines := b.wb[SetFacilities]
	for _, ln := range lines {
		r := b.row(SetFacilities, ln)
		c := ln.Cells
		in := facility.Input{Name: strings.TrimSpace(cell(c, fName)), NameKana: cell(c, fKana), Address: cell(c, fAddress),
			Tel: cell(c, fTel), ManagerName: cell(c, fManager), ExternalDataID: cell(c, fExternalID),
			ExternalDataValue: cell(c, fExternalValue)}.Normalized()
		in.AvailableAdvancedReport = b.yesNo(r, fAdvanced, c, false)
		in.AvailableSurvey = b.yesNo(r, fSurvey, c, false)
		fid, ok := b.rowID(r, c, func(n int64) bool { _, ok := b.x.facilities[n]; return ok })
		if ok && fid == 0 && in.ExternalDataID != "" {
			fid = b.onlyOne(SetFacilities, b.x.facilitiesByExternal[in.ExternalDataID])
		}
		if b.twice(r, SetFacilities, fid, c) {
			fid = 0
		}
		if fid != 0 {
			b.keep(SetFacilities, fid)
		}
		r.ID, r.Name = fid, in.Name
		grp, msg := Ref{}, ""
		if gc := cell(c, fGroup); gc != "" {
			if grp, msg = b.groupByCell(gc); msg != "" {
				b.fail(r, fGroup, gc, msg)
			}
			in.GroupID = max(grp.ID, 1) // resolved; a new group's id comes at apply
		}
		tags := b.tagRefs(r, fTags, cell(c, fTags), b.facilityTags)
		if err := in.Validate(b.o.Labels.ExternalDataID); err != nil {
			b.failFields(r, err, c)
		}
		if scope := b.o.Importer.Scope; scope != "" && msg == "" && grp != (Ref{}) && !b.inScope(grp) {
			b.fail(r, fGroup, cell(c, fGroup), facility.MsgGroupOutside)
		}
		key := fmt.Sprintf("%s:%d", SetFacilities, ln.Number)
		if fid != 0 {
			i := b.facilityIdx[Ref{ID: fid}]
			b.facilityRefs[i].externalID, b.facilityRefs[i].group = in.ExternalDataID, grp
		} else if len(r.Errors) == 0 {
			b.addFacility(facilityRef{ref: Ref{NewKey: key}, externalID: in.ExternalDataID, group: grp})
		}
		var cur []string
		var version int64
		if fid != 0 {
			f := b.x.facilities[fid]
			cur, version = facilityCells(f.ID, f.GroupID, facilityInput(f), labelsOf(f.Tags)), f.Version
		}
		next := facilityCells(fid, 0, in, b.tagLabels(tags, b.facilityTags))
		next[fGroup] = b.groupCell(&grp)
		if b.finish(r, fid == 0, cur, next) {
			b.plan.Actions.Facilities = append(b.plan.Actions.Facilities,
				FacilityAction{ID: fid, Version: version, NewKey: key, Group: grp, Tags: tags, Input: in})
		}
	}
	b.markDeleted(SetFacilities, func(id int64) { b.facilityRefs[b.facilityIdx[Ref{ID: id}]].deleted = true })
	// Indexes of the stores as the upload leaves them, for the users.
	b.facilityExt, b.hasStores = map[string][]int{}, map[Ref]bool{}
	for i, f := range b.facilityRefs {
		if f.deleted {
			continue
		}
		b.facilityExt[f.externalID] = append(b.facilityExt[f.externalID], i)
		g := b.groupOf(f.group)
		for steps := 0; g != nil && !b.hasStores[g.ref] && steps <= len(b.groupRefs); steps++ {
			b.hasStores[g.ref] = true
			if g.parent == nil {
				break
			}
			g = b.groupOf(*g.parent)
		}
	}
}

func (b *builder) addFacility(f facilityRef) {
	b.facilityIdx[f.ref] = len(b.facilityRefs)
	b.facilityRefs = append(b.facilityRefs, f)
}

// inScope reports whether a group lies in the importer's subtree once the
// upload is applied (an existing group by its path; a new one by where it hangs).
func (b *builder) inScope(r Ref) bool {
	if b.scopeRoot == nil {
		b.scopeRoot = &Ref{}
		for _, g := range b.s.Groups {
			if g.Path == b.o.Importer.Scope {
				b.scopeRoot.ID = g.ID
			}
		}
	}
	return b.scopeRoot.ID != 0 && b.under(r, *b.scopeRoot)
}

// ---- users

func (b *builder) users() {
	byAccount := map[string]int64{}
	for _, u := range b.s.Users {
		byAccount[strings.ToLower(u.Account)] = u.ID
	}
	b.userGroups, b.userFacilities, b.userRefs = map[int64]Ref{}, map[int64]*Ref{}, map[string]Ref{}
	for _, u := range b.s.Users {
		b.userGroups[u.ID] = Ref{ID: u.GroupID}
		b.userFacilities[u.ID] = refPtr(u.FacilityID)
		b.userRefs[strings.ToLower(u.Account)] = Ref{ID: u.ID}
	}
	accounts := map[string]int{} // account → first line
	for _, ln := range b.wb[SetUsers] {
		r := b.row(SetUsers, ln)
		c := ln.Cells
		in := user.Input{Account: cell(c, uAccount), LastName: strings.TrimSpace(cell(c, uLastName)),
			FirstName: strings.TrimSpace(cell(c, uFirstName)), MailAddress: cell(c, uMail)}.Normalized()
		in.MainAuthority = authorityName(cell(c, uMain))
		for _, s := range splitList(cell(c, uSubs)) {
			in.SubAuthorities = append(in.SubAuthorities, authorityName(s))
		}
		in.MfaType = mfaType(cell(c, uMfa))
		in.IPAddressRestriction = b.yesNo(r, uIPRestriction, c, true)
		in.Disabled = b.yesNo(r, uDisabled, c, false)
		uid, ok := b.rowID(r, c, func(n int64) bool { _, ok := b.x.users[n]; return ok })
		if ok && uid == 0 {
			uid = byAccount[strings.ToLower(in.Account)]
			if b.kept[SetUsers][uid] {
				uid = 0
			}
		}
		if b.twice(r, SetUsers, uid, c) {
			uid = 0
		}
		if uid != 0 {
			b.keep(SetUsers, uid)
		}
		r.ID, r.Name = uid, strings.TrimSpace(in.LastName+" "+in.FirstName)
		if uid == 0 && b.o.NewPassword != nil {
			in.Password = b.o.NewPassword()
		}
		grp, msg := Ref{}, ""
		if gc := cell(c, uGroup); gc != "" {
			if grp, msg = b.groupByCell(gc); msg != "" {
				b.fail(r, uGroup, gc, msg)
			}
			in.GroupID = max(grp.ID, 1)
		}
		fac := b.userFacility(r, c)
		if fac != nil {
			in.FacilityID = max(fac.ID, 1)
		}
		tags := b.tagRefs(r, uTags, cell(c, uTags), b.userTags)
		if err := in.Validate(uid == 0); err != nil {
			b.failFields(r, err, c)
		}
		b.userRules(r, c, uid, in, grp, msg == "", fac)
		lower := strings.ToLower(in.Account)
		if first, seen := accounts[lower]; seen && in.Account != "" && first != ln.Number {
			b.fail(r, uAccount, in.Account, user.MsgAccountTaken)
		} else if (b.o.TakenAccounts[lower] || (byAccount[lower] != 0 && byAccount[lower] != uid)) && in.Account != "" {
			b.fail(r, uAccount, in.Account, user.MsgAccountTaken)
		}
		accounts[lower] = ln.Number
		if uid != 0 {
			b.userGroups[uid], b.userFacilities[uid] = grp, fac
		}
		var cur []string
		var version int64
		if uid != 0 {
			u := b.x.users[uid]
			cur, version = userCells(u.ID, userInput(u), labelsOf(u.Tags), b.x), u.Version
		}
		next := userCells(uid, in, b.tagLabels(tags, b.userTags), b.x)
		next[uGroup] = b.groupCell(&grp)
		next[uFacility] = b.facilityCell(fac)
		key := fmt.Sprintf("%s:%d", SetUsers, ln.Number)
		if uid == 0 && in.Account != "" {
			b.userRefs[lower] = Ref{NewKey: key}
		}
		if b.finish(r, uid == 0, cur, next, uFacilityExternal) {
			b.plan.Actions.Users = append(b.plan.Actions.Users,
				UserAction{ID: uid, Version: version, NewKey: key, Group: grp, Facility: fac, Tags: tags, Input: in})
		}
	}
	b.markDeleted(SetUsers, func(id int64) {
		delete(b.userGroups, id)
		delete(b.userFacilities, id)
		for account, ref := range b.userRefs {
			if ref.ID == id {
				delete(b.userRefs, account)
			}
		}
	})
}

// userFacility resolves the user's store from its id, or else from the
// store's external data id (which a store created by this upload has).
func (b *builder) userFacility(r *Row, c []string) *Ref {
	if idc := cell(c, uFacility); idc != "" {
		n, err := strconv.ParseInt(idc, 10, 64)
		if f := b.facilityRef(Ref{ID: n}); err == nil && n > 0 && f != nil {
			if f.deleted {
				b.fail(r, uFacility, idc, MsgRefDeleted) // and still counted there, so the store's deletion is refused too
			}
			return &f.ref
		}
		b.fail(r, uFacility, idc, MsgFacilityUnknown)
		return nil
	}
	ext := cell(c, uFacilityExternal)
	if ext == "" {
		return nil
	}
	found := b.facilityExt[ext]
	switch len(found) {
	case 0:
		b.fail(r, uFacilityExternal, ext, MsgFacilityUnknown)
	case 1:
		return &b.facilityRefs[found[0]].ref
	default:
		b.fail(r, uFacilityExternal, ext, MsgFacilityTwice)
	}
	return nil
}

// userRules are the user form's rules beyond the fields: what the importer
// may grant, the group scope, the store's place in the group, oneself.
func (b *builder) userRules(r *Row, c []string, uid int64, in user.Input, grp Ref, grpOK bool, fac *Ref) {
	imp := b.o.Importer
	if in.MainAuthority != "" && (!in.MayGrant(imp.Roles) || (in.MainAuthority == access.SystemAdmin && !imp.MayMakeSystemAdmin)) {
		b.fail(r, uMain, cell(c, uMain), user.MsgGrantTooMuch)
	}
	if uid != 0 && uid == imp.UserID && in.Disabled {
		b.fail(r, uDisabled, cell(c, uDisabled), MsgDisableSelf)
	}
	if uid != 0 && uid == imp.UserID && in.IPAddressRestriction && !imp.AddressAllowed {
		b.fail(r, uIPRestriction, cell(c, uIPRestriction), fmt.Sprintf(user.MsgShutsYouOut, imp.Address))
	}
	if !grpOK || grp == (Ref{}) {
		return
	}
	if imp.Scope != "" && !b.inScope(grp) {
		b.fail(r, uGroup, cell(c, uGroup), user.MsgOutside)
		return
	}
	if fac != nil {
		if f := b.facilityRef(*fac); f != nil && !b.under(f.group, grp) {
			b.fail(r, uFacility, cell(c, uFacility)+cell(c, uFacilityExternal), user.MsgFacilityOutsideGroup)
		}
		return
	}
	stores := 0
	if b.hasStores[grp] {
		stores = 1
	}
	if err := in.CheckStore(stores); err != nil {
		b.failFields(r, err, c)
	}
}

func (b *builder) facilityRef(r Ref) *facilityRef {
	if i, ok := b.facilityIdx[r]; ok {
		return &b.facilityRefs[i]
	}
	return nil
}

func (b *builder) facilityCell(r *Ref) string {
	if r == nil {
		return ""
	}
	if r.ID != 0 {
		return id(r.ID)
	}
	if f := b.facilityRef(*r); f != nil {
		return f.externalID
	}
	return ""
}

// ---- deletions

// markDeleted plans the deletion of the existing rows of set the workbook
// left out, when the upload asked for it, and tells the set's references.
func (b *builder) markDeleted(set Set, gone func(int64)) {
	if b.wb[set] == nil || !b.o.Delete[set] {
		return
	}
	for _, id := range b.existing(set) {
		if !b.kept[set][id] {
			gone(id)
			b.keep(set, -id) // -id: planned for deletion
		}
	}
}

func (b *builder) existing(set Set) []int64 {
	var ids []int64
	switch set {
	case SetGroups:
		for _, g := range b.s.Groups {
			ids = append(ids, g.ID)
		}
	case SetFacilities:
		for _, f := range b.s.Facilities {
			ids = append(ids, f.ID)
		}
	case SetUsers:
		for _, u := range b.s.Users {
			ids = append(ids, u.ID)
		}
	case SetFacilityTags:
		for _, t := range b.s.FacilityTags {
			ids = append(ids, t.ID)
		}
	case SetUserTags:
		for _, t := range b.s.UserTags {
			ids = append(ids, t.ID)
		}
	case SetCheckLists:
		for _, cl := range b.s.CheckLists {
			ids = append(ids, cl.ID)
		}
	case SetSurveys:
		for _, sv := range b.s.Surveys {
			ids = append(ids, sv.ID)
		}
	}
	return ids
}

// deletions plans each left-out row with the rule its screen applies to a
// deletion, judged on the masters as the upload leaves them.
func (b *builder) deletions() {
	a := &b.plan.Actions
	for _, u := range b.s.Users {
		if b.kept[SetUsers][-u.ID] {
			r := Row{Set: SetUsers, Sheet: b.layout(SetUsers).Sheet, ID: u.ID, Name: strings.TrimSpace(u.LastName + " " + u.FirstName)}
			if u.ID == b.o.Importer.UserID {
				r.Errors = append(r.Errors, CellError{Message: MsgDeleteSelf})
			}
			if b.deleteRow(r) {
				a.DeleteUsers = append(a.DeleteUsers, u.ID)
			}
		}
	}
	members := map[int64]int{}
	for _, fac := range b.userFacilities {
		if fac != nil {
			members[fac.ID]++
		}
	}
	for _, f := range b.s.Facilities {
		if b.kept[SetFacilities][-f.ID] {
			u := b.s.Usage[f.ID]
			u.Users = members[f.ID]
			r := Row{Set: SetFacilities, Sheet: b.layout(SetFacilities).Sheet, ID: f.ID, Name: f.Name}
			if err := facility.CanDelete(u); err != nil {
				r.Errors = append(r.Errors, CellError{Message: err.Error()})
			}
			if b.deleteRow(r) {
				a.DeleteFacilities = append(a.DeleteFacilities, f.ID)
			}
		}
	}
	for _, g := range slices.Backward(sortedGroups(b.s.Groups)) {
		if !b.kept[SetGroups][-g.ID] {
			continue
		}
		r := Row{Set: SetGroups, Sheet: b.layout(SetGroups).Sheet, ID: g.ID, Name: g.Name}
		if g.Path == b.o.Importer.Scope {
			r.Errors = append(r.Errors, CellError{Message: MsgDeleteRoot})
		} else if err := group.CanDelete(b.finalCounts(g.ID)); err != nil {
			r.Errors = append(r.Errors, CellError{Message: err.Error()})
		}
		if b.deleteRow(r) {
			a.DeleteGroups = append(a.DeleteGroups, g.ID)
		}
	}
	for _, set := range []Set{SetFacilityTags, SetUserTags} {
		tags := b.s.FacilityTags
		if set == SetUserTags {
			tags = b.s.UserTags
		}
		for _, t := range tags {
			if b.kept[set][-t.ID] {
				if b.deleteRow(Row{Set: set, Sheet: b.layout(set).Sheet, ID: t.ID, Name: t.Label}) {
					a.DeleteTags = append(a.DeleteTags, TagAction{Set: set, ID: t.ID})
				}
			}
		}
	}
}

// finalCounts counts what hangs under a group once the upload is applied.
func (b *builder) finalCounts(gid int64) group.Group {
	g := group.Group{ID: gid}
	ref := Ref{ID: gid}
	for _, c := range b.groupRefs {
		if !c.deleted && c.parent != nil && *c.parent == ref {
			g.Children++
		}
	}
	for _, f := range b.facilityRefs {
		if !f.deleted && f.group == ref {
			g.Facilities++
		}
	}
	for _, ug := range b.userGroups {
		if ug == ref {
			g.Users++
		}
	}
	return g
}

func (b *builder) deleteRow(r Row) bool {
	r.Op = OpDelete
	if len(r.Errors) > 0 {
		r.Op = OpError
	}
	b.plan.Rows = append(b.plan.Rows, r)
	return r.Op == OpDelete
}

func (b *builder) count() {
	for _, l := range b.layouts {
		c := Count{Set: l.Set, Sheet: l.Sheet, Deleting: b.o.Delete[l.Set] && b.wb[l.Set] != nil}
		for _, r := range b.plan.Rows {
			if r.Set != l.Set {
				continue
			}
			switch r.Op {
			case OpCreate:
				c.Create++
			case OpUpdate:
				c.Update++
			case OpDelete:
				c.Delete++
			case OpUnchanged:
				c.Unchanged++
			case OpError:
				c.Error++
			}
		}
		b.plan.Counts = append(b.plan.Counts, c)
	}
}

// ---- cells

func groupCells(gid int64, parent *int64, in group.Input) []string {
	return []string{id(gid), idPtr(parent), in.Name, in.NameKana, in.JKCode}
}

func facilityCells(fid, gid int64, in facility.Input, tags []string) []string {
	return []string{id(fid), id(gid), in.Name, in.NameKana, in.Address, in.Tel, in.ManagerName, in.ExternalDataID,
		in.ExternalDataValue, yesNoCell(in.AvailableAdvancedReport), yesNoCell(in.AvailableSurvey), strings.Join(tags, ", ")}
}

func userCells(uid int64, in user.Input, tags []string, x *index) []string {
	main := in.MainAuthority
	if a, ok := access.FindAuthority(main); ok {
		main = a.Label
	}
	var subs []string
	for _, s := range in.SubAuthorities {
		if a, ok := access.FindAuthority(s); ok {
			s = a.Label
		}
		subs = append(subs, s)
	}
	fac := ""
	if in.FacilityID != 0 {
		fac = id(in.FacilityID)
	}
	return []string{id(uid), in.Account, in.LastName, in.FirstName, main, strings.Join(subs, ", "), id(in.GroupID), fac, "",
		strings.Join(tags, ", "), yesNoCell(in.IPAddressRestriction), mfaLabel(in.MfaType), in.MailAddress, yesNoCell(in.Disabled)}
}

func groupInput(g group.Group) group.Input {
	return group.Input{ParentID: g.ParentID, Name: g.Name, NameKana: g.NameKana, JKCode: g.JKCode}
}

func facilityInput(f facility.Facility) facility.Input {
	return facility.Input{GroupID: f.GroupID, Name: f.Name, NameKana: f.NameKana, Address: f.Address, Tel: f.Tel,
		ManagerName: f.ManagerName, ExternalDataID: f.ExternalDataID, ExternalDataValue: f.ExternalDataValue,
		AvailableAdvancedReport: f.AvailableAdvancedReport, AvailableSurvey: f.AvailableSurvey}
}

func userInput(u user.User) user.Input {
	in := user.Input{Account: u.Account, LastName: u.LastName, FirstName: u.FirstName, MainAuthority: u.MainAuthority,
		SubAuthorities: sortedAuthorities(u.SubAuthorities), GroupID: u.GroupID, IPAddressRestriction: u.IPAddressRestriction,
		MfaType: u.MfaType, MailAddress: u.MailAddress, Disabled: u.Disabled}
	if u.FacilityID != nil {
		in.FacilityID = *u.FacilityID
	}
	return in
}

// sortedAuthorities orders sub authorities as the grant table does, so the
// order they were written in is not a change.
func sortedAuthorities(names []string) []string {
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, c string) int { return authorityRank(a) - authorityRank(c) })
	return out
}

func authorityRank(name string) int {
	i := slices.IndexFunc(access.Authorities, func(a access.Authority) bool { return a.Name == name })
	if i < 0 {
		return len(access.Authorities)
	}
	return i
}

func authorityName(c string) string {
	if a, ok := authorityByCell(c); ok {
		return a.Name
	}
	return c
}

func mfaType(c string) string {
	switch c {
	case "", mfaLabels[0], user.MfaNone:
		return user.MfaNone
	case mfaLabels[1], user.MfaMail:
		return user.MfaMail
	}
	return c
}

// yesNo reads a yes/no cell; empty is def.
func (b *builder) yesNo(r *Row, col int, c []string, def bool) bool {
	switch strings.ToLower(cell(c, col)) {
	case "":
		return def
	case Yes, "true", "1", "yes", "○":
		return true
	case No, "false", "0", "no", "×":
		return false
	}
	b.fail(r, col, cell(c, col), MsgYesNo)
	return def
}

func yesNoCell(v bool) string {
	if v {
		return Yes
	}
	return No
}

// tagLabels writes resolved tags as their labels, sorted.
func (b *builder) tagLabels(refs []Ref, labels map[string]Ref) []string {
	var out []string
	for label, ref := range labels {
		if slices.Contains(refs, ref) {
			out = append(out, label)
		}
	}
	slices.Sort(out)
	return out
}

func labelsOf(tags []tag.Tag) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t.Label
	}
	slices.Sort(out)
	return out
}

// splitList reads a comma-separated cell (full-width commas and 、 too).
func splitList(c string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(c, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == '\n' }) {
		if p = strings.TrimSpace(p); p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// sortedGroups orders groups parents first (by path), as the sheet lists them.
func sortedGroups(gs []group.Group) []group.Group {
	out := slices.Clone(gs)
	slices.SortStableFunc(out, func(a, c group.Group) int {
		if d := a.Depth() - c.Depth(); d != 0 {
			return d
		}
		return strings.Compare(a.Path, c.Path)
	})
	return out
}

func cell(c []string, i int) string {
	if i < len(c) {
		return strings.TrimSpace(c[i])
	}
	return ""
}

func id(n int64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

func idPtr(p *int64) string {
	if p == nil {
		return ""
	}
	return id(*p)
}

func refPtr(p *int64) *Ref {
	if p == nil {
		return nil
	}
	return &Ref{ID: *p}
}

func sameRef(a, b *Ref) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

func keyIf(id int64, key string) string {
	if id != 0 {
		return ""
	}
	return key
}
