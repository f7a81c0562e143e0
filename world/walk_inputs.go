package world

// walk_inputs.go: a path file (Walk) from the Sim's own input record, so a
// walk recorded in the window renders the samples the window mixed:
// `soundworld render -path` with the same seed and emitters makes the same
// calls before the same ticks.

import (
	"fmt"

	"soundworld/audio"
)

// walkState is the Sim's state that a path file carries.
type walkState struct {
	loc     Loc    // feet, landblock-local (Z: the floor indoors, else ignored)
	cell    uint32 // A11: the EnvCell the player stands in, 0 outdoors
	heading float32
	eye     float32
	chase   float32
	prefs   string // FormatPrefs
	active  bool
}

// gridT is tick k's time on render's grid: k·735 frames at 44100 Hz, the t
// render passes to WalkCursor.Place (float64(done)/44100).
func gridT(k int64) float64 { return float64(k*StepFrames) / audio.SampleRate }

// Walk turns an input record that starts with Tick(0) at 0 s into a path: a
// point at each tick where the player stands somewhere new (and at the tick
// before it, so nothing is interpolated between grid times), and a change at
// each tick where the camera, the preferences or the focus differ from the
// tick before. warn lists what a path file cannot carry (emitter edits,
// stingers, ticks off the 1/60 s grid): the render then differs from that
// time on.
func (l *InputLog) Walk() (w *Walk, warn []string, err error) {
	if l.Truncated {
		return nil, nil, ErrTruncated
	}
	st := l.Start
	b := &walkBuilder{w: &Walk{}, k: -1, lastPt: -1, seen: map[string]bool{},
		cur: walkState{loc: Loc{Landblock: st.Landblock, X: st.LX, Y: st.LY, Z: st.Z}, cell: st.Cell,
			heading: st.Heading, eye: st.Eye, chase: st.Chase, prefs: st.Prefs, active: st.Active}}
	for _, in := range l.Inputs.All() {
		b.input(&in)
	}
	if b.k < 0 {
		return nil, nil, fmt.Errorf("nothing recorded (no tick)")
	}
	if b.lastPt != b.k {
		b.point(b.k, b.prev) // where the last tick heard it (calls after it were not heard)
	}
	return b.w, b.warn, nil
}

// walkBuilder follows the record tick by tick.
type walkBuilder struct {
	w       *Walk
	warn    []string
	seen    map[string]bool // warnings already given
	k       int64           // ticks so far − 1: the grid index of the last tick
	cur     walkState       // the state now
	prev    walkState       // the state at the last tick
	lastPt  int64           // grid index of the last point written
	changed bool            // a call since the last tick changed the state
}

// note warns once per kind of thing a path file cannot carry.
func (b *walkBuilder) note(t float64, what string) {
	if !b.seen[what] {
		b.seen[what] = true
		b.warn = append(b.warn, fmt.Sprintf("%s at %.3f s", what, t))
	}
}

func (b *walkBuilder) point(i int64, s walkState) {
	b.w.Points = append(b.w.Points, WalkPoint{T: gridT(i), Loc: s.loc, Heading: s.heading, Cell: s.cell})
	b.lastPt = i
}

// tick is one grid step: the state the Sim ticked with.
func (b *walkBuilder) tick() {
	b.k++
	if b.k == 0 {
		b.first()
	} else {
		b.later()
	}
	b.prev, b.changed = b.cur, false
}

// first is tick 0: the eye, chase, preferences and focus the walk starts
// with, and its first point.
func (b *walkBuilder) first() {
	e, c := b.cur.eye, b.cur.chase
	b.w.Eye, b.w.Chase = &e, &c
	if p, err := ParsePrefs(b.cur.prefs, audio.DefaultPrefs()); err == nil {
		b.w.Changes = append(b.w.Changes, WalkChange{T: 0, Prefs: &p}) // whatever -prefs says
	}
	if !b.cur.active {
		a := false
		b.w.Changes = append(b.w.Changes, WalkChange{T: 0, Active: &a})
	}
	b.point(0, b.cur)
}

