package terrain

// atlasgeom.go: the pure geometry of the atlas layers (grid, heatmap, landmarks):
// how much of the landblock grid shows at a zoom, the heatmap's sampling step,
// and landmarks' headings and footprints. No ebiten: tested headless.

import (
	"math"
)

// GridAlpha is how opaque the landblock grid lines and the hex ids are at mpp
// metres per px: lines fade in from 12 to 40 px per landblock (denser they
// hide the land), ids (~44 px wide) from 56 to 96 px per landblock.
func GridAlpha(mpp float64) (lines, ids float64) {
	s := 192 / mpp
	return ramp01(s, 12, 40), ramp01(s, 56, 96)
}

func ramp01(v, lo, hi float64) float64 {
	if !(v > lo) {
		return 0
	}
	if v >= hi {
		return 1
	}
	return (v - lo) / (hi - lo)
}

// HeatStep is the heatmap's cell sampling step at mpp metres per px: the
// smallest of 1, 2, 4, 8 (atlas.Request.Step) whose sample spans at least
// 3 px, so a screenful never needs more than ~100 000 gathers.
func HeatStep(mpp float64) int {
	cell := 24 / mpp // px per land cell
	for _, s := range []int{1, 2, 4} {
		if float64(s)*cell >= 3 {
			return s
		}
	}
	return 8
}

// Footprint is the four corners (world m) of a w × d rectangle centred on
// (x, y) whose front (depth axis) faces compass heading h: front-left,
// front-right, back-right, back-left.
func Footprint(x, y, h, w, d float64) [4][2]float64 {
	r := h * math.Pi / 180
	fx, fy := math.Sin(r), math.Cos(r) // front, W4
	rx, ry := fy, -fx                  // right of the front
	c := func(a, b float64) [2]float64 { return [2]float64{x + fx*a + rx*b, y + fy*a + ry*b} }
	return [4][2]float64{c(d/2, -w/2), c(d/2, w/2), c(-d/2, w/2), c(-d/2, -w/2)}
}

// VisibleBlocks is the landblock range [bx0,bx1]×[by0,by1] overlapping world
// [x0,x1]×[y0,y1], clipped to the world; ok is false when none does.
func VisibleBlocks(x0, y0, x1, y1 float64) (bx0, by0, bx1, by1 int, ok bool) {
	if x1 < 0 || y1 < 0 || x0 >= WorldBlocks*192 || y0 >= WorldBlocks*192 {
		return 0, 0, 0, 0, false
	}
	f := func(v float64) int { return clampI(int(math.Floor(v/192)), 0, WorldBlocks-1) }
	return f(x0), f(y0), f(x1), f(y1), true
}
