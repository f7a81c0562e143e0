package world

import (
	"fmt"

	"soundworld/audio"
)

// The Sim's placed point emitters (E1): their list, schedules and plays.

// emitterState is one placed emitter and its schedule.
type emitterState struct {
	e    Emitter
	next float64 // s, next trigger time
	// radius caches audio.AudibleRadius(radVol, radMaster) in m.
	radVol, radMaster, radius float32
	radOK                     bool
}

// audibleRadius is S1 solved for −50 dB at the emitter's volume and master
// (E1), cached. A sound_hook play's volume is the effect volume itself (G3:
// squared when the quirk is on, else 1).
func (es *emitterState) audibleRadius(master float32, squared bool) float32 {
	vol := es.e.Volume
	if es.e.Path == audio.PathSoundHook {
		vol = 1
		if squared {
			vol = master
		}
	}
	if !es.radOK || es.radVol != vol || es.radMaster != master {
		es.radVol, es.radMaster, es.radOK = vol, master, true
		es.radius = audio.AudibleRadius(vol, master)
	}
	return es.radius
}

// fireEmitter triggers es if due (E1). Decision: the first trigger is at
// placement time; each trigger re-arms at now + RollDice(min, max) on the
// manager's generator; at most one trigger per emitter per tick. The trigger's
// row carries its play's draws and the interval draw (O4).
func (s *Sim) fireEmitter(es *emitterState) {
	if es.next > s.now {
		return
	}
	e := es.e
	loc := s.emitterLoc(e)
	pos := managerPos(loc, s.cam) // W6: offset from the emitter to the camera
	var p audio.Play
	if e.Path.PlaysWave() {
		p = s.mgr.PlayWave(s.now, e.Wave, pos, e.Volume, e.Probability, e.Path)
	} else {
		p = s.mgr.PlayEmitter(s.now, e.SoundTable, e.SType, pos, e.Volume, e.Path)
	}
	iv := s.mgr.RollDice(e.Interval[0], e.Interval[1])
	if !(iv >= 0) {
		iv = 0
	}
	es.next = s.now + float64(iv)
	s.recordEvent(Event{Play: p, Pos: loc.World(), Loc: loc, Trace: s.mgr.TakeTrace()})
}

// emitterLoc is the emitter's landblock-local position (W6); Z on the ground
// unless set.
func (s *Sim) emitterLoc(e Emitter) Loc {
	l := Loc{Landblock: e.Landblock, X: e.X, Y: e.Y}
	if e.Z != nil {
		l.Z = *e.Z
	} else {
		l.Z = s.land.GroundAt(l)
	}
	return l
}

// Emitters is the Sim's list of placed point emitters (E1), reached through
// Sim.Emitters: each emitter's settings and schedule, and the calls that
// change them. The Sim stays the one owner: its Tick fires them, its
// Snapshot shows them (Snapshot.Emitters), and each change is recorded in
// its input record (set, add, update, move and delete_emitter) so that a
// replay makes it again. An index is a position in the list: deleting an
// emitter shifts the ones after it down by one.
type Emitters struct {
	list []emitterState
	sim  emitterSim
}

// emitterSim is what the list asks of its Sim: the clock (a placed emitter
// first triggers at the next Tick) and the input record.
type emitterSim interface {
	Now() float64
	noteEmitters(in Input)
}

// Emitters is the Sim's emitter list.
func (s *Sim) Emitters() *Emitters { return &s.emitters }

// Set replaces every emitter; each first triggers at the next Tick.
func (em *Emitters) Set(es []Emitter) {
	em.sim.noteEmitters(Input{Kind: InEmitters, Emitters: es})
	em.list = em.list[:0]
	for _, e := range es {
		em.list = append(em.list, emitterState{e: e, next: em.sim.Now()})
	}
}

// List returns a copy of the emitters.
func (em *Emitters) List() []Emitter {
	out := make([]Emitter, len(em.list))
	for i, es := range em.list {
		out[i] = es.e
	}
	return out
}

// Add appends an emitter (first trigger at the next Tick) and returns its index.
func (em *Emitters) Add(e Emitter) int {
	em.sim.noteEmitters(Input{Kind: InAdd, Emitters: []Emitter{e}})
	em.list = append(em.list, emitterState{e: e, next: em.sim.Now()})
	return len(em.list) - 1
}

// Update replaces emitter i's settings, keeping its schedule.
func (em *Emitters) Update(i int, e Emitter) error {
	if err := em.check(i); err != nil {
		return err
	}
	em.sim.noteEmitters(Input{Kind: InUpdate, Index: i, Emitters: []Emitter{e}})
	em.list[i].e = e
	return nil
}

// Move moves emitter i to world (x, y) m, keeping its height mode.
func (em *Emitters) Move(i int, x, y float32) error {
	if err := em.check(i); err != nil {
		return err
	}
	if _, ok := Landblock(x, y); !ok {
		return fmt.Errorf("world: (%v, %v) is off the map", x, y)
	}
	em.sim.noteEmitters(Input{Kind: InMove, Index: i, X: x, Y: y})
	l := LocOf(Pos{X: x, Y: y})
	e := &em.list[i].e
	e.Landblock, e.X, e.Y = l.Landblock, l.X, l.Y
	return nil
}

// Delete removes emitter i.
func (em *Emitters) Delete(i int) error {
	if err := em.check(i); err != nil {
		return err
	}
	em.sim.noteEmitters(Input{Kind: InDelete, Index: i})
	em.list = append(em.list[:i], em.list[i+1:]...)
	return nil
}

// check refuses an index outside the list.
func (em *Emitters) check(i int) error {
	if i < 0 || i >= len(em.list) {
		return fmt.Errorf("world: no emitter %d", i)
	}
	return nil
}

// rearm makes every emitter due at t (Reset: the clock restarts at 0).
func (em *Emitters) rearm(t float64) {
	for i := range em.list {
		em.list[i].next = t
	}
}

// copies are copies of the emitters for an input record's start (nil when
// there are none: the record's "emitters": null).
func (em *Emitters) copies() []Emitter {
	var out []Emitter
	for _, es := range em.list {
		out = append(out, cloneEmitter(es.e))
	}
	return out
}

// views are the emitters as the Snapshot shows them (nil when there are
// none): each at loc(e) (W6), with its audible radius at effect volume
// master (E1, S1) and its next trigger time.
func (em *Emitters) views(master float32, squared bool, loc func(Emitter) Loc) []EmitterView {
	if len(em.list) == 0 {
		return nil
	}
	out := make([]EmitterView, len(em.list))
	for i := range em.list {
		es := &em.list[i]
		out[i] = EmitterView{Emitter: es.e, Pos: loc(es.e).World(),
			AudibleRadius: es.audibleRadius(master, squared), NextTrigger: es.next}
	}
	return out
}
