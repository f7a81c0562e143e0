package game

import (
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/world"
)

func pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// newStandInGame is a window on the stand-in as New leaves it (its tiles
// still loading), 1280×720, and focused, as a user at the window would be:
// under Xvfb without a window manager ebiten.IsFocused() varies from run to
// run, and G4 would then silence the session (tests of G4 set g.focused
// themselves).
func newStandInGame(t *testing.T) *Game {
	t.Helper()
	a := standintest.Archive(t)
	g, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.cam.W, g.cam.H = Width, Height
	g.focus = func() bool { return true }
	return g
}

// standInGame is newStandInGame with all 25 of its tiles loaded.
func standInGame(t *testing.T) *Game {
	t.Helper()
	g := newStandInGame(t)
	deadline := time.Now().Add(10 * time.Second)
	for g.mapv.Tiles.Loading() > 0 && time.Now().Before(deadline) {
		g.mapv.Tiles.Collect(0)
		time.Sleep(5 * time.Millisecond)
	}
	if g.mapv.Tiles.Loading() > 0 || len(g.mapv.Tiles.Images()) != 25 {
		t.Fatalf("stand-in tiles: got %d loaded, %d pending, want 25 loaded", len(g.mapv.Tiles.Images()), g.mapv.Tiles.Loading())
	}
	return g
}

func near(c, want color.RGBA, tol int) bool {
	d := func(a, b uint8) int { return int(math.Abs(float64(a) - float64(b))) }
	return d(c.R, want.R) <= tol && d(c.G, want.G) <= tol && d(c.B, want.B) <= tol
}

// The whole window draws the stand-in: terrain under the map, the listener
// gizmo at the Holtburg spawn at the screen centre, the status bar.
func TestDraw_StandInWindow(t *testing.T) {
	g := standInGame(t)
	img := ebiten.NewImage(Width, Height)
	g.Draw(img)
	p := pixels(img)
	// W5: follow mode centres the listener; its disc is 0x30A0FF.
	if c := p.RGBAAt(Width/2, Height/2); !near(c, color.RGBA{0x30, 0xa0, 0xff, 0xff}, 8) {
		t.Errorf("listener disc at the centre: got %v, want ~#30A0FF", c)
	}
	// 150 px west of the listener, between rings and panels: terrain, not background.
	if c := p.RGBAAt(Width/2-200, Height/2+60); c == bgColor {
		t.Errorf("map west of the listener: got the background %v, want terrain", c)
	}
	// Status bar row.
	if c := p.RGBAAt(Width/2, Height-3); !near(c, color.RGBA{0x10, 0x12, 0x18, 0xff}, 40) && c.R < 0xc0 {
		t.Errorf("status bar: got %v, want the dark bar or its text", c)
	}
}

// A3/S1: ring radii on screen are metres / (m per px): the 120 m cut-off ring at
// 0.5 m/px is 240 px from the listener; nothing is drawn at 220 px.
func TestRings_PixelRadius(t *testing.T) {
	img := ebiten.NewImage(800, 800)
	cam := geom.Camera{CX: 1000, CY: 1000, MPP: 0.5, W: 800, H: 800}
	s := &world.Snapshot{Listener: world.Listener{Pos: world.Pos{X: 1000, Y: 1000}}, Prefs: audio.DefaultPrefs()}
	ambientviz.Rings(img, s, ambientviz.View{Cam: cam, Selected: -1, SelectedEmitter: -1})
	p := pixels(img)
	if c := p.RGBAAt(400+240, 400); c.A == 0 || int(c.R) < int(c.G)+40 {
		t.Errorf("A3: 120 m ring at 240 px east: got %v, want the cut-off ring", c)
	}
	if c := p.RGBAAt(400+220, 400); c.A != 0 {
		t.Errorf("at 220 px east (110 m) got %v, want nothing", c)
	}
	if c := p.RGBAAt(400, 400-40); c.A == 0 {
		t.Errorf("A3: 20 m ring at 40 px north: got %v, want the full-weight ring", c)
	}
}