// later is a tick after the first: a point pair where the player moved, a
// change where the camera, preferences or focus did.
func (b *walkBuilder) later() {
	cur, prev, k := b.cur, b.prev, b.k
	if cur.loc != prev.loc || cur.heading != prev.heading || cur.cell != prev.cell {
		if b.lastPt != k-1 {
			b.point(k-1, prev)
		}
		b.point(k, cur)
	}
	ch := WalkChange{T: gridT(k)}
	changed := false
	if cur.eye != prev.eye {
		e := cur.eye
		ch.Eye, changed = &e, true
	}
	if cur.chase != prev.chase {
		c := cur.chase
		ch.Chase, changed = &c, true
	}
	if cur.prefs != prev.prefs {
		if p, err := ParsePrefs(cur.prefs, audio.DefaultPrefs()); err == nil {
			ch.Prefs, changed = &p, true
		}
	}
	if cur.active != prev.active {
		a := cur.active
		ch.Active, changed = &a, true
	}
	if changed {
		b.w.Changes = append(b.w.Changes, ch)
	}
}

// startAt ticks once when the record did not start with a tick at 0 s (as
// if the state stood from 0 s).
func (b *walkBuilder) startAt(t float64) {
	if b.k < 0 {
		b.note(t, "the record does not start with a tick at 0 s")
		b.tick()
	}
}

// zeroTick is a Tick(0) after the first tick: the Sim re-evaluates at the
// last grid time, which render never does — harmless when nothing changed
// since.
func (b *walkBuilder) zeroTick(t float64) {
	if b.changed {
		b.note(t, "a zero-length tick after a move (paused or between steps)")
	}
}

// input follows one entry of the record.
func (b *walkBuilder) input(in *Input) {
	switch in.Kind {
	case InStep:
		b.startAt(in.T)
		for n := 0; n < in.N; n++ {
			b.tick()
		}
	case InTick:
		b.ticks(in)
	case InDrag: // per frame: a listener move, then a grid step
		for j := range in.DragFrames() {
			x, y, h, t := in.DragFrame(j)
			b.startAt(t)
			b.cur.loc = LocOf(Pos{X: x, Y: y})
			b.cur.loc.Z, b.cur.cell = 0, 0
			b.cur.heading = h
			b.tick()
		}
	default:
		b.apply(in)
	}
}

// ticks follows a Tick entry: Tick(0) at the start is tick 0; a tick off
// the 1/60 s grid cannot be carried.
func (b *walkBuilder) ticks(in *Input) {
	n := 0
	switch {
	case in.Dt == 0 && b.k < 0:
		b.tick()
		n = 1
	case in.Dt != 0:
		b.note(in.T, "a tick off the 1/60 s grid")
		return
	}
	for ; n < in.N; n++ {
		b.zeroTick(in.T)
	}
}

// apply follows a call that changes the state (heard at the next tick) or
// one a path file cannot carry.
func (b *walkBuilder) apply(in *Input) {
	c := &b.cur
	switch in.Kind {
	case InListener:
		c.loc = LocOf(Pos{X: in.X, Y: in.Y})
		c.loc.Z, c.cell = 0, 0
		c.heading = in.Heading // as passed: the Sim and render normalise it the same way
	case InPlayer:
		c.loc, c.cell = Loc{Landblock: in.Landblock, X: in.X, Y: in.Y}, 0
		c.heading = in.Heading // as passed: the Sim and render normalise it the same way
	case InIndoor: // A11: walked through a door or jumped to an indoor /loc
		c.loc, c.cell = Loc{Landblock: in.Landblock, X: in.X, Y: in.Y, Z: in.Z}, in.Cell
		c.heading = in.Heading
	case InEye:
		c.eye = in.Eye
	case InChase:
		c.chase = in.Chase
	case InPrefs:
		c.prefs = in.Prefs
	case InActive:
		c.active = in.Active
	case InEmitters, InAdd, InUpdate, InMove, InDelete:
		b.note(in.T, "emitters edited (the render uses the layout saved at the start)")
		return
	case InStinger:
		b.note(in.T, "a stinger played (a path file cannot play one)")
		return
	default:
		b.note(in.T, "an input a path file cannot carry ("+string(in.Kind)+")")
		return
	}
	b.changed = true
}
