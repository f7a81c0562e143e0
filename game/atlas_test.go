package game

import (
	"image"
	"image/color"
	"image/png"
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
	if want := "building 0x01000201 hdg 90°"; !containsStr(s, want) {
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

// BenchmarkAtlas_OverviewCold opens the window on the full-size generated
// world (65 025 landblocks), zooms out to the whole world at once and runs
// frames at 60 Hz (Update + Draw, sleeping out the rest of each 16.7 ms)
// until every landblock of the overview is painted and uploaded, and on to
// 3 s. Metrics: overview_s (window opened → the whole world drawn), and the
// frames' Update+Draw p50/p99/max in ms over those 3 s. Caveat (as BenchmarkDraw_AllOverlays):
// all frames run inside one ebiten Update, so the GPU queue is flushed less
// often than in the window; -profile-frames measures the real loop.
func BenchmarkAtlas_OverviewCold(b *testing.B) {
	bigworld.Cached()
	for b.Loop() {
		arch := bigArchive(b)
		t0 := time.Now()
		g := atlasGame(b, arch, "bigworld")
		if err := g.Update(); err != nil { // frame 1 centres on the listener
			b.Fatal(err)
		}
		whole(g)
		img := ebiten.NewImage(Width, Height)
		var frames []time.Duration
		var overview time.Duration
		for {
			f0 := time.Now()
			if err := g.Update(); err != nil {
				b.Fatal(err)
			}
			g.Draw(img)
			d := time.Since(f0)
			frames = append(frames, d)
			if _, _, fin := g.atl.pyr.progress(); fin && overview == 0 {
				overview = time.Since(t0)
			}
			if overview > 0 && time.Since(t0) > 3*time.Second {
				break
			}
			if time.Since(t0) > time.Minute {
				b.Fatal("overview not done in a minute")
			}
			time.Sleep(time.Second/60 - d)
		}
		b.ReportMetric(overview.Seconds(), "overview_s")
		b.ReportMetric(float64(g.atl.pyr.scanTime.Load())/1e9, "scan_s")
		slices.Sort(frames)
		pc := func(q float64) float64 { return float64(frames[int(q*float64(len(frames)-1))]) / 1e6 }
		b.ReportMetric(pc(0.5), "p50_ms")
		b.ReportMetric(pc(0.99), "p99_ms")
		b.ReportMetric(pc(1), "max_ms")
		b.ReportMetric(float64(len(frames)), "frames")
		g.Draw(img)
		saveShot(b, img, "big-whole.png")
	}
}

var _ = color.RGBA{}
var _ = image.Rect
