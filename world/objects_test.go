package world

import (
	"math"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// objFake is fakeData plus the E3 records (ObjectData).
type objFake struct {
	*fakeData
	infos   map[uint32]*dat.LandBlockInfo
	setups  map[uint32]*dat.Setup
	anims   map[uint32]*dat.Animation
	scripts map[uint32]*dat.PhysicsScript
}

func (f *objFake) LandBlockInfo(id uint32) (*dat.LandBlockInfo, error) { return record(f.infos, id) }
func (f *objFake) Setup(id uint32) (*dat.Setup, error)                 { return record(f.setups, id) }
func (f *objFake) Animation(id uint32) (*dat.Animation, error)         { return record(f.anims, id) }
func (f *objFake) PhysicsScript(id uint32) (*dat.PhysicsScript, error) { return record(f.scripts, id) }

const (
	objLB     uint16 = 0xA9B4
	objSetup  uint32 = 0x02000100
	objAnimID uint32 = 0x03000100
	objScr    uint32 = 0x33000100
	objScr2   uint32 = 0x33000101
)

// newObjFake is landblock 0xA9B4 (flat, no ambient) holding one object of
// objSetup at (90, 20, 5); the caller fills in the setup and its records.
func newObjFake(t *testing.T) *objFake {
	f := &objFake{fakeData: newFake(nil, nil), infos: map[uint32]*dat.LandBlockInfo{},
		setups: map[uint32]*dat.Setup{}, anims: map[uint32]*dat.Animation{}, scripts: map[uint32]*dat.PhysicsScript{}}
	f.addMap(t, objLB, 0, emptyMap)
	f.infos[uint32(objLB)<<16|0xFFFE] = &dat.LandBlockInfo{ID: uint32(objLB)<<16 | 0xFFFE,
		Objects: []dat.Stab{{ID: 0x01000001}, {ID: objSetup, Frame: dat.Frame{X: 90, Y: 20, Z: 5, QW: 1}}}}
	return f
}

// defaultScript makes entries the object's default script (objScr, played
// at creation by objSetup).
func (f *objFake) defaultScript(entries []dat.ScriptEntry) {
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultScript: objScr}
	f.scripts[objScr] = &dat.PhysicsScript{ID: objScr, Entries: entries}
}

// objSim runs a Sim over f at the object for seconds at dt, returning the
// object rows of the event log.
func objSim(t *testing.T, f Data, dt, seconds float64) []Event {
	t.Helper()
	s, err := NewSim(Config{Data: f, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	var evs []Event
	s.SetOnEvent(func(ev Event) {
		if ev.Source == audio.SourceObject {
			evs = append(evs, ev)
		}
	})
	for range int(math.Round(seconds / dt)) {
		s.Tick(dt)
	}
	return evs
}

// tickAfter is the first tick time k·dt ≥ t (exact binary fractions only).
func tickAfter(t, dt float64) float64 { return math.Ceil(t/dt) * dt }

// TestE3_AnimationLoopSchedule pins the animation path against a schedule
// worked by hand from retail's rules (CPartArray::InitDefaults: 30 frames/s
// from frame 0; animate_static_object: an update once ≥ 1/30 s has passed;
// CSequence::update_internal: a frame's hooks run when the frame number
// passes the frame's end, the last frame's hooks never run, the overshoot
// carries into the next loop). With ticks of 1/16 s the object is created at
// the first tick t0 = 1/16 and advances every tick after; frame 1's end is
// crossed at t0 + (2 + 4k)/30, and its hook fires at the first tick at or
// after that. Frame 3 (the last) holds a hook that must never run, frame 2 a
// backward-only hook that a forward play never runs.
func TestE3_AnimationLoopSchedule(t *testing.T) {
	f := newObjFake(t)
	f.tables[forgeTable] = soundTable(forgeTable, 0x0A000000, 0x69, 0x6A)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID, DefaultSoundTable: forgeTable}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, NumParts: 0, Frames: []dat.AnimFrame{
		{}, {Hooks: []dat.Hook{{Type: dat.HookSoundTable, Dir: dat.HookBoth, SType: 0x69}}},
		{Hooks: []dat.Hook{{Type: dat.HookSoundTable, Dir: dat.HookBackward, SType: 0x6A}}},
		{Hooks: []dat.Hook{{Type: dat.HookSoundTable, Dir: dat.HookForward, SType: 0x6A}}},
	}}
	const dt = 1.0 / 16
	evs := objSim(t, f, dt, 1.0)
	t0 := dt
	var want []float64
	for k := 0; ; k++ {
		c := t0 + float64(2+4*k)/30
		if tickAfter(c, dt) > 1.0 {
			break
		}
		want = append(want, tickAfter(c, dt))
	}
	if len(want) != 7 { // 0.1875, 0.3125, 0.4375, 0.5625, 0.6875, 0.8125, 0.9375
		t.Fatalf("hand schedule has %d fires: %v", len(want), want)
	}
	if len(evs) != len(want) {
		t.Fatalf("got %d object plays, want %d at %v", len(evs), len(want), want)
	}
	for i, ev := range evs {
		if ev.Time != want[i] || ev.SType != 0x69 || ev.Table != forgeTable || ev.Object == nil ||
			ev.Object.Frame != 1 || ev.Object.Anim != objAnimID || ev.Object.Setup != objSetup ||
			ev.Object.ObjectID != uint32(objLB)<<16|1 || ev.Outcome != audio.OutcomeStart {
			t.Errorf("play %d: %+v %+v, want SType 0x69 frame 1 at %v", i, ev.Play, ev.Object, want[i])
		}
		if len(ev.Trace.Draws) != 1 || len(ev.Trace.Rands) != 1 { // T1 pick roll, T2 gate (E1 hook path)
			t.Errorf("play %d draws %v rands %v, want one of each (pick, gate)", i, ev.Trace.Draws, ev.Trace.Rands)
		}
	}
}

