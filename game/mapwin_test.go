package game

import (
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
)

// The map's jump (a double-click or a search hit) puts the listener at the
// point and zooms the view in to the opening zoom (3 landblocks across the
// map area) around it; a closer view stays as close.
func TestJump_ListenerAndOpeningZoom(t *testing.T) {
	a := standintest.Archive(t)
	g := atlasGame(t, a, assets.Name)
	whole(g)
	x, y := 0xAA*192+50.0, 0xB3*192+70.0
	g.jumpTo(x, y)
	if l := g.sim.Listener().Pos; l.X != float32(x) || l.Y != float32(y) {
		t.Errorf("listener at (%v, %v), want (%v, %v)", l.X, l.Y, x, y)
	}
	r := g.mapRect()
	if want := 3 * 192 / float64(min(r.Dx(), r.Dy())); g.cam.MPP < want*0.999 || g.cam.MPP > want*1.001 {
		t.Errorf("zoom after the jump %v m/px, want the opening %v", g.cam.MPP, want)
	}
	if sx, sy := g.cam.ToScreen(x, y); sx < float64(r.Min.X+r.Max.X)/2-1 || sx > float64(r.Min.X+r.Max.X)/2+1 || sy < float64(r.Min.Y+r.Max.Y)/2-1 || sy > float64(r.Min.Y+r.Max.Y)/2+1 {
		t.Errorf("the point is drawn at (%v, %v), want the map area's centre", sx, sy)
	}
	g.cam.MPP /= 4
	g.jumpTo(x+100, y)
	if want := 3 * 192 / float64(min(r.Dx(), r.Dy())) / 4; g.cam.MPP > want*1.001 {
		t.Errorf("a closer view after a jump: %v m/px, want it kept at %v", g.cam.MPP, want)
	}
}

// hostOf is what the panels call on g.
func hostOf(g *Game) *panelHost { return g.panels }

// gateOf is what the Gate panel calls on g.
func gateOf(g *Game) gateHost { return gateHost{g.listening, &g.walk} }
