package world

import (
	"fmt"

	"soundworld/audio"
)

// The Sim's placed point emitters (E1): their list, schedules and plays.

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

// fireEmitter triggers emitter i if due (E1). Decision: the first trigger is at
// placement time; each trigger re-arms at now + RollDice(min, max) on the
// manager's generator; at most one trigger per emitter per tick. The trigger's
// row carries its play's draws and the interval draw (O4).
func (s *Sim) fireEmitter(i int) {
	es := &s.emitters[i]
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

// SetEmitters replaces every emitter; each first triggers at the next Tick.
func (s *Sim) SetEmitters(es []Emitter) {
	if s.inputs != nil {
		s.note(Input{Kind: InEmitters, Emitters: cloneEmitters(es)})
	}
	s.emitters = s.emitters[:0]
	for _, e := range es {
		s.emitters = append(s.emitters, emitterState{e: e, next: s.now})
	}
}

// Emitters returns a copy of the emitters.
func (s *Sim) Emitters() []Emitter {
	out := make([]Emitter, len(s.emitters))
	for i, es := range s.emitters {
		out[i] = es.e
	}
	return out
}

// AddEmitter appends an emitter (first trigger at the next Tick) and returns its index.
func (s *Sim) AddEmitter(e Emitter) int {
	s.noteEmitter(InAdd, 0, e)
	s.emitters = append(s.emitters, emitterState{e: e, next: s.now})
	return len(s.emitters) - 1
}

// UpdateEmitter replaces emitter i's settings, keeping its schedule.
func (s *Sim) UpdateEmitter(i int, e Emitter) error {
	if i < 0 || i >= len(s.emitters) {
		return fmt.Errorf("world: no emitter %d", i)
	}
	s.noteEmitter(InUpdate, i, e)
	s.emitters[i].e = e
	return nil
}

// MoveEmitter moves emitter i to world (x, y) m, keeping its height mode.
func (s *Sim) MoveEmitter(i int, x, y float32) error {
	if i < 0 || i >= len(s.emitters) {
		return fmt.Errorf("world: no emitter %d", i)
	}
	if _, ok := Landblock(x, y); !ok {
		return fmt.Errorf("world: (%v, %v) is off the map", x, y)
	}
	s.note(Input{Kind: InMove, Index: i, X: x, Y: y})
	l := LocOf(Pos{X: x, Y: y})
	e := &s.emitters[i].e
	e.Landblock, e.X, e.Y = l.Landblock, l.X, l.Y
	return nil
}

// DeleteEmitter removes emitter i.
func (s *Sim) DeleteEmitter(i int) error {
	if i < 0 || i >= len(s.emitters) {
		return fmt.Errorf("world: no emitter %d", i)
	}
	s.note(Input{Kind: InDelete, Index: i})
	s.emitters = append(s.emitters[:i], s.emitters[i+1:]...)
	return nil
}