// At 60 ticks a second an object advances only every other tick at best
// (Δ ≥ 1/30 s): with no update ever Δ < 1/30, the first fire is no earlier
// than the continuous crossing time, and never more than 3 ticks after it.
func TestE3_AnimationAt60(t *testing.T) {
	f := newObjFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID, DefaultSoundTable: forgeTable}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, Frames: []dat.AnimFrame{
		{Hooks: []dat.Hook{{Type: dat.HookSoundTable, SType: 0x69}}}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}}
	evs := objSim(t, f, 1.0/60, 3)
	// 15 frames at 30/s: a loop every 0.5 s; frame 0 ends 1/30 s after each loop start.
	if len(evs) != 6 {
		t.Fatalf("got %d fires in 3 s, want 6 (one per 0.5 s loop)", len(evs))
	}
	t0 := 1.0 / 60
	for k, ev := range evs {
		c := t0 + 1.0/30 + 0.5*float64(k)
		if ev.Time < c-1e-9 || ev.Time > c+3.0/60+1e-9 {
			t.Errorf("fire %d at %v, want within [%v, %v]", k, ev.Time, c, c+3.0/60)
		}
	}
}

// TestE3_ScriptOnce: a default script's hooks fire once, in start-time order
// (record order is not), at the first update at or after creation + start;
// a SoundHook plays through sound_hook (no gate: no rand drawn), a
// SoundTweakedHook through tweaked_hook (the gate draws one rand).
func TestE3_ScriptOnce(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{
		{StartTime: 0.3, Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: 0x0A000002, Probability: 1, Priority: 0.9, Volume: 0.5}},
		{StartTime: 0.1, Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}},
	})
	const dt = 1.0 / 16
	evs := objSim(t, f, dt, 3)
	if len(evs) != 2 {
		t.Fatalf("got %d plays, want 2 (each hook once)", len(evs))
	}
	t0 := dt
	if evs[0].Time != tickAfter(t0+0.1, dt) || evs[0].Wave != 0x0A000001 || evs[0].Object.Script != objScr || evs[0].Object.Start != 0.1 || len(evs[0].Trace.Rands) != 0 {
		t.Errorf("sound hook: %+v %+v %+v", evs[0].Play, evs[0].Object, evs[0].Trace)
	}
	if evs[1].Time != tickAfter(t0+0.3, dt) || evs[1].Wave != 0x0A000002 || len(evs[1].Trace.Rands) != 1 || evs[1].Outcome != audio.OutcomeStart {
		t.Errorf("tweaked hook: %+v %+v", evs[1].Play, evs[1].Trace)
	}
}

// TestE3_TweakedGate: a tweaked hook with probability 0 is gated (T2 draws
// one rand, strictly less than 0 never holds) — the hook's own probability,
// read in retail's byte order.
func TestE3_TweakedGate(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{
		{StartTime: 0, Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: 0x0A000002, Probability: 0, Priority: 1, Volume: 1}},
	})
	evs := objSim(t, f, 1.0/16, 1)
	if len(evs) != 1 || evs[0].Outcome != audio.OutcomeGated || len(evs[0].Trace.Rands) != 1 {
		t.Fatalf("got %+v, want one gated play with one rand", evs)
	}
}

