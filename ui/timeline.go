package ui

// The profiler panels: Timeline, Meters and Events, docked
// in the bottom strip. They read only the Snapshot (through a bounded history
// fed each frame, ambientviz/geom.History) and the output meter; they never
// touch the Sim.

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ambientviz/geom"
	"soundworld/audio"
	"soundworld/names"
	"soundworld/ui/debugui"
	"soundworld/ui/dock"
	"soundworld/world"
)

// Profiler panel names (dock entries and the settings file).
const (
	PanelTimeline = "Timeline"
	PanelMeters   = "Meters"
	PanelEvents   = "Events"
)

// profiler is the profiler panels' state.
type profiler struct {
	hist    geom.History
	span    int  // index into geom.Spans
	frozen  bool // the view stays (also while the Sim is paused); dragging scrubs
	byPause bool // frozen because the Sim paused: unpausing makes it live again
	end     float64
	drag    bool
	dragX   int
	lastX   int // the pointer's x last frame (a scrub follows it; see timelineInput)
	dragEnd float64
	hover   string // the hovered bar's or tick's "why" lines, "" none
	hoverAt image.Point
	sel     selBar // the clicked bar
	flash   flash
	meter   func() (audio.MeterReading, string) // the output meter and where it listens
	log     eventLog
	mouse   func() (x, y int, pressed, justPressed, justReleased bool)
	batch   rectBatch
	meterAt time.Time // when the meter's numbers were last re-read (MeterNumbersEvery)
	meterR  audio.MeterReading
	meterS  string
	meterU  string // the underrun counter's text, re-read with the numbers
	// underruns reports the device's underruns (frames, separate events);
	// nil with no device.
	underruns func() (int64, int64)
}

// selBar names the selected voice by its slot and start (a bar is re-found in
// the history each frame; the history's slice moves).
type selBar struct {
	ok    bool
	slot  int
	start float64
}

// flash is a position the map should flash (a clicked voice), for 1.5 s of real frames.
type flash struct {
	pos    world.Pos
	frames int
}

// FlashFrames is how long a clicked voice's position flashes on the map (frames at 60 Hz).
const FlashFrames = 90

func newProfiler() profiler {
	return profiler{span: 1, sel: selBar{}, mouse: mouseState}
}

func mouseState() (x, y int, pressed, justPressed, justReleased bool) {
	x, y = ebiten.CursorPosition()
	return x, y, ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
}

// profPanels are the dock entries of the profiler panels, all folded at first.
func (u *UI) profPanels() []panel {
	return []panel{
		{dock.Panel{Name: PanelTimeline, Edge: dock.Bottom, Width: 5, Height: 250, MinHeight: 140, Collapsed: true}, u.timelineWindow},
		{dock.Panel{Name: PanelMeters, Edge: dock.Bottom, Width: 3, Height: 250, MinHeight: 120, Collapsed: true}, u.metersWindow},
		{dock.Panel{Name: PanelEvents, Edge: dock.Bottom, Width: 5, Height: 250, MinHeight: 120, Collapsed: true}, u.eventsWindow},
	}
}

// observeProfiler feeds this frame's Snapshot to the history (every frame,
// whether or not the panels are open, so opening one shows the past).
func (u *UI) observeProfiler(s *world.Snapshot) {
	u.prof.hover = "" // set again by the Timeline's body if it is open and hovered
	u.prof.hist.Observe(s)
	if u.prof.flash.frames > 0 {
		u.prof.flash.frames--
	}
}

// SetMeter gives the Meters panel its source: the output meter's reading and
// a few words on where it listens ("device output", "mixed here, no device").
func (u *UI) SetMeter(f func() (audio.MeterReading, string)) { u.prof.meter = f }

// SetUnderruns gives the Meters panel the device's underrun counter.
func (u *UI) SetUnderruns(f func() (frames, events int64)) { u.prof.underruns = f }

// Flash is the position the map should flash now and how much is left (1 → 0); ok false none.
func (u *UI) Flash() (pos world.Pos, left float64, ok bool) {
	f := u.prof.flash
	if f.frames <= 0 {
		return world.Pos{}, 0, false
	}
	return f.pos, float64(f.frames) / FlashFrames, true
}

// ToggleTimeline folds or unfolds the Timeline panel (key T).
func (u *UI) ToggleTimeline() {
	for i := range u.panels {
		if u.panels[i].Name == PanelTimeline {
			u.setCollapsed(i, !u.arr.Folded[i])
		}
	}
}

