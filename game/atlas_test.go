package game

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/dat"
	"soundworld/explorer/mapview"
	"soundworld/explorer/terrain"
	"soundworld/internal/bigworld"
	"soundworld/internal/bigworld/bigtest"
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
		g.mapv.Update(g.cam, g.frame, mapview.Input{})
		time.Sleep(2 * time.Millisecond)
	}
	g.frame++
	g.mapv.Update(g.cam, g.frame, mapview.Input{})
}

// heatImage reports that the heatmap has an image to draw.
func heatImage(g *Game) bool { t, _ := g.mapv.HeatImage(); return t != nil }

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
	return func() bool { _, _, fin := g.mapv.Overview(); return fin }
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
	a := standintest.Archive(t)
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
	if !g.mapv.Present(0xA9B4) || g.mapv.Present(0x1010) {
		t.Error("present: 0xA9B4 must be, 0x1010 must not")
	}
	if g.mapv.Block(0xA9B4) == nil {
		t.Error("the pyramid has not read 0xA9B4")
	}
	if s := g.mapv.Hover(g.cam, 0x10*192+5, 0x10*192+5); s == "" {
		t.Error("hover over a missing landblock says nothing")
	}
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

var _ = color.RGBA{}
var _ = image.Rect

// TestAtlas_BigWorldShot draws the atlas window on the full-size generated
// world for looking at (only with ATLAS_SHOTS set: it generates the world if
// needed and searches all of it): the heatmap of one bed at 24 m/px with the
// Atlas panel open on a finished search.
func TestAtlas_BigWorldShot(t *testing.T) {
	if os.Getenv("ATLAS_SHOTS") == "" {
		t.Skip("ATLAS_SHOTS not set")
	}
	g := atlasGame(t, bigtest.Archive(t), "bigworld (generated)")
	if err := g.ui.OpenPanels("Controls,Atlas"); err != nil {
		t.Fatal(err)
	}
	g.st.Follow = false
	g.cam.MPP = 24
	g.cam.CX, g.cam.CY = 0x70*192, 0x80*192
	settle(t, g, func() bool { return g.mapv.AtlasSettled() })
	if err := g.mapv.SetHeatmap(ui.HeatSound, fmt.Sprintf("0x%08X:Ambient1", bigworld.TableBase)); err != nil {
		t.Fatal(err)
	}
	g.mapv.Toggles().Mode, g.mapv.Toggles().Arg = ui.HeatSound, fmt.Sprintf("0x%08X:Ambient1", bigworld.TableBase)
	g.mapv.Toggles().Query = "Ambient1"
	if err := g.mapv.Search(g.mapv.Toggles().Query); err != nil {
		t.Fatal(err)
	}
	settle(t, g, func() bool {
		return !g.mapv.Searching() && g.mapv.AtlasSettled()
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
