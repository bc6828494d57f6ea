package paging

import (
	"math"
	"testing"
)

func TestNormalizeClampsWhatAURLMaySay(t *testing.T) {
	for _, c := range []struct{ in, want Request }{
		{Request{}, Request{Page: 1, Size: DefaultSize}},
		{Request{Page: -3, Size: 1000}, Request{Page: 1, Size: MaxSize}},
		{Request{Page: math.MaxInt, Size: MaxSize}, Request{Page: MaxPage, Size: MaxSize}},
		{Request{Page: 7, Size: 20}, Request{Page: 7, Size: 20}},
	} {
		got := c.in.Normalize()
		if got != c.want || got.Offset() < 0 {
			t.Errorf("%+v → %+v (offset %d), want %+v", c.in, got, got.Offset(), c.want)
		}
	}
}
