package world

import (
	"errors"
	"fmt"
	"math"

	"soundworld/audio"
	"soundworld/dat"
)

// DefaultEye is the listener's default eye height above ground in m (W5, ASSUMED).
const DefaultEye float32 = 2

// Sizes of the Sim's bounded histories.
const (
	maxEvents    = 256 // event log ring
	maxSpawns    = 64  // spawn ring
	spawnHistory = 2.0 // s of spawns kept in a snapshot
)

// Holtburg spawn (dat-format §4.5): cell 0xA9B40019 at local (84, 7.1).
var HoltburgX, HoltburgY = WorldPos(0xA9B4, 84, 7.1)

// Config builds a Sim.
type Config struct {
	Archive  *dat.Archive
	Data     Data // optional: used instead of Archive (tests, other sources)
	Seed     uint32
	Prefs    audio.Prefs // the zero value means audio.DefaultPrefs()
	Emitters []Emitter
	Bank     *audio.Bank // optional: share decoded waves across Sims over the same data
}

// Sim is the one simulation: clock, listener, ambient runtime, emitters, prefs,
// SoundManager. It advances only through Tick and reads no wall clock, so a run
// is a pure function of the data, the seed and the calls made on it (O3).
type Sim struct {
	data Data
	land *Land
	bank *audio.Bank
	mgr  *audio.Manager
	amb  *Ambient
	seed uint32

	prefs    audio.Prefs
	now      float64
	lis      Listener
	active   bool
	emitters []emitterState

	events, spawns       ring[audio.Play]
	spawnPos             ring[Pos]
	evVer, spVer         int // bumped on change: snapshots reuse unchanged slices
	lastEvVer, lastSpVer int
	snapEvents           []audio.Play
	snapSpawns           []Spawn
	onPlay               func(audio.Play)
	snap                 *Snapshot
	inputs               *InputLog // nil unless RecordInputs (inputlog.go)
}

type emitterState struct {
	e    Emitter
	next float64 // s, next trigger time
	// radius caches audio.AudibleRadius(radVol, radMaster) in m.
	radVol, radMaster, radius float32
	radOK                     bool
}

// audibleRadius is S1 solved for −50 dB at the emitter's volume and master (E1), cached.
func (es *emitterState) audibleRadius(master float32) float32 {
	if !es.radOK || es.radVol != es.e.Volume || es.radMaster != master {
		es.radVol, es.radMaster, es.radOK = es.e.Volume, master, true
		es.radius = audio.AudibleRadius(es.e.Volume, master)
	}
	return es.radius
}

// NewSim builds a Sim over an archive (or Config.Data). The listener starts at
// the Holtburg spawn, heading north, eye 2 m; nothing plays before the first Tick.
func NewSim(c Config) (*Sim, error) {
	d := c.Data
	if d == nil {
		if c.Archive == nil {
			return nil, errors.New("world: NewSim needs an archive")
		}
		d = c.Archive
	}
	land, err := NewLand(d)
	if err != nil {
		return nil, err
	}
	p := c.Prefs
	if p == (audio.Prefs{}) {
		p = audio.DefaultPrefs()
	}
	bank := c.Bank
	if bank == nil {
		bank = audio.NewBank(d)
	}
	land.ShareTables(bank) // one read and parse per sound table (A1 check and plays)
	s := &Sim{data: d, land: land, bank: bank, prefs: p, active: true}
	s.lis = Listener{Pos: Pos{X: HoltburgX, Y: HoltburgY}, Eye: DefaultEye}
	s.Reset(c.Seed)
	s.SetEmitters(c.Emitters)
	s.snap = s.makeSnapshot()
	return s, nil
}

// Reset restarts the clock at 0 with a new seed: a fresh SoundManager and
// ambient runtime (no instances), emitters re-armed at 0, histories cleared.
// The listener, prefs and emitters stay.
func (s *Sim) Reset(seed uint32) {
	s.seed = seed
	s.now = 0
	s.mgr = audio.NewManager(s.bank, s.prefs, seed)
	s.mgr.SetActive(s.active)
	s.amb = NewAmbient(s.land, s.mgr)
	s.amb.OnPlay = s.record
	s.events, s.spawns, s.spawnPos = ring[audio.Play]{}, ring[audio.Play]{}, ring[Pos]{}
	s.evVer++
	s.spVer++
	for i := range s.emitters {
		s.emitters[i].next = 0
	}
	s.inputs.restart(s)
	s.snap = s.makeSnapshot()
}

