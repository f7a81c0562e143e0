package game

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"soundworld/ui/debugui"

	"soundworld/ambientviz/geom"
	"soundworld/explorer/mapview"
)

// dragMode is what a held left button is moving.
type dragMode uint8

const (
	dragNone dragMode = iota
	dragListener
	dragHeading
	dragEmitter
)

// Hit radii in px.
const (
	hitHandle   = 9
	hitListener = 11
	hitEmitter  = 11
)

// input applies the keyboard and mouse to the camera and the Sim. Keys are
// ignored while a panel text field has focus, the mouse while the pointer is
// over a panel (debugui's InputCapturingState).
func (g *Game) input(dt float64) {
	// Keys go to the map only when no text field had focus this frame or the
	// last: the Enter or Esc that ends an edit never reaches a map shortcut.
	if (g.captured|g.prevCaptured)&debugui.InputCapturingStateFocus == 0 {
		g.keys(dt)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF12) { // screenshots work while typing too (not a text key)
		g.shotReq = true
	}
	mx, my := ebiten.CursorPosition()
	overUI := !g.pointerOnMap(mx, my, g.captured) // a panel, its column's blank space, the status bar (mappointer.go)
	if !overUI {
		if _, wy := ebiten.Wheel(); wy != 0 {
			g.cam = g.cam.ZoomAbout(float64(mx), float64(my), math.Pow(0.85, wy)) // follow stays on: it keeps the listener in view
		}
	}
	// Pan: right or middle drag (pan.go: it follows last frame's pointer).
	panPressed := !overUI && (inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) || inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle))
	panHeld := ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	if dx, dy := g.pan.step(panPressed, panHeld, mx, my, g.lastMX, g.lastMY); dx != 0 || dy != 0 {
		g.cam = g.cam.Pan(float64(dx), float64(dy))
		if g.st.Follow { // panning away means: stop following (said, not silent)
			g.st.Follow = false
			g.setToast("Follow off: you panned the map (F or the Follow toggle turns it on)")
		}
	}
	// Left button: listener, heading handle, emitters, placement. A drag
	// follows last frame's pointer (the press frame acts at its own): on X11
	// the button is the state of the events processed so far but the cursor
	// is queried live, later, so a frame can see the button still down with
	// the pointer already where it went after the release — the listener
	// jumped there (the same as debugui's sliders, ui/debugui/slider.go).
	pressed := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	if !overUI && pressed {
		g.press(mx, my)
	}
	if g.drag != dragNone {
		switch {
		case !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft):
			g.drag = dragNone
		case !pressed:
			g.dragTo(g.lastMX, g.lastMY)
		}
	}
	g.lastMX, g.lastMY = mx, my
}

// press starts a left-button action at screen (mx, my).
func (g *Game) press(mx, my int) {
	s := g.snap
	wx, wy := g.cam.ToWorld(float64(mx), float64(my))
	lx, ly := g.cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	hx, hy := geom.HeadingHandle(lx, ly, float64(s.Listener.Heading))
	fx, fy := float64(mx), float64(my)
	if image.Pt(mx, my).In(mapview.KeyTitle(g.hudNow().keyRect())) {
		g.st.ShowKey = !g.st.ShowKey // the map key's title folds it
		return
	}
	if g.st.PlaceEmitter {
		g.panels.addEmitterAt(float32(wx), float32(wy))
		g.st.PlaceEmitter = false
		return
	}
	// The nearest grabbable thing under the pointer wins (the forge sits a few
	// px from the Holtburg spawn when zoomed out).
	best, bestD := dragNone, math.Inf(1)
	consider := func(m dragMode, i int, x, y, radius float64) {
		if d := math.Hypot(fx-x, fy-y); d <= radius && d < bestD {
			best, bestD, g.dragIdx = m, d, i
		}
	}
	consider(dragHeading, 0, hx, hy, hitHandle)
	consider(dragListener, 0, lx, ly, hitListener)
	for i, e := range s.Emitters {
		ex, ey := g.cam.ToScreen(float64(e.Pos.X), float64(e.Pos.Y))
		consider(dragEmitter, i, ex, ey, hitEmitter)
	}
	if best != dragNone {
		g.drag = best
		if best == dragEmitter {
			g.st.SelectedEmitter = g.dragIdx
		}
		return
	}
	// A click elsewhere sets the listener there; holding on drags it on.
	g.sim.WalkTo(float32(wx), float32(wy), s.Listener.Heading, g.rooms)
	g.drag = dragListener
}

// dragTo continues a left-button drag.
func (g *Game) dragTo(mx, my int) {
	wx, wy := g.cam.ToWorld(float64(mx), float64(my))
	l := g.sim.Listener()
	switch g.drag {
	case dragListener:
		g.sim.WalkTo(float32(wx), float32(wy), l.Heading, g.rooms)
	case dragHeading:
		dx, dy := wx-float64(l.Pos.X), wy-float64(l.Pos.Y)
		if dx != 0 || dy != 0 {
			g.sim.WalkTo(l.Pos.X, l.Pos.Y, float32(geom.Heading(dx, dy)), g.rooms)
		}
	case dragEmitter:
		// Keep it on the map area (never under a panel, where it would be lost).
		r := g.mapRect()
		cx, cy := min(max(mx, r.Min.X+8), r.Max.X-8), min(max(my, r.Min.Y+8), r.Max.Y-8)
		wx, wy = g.cam.ToWorld(float64(cx), float64(cy))
		if err := g.sim.Emitters().Move(g.dragIdx, float32(wx), float32(wy)); err != nil {
			g.drag = dragNone
		}
	}
}

