package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/audio/device"
	"soundworld/dat"
	"soundworld/explorer/clock"
	"soundworld/explorer/mapview"
	"soundworld/explorer/terrain"
	"soundworld/game/mapdraw"
	"soundworld/names"
	"soundworld/ui"
	"soundworld/ui/dock"
	"soundworld/world"
)

var (
	bgColor     = color.RGBA{0x16, 0x18, 0x20, 0xff}
	lbLineCol   = color.RGBA{0x00, 0x00, 0x00, 0x90}
	cellLineCol = color.RGBA{0x00, 0x00, 0x00, 0x40}
)

// roseR is the bearing rose's outer radius in px (its longest bar + 22):
// 92 px, smaller when the map area mr is narrow (a fifth of its width at most).
func roseR(mr image.Rectangle) float64 {
	return max(50, min(ambientviz.RoseMax+22, float64(mr.Dx())/5))
}

// hud is the window's drawing around the map's layers: the banners, the
// scale bar and the status bar. It keeps only the status bar's lines
// between refreshes; what it draws it reads from the frame's hudFrame.
type hud struct {
	status   [2]string // status bar lines, refreshed at 10 Hz
	statusAt time.Time // when they were (ui.NumbersDue)
}

// hudFrame is what the hud reads of the window for one frame (Game.hudNow):
// the view, the Snapshot, the panels' state and the notices. From it come
// the banners, the status bar's lines, the map key's place, and the areas
// map labels keep clear of; it changes nothing.
type hudFrame struct {
	cam         geom.Camera
	mapRect     image.Rectangle
	arr         dock.Result // the panels' arrangement
	st          *ui.State
	snap        *world.Snapshot
	mapv        *mapview.Map
	names       *names.Book
	region      *dat.Region
	source      string // Config.Source
	from        *From  // -from's sidecar (nil: none)
	simTimeOnly bool   // a shot's picture (mode.simTimeOnly)
	shotReq     bool   // F12: this frame is captured, with its own status lines
	focused     bool
	problems    int             // data problems the Sim met (ui.ProblemCount)
	clk         *clock.Clock    // real time → Sim ticks: "cannot keep up"
	sess        *device.Session // the sound device (nil: none)
	toast       string          // the toast still showing ("" none)
}

// hudNow is this frame's hudFrame.
func (g *Game) hudNow() hudFrame {
	f := hudFrame{
		cam: g.cam, mapRect: g.mapRect(), arr: g.ui.Arrangement(), st: g.st, snap: g.snap, mapv: g.mapv,
		names: g.names, region: g.region, source: g.cfg.Source, from: g.cfg.From,
		simTimeOnly: g.mode.simTimeOnly(), shotReq: g.shotReq, focused: g.focused,
		problems: g.ui.ProblemCount(), clk: g.clk, sess: g.sess,
	}
	if g.toast != "" && g.wallNow() < g.toastUntil {
		f.toast = g.toast
	}
	return f
}

// statusH is the status bar's height in px.
const statusH = dock.Status

