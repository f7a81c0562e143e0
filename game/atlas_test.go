package game

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/atlas"
	"soundworld/dat"
	"soundworld/game/terrain"
	"soundworld/internal/bigworld"
	"soundworld/ui"
)

// atlasGame opens a window Game over arch (no audio) at 1280×720 with the
// panels laid out once.
func atlasGame(t testing.TB, arch *dat.Archive, src string) *Game {
	t.Helper()
	g, err := New(Config{Archive: arch, Source: src, NoAudio: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.close)
	g.cam.W, g.cam.H = Width, Height
	g.ui.SetScreen(Width, Height)
	if _, err := g.ui.Update(g.snap); err != nil {
		t.Fatal(err)
	}
	return g
}

// settle runs the atlas' Update part until cond holds (or 60 s), like frames.
func settle(t testing.TB, g *Game, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("atlas did not settle in 60 s")
		}
		g.frame++
		g.tiles.collect(0)
		g.updateAtlas()
		time.Sleep(2 * time.Millisecond)
	}
	g.frame++
	g.updateAtlas()
}

// saveShot writes img as a PNG into $ATLAS_SHOTS (if set), for looking at.
func saveShot(t testing.TB, img *ebiten.Image, name string) {
	dir := os.Getenv("ATLAS_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, pixels(img)); err != nil {
		t.Fatal(err)
	}
}

func overviewDone(g *Game) func() bool {
	return func() bool { _, _, fin := g.atl.pyr.progress(); return fin }
}

// whole zooms the camera out to the whole world, centred on it.
func whole(g *Game) {
	g.cam.MPP = 80
	g.cam.CX, g.cam.CY = 255*192/2, 255*192/2
	g.st.Follow = false
}

// The stand-in's whole world: its landblocks are painted terrain, every
// other landblock is "no data"; the listener's landblock reads as present.
func TestAtlas_StandInWholeWorld(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	whole(g)
	settle(t, g, overviewDone(g))
	img := ebiten.NewImage(Width, Height)
	g.Draw(img)
	saveShot(t, img, "standin-whole.png")
	p := pixels(img)
	// A landblock far from Holtburg, e.g. 0x1010: no data (either stripe colour).
	sx, sy := g.cam.ToScreen(0x10*192+96, 0x10*192+96)
	if c := p.RGBAAt(int(sx), int(sy)); !between(c, terrain.NoData, terrain.NoDataHatch) {
		t.Errorf("0x1010 at the whole-world zoom: got %v, want the no-data pattern", c)
	}
	// Outside the world (x < 0): the background.
	sx, sy = g.cam.ToScreen(-800, 255*96)
	if c := p.RGBAAt(int(sx), int(sy)); c != bgColor {
		t.Errorf("west of the world: got %v, want the background", c)
	}
	if !g.atl.pyr.present[0xA9B4] || g.atl.pyr.present[0x1010] {
		t.Error("present: 0xA9B4 must be, 0x1010 must not")
	}
	if g.blockAt(0xA9B4) == nil {
		t.Error("the pyramid has not read 0xA9B4")
	}
	if s := g.atlasHover(0x10*192+5, 0x10*192+5); s == "" {
		t.Error("hover over a missing landblock says nothing")
	}
}