// keys handles the keyboard: walking and turning, the view and time keys,
// the layer and listening toggles.
func (g *Game) keys(dt float64) {
	g.walkKeys(dt)
	g.viewKeys()
	g.toggleKeys()
}

// walkKeys walks and turns the player by the held keys over dt s (W, A,
// S, D, Q, E; Shift walks).
func (g *Game) walkKeys(dt float64) {
	l := g.sim.Listener()
	heading := float64(l.Heading)
	if g.held(ebiten.KeyQ) {
		heading -= TurnRate * dt
	}
	if g.held(ebiten.KeyE) {
		heading += TurnRate * dt
	}
	var fwd, right float64
	if g.held(ebiten.KeyW) {
		fwd++
	}
	if g.held(ebiten.KeyS) {
		fwd--
	}
	if g.held(ebiten.KeyD) {
		right++
	}
	if g.held(ebiten.KeyA) {
		right--
	}
	speed := RunSpeed
	if g.held(ebiten.KeyShift) {
		speed = WalkSpeed
	}
	// Walk in float64 from where the last step ended (float32 world metres
	// have 4 mm steps near Holtburg: rounding every frame would lose ~1 %).
	if float32(g.walkX) != l.Pos.X || float32(g.walkY) != l.Pos.Y {
		g.walkX, g.walkY = float64(l.Pos.X), float64(l.Pos.Y)
	}
	x, y := Step(g.walkX, g.walkY, heading, fwd, right, speed, dt)
	g.walkX, g.walkY = x, y
	if fwd != 0 || right != 0 || heading != float64(l.Heading) {
		g.sim.WalkTo(float32(x), float32(y), float32(math.Mod(heading+360, 360)), g.rooms)
	}
}

// viewKeys are the keys pressed once for the view, time, help, panels and
// undo (Ctrl+Z).
func (g *Game) viewKeys() {
	just := inpututil.IsKeyJustPressed
	ctrl := g.held(ebiten.KeyControl) || g.held(ebiten.KeyMeta)
	switch {
	case ctrl && just(ebiten.KeyZ):
		g.panels.UndoDelete()
	case just(ebiten.KeyHome):
		g.cam = centreIn(g.cam, g.mapRect(), float64(g.snap.Listener.Pos.X), float64(g.snap.Listener.Pos.Y))
	case just(ebiten.KeyF):
		g.st.Follow = !g.st.Follow
	case just(ebiten.KeySpace):
		g.st.Paused = !g.st.Paused
	case just(ebiten.KeyBracketLeft):
		g.st.TimeScale = math.Max(0.25, g.st.TimeScale/2)
	case just(ebiten.KeyBracketRight):
		g.st.TimeScale = math.Min(4, g.st.TimeScale*2)
	case just(ebiten.KeyF1):
		g.st.ShowHelp, g.st.HelpPage = nextHelp(g.st.ShowHelp, g.st.HelpPage)
	case just(ebiten.KeyK):
		g.st.ShowKey = !g.st.ShowKey
	case just(ebiten.KeyF11):
		g.meters.captureReq = true // capture bundle (profhooks.go)
	case just(ebiten.KeyT):
		g.ui.ToggleTimeline()
	case just(ebiten.KeyN):
		g.ui.ToggleSounds()
	case just(ebiten.KeyEscape):
		g.st.PlaceEmitter, g.st.Selected, g.st.SelectedEmitter, g.st.ShowHelp = false, -1, -1, false
	}
}

// toggleKeys are the map layers (1–9) and the walk recording and
// listening keys (R, B, X).
func (g *Game) toggleKeys() {
	just := inpututil.IsKeyJustPressed
	for n, k := range map[int]ebiten.Key{7: ebiten.Key7, 8: ebiten.Key8, 9: ebiten.Key9} {
		if just(k) {
			g.mapv.ToggleLayer(n) // 7 heatmap, 8 buildings, 9 statics
		}
	}
	var err error // R records a walk, B switches A/B, X plays an ABX trial's X
	switch {
	case just(ebiten.KeyR):
		g.walk.Toggle()
	case just(ebiten.KeyB):
		err = g.listening.ToggleB()
	case just(ebiten.KeyX):
		err = g.listening.PlayX()
	}
	if err != nil {
		g.setToast(err.Error())
	}
	ls := &g.st.Layers
	digits := []ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4, ebiten.Key5, ebiten.Key6}
	for i, b := range []*bool{&ls.Rings, &ls.Cells, &ls.Rose, &ls.Shells, &ls.Spawns, &ls.Emitters} {
		if just(digits[i]) {
			*b = !*b
		}
	}
}

// requestTiles asks the loader for the visible landblocks and the listener's
// 5×5 neighbourhood (the Sim's 3×3 plus a margin).
func (g *Game) requestTiles() {
	x0, y0, x1, y1 := g.cam.Visible()
	bx0, by0 := int(math.Floor(x0/geom.BlockSize)), int(math.Floor(y0/geom.BlockSize))
	bx1, by1 := int(math.Floor(x1/geom.BlockSize)), int(math.Floor(y1/geom.BlockSize))
	lx := float64(g.snap.Listener.Pos.X) / geom.BlockSize
	ly := float64(g.snap.Listener.Pos.Y) / geom.BlockSize
	g.mapv.Tiles.Want(int(lx)-2, int(ly)-2, int(lx)+2, int(ly)+2, lx, ly)
	if mapview.UseTiles(g.cam) { // further out the pyramid draws
		g.mapv.Tiles.Want(bx0, by0, bx1, by1, lx, ly)
	}
}

// nextHelp is F1's cycle: closed → the keys page (0) → the legend (1) → closed.
func nextHelp(show bool, page int) (bool, int) {
	switch {
	case !show:
		return true, 0
	case page == 0:
		return true, 1
	default:
		return false, 0
	}
}
