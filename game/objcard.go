package game

import (
	"image"
	"math"

	"soundworld/ui"
)

// objectCardAt is the full card (ui.ObjectCard) of the sounding object whose
// marker lies within 10 px of screen point (mx, my) on the map, the nearest
// one; "" for none, over a panel, or in a shot (no cursor).
func (g *Game) objectCardAt(mx, my int) (string, image.Point) {
	at := image.Pt(mx+14, my+14)
	if g.snap == nil || g.mode.simTimeOnly() || !at.Sub(image.Pt(14, 14)).In(g.mapRect()) || g.captured != 0 {
		return "", at
	}
	best, card := 10.0, ""
	for _, o := range g.snap.Objects {
		px, py := g.cam.ToScreen(float64(o.Pos.X), float64(o.Pos.Y))
		if d := math.Hypot(px-float64(mx), py-float64(my)); d <= best {
			best, card = d, ui.ObjectCard(g.names, o)
		}
	}
	return card, at
}