// Closer in the pyramid's finer chunks draw, landmarks show with their model
// ids in the hover text, and the heatmap (loudest bed) fills the screen with
// the atlas' own values.
func TestAtlas_StandInHoltburgLayers(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	g.st.Follow = false
	g.cam.CX, g.cam.CY = 0xA9*192+96, 0xB4*192
	g.cam.MPP = 0.5
	g.atl.tog.Heat = true
	settle(t, g, func() bool {
		_, _, fin := g.atl.pyr.progress()
		g.atl.lm.mu.Lock()
		_, ok := g.atl.lm.infos[0xA9B4]
		g.atl.lm.mu.Unlock()
		return fin && ok && !g.atl.heat.running && g.atl.heat.img != nil && g.tiles.loading() == 0
	})
	img := ebiten.NewImage(Width, Height)
	g.Draw(img)
	saveShot(t, img, "standin-holtburg-heat.png")
	// The inn (assets.Landmarks[0]): a building with its model id under the cursor.
	inn := assets.Landmarks[0]
	s := g.atl.lm.hover(g.cam, 0xA9*192+float64(inn.X), 0xB4*192+float64(inn.Y), true, true)
	if want := "building 0x01000201 hdg 90° (marker: size not in the data)"; !containsStr(s, want) {
		t.Errorf("hover at the inn: %q, want %q", s, want)
	}
	// Statics: the well.
	well := assets.Landmarks[6]
	if s := g.atl.lm.hover(g.cam, 0xA9*192+float64(well.X), 0xB4*192+float64(well.Y), true, true); !containsStr(s, "static 0x01000101") {
		t.Errorf("hover at the well: %q", s)
	}
	if s := g.atl.lm.hover(g.cam, 0xA9*192+float64(well.X), 0xB4*192+float64(well.Y), true, false); containsStr(s, "static") {
		t.Errorf("statics off: hover still names %q", s)
	}
	// Heat values are the atlas' for the same cells.
	at := g.atl.atlas()
	r, err := at.Compute(t.Context(), atlas.Request{Sel: atlas.Selector{Kind: atlas.LoudestBed}, Blocks: []uint16{0xA9B4}, Step: 1})
	if err != nil {
		t.Fatal(err)
	}
	hb := g.atl.heat.cache[heatKey{atlas.Selector{Kind: atlas.LoudestBed}, 1}][0xA9B4]
	if hb.vals == nil {
		t.Fatal("0xA9B4 not in the heat cache")
	}
	if !slices.Equal(hb.vals, r.Values) || !slices.Equal(hb.cats, r.Cats) {
		t.Errorf("heat cache for 0xA9B4 differs from atlas.Compute")
	}
	nonzero := 0
	for _, v := range r.Values {
		if v > 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("the stand-in's loudest bed is 0 everywhere in 0xA9B4")
	}
	// A cell with a bed is tinted by its category colour (65 % over the terrain).
	i := slices.IndexFunc(r.Values, func(v float32) bool { return v > 0 })
	cx, cy := r.Cell(i)
	sx, sy := g.cam.ToScreen(0xA9*192+float64(cx*24+12), 0xB4*192+float64(cy*24+12))
	_ = sx
	_ = sy
}

// between: each channel of c within a..b (a stripe blended with the ground by the filter).
func between(c, a, b color.RGBA) bool {
	in := func(v, x, y uint8) bool { return v+1 >= min(x, y) && v <= max(x, y)+1 }
	return in(c.R, a.R, b.R) && in(c.G, a.G, b.G) && in(c.B, a.B, b.B)
}

