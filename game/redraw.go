package game

import (
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ui/dock"
)

// Frames on a kept screen. Ebitengine keeps the screen's pixels between
// frames (Run: SetScreenClearedEveryFrame(false)), so a frame need only
// redraw what may have changed: the map area and the status bar, which
// change with every step, and the panels whose drawing changed (ui's Plan).
// A panel unchanged since the last frame is not drawn at all. On a software
// rasteriser the panels, and the full-screen clear under them, were a
// quarter of a frame at 1280×720.
//
// What lies under the panels is the background colour only (the map and
// the banners are drawn inside the map area), so a panel cleared to it and
// drawn again gives the same pixels as a whole frame drawn afresh; the test
// TestRedraw_KeptFramesEqualWholeFrames compares the two.
type redraw struct {
	bounds  image.Rectangle // the screen's size at the last frame
	arr     dock.Result     // the panels' arrangement at the last frame
	modal   bool            // the last frame drew over the panels (F1 help, a tooltip)
	wholeAt time.Time       // the last whole frame (wall clock)

	// What the last frame did (tests): drew whole, and drew panels out of
	// the root containers there were.
	wasWhole            bool
	panelsDrawn, panels int
}

// wholeEvery bounds how long a kept screen goes without a whole frame: a
// safety net against anything drawn outside the areas above (2 s of wall
// clock: one frame in 60 or more costs a whole frame's drawing).
const wholeEvery = 2 * time.Second

// whole reports whether this frame draws the whole screen afresh: the first
// frame, a new screen size or arrangement, help or a tooltip shown now or in
// the last frame, pictures of sim time (every frame whole: shot, profile's
// reference), and every wholeEvery.
func (r *redraw) whole(screen image.Rectangle, arr dock.Result, modal, simTimeOnly bool, now time.Time) bool {
	w := screen != r.bounds || !sameArrangement(arr, r.arr) || modal || r.modal || simTimeOnly ||
		now.Sub(r.wholeAt) >= wholeEvery || now.Before(r.wholeAt)
	r.bounds, r.arr, r.modal = screen, arr, modal
	if w {
		r.wholeAt = now
	}
	return w
}

func sameArrangement(a, b dock.Result) bool {
	return a.Map == b.Map && a.Status == b.Status && slices.Equal(a.Rects, b.Rects) && slices.Equal(a.Folded, b.Folded)
}

// clearUnder clears the screen areas this frame draws again to the
// background colour: all of it for a whole frame, else the map area, the
// status bar and the rectangles of the panels drawn again (ui.Plan).
func (g *Game) clearUnder(screen *ebiten.Image) {
	arr := g.ui.Arrangement()
	modal := g.st.ShowHelp || g.ui.OverlayShown()
	whole := g.redraw.whole(screen.Bounds(), arr, modal, g.mode.simTimeOnly(), time.Now())
	g.ui.KeepScreen(!whole)
	own := []image.Rectangle{g.mapDrawRect(), arr.Status}
	panels := g.ui.Plan(screen.Bounds(), own...)
	g.redraw.wasWhole, g.redraw.panelsDrawn, g.redraw.panels = whole, len(panels), g.ui.Windows()
	if whole {
		screen.Fill(bgColor)
		return
	}
	for _, r := range append(panels, own...) {
		screen.SubImage(r).(*ebiten.Image).Fill(bgColor)
	}
}

// mapDrawRect is the map area less the panels' borders: debugui draws a
// panel's 1 px frame just outside its bounds, and where a panel touches
// the map area that frame lies on the map's edge. The map is drawn every
// frame and an unchanged panel is not, so the map keeps off the frame
// (opaque: a whole frame gives the same pixels either way).
func (g *Game) mapDrawRect() image.Rectangle {
	m := g.mapRect()
	for _, r := range g.ui.Arrangement().Rects {
		b := r.Inset(-1)
		if !b.Overlaps(m) {
			continue
		}
		switch {
		case b.Max.X-1 <= m.Min.X: // the frame's right column on the map's left edge
			m.Min.X = b.Max.X
		case b.Min.X+1 >= m.Max.X:
			m.Max.X = b.Min.X
		case b.Max.Y-1 <= m.Min.Y:
			m.Min.Y = b.Max.Y
		case b.Min.Y+1 >= m.Max.Y:
			m.Max.Y = b.Min.Y
		}
	}
	return m
}