// A CallPES with no pause queues the chained script after the running one
// ends (AddScriptInternal: start = last start + its length); with no default
// sound table a SoundTableHook is silent and says why.
func TestE3_CallPESChain(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{
		{StartTime: 0, Hook: dat.Hook{Type: dat.HookCallPES, Script: objScr2}},
		{StartTime: 0.5, Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}},
	})
	f.scripts[objScr2] = &dat.PhysicsScript{ID: objScr2, Entries: []dat.ScriptEntry{
		{StartTime: 0.25, Hook: dat.Hook{Type: dat.HookSoundTable, SType: 0x69}},
	}}
	const dt = 1.0 / 16
	evs := objSim(t, f, dt, 2)
	if len(evs) != 2 {
		t.Fatalf("got %d plays, want 2", len(evs))
	}
	t0 := dt
	// The chained script starts at t0 + 0.5 (the first script's length) and
	// its hook at 0.25 after that.
	if evs[0].Time != tickAfter(t0+0.5, dt) || evs[0].Wave != 0x0A000001 {
		t.Errorf("first: %+v", evs[0].Play)
	}
	if evs[1].Time != tickAfter(t0+0.75, dt) || evs[1].Outcome != audio.OutcomeSilent || evs[1].Object.Script != objScr2 {
		t.Errorf("chained: %+v %+v", evs[1].Play, evs[1].Object)
	}
}

// Objects belong to the 3×3 landblocks around the player: moving two
// landblocks away removes the object, coming back creates it again.
func TestE3_ObjectsFollowThe3x3(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}}})
	s, err := NewSim(Config{Data: f, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	if sn := s.Tick(1.0 / 60); len(sn.Objects) != 1 || sn.Objects[0].ID != uint32(objLB)<<16|1 {
		t.Fatalf("objects at the forge: %+v", sn.Objects)
	}
	s.SetPlayer(Loc{Landblock: objLB + 0x200, X: 90, Y: 10}, 0)
	if sn := s.Tick(1.0 / 60); len(sn.Objects) != 0 {
		t.Fatalf("objects two landblocks east: %+v", sn.Objects)
	}
	s2, _ := NewSim(Config{Data: f, Seed: 1, NoObjects: true})
	if sn := s2.Tick(1.0 / 60); sn.Objects != nil || !s2.noObjs {
		t.Fatalf("NoObjects: %+v", sn.Objects)
	}
}

// An object says why it is silent (ObjectView.State): a script-only object
// whose script has run is ScriptFinished (E3: the default script runs once
// per creation) and keeps saying so; one whose script still has entries to
// run says nothing; an animated object never finishes; an object beyond its
// audible radius is OutOfRange with the distance (the camera at the default
// view stands 2.5 m behind the player, so from (90, 10) the object at
// (90, 20, 5) is more than 10 m away).
func TestE3_ObjectStateSaysWhy(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{
		{StartTime: 0.5, Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}},
	})
	s, err := NewSim(Config{Data: f, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	state := func() string {
		t.Helper()
		sn := s.Tick(1.0 / 16)
		if len(sn.Objects) != 1 {
			t.Fatalf("%d objects, want 1", len(sn.Objects))
		}
		return sn.Objects[0].State
	}
	if got := state(); got != "" {
		t.Errorf("script still to run: state %q, want none", got)
	}
	for range 16 {
		state()
	}
	if got := state(); got != ScriptFinished {
		t.Errorf("after its script: state %q, want %q", got, ScriptFinished)
	}
	if got := state(); got != "script finished — plays again when its landblock reloads" {
		t.Errorf("the words: %q", got)
	}

	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, Frames: make([]dat.AnimFrame, 4)}
	f.anims[objAnimID].Frames[1].Hooks = []dat.Hook{{Type: dat.HookSound, Wave: 0x0A000001}}
	s, _ = NewSim(Config{Data: f, Seed: 1})
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	for range 40 {
		if got := state(); got != "" {
			t.Fatalf("a looping animation: state %q, want none", got)
		}
	}
	s.SetPrefs(func() audio.Prefs { p := s.Prefs(); p.EffectVolume = 0.001; return p }())
	got := state()
	if !strings.HasPrefix(got, OutOfRange+": ") || !strings.Contains(got, "m away, heard within") {
		t.Errorf("effects nearly off: state %q, want out of range with the distance", got)
	}
}