// Draw draws the map, the overlays, the HUD and the panels (last). It reads
// the Snapshot and the view state only.
func (g *Game) Draw(screen *ebiten.Image) {
	if g.handOver { // the kept screen is the last frame's (presentFirst)
		return
	}
	g.clearUnder(screen) // the whole screen, or only what may have changed (redraw.go)
	// The map and its overlays are drawn inside the map area only: under the
	// panels they would be hidden yet cost a full-screen fill per layer on a
	// software rasteriser, and blank panel space must not show map.
	m := screen.SubImage(g.mapDrawRect()).(*ebiten.Image)
	mapdraw.Under(m, g.mapv, g.cam, g.frame) // the pyramid
	drawTiles(m, g.cam, g.mapv.Tiles)
	drawGrid(m, g.cam, g.mapv)
	mapdraw.Over(m, g.mapv, g.cam, g.mapRect(), !g.mode.simTimeOnly()) // heatmap, landmarks, keys; the progress bar shows loading
	v := ambientviz.View{
		Cam: g.cam, Selected: g.st.Selected, SelectedEmitter: g.st.SelectedEmitter,
		Muted: g.mutedSound, HideLevels: g.ui.LevelsHidden(), Names: g.names,
	}
	mr := g.mapRect()
	rr := roseR(mr)
	v.RoseLen = rr - 22
	v.RoseX, v.RoseY = float64(mr.Min.X)+rr+14, float64(mr.Max.Y)-rr-26
	f := g.hudNow()
	v.Obstacles = f.labelObstacles()
	ambientviz.Draw(m, g.snap, v, g.st.Layers)
	drawFlash(m, g.cam, g.ui) // a voice clicked in the timeline or event log
	g.hud.draw(screen, f)
	if f.mapKeyState() != "" {
		mapdraw.MapKey(screen, f.keyRect(), g.st.ShowKey)
	}
	g.ui.Draw(screen)
	g.ui.SetMapCard(g.objectCardAt(ebiten.CursorPosition()))
	g.ui.DrawOverlay(screen) // the timeline tooltip, above the panels
	if g.st.ShowHelp {       // F1 help is modal: above the panels
		mapdraw.Help(screen, g.cam.W, g.cam.H, g.st.HelpPage, ui.Help)
	}
	ambientviz.EndFrame()
	if g.firstTerrain == 0 && len(g.mapv.Tiles.Images()) > 0 && g.mapv.Tiles.Loading() == 0 && !g.cfg.Begin.IsZero() {
		g.firstTerrain = time.Since(g.cfg.Begin)
	}
	if g.shotReq {
		g.shotReq = false
		g.saveScreenshot(screen)
	}
	g.endProfilerDraw(screen) // F11 capture bundle
}

// drawTiles draws each loaded landblock tile scaled to the camera.
func drawTiles(screen *ebiten.Image, cam geom.Camera, tiles *mapview.Tiles) {
	if !mapview.UseTiles(cam) {
		// Further out the pyramid's own level draws (mapdraw.Under): a tile
		// shown at half its px or less would make ebiten build a mipmap chain
		// per tile (each level its own GPU image, walked on every draw call).
		return
	}
	x0, y0, x1, y1 := cam.Visible()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	if cam.MPP < 192.0/terrain.TilePx {
		op.Filter = ebiten.FilterLinear
	}
	for key, t := range tiles.Images() {
		bx, by := float64(key>>8)*geom.BlockSize, float64(key&0xFF)*geom.BlockSize
		if bx > x1 || bx+geom.BlockSize < x0 || by > y1 || by+geom.BlockSize < y0 {
			continue
		}
		sx, sy := cam.ToScreen(bx, by+geom.BlockSize) // the tile's NW corner
		op.GeoM.Reset()
		op.GeoM.Scale(geom.BlockSize/terrain.TilePx/cam.MPP, geom.BlockSize/terrain.TilePx/cam.MPP)
		op.GeoM.Translate(math.Round(sx), math.Round(sy))
		screen.DrawImage(t.(*ebiten.Image), op)
	}
}

// drawGrid draws landblock lines with hex ids (of the landblocks the map
// has read) and, when zoomed in, land-cell lines.
func drawGrid(screen *ebiten.Image, cam geom.Camera, mapv *mapview.Map) {
	x0, y0, x1, y1 := cam.Visible()
	la, ia := terrain.GridAlpha(cam.MPP) // the landblock grid and ids fade in with zoom
	if la == 0 {
		return
	}
	lbLineCol := mapdraw.GridAlpha(lbLineCol, la) // ids: ia, below
	step := geom.CellSize
	showCells := cam.MPP <= 0.6 // cells ≥ 40 px apart
	if !showCells {
		step = geom.BlockSize
	}
	for x := math.Floor(x0/step) * step; x <= x1; x += step {
		sx, _ := cam.ToScreen(x, 0)
		c, w := cellLineCol, float32(1)
		if math.Mod(x, geom.BlockSize) == 0 {
			c, w = lbLineCol, 1.5
		}
		vector.StrokeLine(screen, float32(sx), 0, float32(sx), float32(cam.H), w, c, false)
	}
	for y := math.Floor(y0/step) * step; y <= y1; y += step {
		_, sy := cam.ToScreen(0, y)
		c, w := cellLineCol, float32(1)
		if math.Mod(y, geom.BlockSize) == 0 {
			c, w = lbLineCol, 1.5
		}
		vector.StrokeLine(screen, 0, float32(sy), float32(cam.W), float32(sy), w, c, false)
	}
	for bx := math.Floor(x0 / geom.BlockSize); bx*geom.BlockSize <= x1; bx++ {
		for by := math.Floor(y0 / geom.BlockSize); by*geom.BlockSize <= y1; by++ {
			if ia == 0 || bx < 0 || by < 0 || bx > 254 || by > 254 || mapv.Block(uint16(int(bx)<<8|int(by))) == nil {
				continue // label only landblocks that exist (and are loaded)
			}
			sx, sy := cam.ToScreen(bx*geom.BlockSize, (by+1)*geom.BlockSize)
			ambientviz.QueueGridLabel(fmt.Sprintf("0x%02X%02X", int(bx), int(by)), sx+4, sy+3, color.RGBA{0xff, 0xff, 0xff, 0xff}, 0.75*ia) // placed with the map labels (never under the scale bar)
		}
	}
}

