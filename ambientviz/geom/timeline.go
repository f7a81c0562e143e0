package geom

// The voice timeline's history: a bounded record built from
// successive Snapshots only — the 16 slots' voices as bars from start to end,
// and the play decisions (the Snapshot's recent events) as rows. Pure: no
// ebiten, no Sim; the window feeds it each frame's Snapshot.

import (
	"image/color"

	"soundworld/audio"
	"soundworld/world"
)

// History bounds.
const (
	HistSeconds = 65   // s of bars and rows kept behind the newest snapshot (the widest span is 60 s)
	MaxBars     = 4096 // bars kept at most (oldest dropped first)
	MaxRows     = 4096 // decision rows kept at most
)

// VoiceBar is one voice from its start to its end (or to now while it sounds).
type VoiceBar struct {
	Slot     int
	Start    float64 // sim s
	End      float64 // sim s: the voice's end, or the last snapshot's time while Open
	Open     bool    // still sounding at the last snapshot
	Voice    audio.Voice
	Set      int // ambient set (STB desc index) of a bed or one-shot, −1 none
	Pos      world.Pos
	PosKnown bool      // Pos is where it sounded (one-shots, emitters); else the listener at its start
	Draws    []float32 // the RollDice unit values its decision consumed (O4), if its event was seen
}

// Row is one play decision (the render CSV's row), with a sequence number
// that grows by one per decision seen.
type Row struct {
	Seq   int64
	Play  audio.Play
	Set   int       // ambient set of the play, −1 none
	Draws []float32 // RollDice unit values the decision consumed (O4)
	Rands []int     // rand() values it consumed
	// LateMs is how late the live device started it (spec O5: a start the
	// game thread delivered after its sample time plays at once); 0 on time.
	LateMs float64
	// Object names the object, setup and hook (frame or start time) of an E3 play; "" otherwise.
	Object     string
	ObjectHook *world.ObjectHook // the same, for the events CSV (nil otherwise)
}

// History is the bounded record. The zero value is empty and ready.
type History struct {
	Bars  []VoiceBar // oldest first
	Rows  []Row      // oldest first
	Now   float64
	open  [audio.NumVoices]int // index+1 into Bars of each slot's open bar, 0 none
	last  []rowKey             // keys of the last snapshot's events (to find the new ones)
	seq   int64
	begun bool
	late  []lateMark // late starts whose rows have not been seen yet
}

// lateMark is a late start waiting for its row (MarkLate).
type lateMark struct {
	t    float64
	slot int
	wave uint32
	ms   float64
}

// rowKey identifies a decision across snapshots (the Snapshot's event list is
// a sliding window over the same decisions).
type rowKey struct {
	t         float64
	slot      int
	src       audio.Source
	out       audio.Outcome
	tbl, st   uint32
	wave      uint32
	db, pan   int
	prio      float32
	reasonLen int
}

// Observe adds what changed since the previous snapshot: bars opened and
// closed, new decisions. A snapshot earlier than the previous one (a Reset)
// clears the history.
func (h *History) Observe(s *world.Snapshot) {
	if s == nil {
		return
	}
	if h.begun && s.Time < h.Now {
		*h = History{}
	}
	h.begun = true
	h.Now = s.Time
	h.observeVoices(s)
	h.observeEvents(s)
	h.prune()
}

func (h *History) observeVoices(s *world.Snapshot) {
	for i := range s.Voices {
		v := s.Voices[i]
		sounding := v.Busy && s.Time < v.Start+v.Length
		if k := h.open[i]; k > 0 {
			b := &h.Bars[k-1]
			if sounding && b.Start == v.Start && b.Voice.Wave == v.Wave {
				b.End = s.Time
				continue
			}
			b.Open = false
			b.End = min(b.Start+b.Voice.Length, s.Time)
			if sounding && v.Start < b.End { // replaced before its end
				b.End = max(b.Start, v.Start)
			}
			h.open[i] = 0
		}
		if !sounding {
			continue
		}
		b := VoiceBar{Slot: i, Start: v.Start, End: s.Time, Open: true, Voice: v, Set: -1,
			Pos: s.Listener.Pos}
		if v.Source == audio.SourceBed || v.Source == audio.SourceOneShot {
			b.Set = setOf(s, v.Table, v.SType)
		}
		for _, sp := range s.Spawns {
			if sp.Play.Slot == i && sp.Time == v.Start && sp.Play.Wave == v.Wave {
				b.Pos, b.PosKnown = sp.Pos, true
			}
		}
		for k := len(s.Events) - 1; k >= 0; k-- {
			if e := &s.Events[k]; e.Slot == i && e.Time == v.Start && e.Wave == v.Wave {
				b.Draws = e.Trace.Draws
				break
			}
		}
		if len(h.Bars) >= MaxBars {
			h.dropBars(len(h.Bars) - MaxBars + 1)
		}
		h.Bars = append(h.Bars, b)
		h.open[i] = len(h.Bars)
	}
}

