package world

import (
	"encoding/json"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// TestInputLog_ObjectMuteReplays: muting and soloing an object source in
// the tool goes into the input record (the sidecar's replay), so a replay
// plays it muted exactly where the session did: a mute made before the
// record's reset is in its start state, one made during it is an input.
// The object is the one-hook loop of TestE3_AnimationLoopSchedule (frame 1
// every 4/30 s).
func TestInputLog_ObjectMuteReplays(t *testing.T) {
	f := newObjFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID, DefaultSoundTable: forgeTable}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, Frames: []dat.AnimFrame{
		{}, {Hooks: []dat.Hook{{Type: dat.HookSoundTable, Dir: dat.HookBoth, SType: 0x69}}}, {}, {}}}
	const obj = uint32(objLB)<<16 | 1
	newSim := func(seed uint32) *Sim {
		s, err := NewSim(Config{Data: f, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
		return s
	}
	// outcomes lists each object play as "start" or "muted" in order.
	outcomes := func(s *Sim) *[]string {
		var out []string
		s.SetOnEvent(func(ev Event) {
			if ev.Source != audio.SourceObject {
				return
			}
			if ev.Outcome == audio.OutcomeSilent && strings.Contains(ev.Reason, "muted in the tool") {
				out = append(out, "muted")
			} else {
				out = append(out, ev.Outcome.String())
			}
		})
		return &out
	}
	for _, c := range []struct {
		name      string
		before    func(s *Sim) // before RecordInputs: the start state
		during    func(s *Sim) // after 1 s of the session
		wantStart []uint32
		wantSolo  uint32
	}{
		{"muted during", nil, func(s *Sim) { s.SetObjectMuted(obj, true) }, nil, 0},
		{"muted before, unmuted during", func(s *Sim) { s.SetObjectMuted(obj, true) }, func(s *Sim) { s.SetObjectMuted(obj, false) }, []uint32{obj}, 0},
		{"another soloed during", nil, func(s *Sim) { s.SetObjectSolo(obj + 1) }, nil, 0},
	} {
		s := newSim(3)
		if c.before != nil {
			c.before(s)
		}
		s.RecordInputs()
		got := outcomes(s)
		for range 60 {
			s.Tick(1.0 / 60)
		}
		c.during(s)
		for range 60 {
			s.Tick(1.0 / 60)
		}
		js, err := json.Marshal(s.Inputs())
		if err != nil {
			t.Fatal(err)
		}
		var back InputLog
		if err := json.Unmarshal(js, &back); err != nil {
			t.Fatal(err)
		}
		if err := back.Check(-1); err != nil {
			t.Fatalf("%s: the record does not check: %v", c.name, err)
		}
		if len(back.Start.MutedObjects) != len(c.wantStart) || len(c.wantStart) == 1 && back.Start.MutedObjects[0] != c.wantStart[0] {
			t.Errorf("%s: start muted %x, want %x", c.name, back.Start.MutedObjects, c.wantStart)
		}
		// Both halves must have played: a muted half and an unmuted one.
		muted, started := 0, 0
		for _, o := range *got {
			switch o {
			case "muted":
				muted++
			case audio.OutcomeStart.String():
				started++
			}
		}
		if muted == 0 || started == 0 {
			t.Fatalf("%s: the session played %v, want muted and unmuted plays", c.name, *got)
		}
		r := newSim(99) // another seed and no mute: the record's start must win
		replayed := outcomes(r)
		if err := back.Replay(r, nil); err != nil {
			t.Fatal(err)
		}
		if strings.Join(*replayed, " ") != strings.Join(*got, " ") {
			t.Errorf("%s: replay played\n %v\nthe session\n %v", c.name, *replayed, *got)
		}
	}
}

// TestObjects_SnapshotOwnsMuteAndSolo: the window's mute and solo buttons
// read the Snapshot (the Sim owns both): UserMuted is the user's mute,
// Soloed the user's solo, Muted whether it is silent now (its own mute, or
// another object soloed).
func TestObjects_SnapshotOwnsMuteAndSolo(t *testing.T) {
	f := newObjFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, Frames: []dat.AnimFrame{
		{Hooks: []dat.Hook{{Type: dat.HookSound, Dir: dat.HookBoth, Wave: 0x0A000001}}}, {}}}
	const obj = uint32(objLB)<<16 | 1
	s, err := NewSim(Config{Data: f, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	view := func() ObjectView {
		s.Tick(1.0 / 60)
		os := s.Snapshot().Objects
		if len(os) != 1 || os[0].ID != obj {
			t.Fatalf("objects %+v, want the one at index 1", os)
		}
		return os[0]
	}
	for _, c := range []struct {
		name                    string
		do                      func()
		muted, userMuted, solod bool
	}{
		{"as placed", func() {}, false, false, false},
		{"muted", func() { s.SetObjectMuted(obj, true) }, true, true, false},
		{"unmuted, another soloed", func() { s.SetObjectMuted(obj, false); s.SetObjectSolo(obj + 1) }, true, false, false},
		{"soloed itself", func() { s.SetObjectSolo(obj) }, false, false, true},
	} {
		c.do()
		if v := view(); v.Muted != c.muted || v.UserMuted != c.userMuted || v.Soloed != c.solod {
			t.Errorf("%s: muted %v user-muted %v soloed %v, want %v %v %v", c.name, v.Muted, v.UserMuted, v.Soloed, c.muted, c.userMuted, c.solod)
		}
	}
}
