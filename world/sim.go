package world

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"soundworld/audio"
	"soundworld/dat"
)

// DefaultEye and DefaultChase are the camera's default height above the
// player's feet and distance behind along the heading, in m: retail's home
// view (W5 revision 3, the "retail" preset).
const (
	DefaultEye   float32 = 2.25
	DefaultChase float32 = 2.5
)

// CameraPreset is a named camera (W5): Eye m above the player's feet, Chase
// m behind along the heading.
type CameraPreset struct {
	Name       string
	Eye, Chase float32
}

// CameraPresets are the named cameras, the default first (W5 revision 3 [D3:
// SmartBox::set_viewer_home, CameraManager::CameraManager, CameraSet::SetInHead]):
//   - retail: the home view every retail session starts in — pivot 1.5 m above
//     the feet, viewer offset (0, −2.5, 0.75) from it at scale 1.0, so 2.5 m
//     behind and 2.25 m up. A recording made in retail without zooming hears this.
//   - first-person: the camera in the head, at the pivot 1.5 m above the feet.
//     (Retail's in-head view adds 0.18 m forward, not modelled: chase ≥ 0.)
var CameraPresets = []CameraPreset{
	{Name: "retail", Eye: DefaultEye, Chase: DefaultChase},
	{Name: "first-person", Eye: 1.5, Chase: 0},
}

// CameraPresetNamed returns the preset called name, or an error listing them.
func CameraPresetNamed(name string) (CameraPreset, error) {
	var names []string
	for _, p := range CameraPresets {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return CameraPreset{}, fmt.Errorf("camera %q: want one of %s", name, strings.Join(names, ", "))
}

// CameraName names the camera at eye and chase m: a preset's name, or
// "custom (eye E m, chase C m)".
func CameraName(eye, chase float32) string {
	for _, p := range CameraPresets {
		if p.Eye == eye && p.Chase == chase {
			return p.Name
		}
	}
	return fmt.Sprintf("custom (eye %g m, chase %g m)", eye, chase)
}

// Sizes of the Sim's bounded histories.
const (
	maxEvents    = 256 // event log ring
	maxSpawns    = 64  // spawn ring
	spawnHistory = 2.0 // s of spawns kept in a snapshot
)

// Holtburg spawn (dat-format §4.5): cell 0xA9B40019 at local (84, 7.1).
var HoltburgX, HoltburgY = WorldPos(HoltburgSpawn.Landblock, HoltburgSpawn.X, HoltburgSpawn.Y)

// HoltburgSpawn is the spawn's landblock-local position exactly (W6).
var HoltburgSpawn = Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}

// Config builds a Sim.
type Config struct {
	Archive  *dat.Archive
	Data     Data // optional: used instead of Archive (tests, other sources)
	Seed     uint32
	Prefs    audio.Prefs // the zero value means audio.DefaultPrefs()
	Emitters []Emitter
	Bank     *audio.Bank // optional: share decoded waves across Sims over the same data
	// NoObjects leaves out the world's own object sources (E3; the commands'
	// -objects=false). With it unset they play.
	NoObjects bool
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

	prefs audio.Prefs
	now   float64
	lis   Listener
	feet  Loc // W5: the player's feet, landblock-local (W6); Z = ground (indoors: the floor)
	// A11: the player's EnvCell (0 outdoors) and its seen_outside flag.
	indoor      uint32
	seesOutside bool
	cam         Loc // W5: the camera
	active      bool
	emitters    Emitters // E1 (emitters.go)
	objs        *Objects // E3: the data's object sources
	noObjs      bool

	// T4: the manager's generators, owned here so snapshots can report their state.
	dice         *audio.Ran2
	rnd          *audio.MSVCRand
	draws, rands int                           // values drawn since the seed (O4)
	slotTraces   *[audio.NumVoices]audio.Trace // the draws behind each slot's voice; copied on write
	rngSnap      *RNGState                     // the last reported state; replaced when something was drawn

	events, spawns       ring[Event]
	evVer, spVer         int // bumped on change: snapshots reuse unchanged slices
	lastEvVer, lastSpVer int
	snapEvents           []Event
	snapSpawns           []Spawn
	onPlay               func(audio.Play)
	onEvent              func(Event)
	snap                 *Snapshot
	inputs               *InputLog // nil unless RecordInputs (inputlog.go)
}