// setOf is the ambient set playing (table, stype), −1 if none.
func setOf(s *world.Snapshot, table, stype uint32) int {
	for _, in := range s.Instances {
		if in.STBID == table && in.Desc.SType == stype {
			return in.Stb
		}
	}
	return -1
}

func (h *History) observeEvents(s *world.Snapshot) {
	keys := make([]rowKey, len(s.Events))
	for i := range s.Events {
		e := &s.Events[i]
		keys[i] = rowKey{e.Time, e.Slot, e.Source, e.Outcome, e.Table, e.SType, e.Wave, e.DB, e.Pan, e.Priority, len(e.Reason)}
	}
	first := newSince(h.last, keys)
	h.last = keys
	for i := first; i < len(s.Events); i++ {
		e := &s.Events[i]
		p := audio.Play{Time: e.Time, Source: e.Source, Table: e.Table, SType: e.SType, Wave: e.Wave, Slot: e.Slot,
			Priority: e.Priority, DB: e.DB, Pan: e.Pan, Outcome: e.Outcome, Reason: e.Reason}
		set := -1
		if p.Source == audio.SourceBed || p.Source == audio.SourceOneShot {
			set = setOf(s, p.Table, p.SType)
		}
		h.seq++
		if len(h.Rows) >= MaxRows {
			h.Rows = append(h.Rows[:0], h.Rows[len(h.Rows)-MaxRows+1:]...)
		}
		row := Row{Seq: h.seq, Play: p, Set: set, Draws: e.Trace.Draws, Rands: e.Trace.Rands}
		if e.Object != nil { // E3
			row.Object, row.ObjectHook = e.Object.String(), e.Object
		}
		h.Rows = append(h.Rows, row)
		for k, m := range h.late {
			if r := &h.Rows[len(h.Rows)-1]; m.matches(r) {
				r.LateMs = m.ms
				h.late = append(h.late[:k], h.late[k+1:]...)
				break
			}
		}
	}
}

// MarkLate records that the start at sim time t in slot with wave played
// ms late (O5): its row shows it, now or when the row is seen.
func (h *History) MarkLate(t float64, slot int, wave uint32, ms float64) {
	m := lateMark{t, slot, wave, ms}
	for i := len(h.Rows) - 1; i >= 0; i-- {
		if m.matches(&h.Rows[i]) {
			h.Rows[i].LateMs = ms
			return
		}
	}
	if len(h.late) >= 64 {
		h.late = h.late[1:]
	}
	h.late = append(h.late, m)
}

func (m lateMark) matches(r *Row) bool {
	return r.Play.Time == m.t && r.Play.Slot == m.slot && r.Play.Wave == m.wave && r.Play.Outcome == audio.OutcomeStart
}

// newSince is the index in cur of the first event not in prev: cur continues
// prev's sliding window, so the longest suffix of prev that is a prefix of cur
// is what both hold. No overlap: everything in cur is new.
func newSince(prev, cur []rowKey) int {
	for start := 0; start < len(prev); start++ {
		n := len(prev) - start
		if n > len(cur) {
			continue
		}
		match := true
		for k := 0; k < n && match; k++ {
			match = prev[start+k] == cur[k]
		}
		if match {
			return n
		}
	}
	return 0
}

// prune drops bars and rows that ended more than HistSeconds ago.
func (h *History) prune() {
	cut := h.Now - HistSeconds
	n := 0
	for n < len(h.Bars) && !h.Bars[n].Open && h.Bars[n].End < cut {
		n++
	}
	if n > 0 {
		h.dropBars(n)
	}
	r := 0
	for r < len(h.Rows) && h.Rows[r].Play.Time < cut {
		r++
	}
	if r > 0 {
		h.Rows = append(h.Rows[:0], h.Rows[r:]...)
	}
}

// dropBars removes the n oldest bars, keeping the open indices right.
func (h *History) dropBars(n int) {
	h.Bars = append(h.Bars[:0], h.Bars[n:]...)
	for i := range h.open {
		if h.open[i] > n {
			h.open[i] -= n
		} else {
			h.open[i] = 0
		}
	}
}

// IsTick reports whether a decision is drawn as a tick on the timeline's
// strip: drops and the decisions that did not play (not_now, gated, silent,
// bad_wave, missing_table).
func IsTick(o audio.Outcome) bool {
	return o == audio.OutcomeDrop || o == audio.OutcomeNotNow || o == audio.OutcomeGated || o.Silent()
}

// Timeline is the panel's geometry: a strip of decision ticks above 16 lanes,
// a time axis below; time runs left (End−Span) to right (End). Pixels.
type Timeline struct {
	X, Y, W, H float64 // the drawing area
	Span       float64 // s shown (10, 30 or 60)
	End        float64 // sim s at the right edge
}

// Timeline proportions (px).
const (
	TLGutter = 22 // lane numbers at the left
	TLStrip  = 12 // decision ticks
	TLAxis   = 14 // time labels at the bottom
)

// Spans are the selectable time spans in s.
var Spans = []float64{10, 30, 60}

// plot is the x range of times.
func (t Timeline) plot() (x0, x1 float64) { return t.X + TLGutter, t.X + t.W }

