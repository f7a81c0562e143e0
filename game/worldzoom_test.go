package game

import (
	"math"
	"testing"

	"soundworld/ambientviz/geom"
)

// Zoomed out until the whole world fits the map area, the world sits in the
// middle of it while follow is on, not wherever the zoom about the pointer
// left it (the listener is inside the follow box, so following alone would
// not move the camera).
func TestZoomOut_WholeWorldCentred(t *testing.T) {
	g := newStandInGame(t)
	g.st.Follow = true
	r := g.mapRect()
	// 255 landblocks of 192 m = 48960 m; at 200 m/px that is 244.8 px.
	g.cam.MPP = geom.MaxMPP
	side := 255 * 192 / geom.MaxMPP
	if side > float64(r.Dx()) || side > float64(r.Dy()) {
		t.Fatalf("the world (%v px) does not fit the map area %v at %v m/px", side, r, geom.MaxMPP)
	}
	g.cam = centreAt(g.cam, float64(g.snap.Listener.Pos.X), float64(g.snap.Listener.Pos.Y), float64(r.Min.X)+40, float64(r.Min.Y)+40)
	g.cam = keepInView(g.cam, g.mapRect(), g.snap.Listener.Pos, followBox)
	cx, cy := g.cam.ToScreen(255*192/2, 255*192/2)
	mx, my := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	if math.Abs(cx-mx) > 1 || math.Abs(cy-my) > 1 {
		t.Errorf("the world's centre is drawn at (%.1f, %.1f), want the map area's middle (%.1f, %.1f)", cx, cy, mx, my)
	}
	sx, sy := g.cam.ToScreen(float64(g.snap.Listener.Pos.X), float64(g.snap.Listener.Pos.Y))
	if !(sx >= float64(r.Min.X) && sx < float64(r.Max.X) && sy >= float64(r.Min.Y) && sy < float64(r.Max.Y)) {
		t.Errorf("the listener (%.0f, %.0f) is off the map area %v", sx, sy, r)
	}
}
