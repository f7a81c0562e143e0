package mapview

import (
	"image/color"
	"testing"
	"time"

	"soundworld/atlas"
	"soundworld/internal/bigworld/bigtest"
	"soundworld/internal/palette"
)

// The heat image is north up: its top-left px is the north-west landblock's
// north-west sample, and a sample's colour is the ramp at value / max (a
// loudest bed's is its category's). Values are independent of the window.
func TestAtlas_HeatImageLayout(t *testing.T) {
	var h heatState
	h.init(newFakeTex)
	h.kind, h.kindOK = atlas.KindVolume, true
	hv := heatView{bx0: 10, by0: 20, bx1: 11, by1: 21, step: 4} // 2 × 2 landblocks, 2 × 2 samples each
	m := new([1 << 16]heatBlock)
	val := func(bx, by, i int) float32 { return float32(1+(bx-10)*8+(by-20)*4+i) / 16 }
	for bx := 10; bx <= 11; bx++ {
		for by := 20; by <= 21; by++ {
			hb := heatBlock{vals: make([]float32, 4)}
			for i := range 4 {
				hb.vals[i] = val(bx, by, i)
			}
			m[bx<<8|by] = hb
		}
	}
	h.cache[heatKey{h.sel, 4}] = m
	h.rebuild(hv)
	if h.img.Bounds().Dx() != 4 || h.img.Bounds().Dy() != 4 {
		t.Fatalf("image %v, want 4×4", h.img.Bounds())
	}
	maxV := val(11, 21, 3) // 16/16
	if h.maxV != maxV {
		t.Errorf("max %v, want %v", h.maxV, maxV)
	}
	at := func(x, y int) color.RGBA {
		o := (y*4 + x) * 4
		return color.RGBA{h.pix[o], h.pix[o+1], h.pix[o+2], h.pix[o+3]}
	}
	// Sample i of a landblock is (column i/2 east, row i%2 north) (atlas.Result.Cell).
	cases := []struct {
		x, y, bx, by, i int
	}{
		{0, 0, 10, 21, 1}, // NW px: west landblock of the north row, its west column, north row
		{3, 3, 11, 20, 2}, // SE px: east landblock of the south row, east column, south row
		{1, 2, 10, 20, 3},
		{2, 1, 11, 21, 0},
	}
	for _, c := range cases {
		want := heatLUT[min(255, int(val(c.bx, c.by, c.i)*(255/maxV)))]
		if got := at(c.x, c.y); got != want {
			t.Errorf("px (%d,%d) = %v, want landblock 0x%02X%02X sample %d's %v", c.x, c.y, got, c.bx, c.by, c.i, want)
		}
	}
	// Loudest bed: the category's colour; value 0 stays clear.
	h.kind = atlas.KindLoudestBed
	h.cats = make([]atlas.Sound, 3)
	hb := m[10<<8|21]
	hb.cats = []int16{2, 1, 0, -1}
	hb.vals = []float32{0.5, 0.5, 0.5, 0}
	m[10<<8|21] = hb
	h.dirty = true
	h.rebuild(hv)
	if got := at(0, 0); got != palette.Cat(1) { // sample 1 = NW
		t.Errorf("NW px %v, want category 1's %v", got, palette.Cat(1))
	}
	if got := at(1, 0); got.A != 0 { // sample 3: value 0
		t.Errorf("a silent sample is drawn: %v", got)
	}
}

// BenchmarkAtlas_HeatScreen: one 1280×720 screenful of the heatmap (loudest
// bed) on the full-size world, from a freshly opened atlas and an empty
// cache (the first look at a place), to the heat image built: close (0.75
// m/px, every cell), mid (6 m/px: 40 × 23 landblocks, every cell), far
// (24 m/px: 160 × 90 landblocks, every 4th cell) and the whole world (80 m/px,
// one cell per landblock). atlas.Open is included (atlas_open_ms says how much).
// window_ms is the window's pipeline (batches, cache, image); compute_only_ms
// is one atlas.Compute over the same landblocks in the same run, for the ratio
// (the machine is shared: absolute times vary with its load).
func BenchmarkAtlas_HeatScreen(b *testing.B) {
	arch := bigtest.Archive(b)
	g := newTestMap(b, arch)
	for _, z := range []struct {
		name string
		mpp  float64
	}{{"close", 0.75}, {"mid", 6}, {"far", 24}, {"whole", 80}} {
		b.Run(z.name, func(b *testing.B) {
			g.cam.MPP = z.mpp
			g.cam.CX, g.cam.CY = 0x7F*192, 0x7F*192
			var open, raw, pipe time.Duration
			hv, _ := viewOf(g.cam)
			var lbs []uint16
			for bx := hv.bx0; bx <= hv.bx1; bx++ {
				for by := hv.by0; by <= hv.by1; by++ {
					lbs = append(lbs, uint16(bx<<8|by))
				}
			}
			for b.Loop() {
				// The atlas package alone: one Compute over the same landblocks.
				t0 := time.Now()
				ra, err := atlas.Open(arch)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := ra.Compute(b.Context(), atlas.Request{Sel: atlas.Selector{Kind: atlas.LoudestBed}, Blocks: lbs, Step: hv.step}); err != nil {
					b.Fatal(err)
				}
				raw += time.Since(t0)
				t0 = time.Now()
				a, err := atlas.Open(arch)
				if err != nil {
					b.Fatal(err)
				}
				open += time.Since(t0)
				v := g.Map
				v.at = a
				v.heat = heatState{}
				v.heat.init(newFakeTex)
				for {
					v.heat.update(v, g.cam)
					if !v.heat.running && v.heat.img != nil && !v.heat.dirty {
						break
					}
					time.Sleep(200 * time.Microsecond)
				}
				pipe += time.Since(t0)
			}
			b.ReportMetric(float64(open.Milliseconds())/float64(b.N), "atlas_open_ms")
			b.ReportMetric(float64(pipe.Milliseconds())/float64(b.N), "window_ms")
			b.ReportMetric(float64(raw.Milliseconds())/float64(b.N), "compute_only_ms")
		})
	}
}
