package world

import (
	"fmt"
	"math"
	"testing"

	"soundworld/dat"
)

// mtFake is objFake with MotionTable records (E3 [D4]).
type mtFake struct {
	*objFake
	tables map[uint32]*dat.MotionTable
}

func (f mtFake) MotionTable(id uint32) (*dat.MotionTable, error) { return record(f.tables, id) }

const (
	mtID  uint32 = 0x09000100
	mtA   uint32 = 0x03000200 // the default animation (wave 1 on frame 0)
	mtB   uint32 = 0x03000201 // the cycle's first animation
	mtC   uint32 = 0x03000202 // its second, which loops
	style uint32 = 0x8000003D
	sub   uint32 = 0x41000003
)

// newMTFake: a static whose Setup has default animation A and motion table
// mtID, whose default state (style → substate) cycle plays B frames 0..2 at
// 12 frames/s, then C (4 frames) at 22 frames/s. B: frame 1 wave 2, frame 2
// wave 4; C: frame 0 wave 3.
func newMTFake(t *testing.T) mtFake {
	f := newObjFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultAnimation: mtA, DefaultMotionTable: mtID}
	snd := func(w uint32) []dat.Hook { return []dat.Hook{{Type: dat.HookSound, Wave: w}} }
	f.anims[mtA] = &dat.Animation{ID: mtA, Frames: []dat.AnimFrame{{Hooks: snd(1)}, {}, {}, {}}}
	f.anims[mtB] = &dat.Animation{ID: mtB, Frames: []dat.AnimFrame{{}, {Hooks: snd(2)}, {Hooks: snd(4)}, {Hooks: snd(5)}, {}}}
	f.anims[mtC] = &dat.Animation{ID: mtC, Frames: []dat.AnimFrame{{Hooks: snd(3)}, {}, {}, {}}}
	return mtFake{f, map[uint32]*dat.MotionTable{mtID: {ID: mtID, DefaultStyle: style,
		StyleDefaults: []dat.StyleDefault{{Style: style, Substate: sub}},
		Cycles: []dat.MotionData{{Key: 0x003D0003, // style<<16 | substate&0xFFFFFF, in 32 bits
			Anims: []dat.AnimData{
				{Anim: mtB, Low: 0, High: 2, Framerate: 12}, {Anim: mtC, Low: 0, High: -1, Framerate: 22}}}}}}}
}

// TestE3_MotionTableReplacesDefaultAnimation (E3 [D4: CPhysicsObj::
// InitDefaults 320853 → SetMotionTableID → CMotionTable::SetDefaultState
// 337969]): the default animation A never plays; the default cycle plays B
// once over its frame range (B's frame 3, outside the range, and frame 2,
// where it ends, never fire), then loops C. Ticks of 1/32 s: physics every
// other tick (2/32 ≥ 1/30 > 1/32), the object created at tick 1 advances at
// ticks 3, 5, … by 1/16 s. B at 12 frames/s moves 0.75 frames an advance:
// frame 1 is left at the 3rd (2.25, tick 7); the 4th reaches 3.0 > high 2,
// nothing carried, and C starts at frame 0 at tick 9. C at 22 frames/s: its
// frame 0 is left whenever its play time j/16 s (j advances after tick 9)
// reaches (1 + 4k)/22 s — tick 9 + 2·ceil(16(1 + 4k)/22).
func TestE3_MotionTableReplacesDefaultAnimation(t *testing.T) {
	f := newMTFake(t)
	s, evs := d4Sim(t, objCells{f.objFake, nil})
	s2, evs2 := d4Sim(t, f)
	const dt = 1.0 / 32
	for range 48 {
		s.Tick(dt)
		s2.Tick(dt)
	}
	// Without motion tables in the data the default animation plays (wave 1).
	if len(*evs) == 0 || (*evs)[0].Wave != 1 {
		t.Fatalf("no motion tables: fires %+v, want the default animation's wave 1", *evs)
	}
	type fire struct {
		tick int
		wave uint32
	}
	want := []fire{{7, 2}}
	for k := 0; ; k++ {
		tk := 9 + 2*int(math.Ceil(16*float64(1+4*k)/22))
		if tk > 48 {
			break
		}
		want = append(want, fire{tk, 3})
	}
	var got []fire
	for _, ev := range *evs2 {
		got = append(got, fire{int(math.Round(ev.Time / dt)), ev.Wave})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("E3: motion table fires (tick, wave) %v, want %v", got, want)
	}
	if sn := s2.Snapshot(); len(sn.Objects) != 1 || sn.Objects[0].Motion != mtID {
		t.Errorf("snapshot: %+v, want the object with its motion table", sn.Objects)
	}
}

// TestE3_MotionTableNeedsDefaultAnimation: a Setup with a motion table and
// a default script but no default animation animates nothing (InitDefaults
// sets the 0x40000 state only for a default animation); one whose motion
// table has no default cycle plays its default animation (SetDefaultState
// fails before clearing the sequence).
func TestE3_MotionTableNeedsDefaultAnimation(t *testing.T) {
	f := newMTFake(t)
	f.setups[objSetup] = &dat.Setup{ID: objSetup, DefaultScript: objScr, DefaultMotionTable: mtID}
	f.scripts[objScr] = &dat.PhysicsScript{ID: objScr, Entries: []dat.ScriptEntry{{StartTime: 5, Hook: dat.Hook{Type: dat.HookSound, Wave: 9}}}}
	s, evs := d4Sim(t, f)
	for range 64 {
		s.Tick(1.0 / 32)
	}
	if len(*evs) != 0 {
		t.Fatalf("no default animation: fires %+v, want none within 2 s (the script's hook is at 5 s)", *evs)
	}
	g := newMTFake(t)
	g.tables[mtID].StyleDefaults = nil
	s, evs = d4Sim(t, g)
	for range 16 {
		s.Tick(1.0 / 32)
	}
	if len(*evs) == 0 || (*evs)[0].Wave != 1 {
		t.Fatalf("no default cycle: fires %+v, want the default animation's wave 1", *evs)
	}
}

// TestE3_SequenceBackwards: a negative framerate plays the range from its
// end down (get_starting_frame: high + 1 − ε), running hooks of direction
// Both or Backward on each frame left, never the low frame's.
func TestE3_SequenceBackwards(t *testing.T) {
	a := &objAnim{id: 1, frames: [][]dat.Hook{
		{{Type: dat.HookSound, Wave: 10}},
		{{Type: dat.HookSound, Wave: 11, Dir: dat.HookBackward}, {Type: dat.HookSound, Wave: 12, Dir: dat.HookForward}},
		{{Type: dat.HookSound, Wave: 13}}}}
	seq := []seqNode{newSeqNode(a, 0, -1, -30)}
	st := &objState{frameNum: seq[0].startFrame()}
	// 2.999 − 1.5 = 1.4998: frame 2 left.
	if fs := st.advance(seq, 0.05); len(fs) != 1 || fs[0].hook.Wave != 13 {
		t.Fatalf("first advance: %+v, want frame 2's hook", fs)
	}
	// 1.4998 − 1.5 < 0 = low: frame 1 left (its backward hook only), the
	// number set to 0 and restarted at 2.9998 with the overshoot carried.
	fs := st.advance(seq, 0.05)
	if len(fs) != 1 || fs[0].hook.Wave != 11 {
		t.Fatalf("second advance: %+v, want frame 1's backward hook only", fs)
	}
}
