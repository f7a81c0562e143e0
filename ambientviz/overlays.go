package ambientviz

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz/geom"
	"soundworld/names"
	"soundworld/world"
)

// Layers says which overlays are on.
type Layers struct {
	Rings    bool `json:"rings"`
	Cells    bool `json:"cells"`
	Rose     bool `json:"rose"`
	Shells   bool `json:"shells"`
	Spawns   bool `json:"spawns"`
	Emitters bool `json:"emitters"`
}

// All is every overlay on (screenshots, profiling).
var All = Layers{true, true, true, true, true, true}

// View is what the overlays need besides the Snapshot.
type View struct {
	Cam             geom.Camera
	Selected        int // index into Snapshot.Instances, −1 = none
	SelectedEmitter int // index into Snapshot.Emitters, −1 = none
	// Muted reports display-side mute/solo filtering for a sound (table, type);
	// nil = nothing muted. It never changes what the Sim decides.
	Muted        func(table, stype uint32) bool
	RoseX, RoseY float64 // screen centre of the bearing rose
	RoseLen      float64 // px, the rose's longest bar (0 = RoseMax)
	// Obstacles are screen areas map labels must avoid (the rose, the scale
	// bar, the panels); the rose's own is added by Draw.
	Obstacles []geom.Rect
	// HideLevels leaves the one-shots' dB out of their labels (an ABX trial
	// is judged by ear; ui's blind.go).
	HideLevels bool
	// Names names the objects' labels (nil: by id).
	Names *names.Book
}

// RoseMax is the bearing rose's default longest bar in px; its disc is 22 px wider.
const RoseMax = 70.0

var (
	ringCol    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	cutCol     = color.RGBA{0xff, 0x60, 0x40, 0xff}
	audCol     = color.RGBA{0xff, 0xe0, 0x40, 0xff}
	outlineCol = color.RGBA{0x10, 0x10, 0x18, 0xff}
)

// Draw draws the enabled overlays of s in a fixed order (areas first, markers last).
func Draw(dst *ebiten.Image, s *world.Snapshot, v View, l Layers) {
	if s == nil {
		return
	}
	if l.Shells {
		Shells(dst, s, v)
	}
	if l.Cells {
		Cells(dst, s, v)
	}
	if l.Rings {
		Rings(dst, s, v)
	}
	if l.Emitters {
		Objects(dst, s, v) // E3: the data's own sound sources (objects.go)
		Emitters(dst, s, v)
	}
	if l.Spawns {
		Spawns(dst, s, v)
	}
	Listener(dst, s, v)
	obs := v.Obstacles
	var roseLabels []fixedLabel
	if l.Rose {
		roseLabels = rose(dst, s, v)
		r := v.RoseLen
		if r <= 0 {
			r = RoseMax
		}
		obs = append(obs, geom.Rect{X0: v.RoseX - r - 22, Y0: v.RoseY - r - 22, X1: v.RoseX + r + 22, Y1: v.RoseY + r + 40})
	}
	lx, ly := v.Cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	obs = append(obs, geom.Rect{X0: lx - 9, Y0: ly - 9, X1: lx + 9, Y1: ly + 9}) // the player's disc
	FlushLabels(dst, obs)                                                        // leader lines first, then the labels
	for _, f := range roseLabels {
		Label(dst, f.s, f.x, f.y, ringCol)
	}
}

// fixedLabel is a label drawn at a given top-left, after the shapes.
type fixedLabel struct {
	s    string
	x, y float64
}

// minNamedRingPx is the smallest ring radius (px) whose label is drawn.
const minNamedRingPx = 16

// Rings draws the 20 m, 120 m and audible-radius rings around the listener (A3, S1).
func Rings(dst *ebiten.Image, s *world.Snapshot, v View) {
	lx, ly := v.Cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	cols := []color.RGBA{ringCol, cutCol, audCol}
	for i, r := range geom.Rings(s.Prefs) {
		px := v.Cam.RingRadiusPx(r.Radius)
		c := cols[i%len(cols)]
		StrokeCircle(dst, float32(lx), float32(ly), float32(px), 3, Fade(outlineCol, 0.5))
		StrokeCircle(dst, float32(lx), float32(ly), float32(px), 1.5, Fade(c, 0.9))
		if px < minNamedRingPx {
			continue // zoomed out: a ring this small is a dot on the listener, its name only clutter
		}
		// below the ring's south point, else above its north point, else beside its east or west point.
		w := LabelWidth(r.Label)
		QueueLabel(r.Label, lx, ly+px, [][2]float64{{lx - w/2, ly + px + 2}, {lx - w/2, ly - px - 18}, {lx + px + 4, ly - 8}, {lx - px - w - 4, ly - 8}}, 0, false, c, 1)
	}
}

