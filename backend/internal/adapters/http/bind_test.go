package http

import (
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/rouder/console/internal/domain/failure"
)

type presenceBase struct {
	ID int64 `json:"id"`
}

type PresenceExtra struct {
	Tag string `json:"tag"`
}

type presenceHidden struct {
	Kind string `json:"kind"`
}

type presenceItem struct {
	Score int     `json:"score"`
	Note  *string `json:"note,omitempty"`
}

type presenceNode struct {
	Label    string         `json:"label"`
	Children []presenceNode `json:"children,omitempty"`
}

// Shaped as oapi-codegen writes a model: required fields without
// omitempty, optional ones pointers with it; plus what encoding/json reads
// its own way (embedded structs, an embedded pointer (to an exported type:
// encoding/json cannot allocate an unexported one), an unexported embedded
// struct, `json:"-"`, an unexported field, a recursive type).
type presencePayload struct {
	presenceBase
	*PresenceExtra
	presenceHidden
	Name   string                  `json:"name"`
	Flag   bool                    `json:"flag"`
	Due    *openapi_types.Date     `json:"due"` // required and nullable
	Items  []presenceItem          `json:"items"`
	Pair   [1]presenceItem         `json:"pair"`
	ByKey  map[string]presenceItem `json:"byKey"`
	Child  *presenceItem           `json:"child,omitempty"`
	Tree   *presenceNode           `json:"tree,omitempty"`
	Note   *string                 `json:"note,omitempty"`
	Skip   string                  `json:"-"`
	hidden string
}

func bindBody(t *testing.T, body string, v any) error {
	t.Helper()
	req := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return bindJSON(echo.New().NewContext(req, httptest.NewRecorder()), v)
}

// A body that leaves out a required field (one without omitempty), at any
// depth, is refused under the field's wire path, as a wrong type there is;
// `null` counts as sent only for a nullable (pointer) field; optional, `json:"-"` and unexported fields are never
// asked for.
func TestBindJSONRefusesALeftOutRequiredField(t *testing.T) {
	t.Parallel()
	// full is a complete body but for the members given ("key":value), which
	// replace or join its own (a key twice would merge into one value).
	full := func(members ...string) string {
		out := []string{`"id":7`, `"tag":"t"`, `"kind":"k"`, `"name":"店舗"`, `"flag":true`, `"due":"2026-12-01"`,
			`"items":[{"score":1}]`, `"pair":[{"score":2}]`, `"byKey":{"a":{"score":3}}`}
		for _, m := range members {
			key, _, _ := strings.Cut(m, ":")
			if i := slices.IndexFunc(out, func(o string) bool { return strings.HasPrefix(o, key+":") }); i >= 0 {
				out[i] = m
			} else {
				out = append(out, m)
			}
		}
		return "{" + strings.Join(out, ",") + "}"
	}
	zeros := []string{`"id":0`, `"tag":""`, `"kind":""`, `"name":""`, `"flag":false`, `"due":null`, `"items":[]`, `"pair":[{"score":0}]`, `"byKey":{}`}
	cases := []struct {
		body    string
		missing []string
	}{
		{full(), nil},
		{full(zeros...), nil},
		{full(append(zeros, `"child":null`, `"tree":null`)...), nil},
		// null where the contract does not allow it leaves the zero value, as leaving the field out does.
		{full(`"name":null`, `"flag":null`, `"items":null`, `"byKey":null`), []string{"name", "flag", "items", "byKey"}},
		{full(append(zeros, `"items":[{"score":0,"note":"x"}]`, `"byKey":{"a":{"score":0}}`, `"child":{"score":0}`)...), nil},
		{`{"ID":0,"TAG":"","Kind":"","NAME":"","flag":false,"due":null,"items":[],"pair":[{"score":0}],"byKey":{}}`, nil}, // as encoding/json matches names
		{`{}`, []string{"id", "tag", "kind", "name", "flag", "due", "items", "pair", "byKey"}},
		{`{"name":"店舗","flag":true,"due":null,"items":[],"pair":[{"score":1}],"byKey":{}}`, []string{"id", "tag", "kind"}},
		{full(`"items":[{"score":1},{"note":"x"}]`), []string{"items.score"}},
		{full(`"pair":[{}]`), []string{"pair.score"}},
		{full(`"byKey":{"a":{"score":1},"b":{}}`), []string{"byKey.score"}},
		{full(`"child":{"note":"x"}`), []string{"child.score"}},
		{full(`"tree":{"label":"a","children":[{"label":"b"},{"children":[{}]}]}`), []string{"tree.children.label", "tree.children.children.label"}},
	}
	for _, c := range cases {
		var p presencePayload
		err := bindBody(t, c.body, &p)
		if c.missing == nil {
			if err != nil {
				t.Errorf("%s: %v", c.body, err)
			}
			continue
		}
		f, ok := failure.As(err)
		if !ok || f.Kind != failure.KindInvalid || f.Message != failure.MsgInvalid {
			t.Errorf("%s: not an invalid-input failure: %v", c.body, err)
			continue
		}
		want := map[string]string{}
		for _, field := range c.missing {
			want[field] = msgFieldMissing
		}
		if !maps.Equal(f.Fields, want) {
			t.Errorf("%s: fields %v, want %v", c.body, f.Fields, want)
		}
	}

	// The path is the one a wrong type at the same place is named by.
	for _, c := range []struct{ missing, wrongType string }{
		{`"items":[{}]`, `"items":[{"score":"x"}]`},
		{`"byKey":{"a":{}}`, `"byKey":{"a":{"score":"x"}}`},
		{`"child":{}`, `"child":{"score":"x"}`},
	} {
		left, _ := failure.As(bindBody(t, full(c.missing), &presencePayload{}))
		wrong, _ := failure.As(bindBody(t, full(c.wrongType), &presencePayload{}))
		if left == nil || wrong == nil || len(left.Fields) != 1 ||
			!slices.Equal(slices.Sorted(maps.Keys(left.Fields)), slices.Sorted(maps.Keys(wrong.Fields))) {
			t.Errorf("%s names %v, %s names %v", c.missing, left, c.wrongType, wrong)
		}
	}
}

