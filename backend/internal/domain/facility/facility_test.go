package facility

import (
	"testing"

	"github.com/rouder/console/internal/domain/failure"
)

func TestCanDelete(t *testing.T) {
	for _, c := range []struct {
		name string
		u    Usage
		want string // "" allowed, else the refusal message
	}{
		{"unused", Usage{}, ""},
		{"users belong to it", Usage{Users: 1}, MsgInUse},
		{"check answers", Usage{CheckSheets: 3}, MsgHasAnswers},
		{"survey answers", Usage{SurveyAnswers: 1}, MsgHasSurveyAnswers},
		// Users come first: moving them is what the administrator can do now.
		{"everything", Usage{Users: 2, CheckSheets: 1, SurveyAnswers: 1}, MsgInUse},
		{"answers of both kinds", Usage{CheckSheets: 1, SurveyAnswers: 1}, MsgHasAnswers},
	} {
		err := CanDelete(c.u)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: got %v, want allowed", c.name, err)
			}
			continue
		}
		fe, ok := failure.As(err)
		if !ok || fe.Kind != failure.KindRefused || fe.Message != c.want {
			t.Errorf("%s: got %v, want refused with %q", c.name, err, c.want)
		}
	}
}