// draw draws the banners (the toast and the loading indicator among them),
// the scale bar and the status bar.
func (h *hud) draw(screen *ebiten.Image, f hudFrame) {
	W, H := float32(f.cam.W), float32(f.cam.H)
	mr := f.mapRect
	banners := f.banners()
	bs := screen.SubImage(mr).(*ebiten.Image) // within the map area: nothing is drawn under the panels (redraw.go)
	for i, b := range banners {
		w := ambientviz.LabelWidth(b) + 16
		x, y := float32(mr.Min.X+mr.Max.X)/2-float32(w)/2, float32(8+22*i) // centred on the map area
		x = max(0, min(x, W-float32(w)))
		vector.DrawFilledRect(bs, x, y, float32(w), 20, mapdraw.BarCol, false)
		ambientviz.Label(bs, b, float64(x)+8, float64(y)+3, mapdraw.WarnCol)
	}
	// Scale bar, bottom right of the map area, never over the rose (bottom left).
	room := float64(mr.Dx()) - 2*roseR(mr) - 14 - 40
	if !f.st.Layers.Rose {
		room = float64(mr.Dx()) - 40
	}
	if m, px := geom.ScaleBar(f.cam.MPP, min(160, room)); px > 0 {
		x1, y := float32(mr.Max.X-14), float32(mr.Max.Y-14)
		x0 := x1 - float32(px)
		vector.StrokeLine(screen, x0, y, x1, y, 4, mapdraw.BarCol, false)
		vector.StrokeLine(screen, x0, y, x1, y, 2, mapdraw.TextCol, false)
		for _, x := range []float32{x0, x1} {
			vector.StrokeLine(screen, x, y-5, x, y+5, 2, mapdraw.TextCol, false)
		}
		ambientviz.Label(screen, fmt.Sprintf("%g m", m), float64(x0+x1)/2-12, float64(y)-20, mapdraw.TextCol)
	}
	// Status bar.
	vector.DrawFilledRect(screen, 0, H-statusH, W, statusH, mapdraw.BarCol, false)
	// 10 Hz of wall clock (cached label images); a picture of sim time only,
	// and an F12 picture, shows its own frame's lines.
	if now := time.Now(); ui.NumbersDue(h.statusAt, now) || h.status[0] == "" || f.simTimeOnly || f.shotReq {
		h.status[0], h.status[1] = f.statusLines()
		h.statusAt = now
	}
	ambientviz.Label(screen, h.status[0], 8, float64(H-statusH)+2, mapdraw.TextCol)
	ambientviz.Label(screen, h.status[1], 8, float64(H-statusH)+18, mapdraw.TextCol)
}

