// Package geom holds the pure geometry of the explorer's map and overlays:
// the camera (world metres ↔ screen pixels), compass bearings on screen, ring
// radii, histogram bars, shell sectors and marker fades. It imports no ebiten,
// so its tests run headless.
package geom

import "math"

// Landblock and cell sizes in m (W1).
const (
	BlockSize = 192.0
	CellSize  = 24.0
)

// Zoom limits in metres per pixel: MinMPP is the closest zoom (~0.25 m/px, where
// a 24 m land cell is ~96 px); MaxMPP lets the whole world (255 landblocks,
// 48 960 m) fit a map area of 245 px (the tile pyramid draws
// beyond 1.5 m/px).
const (
	MinMPP = 0.25
	MaxMPP = 200.0
)

// Camera maps world metres (+X east, +Y north; W1) to screen pixels (+x right,
// +y down), north up. CX, CY is the world point at the screen centre; MPP is
// metres per pixel; W, H the screen size in px.
type Camera struct {
	CX, CY float64
	MPP    float64
	W, H   int
}

// ToScreen converts world metres to screen pixels.
func (c Camera) ToScreen(x, y float64) (sx, sy float64) {
	return float64(c.W)/2 + (x-c.CX)/c.MPP, float64(c.H)/2 - (y-c.CY)/c.MPP
}

// ToWorld converts screen pixels to world metres.
func (c Camera) ToWorld(sx, sy float64) (x, y float64) {
	return c.CX + (sx-float64(c.W)/2)*c.MPP, c.CY - (sy-float64(c.H)/2)*c.MPP
}

// PxPerM is the zoom as pixels per metre.
func (c Camera) PxPerM() float64 { return 1 / c.MPP }

// ZoomAbout multiplies metres-per-pixel by factor (clamped to [MinMPP, MaxMPP])
// keeping the world point under screen pixel (sx, sy) fixed.
func (c Camera) ZoomAbout(sx, sy, factor float64) Camera {
	wx, wy := c.ToWorld(sx, sy)
	c.MPP = math.Min(MaxMPP, math.Max(MinMPP, c.MPP*factor))
	// Put (wx, wy) back under (sx, sy).
	nx, ny := c.ToWorld(sx, sy)
	c.CX += wx - nx
	c.CY += wy - ny
	return c
}

// Pan moves the view by a screen-pixel drag (dx, dy): the map follows the pointer.
func (c Camera) Pan(dx, dy float64) Camera {
	c.CX -= dx * c.MPP
	c.CY += dy * c.MPP
	return c
}

// FitMPP is the metres per pixel at which a square of side m fits the screen.
func FitMPP(side float64, w, h int) float64 {
	s := float64(min(w, h))
	if s <= 0 {
		return MaxMPP
	}
	return math.Min(MaxMPP, math.Max(MinMPP, side/s))
}

// Visible returns the world rectangle [x0,x1]×[y0,y1] the camera shows.
func (c Camera) Visible() (x0, y0, x1, y1 float64) {
	x0, y1 = c.ToWorld(0, 0)
	x1, y0 = c.ToWorld(float64(c.W), float64(c.H))
	return
}

// RingRadiusPx is the on-screen radius in px of a circle of r metres.
func (c Camera) RingRadiusPx(r float64) float64 { return r / c.MPP }

// ScreenAngle converts a compass heading (deg clockwise from north; W4) to a
// screen angle in radians measured from +x toward +y (down), north up:
// 0° (N) → −π/2, 90° (E) → 0, 180° (S) → +π/2, 270° (W) → π.
func ScreenAngle(headingDeg float64) float64 {
	return (headingDeg - 90) * math.Pi / 180
}

// HeadingVector is the unit world vector (east, north) of a compass heading (W4).
func HeadingVector(headingDeg float64) (x, y float64) {
	r := headingDeg * math.Pi / 180
	return math.Sin(r), math.Cos(r)
}

// Heading is the compass bearing in deg of the world vector (dx, dy) (W4:
// fmod(450 − atan2(dy, dx)·180/π, 360)).
func Heading(dx, dy float64) float64 {
	return math.Mod(450-math.Atan2(dy, dx)*180/math.Pi, 360)
}

// HandleDistPx is how far in px the listener's heading handle sits from it.
const HandleDistPx = 36.0

// HeadingHandle is the screen position of the heading handle of a listener at
// screen (sx, sy) facing headingDeg (W4).
func HeadingHandle(sx, sy, headingDeg float64) (hx, hy float64) {
	a := ScreenAngle(headingDeg)
	return sx + HandleDistPx*math.Cos(a), sy + HandleDistPx*math.Sin(a)
}

// ScaleBar picks a round length in m (1, 2, 5 × 10ⁿ) whose on-screen length at
// mpp m/px is at most maxPx, and returns it with its length in px.
func ScaleBar(mpp, maxPx float64) (metres, px float64) {
	if mpp <= 0 || maxPx <= 0 {
		return 0, 0
	}
	limit := mpp * maxPx
	m := math.Pow(10, math.Floor(math.Log10(limit)))
	for _, f := range []float64{5, 2, 1} {
		if f*m <= limit {
			return f * m, f * m / mpp
		}
	}
	return m, m / mpp
}
