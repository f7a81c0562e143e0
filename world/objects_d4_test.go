package world

import (
	"math"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// Revision 4 [D4] of E3 and A11: closed cells release the world's objects,
// the global physics gate, retail's frame and creation order, chained pauses
// in reverse call order, out-of-block objects never created.

// objCellar is newObjFake's landblock with a closed EnvCell (no seen_outside)
// and a room that sees outside, as objFake + EnvCell records.
type objCells struct {
	*objFake
	cells map[uint32]*dat.EnvCell
}

func (d objCells) EnvCell(id uint32) (*dat.EnvCell, error) { return record(d.cells, id) }

const (
	d4Cellar = uint32(objLB)<<16 | 0x0101
	d4Room   = uint32(objLB)<<16 | 0x0100
)

// newD4Fake is newObjFake's object with a one-hook animation: frames 0..3,
// a SoundHook on frame 0 (it fires when frame 0 is left: 1/30 s of play).
func newD4Fake(t *testing.T) objCells {
	f := newObjFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: objAnimID}
	f.anims[objAnimID] = &dat.Animation{ID: objAnimID, Frames: []dat.AnimFrame{
		{Hooks: []dat.Hook{{Type: dat.HookSound, Wave: 0x0A000001}}}, {}, {}, {}}}
	return objCells{f, map[uint32]*dat.EnvCell{
		d4Cellar: {ID: d4Cellar, Frame: dat.Frame{X: 90, Y: 10, Z: 1, QW: 1}},
		d4Room:   {ID: d4Room, Flags: dat.EnvCellSeenOutside, Frame: dat.Frame{X: 90, Y: 10, Z: 5, QW: 1}},
	}}
}

// d4Sim is a Sim over d with the player outdoors 10 m from the object,
// logging the object rows.
func d4Sim(t *testing.T, d Data) (*Sim, *[]Event) {
	t.Helper()
	s, err := NewSim(Config{Data: d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	evs := &[]Event{}
	s.SetOnEvent(func(ev Event) {
		if ev.Source == audio.SourceObject {
			*evs = append(*evs, ev)
		}
	})
	return s, evs
}

// TestA11_ClosedCellReleasesObjects (A11/E3 [D4: CellManager::ChangePosition
// 146645 → LScape::release_all 306380]): in an EnvCell without seen_outside
// no object lives (the Snapshot lists none and says why) and none plays;
// stepping out creates it anew at that tick with a fresh clock, so its
// animation starts from frame 0 again. Ticks of 1/64 s (exact binary
// fractions); physics runs every third tick (3/64 ≥ 1/30 > 2/64).
func TestA11_ClosedCellReleasesObjects(t *testing.T) {
	const dt = 1.0 / 64
	s, evs := d4Sim(t, newD4Fake(t))
	for range 64 { // 1 s outdoors: the loop (4 frames, 4/30 s) plays
		s.Tick(dt)
	}
	if len(*evs) == 0 {
		t.Fatal("no object fired outdoors")
	}
	if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 1}, d4Cellar, 0); err != nil {
		t.Fatal(err)
	}
	mark := len(*evs)
	for range 128 {
		sn := s.Tick(dt)
		if len(sn.Objects) != 0 || sn.ObjectsReleased == "" {
			t.Fatalf("A11/E3: in the closed cellar: %d objects, reason %q; want none and a reason", len(sn.Objects), sn.ObjectsReleased)
		}
	}
	if n := len(*evs) - mark; n != 0 {
		t.Fatalf("A11/E3: %d object rows in the closed cellar, want none", n)
	}
	// Step out at tick 193 (a physics tick: 1, 4, …, 193 = 1 + 3·64): the
	// object is created at out = 193/64 with update_time = out (Δ = 0 there:
	// reset); the next physics tick, out + 3/64, advances 3/64·30 = 1.41
	// frames, leaving frame 0: its hook fires at out + 3/64.
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	sn := s.Tick(dt)
	out := sn.Time
	if out != 193.0/64 || len(sn.Objects) != 1 || sn.ObjectsReleased != "" {
		t.Fatalf("stepped out at %v: %d objects, reason %q; want 193/64, 1, none", out, len(sn.Objects), sn.ObjectsReleased)
	}
	for range 16 {
		s.Tick(dt)
	}
	if len(*evs) == mark || (*evs)[mark].Time != out+3*dt || (*evs)[mark].Object.Frame != 0 {
		t.Fatalf("A11/E3: after stepping out, first fire %+v; want frame 0 at %v", (*evs)[mark:], out+3*dt)
	}
}

