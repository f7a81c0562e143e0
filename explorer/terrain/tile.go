// Package terrain draws landblocks as top-down map tiles: terrain-type colours
// from the Region (stand-in and real data alike), hill-shading from the heights,
// roads from the road bits, water kept flat and readable. Pure image code (no
// ebiten), so it is tested headless; the window uploads each tile once.
package terrain

import (
	"image"
	"image/color"
	"math"

	"soundworld/dat"
)

// TilePx is the side in px of one landblock tile (192 m → 0.75 m per px).
const TilePx = 256

// Word splits a terrain word (dat-format §3.4; A1): road bits, terrain type, scene ordinal.
func Word(w uint16) (road, ttype, scene int) {
	return int(w & 3), int(w>>2) & 0x1F, int(w >> 11)
}

// IsWater reports the water terrain types 16–20 (dat-format §5.2).
func IsWater(t int) bool { return t >= 16 && t <= 20 }

// fallback colours by terrain type, for regions whose TerrainType colour is 0.
var fallback = [32]uint32{
	0x7a7570, 0x7fa650, 0xd8e8f0, 0x5e9a3c, 0x6b7a4a, 0x6e5436, 0x2c2830, 0x9a8160,
	0x8f8055, 0x8aa05a, 0xd8c88a, 0xb0aa98, 0xb8a478, 0x8a7c6a, 0x8c8a78, 0xf2f4f6,
	0x3f7fbf, 0x3a6fa8, 0x3c88b0, 0x4a8fb8, 0x1f4f8a, 0x3f6a2c, 0x4a7fb0, 0x5a7a50,
	0xa07050, 0x7a3020, 0x602818, 0x9ad0f0, 0x5a8a3a, 0x3e5e2a, 0x7a6a40, 0x6a5a50,
}

// Colors returns the map colour of each terrain type code 0..31 from the region.
func Colors(r *dat.Region) [32]color.RGBA {
	var c [32]color.RGBA
	for i := range c {
		v := fallback[i]
		if r != nil && i < len(r.Terrain.TerrainTypes) && r.Terrain.TerrainTypes[i].Color&0xFFFFFF != 0 {
			v = r.Terrain.TerrainTypes[i].Color
		}
		c[i] = color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
	}
	return c
}

// RoadColor is the packed-earth colour roads are drawn in.
var RoadColor = color.RGBA{0xc2, 0xa8, 0x7a, 0xff}

// Painter draws tiles for one region.
type Painter struct {
	colors  [32]color.RGBA
	heights [256]float32
	roadHW  float64 // road half-width, m
}

// NewPainter prepares colours and the height table of region r.
func NewPainter(r *dat.Region) *Painter {
	p := &Painter{colors: Colors(r), roadHW: 5}
	if r != nil {
		p.heights = r.LandDefs.HeightTable
		if r.LandDefs.RoadWidth > 0 {
			p.roadHW = float64(r.LandDefs.RoadWidth)
		}
	} else {
		for i := range p.heights {
			p.heights[i] = float32(2 * i)
		}
	}
	return p
}

// Height is vertex (x, y)'s height in m (dat-format §4.4).
func (p *Painter) Height(lb *dat.LandBlock, x, y int) float64 {
	return float64(p.heights[lb.Height[x*9+y]])
}

// Tile draws landblock lb at TilePx×TilePx, north up (row 0 = north edge).
func (p *Painter) Tile(lb *dat.LandBlock) *image.RGBA {
	const n = TilePx
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	// Per-vertex colour and shade; interpolate bilinearly per pixel.
	var vr, vg, vb, vs [81]float64
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			i := x*9 + y
			_, t, _ := Word(lb.Terrain[i])
			c := p.colors[t]
			vr[i], vg[i], vb[i] = float64(c.R), float64(c.G), float64(c.B)
			vs[i] = 1
			if !IsWater(t) {
				vs[i] = p.shade(lb, x, y)
			}
		}
	}
	road := p.roadMask(lb)
	scale := 8.0 / n // vertex units per px
	for py := 0; py < n; py++ {
		fy := 8 - (float64(py)+0.5)*scale
		y0 := min(int(fy), 7)
		ty := fy - float64(y0)
		for px := 0; px < n; px++ {
			fx := (float64(px) + 0.5) * scale
			x0 := min(int(fx), 7)
			tx := fx - float64(x0)
			i00, i10, i01, i11 := x0*9+y0, (x0+1)*9+y0, x0*9+y0+1, (x0+1)*9+y0+1
			bl := func(v *[81]float64) float64 {
				return (v[i00]*(1-tx)+v[i10]*tx)*(1-ty) + (v[i01]*(1-tx)+v[i11]*tx)*ty
			}
			s := bl(&vs)
			r, g, b := bl(&vr), bl(&vg), bl(&vb)
			if road[py*n+px] {
				r, g, b = mix(r, float64(RoadColor.R), 0.85), mix(g, float64(RoadColor.G), 0.85), mix(b, float64(RoadColor.B), 0.85)
			}
			o := img.PixOffset(px, py)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = clamp8(r*s), clamp8(g*s), clamp8(b*s), 0xff
		}
	}
	return img
}

