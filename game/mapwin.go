package game

// mapwin.go: the window's side of the map (explorer/mapview decides, game/mapdraw
// draws): what the map asks of the window — a jump, a notice — and the
// window's questions to it that involve the window's own state.

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"soundworld/ambientviz/geom"
	"soundworld/explorer/mapview"
	"soundworld/game/mapdraw"
	"soundworld/ui/debugui"
)

// newMap starts the map (tiles, overview, atlas layers) for the window.
func (g *Game) newMap() *mapview.Map {
	return mapview.New(mapview.Config{
		Archive: g.cfg.Archive, Region: g.region, Problems: g.cfg.Problems,
		NewTexture: mapdraw.NewTexture,
		Camera:     func() geom.Camera { return g.cam },
		Jump:       g.jumpTo,
		Notice:     g.setToast,
		// A page: the overview's scan waits for the first map (one thread).
		ScanAfterFirstView: g.cfg.Page != nil,
		Names:              g.names,
	})
}

// updateMap runs the map's frame: uploads, requests, jobs and a
// double-click on the map (not over a panel).
func (g *Game) updateMap() {
	x, y := ebiten.CursorPosition()
	in := mapview.Input{
		Pressed: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft), X: x, Y: y,
		OverPanel: g.captured&debugui.InputCapturingStateHover != 0,
	}
	g.mapv.Update(g.cam, g.frame, in)
}

// jumpTo puts the listener at world (x, y) and zooms the view in around
// it to the window's opening zoom (3 landblocks), unless it is closer.
func (g *Game) jumpTo(x, y float64) {
	g.sim.SetListener(float32(x), float32(y), g.sim.Listener().Heading)
	g.drag = dragNone
	r := g.mapRect()
	g.cam.MPP = math.Min(g.cam.MPP, geom.FitMPP(3*geom.BlockSize, r.Dx(), r.Dy()))
	g.cam = centreAt(g.cam, x, y, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	g.snap = g.sim.Tick(0)
}
