package http

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// bindJSON decodes a JSON body into v, strictly: unknown fields, trailing
// data, wrong types, a required field left out and a missing or non-JSON
// body become invalid-input failures naming the field, never a 500.
func bindJSON(c echo.Context, v any) error {
	req := c.Request()
	if ct := req.Header.Get(echo.HeaderContentType); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != echo.MIMEApplicationJSON {
			return failure.InvalidMessage(msgMalformed)
		}
	}
	data, err := io.ReadAll(req.Body)
	if err != nil {
		return decodeFailure(err, nil) // over a body limit: 413
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == 'n' {
		// `null` decodes to zero values: every field cleared, every flag off. No call takes it.
		return failure.InvalidMessage(msgMalformed)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeFailure(err, data)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return failure.InvalidMessage(msgMalformed)
	}
	if fields := missingFields(reflect.ValueOf(v), data); fields != nil {
		return failure.Invalid(fields)
	}
	if msg := refused(reflect.ValueOf(v)); msg != "" {
		return failure.InvalidMessage(msg)
	}
	return nil
}

// A field the contract marks required is generated without `omitempty`;
// a body that leaves one out would decode it as its zero value — maintenance
// switched off and its message cleared by `{}` — so it is refused under the
// field's wire path (dotted names, as json.UnmarshalTypeError.Field names a
// type error: no index for an array element or key for a map value). A
// required field sent as `null` counts as sent only where the contract lets
// it be null (a pointer): elsewhere `null` leaves the zero value as well. Each type's required fields are worked out once (shapeOf); the
// body is parsed a second time, generically, only when a required field holds
// its zero value, since a field holding anything else was certainly sent.
func missingFields(v reflect.Value, data []byte) map[string]string {
	s := shapeOf(v.Type())
	if !s.required || !zeroRequired(v, s) {
		return nil
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil // cannot happen: the decoder has read the same bytes
	}
	missing := map[string]string{}
	absent(raw, s, "", missing)
	if len(missing) == 0 {
		return nil
	}
	return missing
}

// shape is what a type holds for the presence rule: a struct's fields as
// encoding/json sees them (embedded structs' fields promoted), or the element
// of a pointer, slice, array or map. required says whether a required field
// is anywhere within; a shape without one is never walked.
type shape struct {
	kind     reflect.Kind // Struct; Pointer, Slice (also an array) or Map of elem; else Invalid: nothing within
	fields   []wireField
	elem     *shape
	required bool
}

type wireField struct {
	index    []int
	name     string
	required bool // tagged without omitempty (TestNoOmitemptyMeansRequired)
	shape    *shape
}

var (
	shapes        sync.Map // reflect.Type → *shape
	jsonUnmarshal = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshal = reflect.TypeFor[encoding.TextUnmarshaler]()
	leaf          = &shape{}
)

func shapeOf(t reflect.Type) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	built := map[reflect.Type]*shape{}
	s := buildShape(t, built)
	// A field's shape may be its own type's (a tree), so whether a required
	// field is within is settled once every shape is built.
	for changed := true; changed; {
		changed = false
		for _, b := range built {
			if !b.required && b.holdsRequired() {
				b.required, changed = true, true
			}
		}
	}
	for bt, b := range built {
		shapes.LoadOrStore(bt, b)
	}
	return s
}

func (s *shape) holdsRequired() bool {
	if s.elem != nil {
		return s.elem.required
	}
	for _, f := range s.fields {
		if f.required || f.shape.required {
			return true
		}
	}
	return false
}

func buildShape(t reflect.Type, built map[reflect.Type]*shape) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	if s, ok := built[t]; ok {
		return s
	}
	// A type that reads its own JSON (a date, a time) holds no fields of ours.
	if t.Kind() != reflect.Pointer && (t.Implements(jsonUnmarshal) || reflect.PointerTo(t).Implements(jsonUnmarshal) ||
		t.Implements(textUnmarshal) || reflect.PointerTo(t).Implements(textUnmarshal)) {
		return leaf
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		s := &shape{kind: t.Kind()}
		if s.kind == reflect.Array {
			s.kind = reflect.Slice
		}
		built[t] = s
		s.elem = buildShape(t.Elem(), built)
		return s
	case reflect.Struct:
		s := &shape{kind: reflect.Struct}
		built[t] = s
		s.fields = wireFields(t, built)
		return s
	}
	return leaf
}

