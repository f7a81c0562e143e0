package game

import "testing"

// A pan follows the held positions only: the frame that still sees the
// button down with the pointer already moved on after the release (X11)
// pans to last frame's pointer, not to where it went.
func TestPanDrag_FollowsHeldPositions(t *testing.T) {
	type frame struct {
		just, held bool
		x, y       int
	}
	frames := []frame{
		{true, true, 100, 100},  // press
		{false, true, 110, 100}, // held: pans to the press frame's 100 (nothing)
		{false, true, 120, 105}, // pans to 110,100: +10, 0
		{false, true, 300, 300}, // released and moved on, seen as held: pans to 120,105: +10, +5
		{false, false, 310, 310},
		{false, false, 400, 400},
	}
	var p panDrag
	var sx, sy int
	lx, ly := 0, 0
	for i, f := range frames {
		dx, dy := p.step(f.just, f.held, f.x, f.y, lx, ly)
		sx, sy = sx+dx, sy+dy
		if i == 1 && (dx != 0 || dy != 0) {
			t.Errorf("frame after the press panned %d,%d: want 0,0 (the pointer there was the press)", dx, dy)
		}
		lx, ly = f.x, f.y
	}
	if sx != 20 || sy != 5 {
		t.Errorf("panned %d,%d in all; want 20,5 (from the press at 100,100 to the last held position 120,105)", sx, sy)
	}
	if p.active {
		t.Error("still panning after the release")
	}
}
