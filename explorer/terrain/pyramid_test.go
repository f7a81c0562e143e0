package terrain

import (
	"image"
	"math"
	"testing"

	"soundworld/dat"
)

// The coarsest level holds the whole world (255 landblocks at 4 px = 1020 px)
// within 1280 px, and each level halves the px per landblock.
func TestPyramid_LevelsAndChunks(t *testing.T) {
	if got := LevelPx(Coarsest) * WorldBlocks; got != 1020 {
		t.Errorf("coarsest world side %d px, want 1020", got)
	}
	for l := 1; l <= Coarsest; l++ {
		if LevelPx(l)*2 != LevelPx(l-1) {
			t.Errorf("level %d: %d px, level %d: %d px", l, LevelPx(l), l-1, LevelPx(l-1))
		}
		if ChunkBlocks(l)*LevelPx(l) != ChunkPx {
			t.Errorf("level %d: %d blocks × %d px ≠ %d", l, ChunkBlocks(l), LevelPx(l), ChunkPx)
		}
	}
	// 2 × 2 chunks of 128 landblocks cover the world at the coarsest level.
	if n := len(Visible(Coarsest, 0, 0, 255*192, 255*192, 0, 0)); n != 4 {
		t.Errorf("coarsest chunks %d, want 4", n)
	}
}

// LevelFor never magnifies a level: its landblock is at least as many px as
// the screen shows, and the next coarser one would be fewer.
func TestPyramid_LevelFor(t *testing.T) {
	cases := []struct {
		mpp  float64
		want int
	}{
		{0.25, 0}, {0.75, 0}, {1.49, 0}, // > 128 px per landblock: the full tiles
		{1.5, 1}, // exactly 128 px
		{3, 2}, {6, 3}, {12, 4}, {24, 5}, {48, 6}, {80, 6}, {200, 6},
	}
	for _, c := range cases {
		if got := LevelFor(c.mpp); got != c.want {
			t.Errorf("LevelFor(%v) = %d, want %d", c.mpp, got, c.want)
		}
	}
	for mpp := 1.5; mpp < 200; mpp *= 1.07 {
		l := LevelFor(mpp)
		s := 192 / mpp
		if float64(LevelPx(l)) < s || l < Coarsest && float64(LevelPx(l+1)) >= s {
			t.Errorf("mpp %v: level %d (%d px) for %.1f screen px", mpp, l, LevelPx(l), s)
		}
	}
}

// Chunk geometry: a landblock is painted north up inside its chunk, and the
// chunk's world extent is its landblocks'.
func TestPyramid_ChunkGeometry(t *testing.T) {
	k := ChunkOf(3, 0xA9, 0xB4) // 16 blocks per chunk at 32 px
	if k != (ChunkKey{3, 0xA9 / 16, 0xB4 / 16}) {
		t.Fatalf("ChunkOf = %+v", k)
	}
	bx0, by0, n := k.Blocks()
	if bx0 != 160 || by0 != 176 || n != 16 {
		t.Fatalf("Blocks = %d %d %d", bx0, by0, n)
	}
	px, py := k.BlockPos(0xA9, 0xB4)
	if px != (0xA9-160)*32 || py != (15-(0xB4-176))*32 {
		t.Errorf("BlockPos = %d, %d", px, py)
	}
	x0, y0, x1, y1 := k.World()
	if x0 != 160*192 || y0 != 176*192 || x1 != 176*192 || y1 != 192*192 {
		t.Errorf("World = %v %v %v %v", x0, y0, x1, y1)
	}
	// Nearest first, clipped to the world.
	ks := Visible(3, -1000, -1000, 20*192, 10*192, 19*192, 9*192)
	if len(ks) != 2 || ks[0] != (ChunkKey{3, 1, 0}) {
		t.Errorf("Visible = %+v", ks)
	}
	if ks := Visible(5, 300*192, 0, 400*192, 10, 0, 0); ks != nil {
		t.Errorf("off the world: %+v", ks)
	}
}

// PaintAt at 8 px: a flat landblock of one terrain type is that type's colour
// everywhere (shade 1 on flat ground); PaintMissing stripes.
func TestPyramid_PaintFlatAndMissing(t *testing.T) {
	p := NewPainter(nil)
	lb := &dat.LandBlock{}
	for i := range lb.Terrain {
		lb.Terrain[i] = 3 << 2 // type 3
	}
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	p.PaintAt(img, 0, 0, 8, lb)
	want := p.colors[3]
	for y := range 8 {
		for x := range 8 {
			if c := img.RGBAAt(x, y); c != want {
				t.Fatalf("(%d,%d) = %v, want %v", x, y, c, want)
			}
		}
	}
	PaintMissing(img, 8, 0, 8)
	if img.RGBAAt(8, 0) != NoDataHatch || img.RGBAAt(10, 0) != NoData {
		t.Errorf("no-data pattern: %v %v", img.RGBAAt(8, 0), img.RGBAAt(10, 0))
	}
}

// Grid fade, heat step, frame headings and footprints.
func TestAtlasGeom(t *testing.T) {
	if l, i := GridAlpha(80); l != 0 || i != 0 { // whole world: 2.4 px per landblock
		t.Errorf("GridAlpha(80) = %v %v", l, i)
	}
	if l, i := GridAlpha(0.75); l != 1 || i != 1 {
		t.Errorf("GridAlpha(0.75) = %v %v", l, i)
	}
	if l, _ := GridAlpha(192.0 / 26); math.Abs(l-0.5) > 1e-9 { // 26 px: half way 12..40
		t.Errorf("GridAlpha(26 px) lines %v, want 0.5", l)
	}
	if _, i := GridAlpha(192.0 / 76); math.Abs(i-0.5) > 1e-9 { // 76 px: half way 56..96
		t.Errorf("GridAlpha(76 px) ids %v, want 0.5", i)
	}
	for _, c := range []struct {
		mpp  float64
		want int
	}{{0.25, 1}, {8, 1}, {8.01, 2}, {16, 2}, {24, 4}, {32, 4}, {32.1, 8}, {80, 8}} {
		if got := HeatStep(c.mpp); got != c.want {
			t.Errorf("HeatStep(%v) = %d, want %d", c.mpp, got, c.want)
		}
	}
	// Facing east (90°): the front edge is 5 m east of the centre, 14 m long north–south.
	fp := Footprint(100, 100, 90, 14, 10)
	near := func(a [2]float64, x, y float64) bool { return math.Abs(a[0]-x) < 1e-9 && math.Abs(a[1]-y) < 1e-9 }
	if !near(fp[0], 105, 107) || !near(fp[1], 105, 93) || !near(fp[2], 95, 93) || !near(fp[3], 95, 107) {
		t.Errorf("Footprint east = %v", fp)
	}
	if _, _, _, _, ok := VisibleBlocks(-10, -10, -1, -1); ok {
		t.Error("VisibleBlocks off the world")
	}
	if bx0, by0, bx1, by1, _ := VisibleBlocks(-5, 191, 192*300, 192*2); bx0 != 0 || by0 != 0 || bx1 != 254 || by1 != 2 {
		t.Errorf("VisibleBlocks = %d %d %d %d", bx0, by0, bx1, by1)
	}
}