// Cells draws each contributing land cell's SW vertex, sized and faded by its A3
// weight and coloured by its ambient set; outlines the 3×3 gather ring of
// landblocks (A2) and the listener's land cell (its change triggers a rebuild).
func Cells(dst *ebiten.Image, s *world.Snapshot, v View) {
	bx := math.Floor(float64(s.Listener.Pos.X) / geom.BlockSize)
	by := math.Floor(float64(s.Listener.Pos.Y) / geom.BlockSize)
	x0, y0 := v.Cam.ToScreen((bx-1)*geom.BlockSize, (by+2)*geom.BlockSize)
	side := 3 * geom.BlockSize / v.Cam.MPP
	StrokeRect(dst, float32(x0), float32(y0), float32(side), float32(side), 2, Fade(color.RGBA{0x40, 0xd0, 0xff, 0xff}, 0.8))
	cx := math.Floor(float64(s.Listener.Pos.X) / geom.CellSize)
	cy := math.Floor(float64(s.Listener.Pos.Y) / geom.CellSize)
	c0x, c0y := v.Cam.ToScreen(cx*geom.CellSize, (cy+1)*geom.CellSize)
	cs := geom.CellSize / v.Cam.MPP
	StrokeRect(dst, float32(c0x), float32(c0y), float32(cs), float32(cs), 2, Fade(color.RGBA{0xff, 0xff, 0x60, 0xff}, 0.9))
	for _, c := range s.Cells {
		px, py := v.Cam.ToScreen(float64(c.Pos.X), float64(c.Pos.Y))
		if px < -10 || py < -10 || px > float64(v.Cam.W)+10 || py > float64(v.Cam.H)+10 {
			continue
		}
		r, a := geom.CellDot(float64(c.Weight))
		col := geom.SetColor(c.Stb)
		Dot(dst, px, py, r+1, Fade(outlineCol, a*0.7))
		Dot(dst, px, py, r, Fade(col, a))
	}
}

// rose draws the 8-way bearing histogram (A4 directions, north up) of
// accumulated weight — every sound, or the selected instance's ambient set —
// and returns its labels (compass points, title), drawn last.
func rose(dst *ebiten.Image, s *world.Snapshot, v View) []fixedLabel {
	stb, title := -1, "weight by bearing: all"
	if v.Selected >= 0 && v.Selected < len(s.Instances) {
		in := s.Instances[v.Selected]
		stb, title = in.Stb, fmt.Sprintf("weight by bearing: set %d", in.Stb)
	}
	maxLen := v.RoseLen
	if maxLen <= 0 {
		maxLen = RoseMax
	}
	cx, cy := v.RoseX, v.RoseY
	FillCircle(dst, float32(cx), float32(cy), float32(maxLen+22), Fade(color.RGBA{0x10, 0x14, 0x20, 0xff}, 0.7))
	StrokeCircle(dst, float32(cx), float32(cy), float32(maxLen), 1, Fade(ringCol, 0.3))
	bars, centre := geom.BuildRose(s, stb).Bars(maxLen)
	col := geom.SetColor(stb)
	if stb < 0 {
		col = color.RGBA{0x60, 0xd0, 0xff, 0xff}
	}
	names := map[world.Dir]string{world.DirN: "N", world.DirS: "S", world.DirE: "E", world.DirW: "W"}
	var labels []fixedLabel
	for _, b := range bars {
		a := geom.ScreenAngle(b.Heading)
		ex, ey := cx+b.Length*math.Cos(a), cy+b.Length*math.Sin(a)
		if b.Length > 0 {
			StrokeLine(dst, float32(cx), float32(cy), float32(ex), float32(ey), 9, col)
		}
		if n, ok := names[b.Dir]; ok {
			labels = append(labels, fixedLabel{n, cx + (maxLen+10)*math.Cos(a) - 3, cy + (maxLen+10)*math.Sin(a) - 8})
		}
	}
	if centre > 0 {
		FillCircle(dst, float32(cx), float32(cy), float32(4+10*centre), Fade(col, 0.9))
	}
	return append(labels, fixedLabel{title, cx - LabelWidth(title)/2, cy + maxLen + 22})
}

// Shells draws the selected intermittent instance's direction shells (A6) as
// annular sectors ±11.25° about each direction (A9): where its one-shots land.
func Shells(dst *ebiten.Image, s *world.Snapshot, v View) {
	if v.Selected < 0 || v.Selected >= len(s.Instances) {
		return
	}
	in := s.Instances[v.Selected]
	if in.Continuous {
		return
	}
	lx, ly := v.Cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	col := geom.SetColor(in.Stb)
	for _, sec := range geom.ShellSectors(in.Shells, v.Cam) {
		outline := fillSector(dst, lx, ly, sec.Inner, sec.Outer, sec.Start, sec.End, Fade(col, 0.35))
		strokePoly(dst, outline, 1.5, Fade(col, 0.9))
	}
}

