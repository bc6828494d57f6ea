package group

import "testing"

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		path, scope string
		want        bool
	}{{"/1/4/9/", "/1/4/", true}, {"/1/4/", "/1/4/", true}, {"/1/40/", "/1/4/", false}, {"/1/", "/1/4/", false}, {"/1/4/", "", false}} {
		if Within(c.path, c.scope) != c.want {
			t.Errorf("%+v", c)
		}
	}
}
