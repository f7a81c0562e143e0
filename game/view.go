package game

import (
	"image"

	"soundworld/ambientviz/geom"
	"soundworld/world"
)

// mapRect is the part of the window the panels leave to the map (the dock
// layout's Map), or the whole window above the status bar before the first layout.
func (g *Game) mapRect() image.Rectangle {
	if r := g.ui.Arrangement().Map; !r.Empty() {
		return r
	}
	return image.Rect(0, 0, g.cam.W, g.cam.H-statusH)
}

// centreAt moves the camera so world (wx, wy) is at screen (sx, sy).
func centreAt(c geom.Camera, wx, wy, sx, sy float64) geom.Camera {
	c.CX = wx - (sx-float64(c.W)/2)*c.MPP
	c.CY = wy + (sy-float64(c.H)/2)*c.MPP
	return c
}

// followBox is the inner share of the map area the listener may roam in
// before a following camera scrolls (so a click on the map does not recentre).
const followBox = 0.6

// keepInView is cam scrolled the least amount that brings the listener at
// l back inside the middle box share of the map area r (the camera keeps
// the listener in view; a following camera does not jump on a click).
// box = 1 only keeps it inside the map area. When the whole world fits in r
// it stays in the middle of r (the listener is in it, so in view).
func keepInView(cam geom.Camera, r image.Rectangle, l world.Pos, box float64) geom.Camera {
	if w := worldSide / cam.MPP; w <= float64(r.Dx()) && w <= float64(r.Dy()) {
		return centreIn(cam, r, worldSide/2, worldSide/2)
	}
	sx, sy := cam.ToScreen(float64(l.X), float64(l.Y))
	mx, my := float64(r.Dx())*(1-box)/2, float64(r.Dy())*(1-box)/2
	x0, x1 := float64(r.Min.X)+mx, float64(r.Max.X)-mx
	y0, y1 := float64(r.Min.Y)+my, float64(r.Max.Y)-my
	tx, ty := min(max(sx, x0), x1), min(max(sy, y0), y1)
	if tx != sx || ty != sy {
		return centreAt(cam, float64(l.X), float64(l.Y), tx, ty)
	}
	return cam
}

// worldSide is the side of the world in m: 255 landblocks of 192 m (W1).
const worldSide = 255 * geom.BlockSize

// centreIn is cam moved so world (wx, wy) is in the middle of the map area r.
func centreIn(cam geom.Camera, r image.Rectangle, wx, wy float64) geom.Camera {
	return centreAt(cam, wx, wy, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
}

// centreOn puts world (x, y) m at the view's centre (a jump).
func (g *Game) centreOn(x, y float32) { g.cam.CX, g.cam.CY = float64(x), float64(y) }

// bringIntoView centres the map area on world (x, y) m if it lies outside
// it, and stops following the listener (an emitter found from the list).
func (g *Game) bringIntoView(x, y float32) {
	r := g.mapRect()
	if sx, sy := g.cam.ToScreen(float64(x), float64(y)); !image.Pt(int(sx), int(sy)).In(r) {
		g.cam = centreAt(g.cam, float64(x), float64(y), float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
		g.st.Follow = false
	}
}
