package maintenance

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/failure"
)

func at(h int) *time.Time {
	t := time.Date(2026, 12, 30, h, 0, 0, 0, time.UTC)
	return &t
}

func TestTheWindowIsActiveFromItsStartUntilItsEnd(t *testing.T) {
	s := Settings{AnnounceFrom: at(1), Start: at(3), End: at(5)}
	for _, c := range []struct {
		hour              int
		active, announced bool
	}{{0, false, false}, {1, false, true}, {2, false, true}, {3, true, true}, {4, true, true}, {5, false, false}} {
		now := *at(c.hour)
		if s.Active(now) != c.active || s.Announced(now) != c.announced {
			t.Errorf("%d時: active %v announced %v", c.hour, s.Active(now), s.Announced(now))
		}
	}
	if !(Settings{On: true}).Active(*at(0)) {
		t.Fatal("switched on is active")
	}
	if (Settings{}).Active(*at(0)) || (Settings{}).Announced(*at(0)) {
		t.Fatal("nothing planned is neither active nor announced")
	}
	if open := (Settings{Start: at(3)}); !open.Active(*at(23)) {
		t.Fatal("a window without an end lasts until switched off")
	}
}

func TestTheFormsRules(t *testing.T) {
	for _, c := range []struct {
		s     Settings
		field string
		want  string
	}{
		{Settings{Start: at(3), End: at(3)}, "endDate", MsgEndBeforeStart},
		{Settings{End: at(3)}, "endDate", MsgEndWithoutStart},
		{Settings{AnnounceFrom: at(4), Start: at(3)}, "announceFrom", MsgAnnounceLate},
	} {
		f, ok := failure.As(c.s.Validate())
		if !ok || f.Fields[c.field] != c.want {
			t.Errorf("%+v: %v, want %s", c.s, f, c.want)
		}
	}
	if err := (Settings{AnnounceFrom: at(1), Start: at(3), End: at(5), Message: "年末メンテナンス"}).Validate(); err != nil {
		t.Fatal(err)
	}
}