// LaneH is one lane's height in px.
func (t Timeline) LaneH() float64 {
	return max(1, (t.H-TLStrip-TLAxis-2)/audio.NumVoices)
}

// TimeX is the x of sim time tt.
func (t Timeline) TimeX(tt float64) float64 {
	x0, x1 := t.plot()
	return x0 + (tt-(t.End-t.Span))/t.Span*(x1-x0)
}

// XTime is the sim time at x (inverse of TimeX).
func (t Timeline) XTime(x float64) float64 {
	x0, x1 := t.plot()
	return t.End - t.Span + (x-x0)/(x1-x0)*t.Span
}

// Lane is the rectangle of slot i's lane (x, y, w, h).
func (t Timeline) Lane(i int) (x, y, w, h float64) {
	x0, x1 := t.plot()
	lh := t.LaneH()
	return x0, t.Y + TLStrip + 2 + float64(i)*lh, x1 - x0, lh
}

// Strip is the decision-tick strip's rectangle.
func (t Timeline) Strip() (x, y, w, h float64) {
	x0, x1 := t.plot()
	return x0, t.Y, x1 - x0, TLStrip
}

// BarRect is bar b's rectangle clipped to the plot; ok false when it is
// outside the span. A bar is at least 2 px wide so short voices show.
func (t Timeline) BarRect(b VoiceBar) (x, y, w, h float64, ok bool) {
	x0, x1 := t.plot()
	bx0, bx1 := t.TimeX(b.Start), t.TimeX(b.End)
	if bx1 < x0 || bx0 > x1 {
		return 0, 0, 0, 0, false
	}
	bx0, bx1 = max(bx0, x0), min(max(bx1, bx0+2), x1)
	_, ly, _, lh := t.Lane(b.Slot)
	return bx0, ly + 1, bx1 - bx0, max(1, lh-2), true
}

// TickX is the x of a decision tick; ok false outside the span.
func (t Timeline) TickX(r Row) (float64, bool) {
	x0, x1 := t.plot()
	x := t.TimeX(r.Play.Time)
	return x, x >= x0 && x <= x1
}

// HitBar is the index in bars of the bar under (mx, my), −1 none (the
// newest wins where bars touch).
func (t Timeline) HitBar(bars []VoiceBar, mx, my float64) int {
	for i := len(bars) - 1; i >= 0; i-- {
		if x, y, w, h, ok := t.BarRect(bars[i]); ok && mx >= x && mx < x+w && my >= y && my < y+h {
			return i
		}
	}
	return -1
}

// HitTick is the index in rows of the tick nearest (mx, my) within 3 px on
// the strip, −1 none.
func (t Timeline) HitTick(rows []Row, mx, my float64) int {
	sx, sy, _, sh := t.Strip()
	if my < sy || my >= sy+sh || mx < sx {
		return -1
	}
	best, bd := -1, 3.01
	for i, r := range rows {
		if !IsTick(r.Play.Outcome) {
			continue
		}
		if x, ok := t.TickX(r); ok {
			if d := abs(x - mx); d < bd {
				best, bd = i, d
			}
		}
	}
	return best
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// AxisTicks are the times of the axis labels: every 1, 5 or 10 s so that
// labels are at least 40 px apart.
func (t Timeline) AxisTicks() []float64 {
	x0, x1 := t.plot()
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20} {
		step = s
		if (x1-x0)/t.Span*s >= 40 {
			break
		}
	}
	var out []float64
	first := float64(int64((t.End-t.Span)/step)) * step
	for v := first; v <= t.End; v += step {
		if v >= t.End-t.Span && v >= 0 {
			out = append(out, v)
		}
	}
	return out
}

// Brightness maps a voice's level to a colour scale: −50 dB (S1's floor) →
// 0.35, 0 dB → 1, linear in dB.
func Brightness(db int) float64 {
	return 0.35 + 0.65*max(0, min(1, (float64(db)+50)/50))
}

// SourceColor is a bar's colour: ambient beds and one-shots in their set's
// colour as on the map; emitters orange as their icon; stingers white-blue.
func SourceColor(src audio.Source, set int) color.RGBA {
	switch src {
	case audio.SourceEmitter:
		return color.RGBA{0xff, 0x90, 0x30, 0xff}
	case audio.SourceStinger:
		return color.RGBA{0xb0, 0xd8, 0xff, 0xff}
	case audio.SourceObject: // E3: objects of the data, teal as their marker
		return color.RGBA{0x30, 0xd0, 0xc0, 0xff}
	}
	return SetColor(set)
}

// TickColor is a decision tick's colour by outcome.
func TickColor(o audio.Outcome) color.RGBA {
	switch o {
	case audio.OutcomeDrop:
		return color.RGBA{0xff, 0x40, 0x40, 0xff} // a voice lost (P4)
	case audio.OutcomeGated:
		return color.RGBA{0xf0, 0xd0, 0x40, 0xff}
	case audio.OutcomeNotNow:
		return color.RGBA{0x90, 0x90, 0xa0, 0xff}
	}
	return color.RGBA{0x60, 0xa0, 0xff, 0xff} // silent
}
