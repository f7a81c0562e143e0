package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/game/mapdraw"
	"soundworld/ui"
)

// The listener's ring labels keep clear of the heatmap's key: with each
// ring's south point (where its label goes first) put inside the key, every
// label the frame draws is outside it (before, labelObstacles left the key
// out and the ring label was drawn over it).
func TestAtlas_RingLabelsClearOfHeatKey(t *testing.T) {
	g := standInGame(t)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if err := g.mapv.SetHeatmap(ui.HeatDesc, "0"); err != nil {
		t.Fatal(err)
	}
	g.st.Layers.Rings = true
	key := mapdraw.HeatKeyRect(g.mapRect(), ambientviz.HeatLegend(g.mapv.HeatKey()))
	screen := ebiten.NewImage(Width, Height)
	defer screen.Deallocate()
	lx, ly := float64(g.snap.Listener.Pos.X), float64(g.snap.Listener.Pos.Y)
	for i, r := range geom.Rings(g.snap.Prefs) {
		px := g.cam.RingRadiusPx(r.Radius)
		// Listener on screen at (key's middle, key's top + 10 - px): the
		// ring's south point 10 px inside the key.
		sx, sy := (key.X0+key.X1)/2, key.Y0+10-px
		g.cam.CX = lx - (sx-float64(g.cam.W)/2)*g.cam.MPP
		g.cam.CY = ly + (sy-float64(g.cam.H)/2)*g.cam.MPP
		g.Draw(screen)
		boxes := ambientviz.Placed()
		found := false
		for _, b := range boxes {
			if b.X1-b.X0 == ambientviz.LabelWidth(r.Label)+2 {
				found = true // the ring's label was drawn (somewhere else)
			}
			if b.X0 < key.X1 && b.X1 > key.X0 && b.Y0 < key.Y1 && b.Y1 > key.Y0 {
				t.Errorf("ring %d (%s): a label at %+v over the heatmap's key %+v", i, r.Label, b, key)
			}
		}
		if !found {
			t.Errorf("ring %d (%s): its label not drawn (placed: %v)", i, r.Label, boxes)
		}
	}
}