// DrawOverlay draws what must not be clipped by a panel: the timeline's
// hover tooltip, kept inside the screen. Call it after Draw.
func (u *UI) DrawOverlay(screen *ebiten.Image) {
	if u.prof.hover != "" {
		drawTooltip(screen, u.prof.hover, u.prof.hoverAt, screen.Bounds())
	} else if u.mapCard != "" {
		drawTooltip(screen, u.mapCard, u.mapCardAt, screen.Bounds())
	}
}

// SetMapCard shows text as a card at screen point at (the map's hover over
// an object marker: ObjectCard); "" shows none.
func (u *UI) SetMapCard(text string, at image.Point) { u.mapCard, u.mapCardAt = text, at }

// OverlayShown reports whether DrawOverlay draws (a tooltip over the panels).
func (u *UI) OverlayShown() bool { return u.prof.hover != "" }

// History is the profiler's history (tests, the capture bundle's events).
func (u *UI) History() *geom.History { return &u.prof.hist }

// timelineView is the geometry for the panel body b at this frame.
func (u *UI) timelineView(b image.Rectangle) geom.Timeline {
	p := &u.prof
	end := p.hist.Now
	if p.frozen {
		end = p.end
	}
	return geom.Timeline{X: float64(b.Min.X), Y: float64(b.Min.Y) + tlHeader, W: float64(b.Dx()), H: float64(b.Dy()) - tlHeader,
		Span: geom.Spans[p.span], End: end}
}

// followPause freezes the view when the Sim pauses and makes it live again
// when the Sim resumes, unless the user froze or unfroze it meanwhile (the
// live/frozen button).
func (p *profiler) followPause(paused bool) {
	switch {
	case paused && !p.frozen:
		p.frozen, p.byPause, p.end = true, true, p.hist.Now
	case !paused && p.byPause:
		p.frozen, p.byPause = false, false
	}
}

// tlHeader is the height of the timeline's button row (px).
const tlHeader = 20

// timelineWindow is the voice timeline: the 16 slots as lanes over the last
// 10/30/60 s, decisions that did not play as ticks above.
func (u *UI) timelineWindow(ctx *debugui.Context) {
	p := &u.prof
	p.followPause(u.st.Paused)
	ctx.SetGridLayout([]int{-1}, []int{-1})
	ctx.GridCell(func(b image.Rectangle) {
		u.timelineInput(b)
		tl := u.timelineView(b)
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) { u.drawTimeline(screen, b, tl) })
	})
}

// timelineButtons are the header's buttons: spans, live/frozen.
func timelineButtons(b image.Rectangle) (spans [3]image.Rectangle, live image.Rectangle) {
	x := b.Min.X + 2
	for i := range spans {
		spans[i] = image.Rect(x, b.Min.Y+2, x+36, b.Min.Y+tlHeader-2)
		x += 40
	}
	live = image.Rect(x+8, b.Min.Y+2, x+8+64, b.Min.Y+tlHeader-2)
	return
}

// timelineInput handles hover, clicks and scrubbing in the panel body b.
func (u *UI) timelineInput(b image.Rectangle) {
	p := &u.prof
	mx, my, pressed, just, released := p.mouse()
	heldX := p.lastX
	p.lastX = mx
	pt := image.Pt(mx, my)
	p.hover = ""
	if released {
		p.drag = false
	}
	if p.drag && pressed {
		// A scrub follows last frame's pointer: on X11 the button is reported
		// a frame late against the live cursor, so this frame's x may be one
		// after the release (ui/debugui/slider.go, dragging).
		tl := u.timelineView(b)
		dt := float64(heldX-p.dragX) / max(1, tl.W-geom.TLGutter) * tl.Span
		p.end = clampEnd(p.dragEnd-dt, &p.hist, tl.Span)
		return
	}
	if !pt.In(b) {
		return
	}
	spans, live := timelineButtons(b)
	if just {
		for i, r := range spans {
			if pt.In(r) {
				p.span = i
				return
			}
		}
		if pt.In(live) {
			p.frozen = !p.frozen
			p.byPause = false // the user's choice stays after unpausing
			p.end = p.hist.Now
			return
		}
	}
	tl := u.timelineView(b)
	if i := tl.HitBar(p.hist.Bars, float64(mx), float64(my)); i >= 0 {
		bar := p.hist.Bars[i]
		p.hover, p.hoverAt = barWhy(u.names, bar, p.hist.Now), pt
		if u.blind {
			p.hover = fmt.Sprintf("slot %d  %s  %s\n%s", bar.Slot, SourceName(uint8(bar.Voice.Source)), u.names.Sound(bar.Voice.SType, bar.Voice.Table, bar.Voice.Wave), levelsHiddenNote)
		}
		if just {
			p.sel = selBar{true, bar.Slot, bar.Start}
			if bar.Open {
				u.st.SelectedVoice = bar.Slot
			}
			p.flash = flash{pos: bar.Pos, frames: FlashFrames}
		}
		return
	}
	if i := tl.HitTick(p.hist.Rows, float64(mx), float64(my)); i >= 0 {
		p.hover, p.hoverAt = rowWhy(u.names, p.hist.Rows[i]), pt
		if just {
			p.log.sel = p.hist.Rows[i].Seq
		}
		return
	}
	if just && p.frozen && float64(my) > tl.Y {
		p.drag, p.dragX, p.dragEnd = true, mx, p.end
	}
}