// shade is a Lambert hill-shade factor at vertex (x, y), light from the NW at 45°,
// slopes exaggerated 3× so gentle AC rises read; 1 = flat ground.
func (p *Painter) shade(lb *dat.LandBlock, x, y int) float64 {
	h := func(x, y int) float64 { return p.Height(lb, max(0, min(8, x)), max(0, min(8, y))) }
	dx := float64(min(8, x+1) - max(0, x-1))
	dy := float64(min(8, y+1) - max(0, y-1))
	gx := 3 * (h(x+1, y) - h(x-1, y)) / (dx * 24)
	gy := 3 * (h(x, y+1) - h(x, y-1)) / (dy * 24)
	// normal (−gx, −gy, 1); light towards NW and up: (−1, 1, √2)/2.
	nl := math.Sqrt(gx*gx + gy*gy + 1)
	d := (gx - gy + math.Sqrt2) / (2 * nl)
	f := d / (math.Sqrt2 / 2)
	return math.Max(0.55, math.Min(1.3, f))
}

// roadMask marks pixels within the road half-width of a road vertex or of a
// segment joining two road vertices of one cell (edges, and a diagonal when the
// other two corners are not road).
func (p *Painter) roadMask(lb *dat.LandBlock) []bool {
	const n = TilePx
	m := make([]bool, n*n)
	isRoad := func(x, y int) bool { r, _, _ := Word(lb.Terrain[x*9+y]); return r != 0 }
	ppm := float64(n) / 192
	seg := func(ax, ay, bx, by int) {
		// world-local metres → px (y flipped).
		x0, y0 := float64(ax)*24*ppm, float64(n)-float64(ay)*24*ppm
		x1, y1 := float64(bx)*24*ppm, float64(n)-float64(by)*24*ppm
		hw := p.roadHW * ppm
		minX, maxX := int(math.Max(0, math.Min(x0, x1)-hw)), int(math.Min(n-1, math.Max(x0, x1)+hw))
		minY, maxY := int(math.Max(0, math.Min(y0, y1)-hw)), int(math.Min(n-1, math.Max(y0, y1)+hw))
		for py := minY; py <= maxY; py++ {
			for px := minX; px <= maxX; px++ {
				if segDist(float64(px)+0.5, float64(py)+0.5, x0, y0, x1, y1) <= hw {
					m[py*n+px] = true
				}
			}
		}
	}
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			if !isRoad(x, y) {
				continue
			}
			seg(x, y, x, y)
			if x < 8 && isRoad(x+1, y) {
				seg(x, y, x+1, y)
			}
			if y < 8 && isRoad(x, y+1) {
				seg(x, y, x, y+1)
			}
			if x < 8 && y < 8 && isRoad(x+1, y+1) && !isRoad(x+1, y) && !isRoad(x, y+1) {
				seg(x, y, x+1, y+1)
			}
			if x > 0 && y < 8 && isRoad(x-1, y+1) && !isRoad(x-1, y) && !isRoad(x, y+1) {
				seg(x, y, x-1, y+1)
			}
		}
	}
	return m
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	ex, ey := px-(ax+t*dx), py-(ay+t*dy)
	return math.Sqrt(ex*ex + ey*ey)
}

func mix(a, b, t float64) float64 { return a + (b-a)*t }

func clamp8(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}
