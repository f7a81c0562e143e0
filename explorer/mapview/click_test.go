package mapview

import (
	"testing"
	"time"
)

// Double-click to jump through the map's frame (Update) with the left
// press, the cursor and the wall clock injected, frame by frame. Two presses
// within 0.6 s (inclusive: from the first press's frame to the frame before
// the second's) and 6 px (inclusive) ask the window to jump to the second
// press's world point; slower, farther, over a panel, or a third press
// right after a jump, do not.
func TestAtlas_DoubleClickInputPath(t *testing.T) {
	m := standInMap(t)
	var now time.Time
	m.cfg.Now = func() time.Time { return now }
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cam := whole(m.cam)
	frame := 0
	type click struct {
		at      time.Duration
		x, y    int
		overUI  bool
		pressed bool
	}
	// run plays frames from the whole-world view, one per event, and reports
	// whether (and where) the listener jumped.
	run := func(events []click) (jumped bool, wantX, wantY float64) {
		m.clickAt, m.lastFrame = time.Time{}, time.Time{}
		m.jumps = nil
		for _, e := range events {
			now = t0.Add(e.at)
			if len(m.jumps) == 0 {
				wantX, wantY = cam.ToWorld(float64(e.x), float64(e.y))
			}
			frame++
			m.Update(cam, frame, Input{Pressed: e.pressed, X: e.x, Y: e.y, OverPanel: e.overUI})
		}
		return len(m.jumps) > 0, wantX, wantY
	}
	cx, cy := 640, 360
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
		if j := m.jumps[0]; len(m.jumps) != 1 || j[0] != wx || j[1] != wy {
			t.Errorf("%s: jumps %v, want one to the second press's world point (%v, %v)", c.name, m.jumps, wx, wy)
		}
	}
	// A third press right after a jump, on the same spot, does not jump
	// again (the pair is used up): the listener, moved away meanwhile, stays.
	if jumped, _, _ := run([]click{{0, cx, cy, false, true}, {200 * ms, cx, cy, false, true}, {400 * ms, cx, cy, false, true}}); !jumped || len(m.jumps) != 1 {
		t.Errorf("three presses 0.2 s apart: %d jumps, want 1 (the third press after a jump does not jump again)", len(m.jumps))
	}
}

// A jump is clamped into the world: a double-click off its edge asks for
// the nearest point inside (m).
func TestAtlas_JumpClampedIntoTheWorld(t *testing.T) {
	m := standInMap(t)
	m.jumpTo(-50, 1e9)
	const edge = 255*192 - 0.01
	if len(m.jumps) != 1 || m.jumps[0] != [2]float64{0, edge} {
		t.Errorf("jumps %v, want one to (0, %v)", m.jumps, edge)
	}
}