// clampEnd keeps a scrubbed right edge between 1 s into the kept history
// and now.
func clampEnd(end float64, h *geom.History, span float64) float64 {
	lo := max(h.Now-geom.HistSeconds, 0) + 1
	return max(min(end, h.Now), min(lo, h.Now))
}

// barWhy is a voice's "why" (table, SoundType, wave, volume, distance, dB, pan).
func barWhy(nb *names.Book, b geom.VoiceBar, now float64) string {
	v := b.Voice
	end := fmt.Sprintf("ended %.2f s", b.End)
	if b.Open {
		end = fmt.Sprintf("playing, %.1f s left", v.Start+v.Length-now)
	}
	return fmt.Sprintf("slot %d  %s  %s  table 0x%08X  wave 0x%08X\n"+
		"S1: vol %.3f at %.1f m: gain %.4f, clamped %.4f, x master %.3f\n"+
		"= %d dB, pan %+d   start %.2f s, length %.2f s, %s\n%s",
		b.Slot, SourceName(uint8(v.Source)), nb.SoundWithID(v.SType, v.Table, v.Wave), v.Table, v.Wave,
		v.Volume, v.Distance, v.GainRaw, v.GainClamped, v.Master, v.DB, v.Pan, v.Start, v.Length, end, drawsText(b.Draws))
}

// drawsText lists the RollDice unit values behind a decision (O4).
func drawsText(d []float32) string {
	if len(d) == 0 {
		return "draws: none (or its event was not seen)"
	}
	s := "draws:"
	for _, u := range d {
		s += " " + strconv.FormatFloat(float64(u), 'g', -1, 32)
	}
	return s
}

// rowWhy is one decision as a tooltip.
func rowWhy(nb *names.Book, r geom.Row) string {
	why := r.Play.Reason
	if why == "" {
		why = "played"
	}
	if r.Object != "" { // E3: which object, setup, hook and frame or start time
		why = r.Object + "\n" + why
	}
	return fmt.Sprintf("%s at %.3f s%s: %s %s table 0x%08X\n%s\n%s", r.Play.Outcome, r.Play.Time, lateText(r.LateMs), r.Play.Source, nb.SoundWithID(r.Play.SType, r.Play.Table, r.Play.Wave), r.Play.Table, why, drawsText(r.Draws))
}

