package mapview

import (
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"soundworld/atlas"
	"soundworld/internal/palette"
)

// refHeatPixels is the heat image painted the plain way, independently of
// rebuild's passes: the maximum over the view first, then every sample with
// a value > 0 in its category's colour, or on the ramp by value / maximum.
func refHeatPixels(m *[1 << 16]heatBlock, hv heatView, share bool) ([]byte, float32) {
	n := 8 / hv.step
	w, ht := (hv.bx1-hv.bx0+1)*n, (hv.by1-hv.by0+1)*n
	var maxV float32
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			for _, x := range m[bx<<8|by].vals {
				maxV = max(maxV, x)
			}
		}
	}
	if share {
		maxV = 1
	}
	pix := make([]byte, w*ht*4)
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			hb := m[bx<<8|by]
			for i, x := range hb.vals {
				if x <= 0 {
					continue
				}
				var col color.RGBA
				if hb.cats != nil {
					col = palette.Cat(hb.cats[i])
				} else {
					col = heatLUT[min(255, int(x*(255/max(maxV, 1e-9))))]
				}
				col2, row := i/n, i%n // east, north
				px, py := (bx-hv.bx0)*n+col2, (hv.by1-by)*n+(n-1-row)
				o := (py*w + px) * 4
				pix[o], pix[o+1], pix[o+2], pix[o+3] = col.R, col.G, col.B, 0xff
			}
		}
	}
	return pix, maxV
}

// TestAtlasHeat_RebuildSamePixels: rebuild's image (one pass for samples
// with a category, a second for ramp samples) is the plain painter's, for
// categories, ramp values, mixed landblocks, zeros, uncomputed landblocks,
// at steps 1, 2 and 8; with nothing computed there is no image at all.
func TestAtlasHeat_RebuildSamePixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, step := range []int{1, 2, 8} {
		for _, mode := range []string{"cats", "ramp", "mixed", "share"} {
			var h heatState
			h.init(newFakeTex)
			h.cats = make([]atlas.Sound, 4) // category 4 has no entry: CatColor still paints it
			if mode == "share" {
				h.kind = atlas.KindShare
			}
			hv := heatView{bx0: 10, by0: 20, bx1: 17, by1: 24, step: step}
			m := new([1 << 16]heatBlock)
			h.cache[heatKey{h.sel, step}] = m
			per := (8 / step) * (8 / step)
			for bx := hv.bx0 - 1; bx <= hv.bx1+1; bx++ { // one ring outside the view too
				for by := hv.by0 - 1; by <= hv.by1+1; by++ {
					if rng.IntN(5) == 0 {
						continue // not computed
					}
					hb := heatBlock{vals: make([]float32, per)}
					for i := range hb.vals {
						if rng.IntN(4) > 0 {
							hb.vals[i] = rng.Float32() * 3
						}
					}
					if mode == "cats" || mode == "mixed" && rng.IntN(2) == 0 {
						hb.cats = make([]int16, per)
						for i := range hb.cats {
							hb.cats[i] = int16(rng.IntN(5)) // a bed for every valued sample
							if hb.vals[i] == 0 && rng.IntN(2) == 0 {
								hb.cats[i] = -1 // no bed
							}
						}
					}
					m[bx<<8|by] = hb
				}
			}
			h.rebuild(hv)
			want, wantMax := refHeatPixels(m, hv, mode == "share")
			if got := h.pix[:len(want)]; string(got) != string(want) {
				t.Errorf("step %d %s: pixels differ from the plain painter", step, mode)
			}
			if h.maxV != wantMax {
				t.Errorf("step %d %s: max %v, want %v", step, mode, h.maxV, wantMax)
			}
			if h.img == nil {
				t.Errorf("step %d %s: no image", step, mode)
			}
			// The same selector at another step: nothing computed, no image.
			h.rebuild(heatView{bx0: 10, by0: 20, bx1: 17, by1: 24, step: 4})
			if h.img != nil || len(h.shown) != 0 {
				t.Errorf("step %d %s: an image or categories with nothing computed", step, mode)
			}
		}
	}
}

