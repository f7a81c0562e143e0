package world

import (
	"fmt"
	"strings"
	"testing"
)

func TestWalk_InterpolationAndShortTurn(t *testing.T) {
	w, err := LoadWalk(strings.NewReader(`{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":350},{"t":30,"landblock":"0xA9B4","x":180,"y":7.1,"heading":30}]}`), "p.json")
	if err != nil {
		t.Fatal(err)
	}
	x0, y0 := WorldPos(0xA9B4, 84, 7.1)
	for _, c := range []struct {
		t    float64
		x, h float32
	}{
		{-5, x0, 350}, {0, x0, 350}, {15, x0 + 48, 10}, {7.5, x0 + 24, 0}, {30, x0 + 96, 30}, {99, x0 + 96, 30},
	} {
		x, y, h := w.At(c.t)
		if !near(x, c.x, 1e-2) || !near(y, y0, 1e-2) || !near(h, c.h, 1e-3) {
			t.Errorf("walk at %v: (%v, %v, %v), want (%v, %v, %v)", c.t, x, y, h, c.x, y0, c.h)
		}
	}
	// The short way from 30 back to 350 goes down through 0 (at 3/4: 0).
	w2 := &Walk{Points: []WalkPoint{{T: 0, Heading: 30}, {T: 4, Heading: 350}}}
	if _, _, h := w2.At(3); !near(h, 0, 1e-3) && !near(h, 360, 1e-3) {
		t.Errorf("walk: heading %v, want 0", h)
	}
	for _, bad := range []string{
		`{"points":[]}`,
		`{"points":[{"t":5,"landblock":"0xA9B4","x":1,"y":1},{"t":5,"landblock":"0xA9B4","x":1,"y":1}]}`,
		`{"points":[{"t":0,"landblock":"0xA9B4","x":200,"y":1}]}`,
		`{"points":[{"t":0,"landblock":"A9","x":2,"y":1}]}`,
		`{"points":[{"landblock":"0xA9B4","x":2,"y":1}]}`,
		`{"points":[{"t":0,"landblock":"0xA9B4","x":2,"y":1,"speed":3}]}`,
		"{\"points\":[\n{\"t\":0,,}]}",
	} {
		if _, err := LoadWalk(strings.NewReader(bad), "p.json"); err == nil {
			t.Errorf("LoadWalk(%s) accepted, want an error", bad)
		}
	}
}

// Issue 23 item 7: a path file takes the bounds of the flags it stands in
// for: eye and chase metres in 0..1000, headings in -360..360.
func TestLoadWalk_BoundsOfTheFlags(t *testing.T) {
	pt := `"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1,"heading":%s}]`
	for _, c := range []struct{ src, want string }{
		{`{"eye":1e30,` + fmt.Sprintf(pt, "0") + `}`, "eye: 1e+30"},
		{`{"chase":1001,` + fmt.Sprintf(pt, "0") + `}`, "chase: 1001"},
		{`{` + fmt.Sprintf(pt, "3e38") + `}`, "points[0].heading: 3e+38"},
		{`{"changes":[{"t":0,"eye":5000}],` + fmt.Sprintf(pt, "0") + `}`, "changes[0].eye: 5000"},
	} {
		if _, err := LoadWalk(strings.NewReader(c.src), "p.json"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.src, err, c.want)
		}
	}
	ok := `{"eye":1000,"chase":0,` + fmt.Sprintf(pt, "-360") + `}`
	if _, err := LoadWalk(strings.NewReader(ok), "p.json"); err != nil {
		t.Errorf("the bounds themselves: %v", err)
	}
}