var (
	tlBack    = color.RGBA{0x12, 0x14, 0x1a, 0xff}
	tlLane    = color.RGBA{0x1c, 0x1f, 0x28, 0xff}
	tlGrid    = color.RGBA{0x40, 0x44, 0x50, 0xff}
	tlText    = color.RGBA{0xc8, 0xc8, 0xd0, 0xff}
	tlDim     = color.RGBA{0x80, 0x84, 0x90, 0xff}
	tlButton  = color.RGBA{0x2a, 0x2e, 0x3a, 0xff}
	tlActive  = color.RGBA{0x3c, 0x6e, 0xb4, 0xff}
	tlSelLine = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// drawTimeline draws the panel body.
func (u *UI) drawTimeline(screen *ebiten.Image, b image.Rectangle, tl geom.Timeline) {
	p := &u.prof
	fillRect(screen, b, tlBack)
	u.prof.drawButtons(screen, b)

	// Lanes, strip, grid, bars, ticks: one batch (see rectBatch).
	rb := &p.batch
	for i := 0; i < audio.NumVoices; i++ {
		x, y, w, h := tl.Lane(i)
		if i%2 == 0 {
			rb.rect(float32(x), float32(y), float32(w), float32(h), tlLane)
		}
	}
	sx, sy, sw, sh := tl.Strip()
	rb.rect(float32(sx), float32(sy), float32(sw), float32(sh), tlLane)
	axisY := tl.Y + tl.H - geom.TLAxis
	ticks := tl.AxisTicks()
	for _, t := range ticks {
		x := tl.TimeX(t)
		rb.rect(float32(x), float32(sy+sh), 1, float32(axisY-sy-sh), tlGrid)
	}
	// Bars: colour by source (ambient: the set's map colour), brightness by level.
	var selR [4]float32
	selOK := false
	for _, bar := range p.hist.Bars {
		x, y, w, h, ok := tl.BarRect(bar)
		if !ok {
			continue
		}
		rb.rect(float32(x), float32(y), float32(w), float32(h), barColor(bar, u.blind))
		if p.sel.ok && bar.Slot == p.sel.slot && bar.Start == p.sel.start {
			selR, selOK = [4]float32{float32(x), float32(y), float32(w), float32(h)}, true
		}
	}
	// Decision ticks: drops, not_now, gated, silent.
	for _, r := range p.hist.Rows {
		if !geom.IsTick(r.Play.Outcome) {
			continue
		}
		if x, ok := tl.TickX(r); ok {
			rb.rect(float32(x)-1, float32(sy+1), 2, float32(sh-2), geom.TickColor(r.Play.Outcome))
		}
	}
	// The right edge: now (live) or the scrub position.
	nx := tl.TimeX(tl.End)
	rb.rect(float32(nx)-1, float32(sy), 1, float32(axisY-sy), tlText)
	rb.flush(screen)
	if selOK {
		vector.StrokeRect(screen, selR[0], selR[1], selR[2], selR[3], 2, tlSelLine, false)
	}
	drawTimelineText(screen, tl, ticks, sy, axisY) // text last
}

// drawButtons draws the Timeline panel's header in b: the span buttons,
// live or frozen, and the hint when it fits.
func (p *profiler) drawButtons(screen *ebiten.Image, b image.Rectangle) {
	spans, live := timelineButtons(b)
	for i, r := range spans {
		c := tlButton
		if i == p.span {
			c = tlActive
		}
		fillRect(screen, r, c)
		drawLabel(screen, fmt.Sprintf("%gs", geom.Spans[i]), float64(r.Min.X)+6, float64(r.Min.Y)+1, tlText)
	}
	lc, lt := tlButton, "live"
	if p.frozen {
		lc, lt = color.RGBA{0x90, 0x60, 0x20, 0xff}, "frozen"
	}
	fillRect(screen, live, lc)
	drawLabel(screen, lt, float64(live.Min.X)+8, float64(live.Min.Y)+1, tlText)
	hint := "hover: why   click: select + flash on map"
	if p.frozen {
		hint = "drag to scrub   click live to follow"
	}
	if float64(live.Max.X)+10+labelW(hint) <= float64(b.Max.X) { // only when it fits
		drawLabel(screen, hint, float64(live.Max.X)+10, float64(live.Min.Y)+1, tlDim)
	}
}

// drawTimelineText draws the lane numbers, the decision strip's name (its
// top at sy) and the axis labels at ticks (on the axis at axisY).
func drawTimelineText(screen *ebiten.Image, tl geom.Timeline, ticks []float64, sy, axisY float64) {
	for i := 0; i < audio.NumVoices; i++ {
		_, y, _, h := tl.Lane(i)
		step := 1
		if h < 12 {
			step = 4 // lanes too thin for a number each: every 4th
		}
		if i%step == 0 {
			drawLabel(screen, laneNames[i], tl.X+2, y+h/2-7, tlDim)
		}
	}
	drawLabel(screen, "dec", tl.X+1, sy-1, tlDim)
	for _, t := range ticks {
		if l := fmt.Sprintf("%gs", t); tl.TimeX(t)+2+labelW(l) <= tl.X+tl.W {
			drawLabel(screen, l, tl.TimeX(t)+2, axisY, tlDim)
		}
	}
}

// laneNames are the lane labels.
var laneNames = func() (n [audio.NumVoices]string) {
	for i := range n {
		n[i] = fmt.Sprintf("%2d", i)
	}
	return
}()

// scaleRGB multiplies a colour's RGB by k (0..1), keeping it opaque.
func scaleRGB(c color.RGBA, k float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), 0xff}
}

// barColor is a voice bar's colour: its source's (ambient: the set's map
// colour), brighter the louder it plays; during an ABX trial every bar is
// drawn at one brightness (blind.go).
func barColor(bar geom.VoiceBar, blind bool) color.RGBA {
	b := geom.Brightness(bar.Voice.DB)
	if blind {
		b = geom.Brightness(0)
	}
	return scaleRGB(geom.SourceColor(bar.Voice.Source, bar.Set), b)
}
