package game

// atlas.go: the atlas window (issue 11 items 1–4) — the whole-world zoom over
// the tile pyramid, the heatmap layer (overlay 7), landmarks (overlays 8, 9),
// the sound search and the Atlas panel's host. Hooks in the window's own
// files are one-liners: updateAtlas in Update, drawAtlasUnder/Over in Draw,
// atlasKeys in keys, atlasHover in the status line.

import (
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"soundworld/ambientviz/geom"
	"soundworld/atlas"
	"soundworld/dat"
	"soundworld/game/terrain"
	"soundworld/internal/crash"
	"soundworld/ui"
	"soundworld/ui/debugui"
	"soundworld/world"
)

// atlasView is the window's atlas state.
type atlasView struct {
	g    *Game
	pyr  *pyramid
	tog  ui.AtlasToggles
	heat heatState
	lm   *landmarks
	srch searchState

	amu     sync.Mutex
	at      *atlas.Atlas
	atErr   error
	opening bool

	clickAt      time.Time // the frame that saw the last left press on the map (double-click)
	clickX, clly int
	lastFrame    time.Time // the previous frame's doubleClick call
	// press reports a left press this frame and the cursor; now is the wall
	// clock (ebiten and time.Now; tests inject both).
	press func() (pressed bool, x, y int)
	now   func() time.Time
}

// leftPress is the window's left press this frame and the cursor.
func leftPress() (bool, int, int) {
	x, y := ebiten.CursorPosition()
	return inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft), x, y
}

func newAtlasView(g *Game) *atlasView {
	v := &atlasView{g: g, pyr: newPyramid(g.cfg.Archive, g.region), press: leftPress, now: time.Now}
	v.lm = newLandmarks(g.cfg.Archive, v.pyr)
	v.tog = ui.AtlasToggles{Buildings: true, Statics: true, Mode: ui.HeatLoudestBed, CSV: "search.csv"}
	v.heat.init()
	g.ui.AddAtlas(v, &v.tog)
	v.heatFromEnv()
	return v
}

// heatFromEnv turns the heatmap on from SOUNDWORLD_HEATMAP ("loudest",
// "desc:N" or "TABLE:STYPE") — for shots and -profile-frames, which have no
// panel to click. A bad value is a toast (the layer stays off).
func (v *atlasView) heatFromEnv() {
	e := os.Getenv("SOUNDWORLD_HEATMAP")
	if e == "" {
		return
	}
	mode, arg := ui.HeatSound, e
	switch {
	case e == "loudest":
		mode = ui.HeatLoudestBed
	case strings.HasPrefix(e, "desc:"):
		mode, arg = ui.HeatDesc, strings.TrimPrefix(e, "desc:")
	}
	v.tog.Mode, v.tog.Arg = mode, arg
	if err := v.SetHeatmap(mode, arg); err != nil {
		v.g.setToast("SOUNDWORLD_HEATMAP: " + err.Error())
	}
}

func (v *atlasView) close() {
	v.pyr.close()
	v.lm.close()
	v.heat.stopJob()
	v.srch.cancelRun()
}

// atlas returns the atlas once it is open (nil before), opening it in the
// background on first use.
func (v *atlasView) atlas() *atlas.Atlas {
	v.amu.Lock()
	defer v.amu.Unlock()
	if v.at == nil && !v.opening && v.atErr == nil {
		v.opening = true
		go func() {
			defer crash.Recover()
			a, err := atlas.Open(v.g.cfg.Archive)
			if err == nil {
				// What the atlas' own reads meet (a landblock the heatmap or
				// a search reads, its terrain words) shows with the Sim's
				// problems (issue 12: never silent; the collector dedups).
				a.Land().SetProblems(v.g.cfg.Problems)
			}
			v.amu.Lock()
			v.at, v.atErr, v.opening = a, err, false
			v.amu.Unlock()
		}()
	}
	return v.at
}

// updateAtlas runs once per Update after the panels: pyramid requests and
// uploads, heatmap and landmark jobs, double-click.
func (g *Game) updateAtlas() {
	v := g.atl
	x0, y0, x1, y1 := g.cam.Visible()
	l := terrain.LevelFor(g.cam.MPP)
	v.pyr.want(l, x0, y0, x1, y1, g.cam.CX, g.cam.CY, g.frame)
	v.pyr.collect(3)
	v.pyr.evict()
	if v.tog.Heat {
		v.heat.hold = !v.pyr.scanDone.Load() // one scan of the cell dat at a time
		v.heat.update(v, g.cam)
	}
	if v.tog.Buildings || v.tog.Statics {
		v.lm.want(g.cam)
	}
	v.doubleClick()
}

// useTiles reports whether the map draws the full 256 px tiles at this zoom
// (pyramid level 0); further out the pyramid draws and no tile is requested.
func (g *Game) useTiles() bool { return terrain.LevelFor(g.cam.MPP) == 0 }