// NewSim builds a Sim over an archive (or Config.Data). The player starts at
// the Holtburg spawn, heading north, camera 2 m up, no chase; nothing plays
// before the first Tick.
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
	s := &Sim{data: d, land: land, bank: bank, prefs: p, active: true, noObjs: c.NoObjects}
	s.objs = newObjects(land, d)
	s.emitters.sim = s
	s.lis = Listener{Eye: DefaultEye, Chase: DefaultChase}
	s.feet = Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}
	s.Reset(c.Seed)
	s.emitters.Set(c.Emitters)
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
	s.dice, s.rnd = audio.NewRan2(seed), audio.NewMSVCRand(seed) // T4: Random::Seed(seed), srand(seed)
	s.mgr.SetRandom(s.dice, s.rnd)
	s.draws, s.rands, s.slotTraces, s.rngSnap = 0, 0, &[audio.NumVoices]audio.Trace{}, nil
	s.mgr.SetActive(s.active)
	s.placeListener()
	s.amb = NewAmbient(s.land, s.mgr)
	s.amb.OnEvent = s.recordEvent
	s.events, s.spawns = ring[Event]{}, ring[Event]{}
	s.evVer++
	s.spVer++
	s.emitters.rearm(0)
	s.objs.reset()
	s.inputs.restart(s)
	s.snap = s.makeSnapshot()
}

// Tick advances the clock by dt seconds (NaN or negative counts as 0) and
// returns the new snapshot: the camera to the manager; the ambient frame in
// retail order — cell change (gather + UpdatePlayQueue, or with ambient off
// only the reset, G5) before the drain (A10); then the emitters due.
func (s *Sim) Tick(dt float64) *Snapshot {
	s.note(Input{Kind: InTick, Dt: dt})
	if dt > 0 && !math.IsInf(dt, 0) {
		s.now += dt
	}
	s.placeListener()
	// Retail's frame [D4: SmartBox::UseTime 146255]: ChangePosition (the
	// ambient cell change, A11's release or the 3×3 scan of E3), then the
	// objects (CPhysics::UseTime), then the ambient drain (Ambient::UseTime).
	s.amb.SetIndoor(s.indoor, s.seesOutside)                    // A11
	s.amb.ChangePosition(s.now, s.feet, s.cam, s.prefs.Ambient) // G5 inside
	if !s.noObjs {
		s.objs.changePosition(s.now, s.feet, s.indoor, s.seesOutside)
		s.objs.update(s.now, s.objRunner())
	}
	s.amb.UseTime(s.now, s.prefs.Ambient)
	for i := range s.emitters.list {
		s.fireEmitter(&s.emitters.list[i])
	}
	s.snap = s.makeSnapshot()
	return s.snap
}

// cellID is the player's cell: the EnvCell indoors (A11), else the land cell (W2).
func (s *Sim) cellID() uint32 {
	if s.indoor != 0 {
		return s.indoor
	}
	return s.feet.CellID()
}

// placeListener puts the player's feet on the ground and derives the camera
// (W5), and hands the camera's heading to the manager. The manager's listener
// sits at the origin of a camera-centred frame: every position it is given is
// managerPos(source, camera), so its differences are W6 offsets (S3, S4).
func (s *Sim) placeListener() {
	if s.indoor == 0 { // indoors the feet stand on the cell's floor (A11)
		s.feet.Z = s.land.GroundAt(s.feet)
	}
	s.cam = cameraLoc(s.feet, s.lis.Heading, s.lis.Eye, s.lis.Chase)
	s.lis.Pos = s.feet.World()
	s.mgr.SetListener(audio.Vec3{}, s.lis.Heading)
}

// record logs a play made outside the ambient runtime and the emitters (a
// stinger) at pos, with the draws it consumed.
func (s *Sim) record(p audio.Play, pos Pos) {
	s.recordEvent(Event{Play: p, Pos: pos, Trace: s.mgr.TakeTrace()})
}

