package terrain

// pyramid.go: the whole-world tile pyramid's geometry and painting. Level 0 is the map's full tiles (TilePx per landblock); level L ≥ 1
// paints a landblock at TilePx>>L px (128 … 4), grouped into square chunks of
// ChunkPx px, so the coarsest level holds all 255 × 255 landblocks in 1020 px.
// Pure image code: the window uploads chunks, this file decides what they are.

import (
	"image"
	"image/color"
	"math"

	"soundworld/dat"
)

const (
	// ChunkPx is a pyramid chunk's side in px.
	ChunkPx = 512
	// Coarsest is the coarsest level: 4 px per landblock (the whole world is
	// 1020 px, the level that fits 1280 px).
	Coarsest = 6
	// WorldBlocks is the number of landblocks per side (0x00..0xFE, W1).
	WorldBlocks = 255
)

// LevelPx is the side in px of one landblock at level l.
func LevelPx(l int) int { return TilePx >> l }

// ChunkBlocks is the number of landblocks per chunk side at level l ≥ 1.
func ChunkBlocks(l int) int { return ChunkPx / LevelPx(l) }

// LevelFor picks the level to draw at mpp metres per screen px: the coarsest
// level whose landblock is still at least as many px as the screen shows
// (never magnified), 0 (the full tiles) when the screen shows more than half
// a tile's px, Coarsest when even that is more than the screen needs.
func LevelFor(mpp float64) int {
	if !(mpp > 0) {
		return 0
	}
	s := 192 / mpp // screen px per landblock
	for l := Coarsest; l >= 1; l-- {
		if float64(LevelPx(l)) >= s {
			return l
		}
	}
	return 0
}

// ChunkKey names one chunk: level, and chunk column (east) and row (north),
// so it covers landblocks X in [CX·n, CX·n+n) and Y in [CY·n, CY·n+n), n =
// ChunkBlocks(Level).
type ChunkKey struct{ Level, CX, CY int }

// Blocks is the chunk's south-west landblock and its side in landblocks.
func (k ChunkKey) Blocks() (bx0, by0, n int) {
	n = ChunkBlocks(k.Level)
	return k.CX * n, k.CY * n, n
}

// World is the chunk's extent in world metres (W1): [x0,x1]×[y0,y1].
func (k ChunkKey) World() (x0, y0, x1, y1 float64) {
	bx0, by0, n := k.Blocks()
	return float64(bx0) * 192, float64(by0) * 192, float64(bx0+n) * 192, float64(by0+n) * 192
}

// BlockPos is where landblock (bx, by) is painted inside its chunk (px, north up).
func (k ChunkKey) BlockPos(bx, by int) (px, py int) {
	bx0, by0, n := k.Blocks()
	s := LevelPx(k.Level)
	return (bx - bx0) * s, (n - 1 - (by - by0)) * s
}

// ChunkOf is the chunk of level l holding landblock (bx, by).
func ChunkOf(l, bx, by int) ChunkKey {
	n := ChunkBlocks(l)
	return ChunkKey{l, bx / n, by / n}
}

// Visible lists the chunks of level l that overlap world [x0,x1]×[y0,y1]
// (clipped to the world), nearest to (cx, cy) first.
func Visible(l int, x0, y0, x1, y1, cx, cy float64) []ChunkKey {
	n := float64(ChunkBlocks(l)) * 192
	last := (WorldBlocks - 1) / ChunkBlocks(l)
	c0, c1 := clampI(int(math.Floor(x0/n)), 0, last), clampI(int(math.Floor(x1/n)), 0, last)
	r0, r1 := clampI(int(math.Floor(y0/n)), 0, last), clampI(int(math.Floor(y1/n)), 0, last)
	if x1 < 0 || y1 < 0 || x0 >= WorldBlocks*192 || y0 >= WorldBlocks*192 {
		return nil
	}
	var ks []ChunkKey
	for c := c0; c <= c1; c++ {
		for r := r0; r <= r1; r++ {
			ks = append(ks, ChunkKey{l, c, r})
		}
	}
	d := func(k ChunkKey) float64 {
		return math.Hypot((float64(k.CX)+0.5)*n-cx, (float64(k.CY)+0.5)*n-cy)
	}
	for i := 1; i < len(ks); i++ { // insertion sort: a few dozen keys
		for j := i; j > 0 && d(ks[j]) < d(ks[j-1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

func clampI(v, lo, hi int) int { return max(lo, min(hi, v)) }

// NoData is the colour of a landblock missing from the cell dat; NoDataHatch
// its stripes.
var (
	NoData      = color.RGBA{0x2a, 0x2c, 0x34, 0xff}
	NoDataHatch = color.RGBA{0x3a, 0x3d, 0x48, 0xff}
)

// PaintMissing fills the s×s square at (ox, oy) of dst with the "no data"
// pattern: diagonal stripes every 8 px (a checker of single px below 8 px).
func PaintMissing(dst *image.RGBA, ox, oy, s int) {
	for y := range s {
		for x := range s {
			c := NoData
			if s >= 8 && (x+y)%8 < 2 || s < 8 && (ox+x+oy+y)%2 == 0 {
				c = NoDataHatch
			}
			o := dst.PixOffset(ox+x, oy+y)
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = c.R, c.G, c.B, c.A
		}
	}
}

// PaintAt draws lb as an s×s square at (ox, oy) of dst, north up: the same
// vertex colours and hill-shade as Tile, bilinear per px; roads from s ≥ 32
// px (a road is ~2 px there), sampled from Tile's road mask.
func (p *Painter) PaintAt(dst *image.RGBA, ox, oy, s int, lb *dat.LandBlock) {
	var vr, vg, vb [81]float64
	for x := range 9 {
		for y := range 9 {
			i := x*9 + y
			_, t, _ := Word(lb.Terrain[i])
			c := p.colors[t]
			sh := 1.0
			if !IsWater(t) {
				sh = p.shade(lb, x, y)
			}
			vr[i], vg[i], vb[i] = float64(c.R)*sh, float64(c.G)*sh, float64(c.B)*sh
		}
	}
	var road []bool
	if s >= 32 {
		road = p.roadMask(lb)
	}
	scale := 8.0 / float64(s)
	for py := range s {
		fy := 8 - (float64(py)+0.5)*scale
		y0 := min(int(fy), 7)
		ty := fy - float64(y0)
		for px := range s {
			fx := (float64(px) + 0.5) * scale
			x0 := min(int(fx), 7)
			tx := fx - float64(x0)
			i00, i10, i01, i11 := x0*9+y0, (x0+1)*9+y0, x0*9+y0+1, (x0+1)*9+y0+1
			w00, w10, w01, w11 := (1-tx)*(1-ty), tx*(1-ty), (1-tx)*ty, tx*ty
			r := vr[i00]*w00 + vr[i10]*w10 + vr[i01]*w01 + vr[i11]*w11
			g := vg[i00]*w00 + vg[i10]*w10 + vg[i01]*w01 + vg[i11]*w11
			b := vb[i00]*w00 + vb[i10]*w10 + vb[i01]*w01 + vb[i11]*w11
			if road != nil {
				k := TilePx / s
				if road[(py*k+k/2)*TilePx+px*k+k/2] {
					r, g, b = mix(r, float64(RoadColor.R), 0.85), mix(g, float64(RoadColor.G), 0.85), mix(b, float64(RoadColor.B), 0.85)
				}
			}
			o := dst.PixOffset(ox+px, oy+py)
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = clamp8(r), clamp8(g), clamp8(b), 0xff
		}
	}
}