// banners are the notices shown at the top of the map, most important first.
func (f hudFrame) banners() []string {
	var b []string
	if f.st.Silent {
		why := ""
		_, notice := f.sess.Silent()
		if notice != "" {
			why = " (" + notice + ")"
		}
		if notice == device.FastNotice { // O5: a device that is no clock
			b = append(b, device.FastNotice)
		} else {
			b = append(b, "No sound device: the explorer is silent, everything else works"+why)
		}
	}
	if f.sess.Status().Muted { // G6 (audio/device.Session)
		b = append(b, FocusMuteNotice)
	}
	if !f.focused && f.snap.Prefs.OnlyWhenActive { // G4
		b = append(b, "Window not focused: Play Sound Only When Active is on, no new sound starts (G4)")
	}
	if f.snap.NoAmbient {
		b = append(b, noAmbientBanner(f.snap, f.mapv.Tiles))
	}
	if c := f.snap.Indoor; c != 0 { // A11
		where := fmt.Sprintf("EnvCell 0x%08X", c)
		if n := f.names.Model(c); n != "" { // the room's name (the stand-in's, or the user's)
			where = fmt.Sprintf("%s (EnvCell 0x%08X)", n, c)
		}
		b = append(b, fmt.Sprintf("indoors: %s, sees outside: %s", where, map[bool]string{true: "yes", false: "no"}[f.snap.SeesOutside]))
	}
	if n := f.problems; n > 0 { // the data problems the Sim met, skipped as retail would
		b = append(b, fmt.Sprintf("Data problems (%d): skipped as retail would, listed in the Data problems panel", n))
	}
	if !f.simTimeOnly && f.clk.Behind() && !f.st.Paused {
		b = append(b, fmt.Sprintf("This machine cannot keep up: the Sim runs at %.1f× real time (one-shots come slower than in retail)", f.clk.Rate()*f.st.TimeScale))
	}
	if f.st.Paused {
		b = append(b, "Paused (Space)")
	}
	if f.st.PlaceEmitter {
		b = append(b, "Click the map to place an emitter (Esc cancels)")
	}
	if n := f.mapv.Tiles.Loading(); n > 0 {
		b = append(b, fmt.Sprintf("Loading terrain: %d landblocks to go…", n))
	}
	if f.toast != "" {
		b = append(b, f.toast)
	}
	return b
}

// noAmbientBanner says why nothing ambient plays here: the position is
// outside the data (off the map, or no landblock there in the cell dat), or
// the data has no ambient sound for these cells. (Outdoors only: indoors the
// banner names the EnvCell and whether it sees outside instead, A11.)
func noAmbientBanner(snap *world.Snapshot, tiles *mapview.Tiles) string {
	l := snap.Listener.Pos
	p, ok := terrain.Locate(float64(l.X), float64(l.Y))
	switch {
	case !ok:
		return "Outside the data: this position is off the map (no ambient sound)"
	case tiles.Missing(p.LandblockKey()):
		return fmt.Sprintf("Outside the data: landblock 0x%04X is not in the cell dat (no ambient sound)", p.LandblockKey())
	}
	return "No ambient sound here: the data gives these cells no ambient sounds (A11)"
}

// statusLines are the status bar's two lines: what is under the cursor, and
// the listener, the clock and the view.
func (f hudFrame) statusLines() (string, string) {
	mx, my := ebiten.CursorPosition()
	if f.simTimeOnly { // the "cursor" is the listener
		lx, ly := f.cam.ToScreen(float64(f.snap.Listener.Pos.X), float64(f.snap.Listener.Pos.Y))
		mx, my = int(lx), int(ly)
	}
	wx, wy := f.cam.ToWorld(float64(mx), float64(my))
	cur := "cursor off the map"
	if p, ok := terrain.Locate(wx, wy); ok {
		p = p.WithTerrain(f.mapv.Block(p.LandblockKey()))
		tt := "not loaded"
		if f.mapv.Block(p.LandblockKey()) != nil {
			tt = fmt.Sprintf("%s, scene %d", terrain.TypeName(f.region, p.TType), p.Scene)
			if p.Road != 0 {
				tt += ", road"
			}
		}
		cur = fmt.Sprintf("cursor %s  lb 0x%04X cell 0x%08X  local (%.1f, %.1f)  SW vertex: %s",
			world.FormatMap(float32(wx), float32(wy)), p.LandblockKey(), p.CellID, p.LX, p.LY, tt)
		cur += f.mapv.Hover(f.cam, wx, wy) // no data, heat value, landmark
	}
	l := f.snap.Listener
	lx, ly := world.Local(l.Pos.X, l.Pos.Y)
	fps := ebiten.ActualFPS()
	if f.simTimeOnly {
		fps = tps
	}
	follow := ""
	if f.st.Follow {
		follow = "  follow"
	}
	lis := fmt.Sprintf("listener %s  cell 0x%08X (%.1f, %.1f) z %.1f m  hdg %.0f°  |  t %.2f s  %s  %.0f FPS  %.2f m/px%s  |  %s  F1 help",
		world.FormatMap(l.Pos.X, l.Pos.Y), f.snap.CellID, lx, ly, l.Pos.Z, l.Heading,
		f.snap.Time, f.clockLabel(), fps, f.cam.MPP, follow, f.source)
	if ambientviz.LabelWidth(lis) > float64(f.cam.W-16) { // narrow window: what matters first
		lis = fmt.Sprintf("%s  cell 0x%08X  hdg %.0f°  |  t %.2f s  %s  %.0f FPS%s  |  F1 help",
			world.FormatMap(l.Pos.X, l.Pos.Y), f.snap.CellID, l.Heading, f.snap.Time, f.clockLabel(), fps, follow)
	}
	return cur, lis
}