// recordEvent logs one decision; positioned sounds also become spawns.
func (s *Sim) recordEvent(ev Event) {
	s.draws += len(ev.Trace.Draws)
	s.rands += len(ev.Trace.Rands)
	if ev.Slot >= 0 && ev.Slot < audio.NumVoices && (ev.Outcome == audio.OutcomeStart || ev.Outcome == audio.OutcomeEvict) {
		t := *s.slotTraces // snapshots share the old array
		t[ev.Slot] = ev.Trace
		s.slotTraces = &t
	}
	s.events.push(ev, maxEvents)
	s.evVer++
	if ev.Outcome != audio.NotNow && (ev.Source == audio.SourceOneShot || ev.Source == audio.SourceEmitter || ev.Source == audio.SourceObject) {
		s.spawns.push(ev, maxSpawns)
		s.spVer++
	}
	if s.onPlay != nil {
		s.onPlay(ev.Play)
	}
	if s.onEvent != nil {
		s.onEvent(ev)
	}
}

// SetOnEvent installs a callback that sees every decision with the draws it
// consumed, in draw order (O4: render -events). nil removes it.
func (s *Sim) SetOnEvent(f func(Event)) { s.onEvent = f }

// SetOnPlay installs a callback that sees every play decision as it happens
// (render -events). nil removes it.
func (s *Sim) SetOnPlay(f func(audio.Play)) { s.onPlay = f }

// Snapshot returns the latest snapshot.
func (s *Sim) Snapshot() *Snapshot { return s.snap }

// SetListener moves the PLAYER to world (x, y) m (converted exactly to
// landblock-local, W6; feet on the ground) and sets the compass heading in
// degrees. Takes effect at the next Tick.
func (s *Sim) SetListener(x, y, heading float32) {
	if !finite32(x) || !finite32(y) || !finite32(heading) {
		return // not a position: ignored, like a bad eye height
	}
	nf := LocOf(Pos{X: x, Y: y})
	if nf.Landblock != s.feet.Landblock || nf.X != s.feet.X || nf.Y != s.feet.Y || normDeg(heading) != s.lis.Heading || s.indoor != 0 { // stepping out of an EnvCell is a move (A11)
		s.note(Input{Kind: InListener, X: x, Y: y, Heading: heading})
	}
	s.feet, s.lis.Heading = nf, normDeg(heading)
	s.indoor, s.seesOutside = 0, false
	s.placeListener()
}

// SetPlayer moves the player to a landblock-local position exactly (its Z is
// replaced by the ground height) and sets the heading in degrees. A position
// outside its landblock is first moved into the landblock it lies in.
func (s *Sim) SetPlayer(l Loc, heading float32) {
	if !finite32(l.X) || !finite32(l.Y) || !finite32(heading) {
		return
	}
	if !(l.X >= 0 && l.X < BlockSize && l.Y >= 0 && l.Y < BlockSize) {
		x, y := l.world64()
		l = locOf64(x, y, l.Z)
	}
	s.notePlayer(l, heading)
	s.feet, s.lis.Heading = l, normDeg(heading)
	s.indoor, s.seesOutside = 0, false
	s.placeListener()
}

func finite32(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }

// Listener returns what the user placed: the player and the camera settings.
func (s *Sim) Listener() Listener { return s.lis }

// Player is the player's feet, landblock-local (W5, W6).
func (s *Sim) Player() Loc { return s.feet }

// Camera is the camera, landblock-local: where the SoundManager listens (W5).
func (s *Sim) Camera() Loc { return s.cam }

// SetChase sets the camera's distance behind the player along the heading in
// m (W5; 0 = first person).
func (s *Sim) SetChase(m float32) { s.setCamera(&s.lis.Chase, m, Input{Kind: InChase, Chase: m}) }

// SetEye sets the camera's height above the player's feet in m (W5).
func (s *Sim) SetEye(h float32) { s.setCamera(&s.lis.Eye, h, Input{Kind: InEye, Eye: h}) }