// doubleClick: a second left press on the map within 0.6 s (wall clock, so
// a slow machine's frame rate does not shorten it) and 6 px of the first
// jumps there: the listener moves to the point and the view zooms in to the
// window's opening zoom (3 landblocks) around it. Ebiten polls the button
// once a frame, so a press happened somewhere between the frame before the
// one that saw it and that one: the pair is judged by the shortest gap the
// frames allow, from the first press's frame to the frame before the
// second's (one frame of leeway: 17 ms at 60 FPS; under Xvfb, at 7 frames a
// second, a 0.4 s double-click was seen up to 0.7 s apart and missed).
func (v *atlasView) doubleClick() {
	g := v.g
	now := v.now()
	prev := v.lastFrame
	v.lastFrame = now
	if g.captured&debugui.InputCapturingStateHover != 0 {
		return
	}
	pressed, mx, my := v.press()
	if !pressed {
		return
	}
	if prev.IsZero() {
		prev = now
	}
	if prev.Sub(v.clickAt) <= 600*time.Millisecond && math.Hypot(float64(mx-v.clickX), float64(my-v.clly)) <= 6 {
		wx, wy := g.cam.ToWorld(float64(mx), float64(my))
		v.jumpTo(wx, wy)
		v.clickAt = time.Time{}
		return
	}
	v.clickAt, v.clickX, v.clly = now, mx, my
}

// jumpTo puts the listener at world (x, y) (clamped into the world) and
// zooms the view in around it, unless the view is already closer.
func (v *atlasView) jumpTo(x, y float64) {
	g := v.g
	const edge = terrain.WorldBlocks*192 - 0.01
	x, y = math.Min(math.Max(x, 0), edge), math.Min(math.Max(y, 0), edge)
	g.sim.SetListener(float32(x), float32(y), g.sim.Listener().Heading)
	g.drag = dragNone
	r := g.mapRect()
	g.cam.MPP = math.Min(g.cam.MPP, geom.FitMPP(3*geom.BlockSize, r.Dx(), r.Dy()))
	g.cam = centreAt(g.cam, x, y, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	g.snap = g.sim.Tick(0)
}

// atlasKeys: 7 heatmap, 8 buildings, 9 statics (the overlay keys go on from 6).
func (g *Game) atlasKeys() {
	t := &g.atl.tog
	for k, b := range map[ebiten.Key]*bool{ebiten.Key7: &t.Heat, ebiten.Key8: &t.Buildings, ebiten.Key9: &t.Statics} {
		if inpututil.IsKeyJustPressed(k) {
			*b = !*b
		}
	}
}

// blockAt is landblock key's terrain if the tiles or the pyramid have read it.
func (g *Game) blockAt(key uint16) *dat.LandBlock {
	if b := g.tiles.blocks[key]; b != nil {
		return b
	}
	return g.atl.pyr.cached(key)
}

// atlasHover is what the status line adds for the cursor at world (x, y):
// "no data" for a landblock missing from the cell dat, the heatmap's value,
// the nearest landmark with its model id.
func (g *Game) atlasHover(x, y float64) string {
	p, ok := terrain.Locate(x, y)
	if !ok {
		return ""
	}
	v := g.atl
	s := ""
	if v.pyr.listed.Load() && !v.pyr.present[p.LandblockKey()] {
		s += "  [no data: landblock not in the cell dat]"
	}
	if v.tog.Heat {
		s += v.heat.hover(p)
	}
	if v.tog.Buildings || v.tog.Statics {
		s += v.lm.hover(g.cam, x, y, v.tog.Buildings, v.tog.Statics)
	}
	return s
}

// AtlasStatus is the Atlas panel's status lines (ui.AtlasHost).
func (v *atlasView) AtlasStatus() []string {
	done, total, fin := v.pyr.progress()
	var out []string
	switch {
	case !v.pyr.listed.Load():
		out = append(out, "overview: listing the cell dat…")
	case fin:
		out = append(out, fmt.Sprintf("overview: %d landblocks in %.2f s", total, float64(v.pyr.scanTime.Load())/1e9))
	default:
		out = append(out, fmt.Sprintf("overview: %d / %d landblocks", done, total))
	}
	out = append(out, fmt.Sprintf("zoom %.2f m/px, pyramid level %d", v.g.cam.MPP, terrain.LevelFor(v.g.cam.MPP)))
	if v.tog.Heat {
		out = append(out, v.heat.status())
	}
	return out
}

// jumpToCell puts the listener at the centre of landblock lb's cell (cx, cy).
func (v *atlasView) jumpToCell(lb uint16, x, y float32) {
	wx, wy := world.WorldPos(lb, x, y)
	v.jumpTo(float64(wx), float64(wy))
}

// atlasSettled reports that the atlas layers have nothing in flight: the
// overview is complete, no pyramid chunk is pending and the heatmap's job (if
// on) is done — so a shot captures a finished picture.
func (g *Game) atlasSettled() bool {
	v := g.atl
	_, _, fin := v.pyr.progress()
	return fin && v.pyr.pending() == 0 && (!v.tog.Heat || !v.heat.running && v.atlas() != nil)
}
