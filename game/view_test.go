package game

import (
	"image"
	"testing"
)

// After the window shrinks to 900×600 (panels re-flow), the listener is
// still inside the map area the panels leave; a click on the map while
// following does not recentre.
func TestView_ListenerStaysInMapAreaOnResize(t *testing.T) {
	g := standInGame(t)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	g.Layout(900, 600)
	for i := 0; i < 3; i++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	r := g.mapRect()
	l := g.snap.Listener.Pos
	sx, sy := g.cam.ToScreen(float64(l.X), float64(l.Y))
	if r.Dx() >= 900 || !image.Pt(int(sx), int(sy)).In(r) {
		t.Errorf("900×600: listener at screen (%.0f, %.0f), map area %v; want inside a map area narrower than the window", sx, sy, r)
	}
	// A click 40 px right of the listener moves it there; the camera stays.
	cx, cy := g.cam.CX, g.cam.CY
	g.press(int(sx)+40, int(sy))
	g.drag = dragNone
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if g.cam.CX != cx || g.cam.CY != cy || !g.st.Follow {
		t.Errorf("click while following: camera moved from (%v,%v) to (%v,%v), follow %v; want it still, follow on", cx, cy, g.cam.CX, g.cam.CY, g.st.Follow)
	}
}