// setCamera sets the camera setting *p to v in m (a negative or non-finite
// v is ignored), recording in when the value changes, and moves the camera.
func (s *Sim) setCamera(p *float32, v float32, in Input) {
	if v >= 0 && !math.IsInf(float64(v), 0) {
		if v != *p {
			s.note(in)
		}
		*p = v
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

// makeSnapshot copies the state out; slices that did not change since the last
// snapshot are shared (they are never written after being handed out).
func (s *Sim) makeSnapshot() *Snapshot {
	sn := &Snapshot{
		Time:        s.now,
		Listener:    s.lis,
		Player:      s.feet,
		Camera:      s.cam,
		CameraPos:   s.cam.World(),
		CellID:      s.cellID(),
		TotalWeight: s.amb.TotalWeight(),
		Cells:       s.amb.Cells(),
		Instances:   s.amb.Instances(),
		Prefs:       s.prefs,
		NoAmbient:   s.indoor == 0 && s.amb.placed && s.amb.Gathered() && len(s.amb.Cells()) == 0, // A11 (outdoors; a closed EnvCell says so itself)
		Indoor:      s.indoor,
		SeesOutside: s.seesOutside,
		VoiceTraces: s.slotTraces,
		RNG:         s.rngState(),
	}
	sn.Voices, sn.Cursor, sn.Drops, sn.Evictions = s.mgr.Voices(s.now)
	if !s.noObjs {
		sn.Objects = s.objectViews()
		if c := s.objs.Released(); c != 0 {
			sn.ObjectsReleased = releasedWhy(c)
		}
	}
	if s.evVer != s.lastEvVer {
		s.snapEvents = s.events.slice(maxEvents)
		s.lastEvVer = s.evVer
	}
	sn.Events = s.snapEvents
	if s.spVer != s.lastSpVer || (len(s.snapSpawns) > 0 && s.snapSpawns[0].Time < s.now-spawnHistory) {
		s.snapSpawns = s.recentSpawns()
		s.lastSpVer = s.spVer
	}
	sn.Spawns = s.snapSpawns
	sn.Emitters = s.emitters.views(s.effectMaster(), s.prefs.Squared, s.emitterLoc)
	return sn
}

// effectMaster is the effect volume the audible radii are drawn at (G1:
// 0 with effects off).
func (s *Sim) effectMaster() float32 {
	if !s.prefs.Effects {
		return 0
	}
	return s.prefs.EffectVolume
}

// rngState is both generators' state now (T4), a new value only when
// something was drawn since the last one.
func (s *Sim) rngState() *RNGState {
	if r := s.rngSnap; r != nil && r.Seed == s.seed && r.Draws == s.draws && r.Rands == s.rands {
		return r
	}
	s.rngSnap = &RNGState{Seed: s.seed, Ran2: s.dice.State(), Rand: s.rnd.State(), Draws: s.draws, Rands: s.rands}
	return s.rngSnap
}

func (s *Sim) recentSpawns() []Spawn {
	var out []Spawn
	for _, ev := range s.spawns.slice(maxSpawns) {
		if ev.Time >= s.now-spawnHistory {
			out = append(out, Spawn{Time: ev.Time, Pos: ev.Pos, DB: ev.DB, Pan: ev.Pan, Play: ev.Play})
		}
	}
	return out
}

// ring is a bounded history whose views are shared, never copied per
// snapshot: it appends into a backing array and, when that is full, starts a
// new one holding the last capacity−1 items. Items are never written after
// being appended, so a view handed out stays valid and unchanged.
type ring[T any] struct {
	buf []T
}

func (r *ring[T]) push(v T, capacity int) {
	if len(r.buf) == cap(r.buf) && len(r.buf) >= capacity {
		keep := r.buf[len(r.buf)-(capacity-1):]
		nb := make([]T, len(keep), 2*capacity)
		copy(nb, keep)
		r.buf = nb
	}
	r.buf = append(r.buf, v)
}

// slice returns the last capacity items, oldest first (a shared view: do not modify).
func (r *ring[T]) slice(capacity int) []T {
	n := len(r.buf)
	return r.buf[max(n-capacity, 0):n:n]
}