type conflictA struct {
	Y string
	Z string `json:"z"`
}

type conflictB struct {
	Y string `json:"Y"`
}

// Fields of one name are resolved as encoding/json resolves them: a
// shallower one hides a deeper one (the outer z), a tagged one beats an
// untagged one at the same depth (B's Y).
func TestBindJSONRequiredFieldsFollowEncodingJSONsNames(t *testing.T) {
	t.Parallel()
	type payload struct {
		conflictA
		conflictB
		Z *string `json:"z,omitempty"`
	}
	f, _ := failure.As(bindBody(t, `{}`, &payload{}))
	if f == nil || !maps.Equal(f.Fields, map[string]string{"Y": msgFieldMissing}) {
		t.Errorf("{}: %v", f)
	}
	var p payload
	if err := bindBody(t, `{"Y":"b","z":"c"}`, &p); err != nil || p.conflictB.Y != "b" || p.conflictA.Y != "" || p.Z == nil || p.conflictA.Z != "" {
		t.Errorf("complete: %v %+v", err, p)
	}
}

// bindJSON takes a field whose tag lacks omitempty as required. oapi-codegen
// writes omitempty for every optional field except a nullable one, so the
// contract marks each optional nullable property `x-omitempty: true`; this
// holds every request body of api/openapi.yaml to that.
func TestNoOmitemptyMeansRequired(t *testing.T) {
	t.Parallel()
	doc, err := openapi3.NewLoader().LoadFromFile("../../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[*openapi3.Schema]bool{}
	var walk func(where string, s *openapi3.Schema)
	walk = func(where string, s *openapi3.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		for name, p := range s.Properties {
			if p.Value == nil {
				continue
			}
			if p.Value.Nullable && !slices.Contains(s.Required, name) && p.Value.Extensions["x-omitempty"] != true {
				t.Errorf("%s.%s is optional and nullable without x-omitempty: true; bindJSON would require it", where, name)
			}
			walk(where+"."+name, p.Value)
		}
		for _, part := range s.AllOf {
			walk(where, part.Value)
		}
		if s.Items != nil {
			walk(where+"[]", s.Items.Value)
		}
	}
	bodies := 0
	for _, path := range slices.Sorted(maps.Keys(doc.Paths.Map())) {
		for method, op := range doc.Paths.Value(path).Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			if body := op.RequestBody.Value.Content.Get("application/json"); body != nil && body.Schema != nil {
				bodies++
				walk(method+" "+path, body.Schema.Value)
			}
		}
	}
	if bodies < 30 {
		t.Fatalf("found %d JSON request bodies: is the contract read?", bodies)
	}
}

// The query guard checks as dates the parameters named so (isDateParam):
// every date parameter of the contract must be, and no other may be.
func TestDateQueryParametersAreNamedSo(t *testing.T) {
	t.Parallel()
	doc, err := openapi3.NewLoader().LoadFromFile("../../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dates := 0
	for _, path := range slices.Sorted(maps.Keys(doc.Paths.Map())) {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			for _, ref := range append(slices.Clone(item.Parameters), op.Parameters...) {
				p := ref.Value
				if p == nil || p.In != "query" || p.Schema == nil || p.Schema.Value == nil {
					continue
				}
				isDate := p.Schema.Value.Format == "date"
				if isDate {
					dates++
				}
				if isDate != isDateParam(p.Name) {
					t.Errorf("%s %s: query parameter %s (format %q) is named against the guard's rule", method, path, p.Name, p.Schema.Value.Format)
				}
			}
		}
	}
	if dates < 10 {
		t.Fatalf("found %d date parameters: is the contract read?", dates)
	}
}
