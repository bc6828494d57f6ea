package group

import (
	"testing"

	"github.com/rouder/console/internal/domain/failure"
)

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

func TestCanDeleteOnlyAnEmptyGroup(t *testing.T) {
	if err := CanDelete(Group{}); err != nil {
		t.Errorf("empty group refused: %v", err)
	}
	for _, g := range []Group{{Children: 1}, {Facilities: 1}, {Users: 2}, {Children: 1, Facilities: 1, Users: 1}} {
		fe, ok := failure.As(CanDelete(g))
		if !ok || fe.Kind != failure.KindRefused || fe.Message != MsgInUse {
			t.Errorf("%+v: got %v, want refused with %q", g, fe, MsgInUse)
		}
	}
}
