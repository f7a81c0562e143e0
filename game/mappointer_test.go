package game

import (
	"image"
	"testing"
)

// Panel chrome and blank panel areas never reach the map.
// With no panel widget under the pointer (debugui reports no hover: blank
// space in a panel column or the bottom strip, the status bar, a title bar
// the panels re-flowed away from this frame), only a point inside the map
// area acts on the map.
func TestPointer_OnlyTheMapAreaIsMap(t *testing.T) {
	g := standInGame(t)
	for _, fold := range []bool{false, true} {
		if fold {
			g.ui.OpenAll()
		}
		if _, err := g.ui.Update(g.snap); err != nil { // lay the panels out
			t.Fatal(err)
		}
		arr := g.ui.Arrangement()
		mr := g.mapRect()
		off, on := 0, 0
		for y := 2; y < g.cam.H; y += 7 {
			for x := 2; x < g.cam.W; x += 7 {
				p := image.Pt(x, y)
				inPanel := false
				for _, r := range arr.Rects {
					inPanel = inPanel || p.In(r)
				}
				switch {
				case p.In(mr):
					on++
					if !g.pointerOnMap(x, y, 0) {
						t.Fatalf("%v inside the map area %v is not map", p, mr)
					}
				case !inPanel: // blank panel space or the status bar
					off++
					if g.pointerOnMap(x, y, 0) {
						t.Fatalf("all open %v: %v (not in the map area %v, in no panel) acts on the map", fold, p, mr)
					}
				}
			}
		}
		if off == 0 || on == 0 {
			t.Fatalf("all open %v: %d blank points, %d map points: the layout has nothing to test", fold, off, on)
		}
	}
}