// Tick advances the clock by dt seconds (NaN or negative counts as 0) and
// returns the new snapshot: listener to the manager, ambient rebuild if the
// land cell changed and the queue drain (unless ambient is off, G5), then the
// emitters due.
func (s *Sim) Tick(dt float64) *Snapshot {
	s.note(Input{Kind: InTick, Dt: dt})
	if dt > 0 && !math.IsInf(dt, 0) {
		s.now += dt
	}
	s.placeListener()
	if s.prefs.Ambient { // G5: ambient off stops gather, drain and update
		s.amb.Update(s.now, s.lis.Pos)
	}
	for i := range s.emitters {
		s.fireEmitter(i)
	}
	s.snap = s.makeSnapshot()
	return s.snap
}

// placeListener sets Z = ground + eye (W5) and hands the listener to the manager.
func (s *Sim) placeListener() {
	s.lis.Pos.Z = s.land.GroundHeight(s.lis.Pos.X, s.lis.Pos.Y) + s.lis.Eye
	s.mgr.SetListener(s.lis.Pos, s.lis.Heading)
}

// fireEmitter triggers emitter i if due (E1). Decision: the first trigger is at
// placement time; each trigger re-arms at now + RollDice(min, max) on the
// manager's generator; at most one trigger per emitter per tick.
func (s *Sim) fireEmitter(i int) {
	es := &s.emitters[i]
	if es.next > s.now {
		return
	}
	pos := s.emitterPos(es.e)
	p := s.mgr.PlayEmitter(s.now, es.e.SoundTable, es.e.SType, pos, es.e.Volume, es.e.Path)
	s.record(p, pos)
	iv := s.mgr.RollDice(es.e.Interval[0], es.e.Interval[1])
	if !(iv >= 0) {
		iv = 0
	}
	es.next = s.now + float64(iv)
}

func (s *Sim) emitterPos(e Emitter) Pos {
	x, y := WorldPos(e.Landblock, e.X, e.Y)
	if e.Z != nil {
		return Pos{X: x, Y: y, Z: *e.Z}
	}
	return Pos{X: x, Y: y, Z: s.land.GroundHeight(x, y)}
}

// record logs one play decision; positioned sounds also become spawns.
func (s *Sim) record(p audio.Play, pos Pos) {
	s.events.push(p, maxEvents)
	s.evVer++
	if p.Source == audio.SourceOneShot || p.Source == audio.SourceEmitter {
		s.spawns.push(p, maxSpawns)
		s.spawnPos.push(pos, maxSpawns)
		s.spVer++
	}
	if s.onPlay != nil {
		s.onPlay(p)
	}
}

// SetOnPlay installs a callback that sees every play decision as it happens
// (render -events). nil removes it.
func (s *Sim) SetOnPlay(f func(audio.Play)) { s.onPlay = f }

// Snapshot returns the latest snapshot.
func (s *Sim) Snapshot() *Snapshot { return s.snap }

// SetListener moves the listener (world m; Z = ground + eye) and sets its
// compass heading in degrees. Takes effect at the next Tick.
func (s *Sim) SetListener(x, y, heading float32) {
	if x != s.lis.Pos.X || y != s.lis.Pos.Y || normDeg(heading) != s.lis.Heading {
		s.note(Input{Kind: InListener, X: x, Y: y, Heading: heading})
	}
	s.lis.Pos.X, s.lis.Pos.Y, s.lis.Heading = x, y, normDeg(heading)
	s.placeListener()
}

// Listener returns the current listener.
func (s *Sim) Listener() Listener { return s.lis }

// SetEye sets the eye height above ground in m (W5).
func (s *Sim) SetEye(h float32) {
	if h >= 0 && !math.IsInf(float64(h), 0) {
		if h != s.lis.Eye {
			s.note(Input{Kind: InEye, Eye: h})
		}
		s.lis.Eye = h
		s.placeListener()
	}
}

// SetPrefs replaces the preferences (G1–G5).
func (s *Sim) SetPrefs(p audio.Prefs) {
	if p != s.prefs && s.inputs != nil {
		s.note(Input{Kind: InPrefs, Prefs: FormatPrefs(p)})
	}
	s.prefs = p
	s.mgr.SetPrefs(p)
}