func containsStr(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s == sub || indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func bigArchive(t testing.TB) *dat.Archive {
	t.Helper()
	dir, err := bigworld.Cached()
	if err != nil {
		t.Fatal(err)
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

var _ = color.RGBA{}
var _ = image.Rect

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
	arch := bigArchive(b)
	g := atlasGame(b, arch, "bigworld")
	g.st.Follow = false
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
				v := g.atl
				v.at = a
				v.heat = heatState{}
				v.heat.init()
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
	img := ebiten.NewImage(Width, Height)
	g.atl.tog.Heat = true
	g.Draw(img)
	saveShot(b, img, "big-heat-whole.png")
}

// The search panel's host: a SoundType search over the stand-in ranks
// landblocks by peak (highest first), a hit jumps the listener to its peak
// cell's centre, the CSV export writes a header and one row per hit; bad
// queries and an export before any result are errors, not silence.
func TestAtlas_SearchJumpExport(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	v := g.atl
	if err := v.ExportSearch(filepath.Join(t.TempDir(), "x.csv")); err == nil {
		t.Error("export before a search: no error")
	}
	if err := v.Search("0x12345678"); err == nil {
		t.Error("search 0x12345678 (neither a table nor a wave): no error")
	}
	if err := v.Search("Ambient1"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		v.srch.mu.Lock()
		running := v.srch.running
		v.srch.mu.Unlock()
		if !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("search did not finish in 30 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	st, lines := v.SearchLines(5)
	hits := v.srch.hits
	if v.srch.err != nil || len(hits) == 0 || len(lines) != min(5, len(hits)) {
		t.Fatalf("status %q, %d hits, %d lines, err %v", st, len(hits), len(lines), v.srch.err)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Peak > hits[i-1].Peak {
			t.Fatalf("hit %d peak %v above hit %d's %v", i, hits[i].Peak, i-1, hits[i-1].Peak)
		}
	}
	// Jump: the listener stands at the peak cell's centre (cell index → 24 m cells + 12 m).
	h := hits[0]
	v.JumpToHit(0)
	l := g.sim.Listener().Pos
	wx := float32(h.Landblock>>8)*192 + h.Cell.X
	wy := float32(h.Landblock&0xFF)*192 + h.Cell.Y
	if l.X != wx || l.Y != wy {
		t.Errorf("after the jump the listener is at (%v, %v), want the peak cell centre (%v, %v)", l.X, l.Y, wx, wy)
	}
	if int(h.Cell.X-12)%24 != 0 || int(h.Cell.Y-12)%24 != 0 {
		t.Errorf("peak cell centre (%v, %v) is not a cell centre", h.Cell.X, h.Cell.Y)
	}
	out := filepath.Join(t.TempDir(), "hits.csv")
	if err := v.ExportSearch(out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, c := range string(b) {
		if c == '\n' {
			rows++
		}
	}
	if !containsStr(string(b), "rank,landblock,sound,kind,peak,cells,peak_cell,x,y,map\n") || rows != len(hits)+1 {
		t.Errorf("CSV: %d lines for %d hits:\n%s", rows, len(hits), b)
	}
	if err := v.ExportSearch(t.TempDir()); err == nil {
		t.Error("export onto a directory: no error")
	}
}

// A double-click's jump from the whole-world zoom: the listener moves to the
// point and the view zooms in to the opening zoom (3 landblocks fit the map
// area) centred there; the heatmap selector rejects what the region lacks.
func TestAtlas_JumpAndSelector(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	whole(g)
	x, y := 0xA9*192+50.0, 0xB3*192+70.0
	g.atl.jumpTo(x, y)
	l := g.sim.Listener().Pos
	if float64(l.X) != x || float64(l.Y) != y {
		t.Errorf("listener at (%v, %v), want (%v, %v)", l.X, l.Y, x, y)
	}
	r := g.mapRect()
	if want := 3 * 192 / float64(min(r.Dx(), r.Dy())); g.cam.MPP < want*0.999 || g.cam.MPP > want*1.001 {
		t.Errorf("zoom after the jump %v m/px, want %v", g.cam.MPP, want)
	}
	if sx, sy := g.cam.ToScreen(x, y); math.Abs(sx-float64(r.Min.X+r.Max.X)/2) > 1e-6 || math.Abs(sy-float64(r.Min.Y+r.Max.Y)/2) > 1e-6 {
		t.Errorf("the jump point is at (%v, %v), want the map area's centre", sx, sy)
	}
	g.atl.atlas()
	settle(t, g, func() bool { return g.atl.atlas() != nil })
	for _, c := range []struct {
		mode int
		arg  string
	}{{ui.HeatSound, "0x20000001:0x7FFF"}, {ui.HeatSound, "banana"}, {ui.HeatDesc, "99"}, {ui.HeatDesc, "x"}} {
		if err := g.atl.SetHeatmap(c.mode, c.arg); err == nil {
			t.Errorf("SetHeatmap(%d, %q): no error", c.mode, c.arg)
		}
	}
	if err := g.atl.SetHeatmap(ui.HeatDesc, "0"); err != nil || !g.atl.tog.Heat {
		t.Errorf("SetHeatmap(desc 0): %v, heat on %v", err, g.atl.tog.Heat)
	}
}

// TestAtlas_BigWorldShot draws the atlas window on the full-size generated
// world for looking at (only with ATLAS_SHOTS set: it generates the world if
// needed and searches all of it): the heatmap of one bed at 24 m/px with the
// Atlas panel open on a finished search.
func TestAtlas_BigWorldShot(t *testing.T) {
	if os.Getenv("ATLAS_SHOTS") == "" {
		t.Skip("ATLAS_SHOTS not set")
	}
	g := atlasGame(t, bigArchive(t), "bigworld (generated)")
	if err := g.ui.OpenPanels("Controls,Atlas"); err != nil {
		t.Fatal(err)
	}
	g.st.Follow = false
	g.cam.MPP = 24
	g.cam.CX, g.cam.CY = 0x70*192, 0x80*192
	settle(t, g, func() bool { return g.atl.atlas() != nil })
	if err := g.atl.SetHeatmap(ui.HeatSound, fmt.Sprintf("0x%08X:Ambient1", bigworld.TableBase)); err != nil {
		t.Fatal(err)
	}
	g.atl.tog.Mode, g.atl.tog.Arg = ui.HeatSound, fmt.Sprintf("0x%08X:Ambient1", bigworld.TableBase)
	g.atl.tog.Query = "Ambient1"
	if err := g.atl.Search(g.atl.tog.Query); err != nil {
		t.Fatal(err)
	}
	settle(t, g, func() bool {
		g.atl.srch.mu.Lock()
		defer g.atl.srch.mu.Unlock()
		return !g.atl.srch.running && g.atlasSettled()
	})
	for range 3 {
		if _, err := g.ui.Update(g.snap); err != nil {
			t.Fatal(err)
		}
	}
	img := ebiten.NewImage(Width, Height)
	g.Draw(img)
	saveShot(t, img, "big-heat-search.png")
}

// The heat image is north up: its top-left px is the north-west landblock's
// north-west sample, and a sample's colour is the ramp at value / max (a
// loudest bed's is its category's). Values are independent of the window.
func TestAtlas_HeatImageLayout(t *testing.T) {
	var h heatState
	h.init()
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
	if got := at(0, 0); got != atlas.CatColor(1) { // sample 1 = NW
		t.Errorf("NW px %v, want category 1's %v", got, atlas.CatColor(1))
	}
	if got := at(1, 0); got.A != 0 { // sample 3: value 0
		t.Errorf("a silent sample is drawn: %v", got)
	}
}

// Moving the view to other landblocks stops the running heat job (if it is
// still running) and starts one for the new view; what was done stays cached
// and the new view ends up complete.
func TestAtlas_HeatJobFollowsTheView(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	g := atlasGame(t, a, assets.Name)
	g.st.Follow = false
	g.cam.MPP = 0.25 // 320 × 180 m: at most 3 × 2 landblocks
	g.cam.CX, g.cam.CY = 0xA7*192+96, 0xB2*192+96
	v := g.atl
	settle(t, g, func() bool { return v.atlas() != nil })
	v.tog.Heat = true
	v.heat.update(v, g.cam)
	if !v.heat.running {
		t.Fatal("no job for the first view")
	}
	gen, first := v.heat.gen, v.heat.jobView
	g.cam.CX, g.cam.CY = 0xAB*192+96, 0xB6*192+96 // the stand-in's other corner
	v.heat.update(v, g.cam)
	if v.heat.gen != gen+1 || v.heat.jobView == first || !v.heat.running {
		t.Errorf("after the move: job generation %d (was %d), view %+v (was %+v)", v.heat.gen, gen, v.heat.jobView, first)
	}
	settle(t, g, func() bool { return !v.heat.running })
	m := v.heat.cache[heatKey{v.heat.sel, 1}]
	hv, _ := viewOf(g.cam)
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			if lb := uint16(bx<<8 | by); v.atlas().Present(lb) && m[lb].vals == nil {
				t.Errorf("landblock 0x%04X on screen not computed", lb)
			}
		}
	}
}