// TestA11_SeenOutsideKeepsObjects: a room that sees outside keeps the
// landscape (LScape::update_loadpoint on the outside cell): the object
// lives on with its clock — the hook schedule does not restart.
func TestA11_SeenOutsideKeepsObjects(t *testing.T) {
	const dt = 1.0 / 64
	want := func(room bool) []float64 {
		s, evs := d4Sim(t, newD4Fake(t))
		for i := range 128 {
			if room && i == 40 {
				if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 5}, d4Room, 0); err != nil {
					t.Fatal(err)
				}
			}
			if sn := s.Tick(dt); len(sn.Objects) != 1 || sn.ObjectsReleased != "" {
				t.Fatalf("room %v tick %d: %d objects, reason %q", room, i, len(sn.Objects), sn.ObjectsReleased)
			}
		}
		var ts []float64
		for _, ev := range *evs {
			ts = append(ts, ev.Time)
		}
		return ts
	}
	out, in := want(false), want(true)
	if len(out) == 0 || len(out) != len(in) {
		t.Fatalf("fires outdoors %v, in the room %v", out, in)
	}
	for i := range out {
		if out[i] != in[i] {
			t.Fatalf("fire %d at %v in the room, %v outdoors", i, in[i], out[i])
		}
	}
}

// TestE3_PhysicsGate (E3 [D4: CPhysics::UseTime 311334]): static animation
// runs only in a frame ≥ 1/30 s after the last physics run (one global
// clock), then the object's own Δ rules. At 1/64 s ticks physics runs at
// ticks 1, 4, 7, 10, …. An object created at tick 5 (stepping out of the
// cellar) waits at tick 7 (Δ = 2/64 < 1/30) and advances at tick 10 by
// 5/64 s = 2.34 frames, so its frame-0 hook fires at 10/64 — not at 8/64, as
// an object clock alone (Δ = 3/64 at tick 8) would have it.
func TestE3_PhysicsGate(t *testing.T) {
	const dt = 1.0 / 64
	s, evs := d4Sim(t, newD4Fake(t))
	if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 1}, d4Cellar, 0); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		s.Tick(dt)
	}
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	for range 12 {
		s.Tick(dt)
	}
	if len(*evs) == 0 || (*evs)[0].Time != 10*dt || (*evs)[0].Object.Frame != 0 {
		t.Fatalf("E3: first fire %+v, want frame 0 at 10/64 s", *evs)
	}
}

// TestE3_HooksFireWhenFrameLeft (E3 [D4: CSequence::update_internal
// 340658]): a frame's hooks run when play LEAVES it, never for the last
// frame. Hooks on frames 0 and 3 of a 4-frame loop at 30 frames/s, ticks of
// 1/32 s (physics every other tick: 2/32 ≥ 1/30 > 1/32), created at tick 1:
// advances at ticks 3, 5, 7, … by 2/32 s = 1.875 frames each. Frame 0 is
// left when the frame number reaches 1: at tick 3 (1.875), and again after
// each wrap (frame 3 → high, overshoot carried): frame number after n
// advances is 1.875·n mod-looped; frame 3's hook never fires.
func TestE3_HooksFireWhenFrameLeft(t *testing.T) {
	const dt = 1.0 / 32
	d := newD4Fake(t)
	d.anims[objAnimID].Frames[3].Hooks = []dat.Hook{{Type: dat.HookSound, Wave: 0x0A000003}}
	s, evs := d4Sim(t, d)
	for range 64 {
		s.Tick(dt)
	}
	// Independent arithmetic: a loop plays frames 0,1,2 then stops at 3 and
	// carries the overshoot (number − 3 − 1) into frame 0 of the next loop,
	// i.e. the number runs 0 → past 4 then restarts at (number − 4). So
	// frame 0 is left whenever the cumulative play time crosses 1/30 + k·4/30
	// (k ≥ 0) — the first physics tick at or after that.
	var want []float64
	for k := 0; ; k++ {
		c := 1.0/30 + float64(k)*4.0/30 // s of play since creation
		n := math.Ceil(c / (2 * dt))    // advances needed (2/32 s each)
		at := dt + n*2*dt               // tick 1 + 2n
		if at > 64*dt+1e-12 {
			break
		}
		want = append(want, at)
	}
	if len(*evs) != len(want) {
		t.Fatalf("E3: %d fires, want %d at %v: %+v", len(*evs), len(want), want, *evs)
	}
	for i, ev := range *evs {
		if ev.Wave != 0x0A000001 || math.Abs(ev.Time-want[i]) > 1e-12 {
			t.Errorf("fire %d: wave %08X at %v, want frame 0's at %v (the last frame never fires)", i, ev.Wave, ev.Time, want[i])
		}
	}
}