// wireFields lists a struct's fields by their JSON names as encoding/json
// does: unexported and `json:"-"` fields left out, an untagged embedded
// struct's fields promoted, and of two fields with one name the shallower,
// else the tagged one, else neither.
func wireFields(t reflect.Type, built map[reflect.Type]*shape) []wireField {
	type candidate struct {
		wireField
		depth  int
		tagged bool
	}
	var found []candidate
	type level struct {
		t     reflect.Type
		index []int
	}
	// A struct is read once, at its shallowest; embedded twice at one depth,
	// its fields are listed twice so that they cancel out, as in encoding/json.
	current, visited := []level{{t: t}}, map[reflect.Type]bool{}
	count := map[reflect.Type]int{t: 1}
	for depth := 0; len(current) > 0; depth++ {
		var next []level
		nextCount := map[reflect.Type]int{}
		for _, l := range current {
			if visited[l.t] {
				continue
			}
			visited[l.t] = true
			for i := range l.t.NumField() {
				sf := l.t.Field(i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if sf.Anonymous {
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(slices.Clone(l.index), i)
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					nextCount[ft]++
					if nextCount[ft] == 1 {
						next = append(next, level{t: ft, index: index})
					}
					continue
				}
				tagged := name != ""
				if !tagged {
					name = sf.Name
				}
				required := !slices.Contains(strings.Split(opts, ","), "omitempty")
				c := candidate{wireField{index: index, name: name, required: required}, depth, tagged}
				found = append(found, c)
				if count[l.t] > 1 {
					found = append(found, c)
				}
			}
		}
		current, count = next, nextCount
	}
	var fields []wireField
	for i, c := range found {
		dominant := true
		for j, o := range found {
			if j == i || o.name != c.name {
				continue
			}
			if o.depth < c.depth || (o.depth == c.depth && (o.tagged || !c.tagged)) {
				dominant = false
				break
			}
		}
		if dominant {
			f := c.wireField
			f.shape = buildShape(t.FieldByIndex(f.index).Type, built)
			fields = append(fields, f)
		}
	}
	return fields
}

// zeroRequired says whether a required field within v holds its zero value
// (or sits under a nil embedded pointer): it may have been left out.
func zeroRequired(v reflect.Value, s *shape) bool {
	if !s.required {
		return false
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && zeroRequired(v.Elem(), s.elem)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if zeroRequired(v.Index(i), s.elem) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if zeroRequired(it.Value(), s.elem) {
				return true
			}
		}
	case reflect.Struct:
		for _, f := range s.fields {
			fv, err := v.FieldByIndexErr(f.index)
			if err != nil {
				// Under a nil embedded pointer: none of its fields was sent.
				if f.required {
					return true
				}
				continue
			}
			if f.required && fv.IsZero() {
				return true
			}
			if zeroRequired(fv, f.shape) {
				return true
			}
		}
	}
	return false
}

// absent adds to missing, under its wire path, every required field of the
// generically parsed body raw that the body leaves out.
func absent(raw any, s *shape, path string, missing map[string]string) {
	if !s.required {
		return
	}
	switch s.kind {
	case reflect.Pointer:
		absent(raw, s.elem, path, missing)
	case reflect.Slice:
		elements, _ := raw.([]any)
		for _, e := range elements {
			absent(e, s.elem, path, missing)
		}
	case reflect.Map:
		values, _ := raw.(map[string]any)
		for _, e := range values {
			absent(e, s.elem, path, missing)
		}
	case reflect.Struct:
		object, ok := raw.(map[string]any)
		if !ok {
			return // null
		}
		for _, f := range s.fields {
			fieldPath := f.name
			if path != "" {
				fieldPath = path + "." + f.name
			}
			value, sent := member(object, f.name)
			if !sent || (value == nil && f.shape.kind != reflect.Pointer) {
				if f.required {
					missing[fieldPath] = msgFieldMissing
				}
				continue
			}
			absent(value, f.shape, fieldPath, missing)
		}
	}
}

