package game

import (
	"testing"
	"time"

	"soundworld/assets"
	"soundworld/ui/debugui"
)

// Double-click to jump through the window's input path: the atlas' per-frame
// hook (updateAtlas, as Update calls it) with the left press, the cursor and
// the wall clock injected, frame by frame. Two presses within 0.6 s
// (inclusive: from the first press's frame to the frame before the
// second's) and 6 px (inclusive) jump — listener at the second press's
// world point, view zoomed in to the opening zoom; slower, farther, over a
// panel, or a third press right after a jump, do not.
func TestAtlas_DoubleClickInputPath(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type click struct {
		at      time.Duration
		x, y    int
		overUI  bool
		pressed bool
	}
	// run plays frames from the whole-world view, one per event, and reports
	// whether (and where) the listener jumped.
	run := func(events []click) (jumped bool, wantX, wantY float64) {
		whole(g)
		g.atl.clickAt, g.atl.lastFrame = time.Time{}, time.Time{}
		g.sim.SetListener(0xA9*192+10, 0xB4*192+10, 0)
		start := g.sim.Listener().Pos
		startMPP := g.cam.MPP
		for _, e := range events {
			g.atl.now = func() time.Time { return t0.Add(e.at) }
			g.atl.press = func() (bool, int, int) { return e.pressed, e.x, e.y }
			g.captured = 0
			if e.overUI {
				g.captured = debugui.InputCapturingStateHover
			}
			if g.cam.MPP == startMPP {
				wantX, wantY = g.cam.ToWorld(float64(e.x), float64(e.y))
			}
			g.frame++
			g.updateAtlas()
		}
		l := g.sim.Listener().Pos
		return l != start || g.cam.MPP != startMPP, wantX, wantY
	}
	r := g.mapRect()
	cx, cy := (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
	ms := time.Millisecond
	cases := []struct {
		name   string
		events []click
		jump   bool
	}{
		{"two presses 0.3 s and 3,2 px apart", []click{{0, cx, cy, false, true}, {100 * ms, cx, cy, false, false}, {283 * ms, cx, cy, false, false}, {300 * ms, cx + 3, cy + 2, false, true}}, true},
		// The pair is judged from the first press's frame to the frame
		// before the second's (the second press happened after that one).
		{"frame before the second press exactly 0.6 s after the first, exactly 6 px", []click{{0, cx, cy, false, true}, {600 * ms, cx, cy, false, false}, {616 * ms, cx + 6, cy, false, true}}, true},
		{"frame before the second press 0.601 s after the first", []click{{0, cx, cy, false, true}, {601 * ms, cx, cy, false, false}, {617 * ms, cx, cy, false, true}}, false},
		{"6.08 px apart (6, 1)", []click{{0, cx, cy, false, true}, {183 * ms, cx, cy, false, false}, {200 * ms, cx + 6, cy + 1, false, true}}, false},
		{"second press over a panel", []click{{0, cx, cy, false, true}, {183 * ms, cx, cy, false, false}, {200 * ms, cx, cy, true, true}}, false},
		{"slow pair, then a quick third press pairs with the second", []click{{0, cx, cy, false, true}, {683 * ms, cx, cy, false, false}, {700 * ms, cx, cy, false, true}, {883 * ms, cx, cy, false, false}, {900 * ms, cx + 1, cy, false, true}}, true},
		// 7 frames a second (Xvfb): seen 0.714 s apart, the presses may have
		// been 0.571 s apart.
		{"7 frames a second, presses seen 5 frames apart", []click{{0, cx, cy, false, true}, {143 * ms, cx, cy, false, false}, {286 * ms, cx, cy, false, false}, {429 * ms, cx, cy, false, false}, {571 * ms, cx, cy, false, false}, {714 * ms, cx, cy, false, true}}, true},
		{"7 frames a second, presses seen 6 frames apart", []click{{0, cx, cy, false, true}, {143 * ms, cx, cy, false, false}, {286 * ms, cx, cy, false, false}, {429 * ms, cx, cy, false, false}, {571 * ms, cx, cy, false, false}, {714 * ms, cx, cy, false, false}, {857 * ms, cx, cy, false, true}}, false},
	}
	for _, c := range cases {
		jumped, wx, wy := run(c.events)
		if jumped != c.jump {
			t.Errorf("%s: jumped %v, want %v", c.name, jumped, c.jump)
			continue
		}
		if !jumped {
			continue
		}
		l := g.sim.Listener().Pos
		if l.X != float32(wx) || l.Y != float32(wy) {
			t.Errorf("%s: listener at (%v, %v), want the second press's world point (%v, %v)", c.name, l.X, l.Y, float32(wx), float32(wy))
		}
		if want := 3 * 192 / float64(min(r.Dx(), r.Dy())); g.cam.MPP < want*0.999 || g.cam.MPP > want*1.001 {
			t.Errorf("%s: zoom after the jump %v m/px, want the opening %v", c.name, g.cam.MPP, want)
		}
	}
	// A third press right after a jump, on the same spot, does not jump
	// again (the pair is used up): the listener, moved away meanwhile, stays.
	whole(g)
	g.atl.clickAt, g.atl.lastFrame = time.Time{}, time.Time{}
	g.captured = 0
	for _, e := range []click{{0, cx, cy, false, true}, {200 * ms, cx, cy, false, true}, {400 * ms, cx, cy, false, true}} {
		if e.at == 400*ms {
			g.sim.SetListener(0xA9*192+10, 0xB4*192+10, 0)
		}
		g.atl.now = func() time.Time { return t0.Add(e.at) }
		g.atl.press = func() (bool, int, int) { return e.pressed, e.x, e.y }
		g.frame++
		g.updateAtlas()
	}
	if l := g.sim.Listener().Pos; l.X != 0xA9*192+10 || l.Y != 0xB4*192+10 {
		t.Errorf("a third press 0.2 s after a jump jumped again: listener at (%v, %v)", l.X, l.Y)
	}
}
