package game

import (
	"math"
	"testing"

	"soundworld/ambientviz/geom"
)

// A click on open map sets the listener there; holding on drags it (W5).
func TestPress_ClickSetsListenerAndDrags(t *testing.T) {
	g := standInGame(t)
	g.st.Follow = false
	g.press(700, 300)
	g.snap = g.sim.Tick(0)
	wx, wy := g.cam.ToWorld(700, 300)
	l := g.sim.Listener()
	if math.Abs(float64(l.Pos.X)-wx) > 0.01 || math.Abs(float64(l.Pos.Y)-wy) > 0.01 || g.drag != dragListener {
		t.Fatalf("click: got listener (%v,%v) drag %v, want (%v,%v) dragging", l.Pos.X, l.Pos.Y, g.drag, wx, wy)
	}
	g.dragTo(720, 300)
	wx, _ = g.cam.ToWorld(720, 300)
	if l := g.sim.Listener(); math.Abs(float64(l.Pos.X)-wx) > 0.01 {
		t.Errorf("drag: got x %v, want %v", l.Pos.X, wx)
	}
}

// Dragging the heading handle turns the listener to face the pointer (W4).
func TestPress_HeadingHandle(t *testing.T) {
	g := standInGame(t)
	g.sim.SetListener(g.sim.Listener().Pos.X, g.sim.Listener().Pos.Y, 0)
	g.snap = g.sim.Tick(0)
	lx, ly := g.cam.ToScreen(float64(g.snap.Listener.Pos.X), float64(g.snap.Listener.Pos.Y))
	hx, hy := geom.HeadingHandle(lx, ly, 0)
	g.press(int(math.Round(hx)), int(math.Round(hy)))
	if g.drag != dragHeading {
		t.Fatalf("press on the handle: got drag %v, want dragHeading", g.drag)
	}
	g.dragTo(int(lx)+50, int(ly)) // due east of the listener
	if h := g.sim.Listener().Heading; math.Abs(float64(h)-90) > 1.5 {
		t.Errorf("W4: heading after dragging east got %v, want 90", h)
	}
}

// Place mode: the next click adds an emitter there instead of moving the listener.
func TestPress_PlaceEmitter(t *testing.T) {
	g := standInGame(t)
	n := len(g.snap.Emitters)
	before := g.sim.Listener().Pos
	g.st.PlaceEmitter = true
	g.press(500, 500)
	if len(g.snap.Emitters) != n+1 || g.st.PlaceEmitter || g.sim.Listener().Pos != before {
		t.Errorf("place: got %d emitters, place mode %v, listener moved %v; want %d, false, false",
			len(g.snap.Emitters), g.st.PlaceEmitter, g.sim.Listener().Pos != before, n+1)
	}
}

// The nearest target wins: the stand-in forge, a few px from the spawn, can be
// grabbed and dragged without moving the listener.
func TestPress_NearestEmitterWins(t *testing.T) {
	g := standInGame(t)
	if len(g.snap.Emitters) == 0 {
		t.Skip("no default emitters")
	}
	e := g.snap.Emitters[0]
	ex, ey := g.cam.ToScreen(float64(e.Pos.X), float64(e.Pos.Y))
	before := g.sim.Listener().Pos
	g.press(int(math.Round(ex)), int(math.Round(ey)))
	if g.drag != dragEmitter || g.dragIdx != 0 || g.st.SelectedEmitter != 0 {
		t.Fatalf("press on the forge: got drag %v idx %d selected %d, want dragEmitter 0 0", g.drag, g.dragIdx, g.st.SelectedEmitter)
	}
	g.dragTo(int(ex)+40, int(ey))
	g.snap = g.sim.Tick(0)
	wx, _ := g.cam.ToWorld(float64(int(ex)+40), ey)
	if got := g.snap.Emitters[0].Pos.X; math.Abs(float64(got)-wx) > 0.01 || g.sim.Listener().Pos != before {
		t.Errorf("drag forge: got x %v listener moved %v, want %v and not moved", got, g.sim.Listener().Pos != before, wx)
	}
}