// labelObstacles are the screen areas map labels keep clear of: the panels
// and the map key (labels under them would be hidden), the scale bar, the
// status bar, the heatmap's key and the overview's progress bar (labels
// over them would hide them).
func (f hudFrame) labelObstacles() []geom.Rect {
	arr := f.arr
	out := make([]geom.Rect, 0, len(arr.Rects)+2)
	for _, r := range arr.Rects {
		out = append(out, geom.Rect{X0: float64(r.Min.X), Y0: float64(r.Min.Y), X1: float64(r.Max.X), Y1: float64(r.Max.Y)})
	}
	mr := f.mapRect
	out = append(out, geom.Rect{X0: float64(mr.Max.X) - 190, Y0: float64(mr.Max.Y) - 40, X1: float64(mr.Max.X), Y1: float64(mr.Max.Y)}) // scale bar
	out = append(out, geom.Rect{X0: 0, Y0: float64(f.cam.H - statusH), X1: float64(f.cam.W), Y1: float64(f.cam.H)})
	if f.mapKeyState() != "" { // the map key (mapview.KeyRect), drawn over the labels
		k := f.keyRect()
		out = append(out, geom.Rect{X0: float64(k.Min.X), Y0: float64(k.Min.Y), X1: float64(k.Max.X), Y1: float64(k.Max.Y)})
	}
	if f.mapv.Toggles().Heat { // the heatmap's key
		out = append(out, mapdraw.HeatKeyRect(mr, ambientviz.HeatLegend(f.mapv.HeatKey())))
	}
	if s, _, _, show := f.mapv.Progress(); show && !f.simTimeOnly { // the overview's progress bar
		out = append(out, mapdraw.ProgressRect(mr, s))
	}
	return out
}

// clockLabel is the status bar's time scale and, when the window cannot keep
// up, how fast the Sim really runs ("1x, running at 0.6× real time"); the
// clock source is named (audio device or wall clock).
func (f hudFrame) clockLabel() string {
	s := fmt.Sprintf("%gx", f.st.TimeScale)
	if f.simTimeOnly {
		return s + " (fixed steps)"
	}
	if f.st.Paused {
		return s + " paused"
	}
	if f.clk.Behind() {
		s = fmt.Sprintf("%gx asked, running at %.1f× real time", f.st.TimeScale, f.clk.Rate()*f.st.TimeScale)
	}
	if st := f.sess.Status(); st.Line != "" { // O5 (audio/device.Session)
		if st.Opening {
			return s + " (wall clock, opening the sound device…)"
		}
		if st.OnWall {
			return s + " (wall clock, " + st.WallNote + ": " + st.Line + ")"
		}
		return s + " (audio clock: " + st.Line + ")"
	}
	return s + " (wall clock)"
}

// mapKeyState is the map key as drawn: "open", "folded" or "" (fromview.go).
func (f hudFrame) mapKeyState() string {
	return mapKeyState(f.st.ShowKey, f.simTimeOnly, f.from)
}

// keyRect is the map key's box (its title bar when folded): top right of
// the map area, below the banners.
func (f hudFrame) keyRect() image.Rectangle {
	return mapview.KeyRect(f.mapRect, f.st.ShowKey, len(f.banners()))
}