// TestE3_ChainedPausesReverseOrder (E3 [D4: CPhysicsObj::CallPES 318972
// prepends each FPHook; process_hooks walks from the head]): two CallPES
// pauses that mature in the same frame start their scripts newest call
// first. The default script calls A then B at t 0, both with pause 0.5 s;
// a RollDice draw decides each pause, so the test uses pauses whose rolls
// both mature by the same tick and checks B's sound plays first.
func TestE3_ChainedPausesReverseOrder(t *testing.T) {
	f := newObjFake(t)
	const scrA, scrB = 0x33000102, 0x33000103
	f.defaultScript([]dat.ScriptEntry{
		{StartTime: 0, Hook: dat.Hook{Type: dat.HookCallPES, Script: scrA, Pause: 0.001}},
		{StartTime: 0, Hook: dat.Hook{Type: dat.HookCallPES, Script: scrB, Pause: 0.001}},
	})
	f.scripts[scrA] = &dat.PhysicsScript{ID: scrA, Entries: []dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A00000A}}}}
	f.scripts[scrB] = &dat.PhysicsScript{ID: scrB, Entries: []dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A00000B}}}}
	// Both pauses (≤ 1 ms) mature at the next physics run after the calls.
	evs := objSim(t, f, 1.0/16, 1)
	var waves []uint32
	for _, ev := range evs {
		if ev.Wave != 0 {
			waves = append(waves, ev.Wave)
		}
	}
	if len(waves) != 2 || waves[0] != 0x0A00000B || waves[1] != 0x0A00000A {
		t.Fatalf("E3: chained scripts played %08X, want B's then A's (reverse call order)", waves)
	}
}

// TestE3_OutOfBlockObjectsNotCreated (E3 [D4: init_static_objs 352786,
// init_buildings 352113, adjust_to_outside 467433]): an object whose origin
// is outside 0 ≤ x, y < 192 is never created; |v| < 0.0002 counts as 0.
func TestE3_OutOfBlockObjectsNotCreated(t *testing.T) {
	cases := []struct {
		x, y float32
		in   bool
	}{
		{0, 0, true}, {191.99, 100, true}, {192, 100, false}, {-0.0001, 5, true}, {-0.0003, 5, false},
		{100, 192.5, false}, {100, -24, false}, {float32(math.NaN()), 1, false}, {float32(math.Inf(1)), 1, false},
	}
	for _, c := range cases {
		if got := InOwnBlock(c.x, c.y); got != c.in {
			t.Errorf("InOwnBlock(%v, %v) = %v, want %v", c.x, c.y, got, c.in)
		}
	}
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}}})
	info := f.infos[uint32(objLB)<<16|0xFFFE]
	info.Objects = append(info.Objects, dat.Stab{ID: objSetup, Frame: dat.Frame{X: 192, Y: 20, Z: 5, QW: 1}})
	info.Buildings = []dat.BuildInfo{{ModelID: objSetup, Frame: dat.Frame{X: 90, Y: -1, Z: 5, QW: 1}}}
	s, _ := d4Sim(t, objCells{f, nil})
	sn := s.Tick(1.0 / 60)
	if len(sn.Objects) != 1 || sn.Objects[0].ID != uint32(objLB)<<16|1 {
		t.Fatalf("E3: objects %+v, want only the in-block static 0x%04X0001", sn.Objects, objLB)
	}
}

// TestE3_CreationOrderBuildingsFirst (E3 [D4: LScape::grab_visible_cells
// 306570]): the buildings of every block of the 3×3 are created before any
// block's statics — a building in the east block comes before a static in
// the west block.
func TestE3_CreationOrderBuildingsFirst(t *testing.T) {
	f := newObjFake(t)
	f.defaultScript([]dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookSound, Wave: 0x0A000001}}})
	east := objLB + 0x100
	f.addMap(t, east, 0, emptyMap)
	f.infos[uint32(east)<<16|0xFFFE] = &dat.LandBlockInfo{ID: uint32(east)<<16 | 0xFFFE,
		Buildings: []dat.BuildInfo{{ModelID: objSetup, Frame: dat.Frame{X: 10, Y: 20, Z: 5, QW: 1}}}}
	s, _ := d4Sim(t, objCells{f, nil})
	sn := s.Tick(1.0 / 60)
	if len(sn.Objects) != 2 || sn.Objects[0].ID != uint32(east)<<16|0x8000 || sn.Objects[1].ID != uint32(objLB)<<16|1 {
		t.Fatalf("E3: creation order %+v, want the east block's building, then the static", sn.Objects)
	}
}