// Prefs returns the preferences.
func (s *Sim) Prefs() audio.Prefs { return s.prefs }

// SetActive reports window focus (G4).
func (s *Sim) SetActive(active bool) {
	if active != s.active {
		s.note(Input{Kind: InActive, Active: active})
	}
	s.active = active
	s.mgr.SetActive(active)
}

// Now is the sim clock in s.
func (s *Sim) Now() float64 { return s.now }

// Seed is the seed of the last Reset.
func (s *Sim) Seed() uint32 { return s.seed }

// Manager is the SoundManager driven by the Sim (for the mixer's starts).
func (s *Sim) Manager() *audio.Manager { return s.mgr }

// Bank is the sound bank shared by the manager and the mixer.
func (s *Sim) Bank() *audio.Bank { return s.bank }

// Land is the world the Sim reads.
func (s *Sim) Land() *Land { return s.land }

// Ambient is the ambient runtime (for tests and diagnostics).
func (s *Sim) Ambient() *Ambient { return s.amb }

// GroundHeight is the terrain height in m at world (x, y).
func (s *Sim) GroundHeight(x, y float32) float32 { return s.land.GroundHeight(x, y) }

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
	lb, ok := Landblock(x, y)
	if !ok {
		return fmt.Errorf("world: (%v, %v) is off the map", x, y)
	}
	s.note(Input{Kind: InMove, Index: i, X: x, Y: y})
	e := &s.emitters[i].e
	e.Landblock = lb
	e.X, e.Y = Local(x, y)
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

// makeSnapshot copies the state out; slices that did not change since the last
// snapshot are shared (they are never written after being handed out).
func (s *Sim) makeSnapshot() *Snapshot {
	sn := &Snapshot{
		Time:        s.now,
		Listener:    s.lis,
		CellID:      CellID(s.lis.Pos.X, s.lis.Pos.Y),
		TotalWeight: s.amb.TotalWeight(),
		Cells:       s.amb.Cells(),
		Instances:   s.amb.Instances(),
		Prefs:       s.prefs,
		NoAmbient:   s.amb.placed && len(s.amb.Cells()) == 0, // A11
	}
	sn.Voices, sn.Cursor, sn.Drops, sn.Evictions = s.mgr.Voices(s.now)
	if s.evVer != s.lastEvVer {
		s.snapEvents = s.events.slice()
		s.lastEvVer = s.evVer
	}
	sn.Events = s.snapEvents
	if s.spVer != s.lastSpVer || (len(s.snapSpawns) > 0 && s.snapSpawns[0].Time < s.now-spawnHistory) {
		s.snapSpawns = s.recentSpawns()
		s.lastSpVer = s.spVer
	}
	sn.Spawns = s.snapSpawns
	if len(s.emitters) > 0 {
		master := s.prefs.EffectVolume
		if !s.prefs.Effects {
			master = 0
		}
		sn.Emitters = make([]EmitterView, len(s.emitters))
		for i := range s.emitters {
			es := &s.emitters[i]
			sn.Emitters[i] = EmitterView{
				Emitter: es.e, Pos: s.emitterPos(es.e),
				AudibleRadius: es.audibleRadius(master),
				NextTrigger:   es.next,
			}
		}
	}
	return sn
}

func (s *Sim) recentSpawns() []Spawn {
	ps, pos := s.spawns.slice(), s.spawnPos.slice()
	var out []Spawn
	for i, p := range ps {
		if p.Time >= s.now-spawnHistory {
			out = append(out, Spawn{Time: p.Time, Pos: pos[i], DB: p.DB, Pan: p.Pan, Play: p})
		}
	}
	return out
}

// ring is a bounded FIFO history.
type ring[T any] struct {
	buf   []T
	start int
}

func (r *ring[T]) push(v T, capacity int) {
	if len(r.buf) < capacity {
		r.buf = append(r.buf, v)
		return
	}
	r.buf[r.start] = v
	r.start = (r.start + 1) % capacity
}

// slice returns a fresh copy, oldest first.
func (r *ring[T]) slice() []T {
	out := make([]T, 0, len(r.buf))
	out = append(out, r.buf[r.start:]...)
	return append(out, r.buf[:r.start]...)
}