// member is the object's value for a field name, matched as encoding/json
// matches it: exactly, else ignoring case.
func member(object map[string]any, name string) (any, bool) {
	if v, ok := object[name]; ok {
		return v, true
	}
	for k, v := range object {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

// Dates a body may hold: the console's records are of this age. A year 0
// or 9999 is a typo, and each database reads such a date differently.
const (
	firstYear = 1900
	lastYear  = 2999
)

var timeType = reflect.TypeFor[time.Time]()

// refused says why a decoded body cannot be taken, or "": a string holding
// a NUL character (JSON's "\u0000": PostgreSQL cannot store one in a text
// column, so it would fail the statement — a 500, or a whole batch of survey
// answers — instead of being refused here), or a date outside the years
// the console keeps.
func refused(v reflect.Value) string {
	if v.Type() == timeType {
		// A zero time here was sent as 0001-01-01: a required date is always
		// sent (missingFields), and an optional one left out is a nil pointer
		// or, tagged omitempty, skipped below.
		if t, ok := v.Interface().(time.Time); ok && (t.Year() < firstYear || t.Year() > lastYear) {
			return msgDateRange
		}
		return ""
	}
	switch v.Kind() {
	case reflect.String:
		return validation.TextProblem(v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return refused(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || (v.Field(i).IsZero() && slices.Contains(strings.Split(f.Tag.Get("json"), ","), "omitempty")) {
				continue // an optional field left out holds nothing to refuse
			}
			if msg := refused(v.Field(i)); msg != "" {
				return msg
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if msg := refused(v.Index(i)); msg != "" {
				return msg
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if msg := refused(it.Key()); msg != "" {
				return msg
			}
			if msg := refused(it.Value()); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// formBool reads a form field holding true or false; absent is false, and
// anything else is refused under the field (a typo must not unpublish).
func formBool(c echo.Context, name string) (bool, error) {
	switch c.FormValue(name) {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, failure.Invalid(map[string]string{name: typeMessage(reflect.Bool)})
}

// typeMessage says what a field of kind k takes, without the wire's field
// path (the field error is shown under the field itself).
func typeMessage(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return validation.MsgInteger
	case reflect.String:
		return "文字で入力してください。"
	case reflect.Bool:
		return "はい・いいえ（true/false）で指定してください。"
	}
	return "入力値の形式が正しくありません。"
}

// decodeFailure says what is wrong with a body (data) that did not decode,
// naming the field where it can.
func decodeFailure(err error, data []byte) error {
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	var timeErr *time.ParseError
	switch {
	case errors.As(err, &maxErr):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return failure.Invalid(map[string]string{typeErr.Field: typeMessage(typeErr.Type.Kind())})
	case errors.As(err, &timeErr):
		// A date the calendar lacks (2026-02-30): encoding/json does not
		// say which field a type's own decoding failed in; the body does.
		if field := fieldHolding(data, timeErr.Value); field != "" {
			return failure.Invalid(map[string]string{field: msgDateFormat})
		}
		return failure.InvalidMessage(msgDateFormat)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return failure.Invalid(map[string]string{field: "この項目は受け付けられません。"})
	default:
		return failure.InvalidMessage(msgMalformed)
	}
}

// fieldHolding is the one field of the JSON body whose string value is
// value, named as encoding/json names a field ("items.score": array
// indices left out); "" when none, more than one (which failed is not
// known), or the body is not JSON.
func fieldHolding(body []byte, value string) string {
	var doc any
	if value == "" || json.Unmarshal(body, &doc) != nil {
		return ""
	}
	var found []string
	var walk func(node any, path string)
	walk = func(node any, path string) {
		switch n := node.(type) {
		case map[string]any:
			for key, child := range n {
				name := key
				if path != "" {
					name = path + "." + key
				}
				if s, ok := child.(string); ok && s == value {
					found = append(found, name)
				}
				walk(child, name)
			}
		case []any:
			for _, item := range n {
				walk(item, path)
			}
		}
	}
	walk(doc, "")
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// valueOr is *p, or fallback when the optional parameter was not sent.
func valueOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}

// isDateParam says whether a query parameter is one of the contract's
// dates: each is named so (fromDate, historyDateTo, date …;
// TestDateQueryParametersAreNamedSo), and no other is — a search for a
// code written like a date is no date.
func isDateParam(name string) bool { return strings.Contains(strings.ToLower(name), "date") }

// queryDateProblem says what is wrong with a query value written as a date
// (YYYY-MM-DD), or "": a day the calendar lacks, or a year outside those a
// body may hold. PostgreSQL cannot hold year 0 in Tokyo time (a 500).
func queryDateProblem(v string) string {
	if len(v) != len(time.DateOnly) {
		return ""
	}
	for i := range len(v) {
		if (i == 4 || i == 7) != (v[i] == '-') || (v[i] != '-' && (v[i] < '0' || v[i] > '9')) {
			return "" // not written as a date: a search word, say
		}
	}
	t, err := time.Parse(time.DateOnly, v)
	switch {
	case err != nil:
		return msgDateFormat
	case t.Year() < firstYear || t.Year() > lastYear:
		return msgDateRange
	}
	return ""
}

// refuseBadText refuses a request whose path or query breaks the text rule
// of every body (validation.TextProblem: a NUL, another control character,
// a direction override) before it reaches a handler: PostgreSQL cannot
// compare or store a NUL, so a search for one would fail its statement (a
// 500). JSON bodies are checked by bindJSON.
func refuseBadText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		u := c.Request().URL
		if msg := validation.TextProblem(u.Path); msg != "" {
			return failure.InvalidMessage(msg)
		}
		for name, values := range u.Query() {
			for _, v := range values {
				if msg := validation.TextProblem(v); msg != "" {
					return failure.InvalidMessage(msg)
				}
				if !isDateParam(name) || isSPAPath(u.Path) {
					continue
				}
				if msg := queryDateProblem(v); msg != "" {
					return failure.Invalid(map[string]string{name: msg})
				}
			}
		}
		return next(c)
	}
}