// A9: a shell east 30..50 m is an annular sector ±11.25° about east: at 0.5 m/px
// 80 px east is inside, 80 px north and 30 px east are not.
func TestShells_PixelSector(t *testing.T) {
	img := ebiten.NewImage(400, 400)
	cam := geom.Camera{CX: 0, CY: 0, MPP: 0.5, W: 400, H: 400}
	s := &world.Snapshot{Instances: []world.Instance{{Stb: 2, Shells: []world.Shell{{Dir: world.DirE, Min: 30, Max: 50}}}}}
	ambientviz.Shells(img, s, ambientviz.View{Cam: cam, Selected: 0, SelectedEmitter: -1})
	p := pixels(img)
	if c := p.RGBAAt(280, 200); c.A == 0 {
		t.Errorf("A9: 40 m east got %v, want the shell", c)
	}
	// 40 m at 20° from east is outside ±11.25°.
	x, y := 200+80*math.Cos(20*math.Pi/180), 200-80*math.Sin(20*math.Pi/180)
	for _, q := range [][2]int{{200, 120}, {230, 200}, {int(x), int(y)}} {
		if c := p.RGBAAt(q[0], q[1]); c.A != 0 {
			t.Errorf("A9: pixel %v outside the sector got %v, want nothing", q, c)
		}
	}
}

// One-shot markers fade over 2 s: a spawn 1 s old is drawn at half alpha; one
// 2.5 s old is not drawn.
func TestSpawns_Fade(t *testing.T) {
	cam := geom.Camera{CX: 0, CY: 0, MPP: 1, W: 200, H: 200}
	for _, k := range []struct {
		age  float64
		want bool
	}{{1, true}, {2.5, false}} {
		img := ebiten.NewImage(200, 200)
		s := &world.Snapshot{Time: 10, Spawns: []world.Spawn{{Time: 10 - k.age, Pos: world.Pos{X: 50, Y: 0}, Play: audio.Play{Slot: 1}}}}
		ambientviz.Spawns(img, s, ambientviz.View{Cam: cam, Selected: -1, SelectedEmitter: -1})
		c := pixels(img).RGBAAt(150, 100)
		if (c.A != 0) != k.want {
			t.Errorf("spawn %v s old: got pixel %v, want drawn=%v", k.age, c, k.want)
		}
	}
}

func pixelsOf(t *testing.T, g *Game) *image.RGBA {
	t.Helper()
	img := ebiten.NewImage(Width, Height)
	g.Draw(img)
	return pixels(img)
}

// pressF12 asks for a screenshot as F12 does, draws the frame that takes it
// and waits for the files to be written (or refused).
func pressF12(t *testing.T, g *Game) shotResult {
	t.Helper()
	g.shotReq = true
	pixelsOf(t, g)
	return <-g.shotDone
}

// pressF11 asks for a capture bundle as F11 does, draws the frame that
// takes it and waits for the bundle to be written (or refused).
func pressF11(t *testing.T, g *Game) shotResult {
	t.Helper()
	g.meters.captureReq = true
	pixelsOf(t, g)
	return <-g.meters.captured
}

// BenchmarkDraw_AllOverlays is one window frame's Draw (map, every overlay,
// HUD, panels) of the stand-in after 10 s of sim, at 1280×720: CPU side only
// (command recording). For comparisons within one run: all iterations run
// inside a single Update, so ebiten's command queue never flushes at a frame
// end and absolute times run ~3× the in-window figure; the per-frame budget
// is measured by `soundworld -profile-frames N`.
func BenchmarkDraw_AllOverlays(b *testing.B) {
	t := &testing.T{}
	g := standInGame(t)
	for i := 0; i < 600; i++ {
		g.snap = g.sim.Tick(1.0 / 60)
	}
	g.st.Selected = loudestIntermittent(g.snap)
	if _, err := g.ui.Update(g.snap); err != nil {
		b.Fatal(err)
	}
	img := ebiten.NewImage(Width, Height)
	b.ResetTimer()
	for b.Loop() {
		g.frame++
		g.Draw(img)
	}
}

// BenchmarkUpdate_Frame is one frame's Update work without input: panels,
// tiles, Sim.Tick(1/60), the audio hand-off.
func BenchmarkUpdate_Frame(b *testing.B) {
	t := &testing.T{}
	g := standInGame(t)
	g.noInput = true // no input handling, like -profile-frames
	b.ResetTimer()
	for b.Loop() {
		if err := g.Update(); err != nil {
			b.Fatal(err)
		}
	}
}