// TestAtlasHeat_FilledBatchSameCache: a batch filled on the job's goroutine
// leaves the same cache as one take fills, and take of a filled batch for a
// key that meanwhile has a cache still stores its blocks there.
func TestAtlasHeat_FilledBatchSameCache(t *testing.T) {
	r := &atlas.Result{Step: 4, Blocks: []uint16{0x0102, 0x0304}, Values: []float32{1, 2, 3, 4, 5, 6, 7, 8}, Cats: []int16{0, 1, -1, 0, 1, 1, 0, 0}}
	key := heatKey{atlas.Selector{Kind: atlas.LoudestBed}, 4}
	var a, b heatState
	a.init(newFakeTex)
	b.init(newFakeTex)
	a.take(heatBatch{key: key, r: r})
	fresh := new([1 << 16]heatBlock)
	fill(fresh, r)
	b.take(heatBatch{key: key, r: r, fresh: fresh, filled: true})
	for _, lb := range []uint16{0x0102, 0x0304, 0x0203} {
		x, y := a.cache[key][lb], b.cache[key][lb]
		if len(x.vals) != len(y.vals) || len(x.cats) != len(y.cats) {
			t.Fatalf("landblock %04x: %v / %v", lb, x, y)
		}
		for i := range x.vals {
			if x.vals[i] != y.vals[i] || x.cats[i] != y.cats[i] {
				t.Fatalf("landblock %04x sample %d differs", lb, i)
			}
		}
	}
	if got := a.cache[key][0x0304].vals; len(got) != 4 || got[0] != 5 {
		t.Fatalf("landblock 0304: %v, want 5 6 7 8", got)
	}
	r2 := &atlas.Result{Step: 4, Blocks: []uint16{0x0506}, Values: []float32{9, 9, 9, 9}}
	other := new([1 << 16]heatBlock)
	fill(other, r2)
	b.take(heatBatch{key: key, r: r2, fresh: other, filled: true})
	if b.cache[key][0x0506].vals == nil || b.cache[key][0x0102].vals == nil {
		t.Fatal("a filled batch for a key with a cache lost blocks")
	}
}

// TestAtlasHeat_NearestFirst: the job's landblocks come nearest the view's
// centre first (distances from landblock centres, by Pythagoras here), none
// lost or repeated.
func TestAtlasHeat_NearestFirst(t *testing.T) {
	var lbs []uint16
	for bx := 0; bx < 255; bx += 3 {
		for by := 0; by < 255; by += 2 {
			lbs = append(lbs, uint16(bx<<8|by))
		}
	}
	want := slices.Clone(lbs)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(lbs), func(i, j int) { lbs[i], lbs[j] = lbs[j], lbs[i] })
	cx, cy := 100.25, 40.75
	nearestFirst(lbs, cx, cy)
	dist := func(lb uint16) float64 {
		dx, dy := float64(lb>>8)+0.5-cx, float64(lb&0xFF)+0.5-cy
		return math.Sqrt(dx*dx + dy*dy)
	}
	if lbs[0] != 99<<8|40 {
		t.Errorf("first %04x, want 6328 (landblock 99,40: centre 99.5,40.5)", lbs[0])
	}
	for i := 1; i < len(lbs); i++ {
		if dist(lbs[i]) < dist(lbs[i-1])-1e-9 {
			t.Fatalf("%d: %04x nearer than %04x before it", i, lbs[i], lbs[i-1])
		}
	}
	slices.Sort(lbs)
	if !slices.Equal(lbs, want) {
		t.Fatal("landblocks lost or repeated")
	}
}

// BenchmarkAtlasHeat_RebuildWorld: the whole world's heat image (255×255
// landblocks, one sample each, loudest bed), as the overview's frame makes it
// when the whole-world batch arrives.
func BenchmarkAtlasHeat_RebuildWorld(b *testing.B) {
	var h heatState
	h.init(newFakeTex)
	h.cats = make([]atlas.Sound, 12)
	m := new([1 << 16]heatBlock)
	h.cache[heatKey{h.sel, 8}] = m
	vals, cats := make([]float32, 255*255), make([]int16, 255*255)
	for i := range vals {
		vals[i], cats[i] = float32(i%7), int16(i%12)
		m[i/255<<8|i%255] = heatBlock{vals: vals[i : i+1], cats: cats[i : i+1]}
	}
	hv := heatView{0, 0, 254, 254, 8}
	for b.Loop() {
		h.rebuild(hv)
	}
}