// Spawns draws each recent one-shot: a flash at its position, a line to the
// listener, its dB and pan, fading over geom.MarkerLife s.
func Spawns(dst *ebiten.Image, s *world.Snapshot, v View) {
	lx, ly := v.Cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	for _, sp := range s.Spawns {
		a := geom.MarkerAlpha(s.Time - sp.Time)
		if a <= 0 || (v.Muted != nil && v.Muted(sp.Play.Table, sp.Play.SType)) {
			continue
		}
		px, py := v.Cam.ToScreen(float64(sp.Pos.X), float64(sp.Pos.Y))
		col := color.RGBA{0xff, 0x90, 0x30, 0xff} // emitters: their icon's orange
		if set := geom.SpawnSet(s, sp.Play); set >= 0 {
			col = geom.SetColor(set) // ambient one-shots: their set's colour
		}
		if sp.Play.Slot < 0 {
			col = color.RGBA{0xa0, 0xa0, 0xa0, 0xff} // not played: silent, gated or dropped
		}
		StrokeLine(dst, float32(lx), float32(ly), float32(px), float32(py), 1, Fade(col, a*0.6))
		FillCircle(dst, float32(px), float32(py), float32(4+10*(1-a)), Fade(color.RGBA{0xff, 0xf0, 0x80, 0xff}, a*0.5))
		FillCircle(dst, float32(px), float32(py), 4, Fade(col, a))
		t := fmt.Sprintf("%d dB pan %+d", sp.DB, sp.Pan)
		if v.HideLevels {
			t = fmt.Sprintf("pan %+d", sp.Pan)
		}
		QueueLabel(t, px, py, [][2]float64{{px + 7, py - 6}, {px - 7 - LabelWidth(t), py - 6}}, 2, true, col, a)
	}
}

// Emitters draws each placed emitter's icon and its S1 audible-radius ring (E1);
// the selected one is highlighted.
func Emitters(dst *ebiten.Image, s *world.Snapshot, v View) {
	for i, e := range s.Emitters {
		px, py := v.Cam.ToScreen(float64(e.Pos.X), float64(e.Pos.Y))
		col := color.RGBA{0xff, 0x90, 0x30, 0xff}
		w := float32(1.5)
		if i == v.SelectedEmitter {
			col, w = color.RGBA{0xff, 0xff, 0x40, 0xff}, 3
		}
		if r := v.Cam.RingRadiusPx(float64(e.AudibleRadius)); r > 0 {
			StrokeCircle(dst, float32(px), float32(py), float32(r), w, Fade(col, 0.7))
		}
		d := []pt{{float32(px), float32(py - 8)}, {float32(px + 8), float32(py)}, {float32(px), float32(py + 8)}, {float32(px - 8), float32(py)}} // a diamond
		fillPoly(dst, d, col)
		strokePoly(dst, d, 1.5, outlineCol)
		QueueLabel(e.Name, px, py, [][2]float64{{px + 10, py - 8}, {px - 10 - LabelWidth(e.Name), py - 8}, {px - LabelWidth(e.Name)/2, py + 10}}, 1, false, col, 1)
	}
}

// cameraCol marks the camera (W5: where the SoundManager listens).
var cameraCol = color.RGBA{0xe0, 0x70, 0xff, 0xff}

// Listener draws the player gizmo (the feet the user drags: a disc, a facing
// line and the heading handle, W4, W5) and, when the camera is elsewhere on
// the map (-chase), the camera — a square joined to the player — labelled,
// since levels, pans and one-shot positions are heard there.
func Listener(dst *ebiten.Image, s *world.Snapshot, v View) {
	lx, ly := v.Cam.ToScreen(float64(s.Listener.Pos.X), float64(s.Listener.Pos.Y))
	if cx, cy := v.Cam.ToScreen(float64(s.CameraPos.X), float64(s.CameraPos.Y)); s.CameraPos != (world.Pos{}) && math.Hypot(cx-lx, cy-ly) >= 1 {
		StrokeLine(dst, float32(lx), float32(ly), float32(cx), float32(cy), 3, outlineCol)
		StrokeLine(dst, float32(lx), float32(ly), float32(cx), float32(cy), 1.5, cameraCol)
		FillRect(dst, float32(cx-6), float32(cy-6), 12, 12, outlineCol)
		FillRect(dst, float32(cx-4.5), float32(cy-4.5), 9, 9, cameraCol)
		QueueLabel("camera (hears)", cx, cy, [][2]float64{{cx + 9, cy - 6}, {cx - 9 - LabelWidth("camera (hears)"), cy - 6}}, 1, false, cameraCol, 1)
	}
	hx, hy := geom.HeadingHandle(lx, ly, float64(s.Listener.Heading))
	StrokeLine(dst, float32(lx), float32(ly), float32(hx), float32(hy), 4, outlineCol)
	StrokeLine(dst, float32(lx), float32(ly), float32(hx), float32(hy), 2, ringCol)
	FillCircle(dst, float32(lx), float32(ly), 8, outlineCol)
	FillCircle(dst, float32(lx), float32(ly), 6, color.RGBA{0x30, 0xa0, 0xff, 0xff})
	FillCircle(dst, float32(hx), float32(hy), 5, outlineCol)
	FillCircle(dst, float32(hx), float32(hy), 4, ringCol)
}
