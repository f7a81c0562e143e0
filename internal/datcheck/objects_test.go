package datcheck

import (
	"encoding/binary"
	"strings"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

// TestE3_CheckFollowsHooks: check follows every hook's reference and counts
// what sounds. The portal holds a region whose one scene lists setup A, a
// GfxObj and a Setup the portal lacks (a problem), and names a second scene
// the portal lacks (a problem);
// A's default animation has a SoundTableHook for SoundType 0x69 (in A's
// table) and one for 0x6A (not in it), a SoundHook for a missing wave;
// setup B's default script chains (CallPES) a script that chains it back
// with no time in between (a problem), and setup C's script chains itself
// after 1 s (a repeating script, no problem).
func TestE3_CheckFollowsHooks(t *testing.T) {
	const (
		setA, setB, setC          = 0x02000001, 0x02000002, 0x02000003
		anim                      = 0x03000001
		scrB1, scrB2, scrC        = 0x33000001, 0x33000002, 0x33000003
		table                     = 0x20000001
		wave, missWave            = 0x0A000001, 0x0A0000FF
		scene              uint32 = 0x12000001
	)
	w := dat.NewPairWriter()
	w.AddPortal(dat.RegionID, sceneRegion(scene, 0x12000002))
	w.AddPortal(setA, dat.EncodeSetup(&dat.Setup{ID: setA, DefaultAnimation: anim, DefaultSoundTable: table}))
	w.AddPortal(setB, dat.EncodeSetup(&dat.Setup{ID: setB, DefaultScript: scrB1}))
	w.AddPortal(setC, dat.EncodeSetup(&dat.Setup{ID: setC, DefaultScript: scrC}))
	w.AddPortal(anim, dat.EncodeAnimation(&dat.Animation{ID: anim, Frames: []dat.AnimFrame{
		{Hooks: []dat.Hook{{Type: dat.HookSoundTable, SType: 0x69}, {Type: dat.HookSoundTable, SType: 0x6A}}},
		{Hooks: []dat.Hook{{Type: dat.HookSound, Wave: missWave}}}, {}}}))
	w.AddPortal(scrB1, dat.EncodePhysicsScript(&dat.PhysicsScript{ID: scrB1, Entries: []dat.ScriptEntry{
		{Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: wave, Probability: 1, Volume: 1}}, {Hook: dat.Hook{Type: dat.HookCallPES, Script: scrB2}}}}))
	w.AddPortal(scrB2, dat.EncodePhysicsScript(&dat.PhysicsScript{ID: scrB2, Entries: []dat.ScriptEntry{{Hook: dat.Hook{Type: dat.HookCallPES, Script: scrB1}}}}))
	w.AddPortal(scrC, dat.EncodePhysicsScript(&dat.PhysicsScript{ID: scrC, Entries: []dat.ScriptEntry{
		{Hook: dat.Hook{Type: dat.HookSound, Wave: wave}}, {StartTime: 1, Hook: dat.Hook{Type: dat.HookCallPES, Script: scrC}}}}))
	w.AddPortal(table, dat.EncodeSoundTable(&dat.SoundTable{ID: table, Sounds: map[uint32][]dat.SoundData{0x69: {{WaveID: wave, Probability: 1, Volume: 1}}},
		Root: dat.SoundNode{Children: []dat.SoundNode{{Key: 0x69, Data: []dat.SoundData{{WaveID: wave, Probability: 1, Volume: 1}}}}}}))
	w.AddPortal(wave, dat.EncodeWave(&dat.Wave{ID: wave, Format: dat.WaveFormat{Tag: 1, Channels: 1, SamplesPerSec: 22050, AvgBytesPerSec: 44100, BlockAlign: 2, BitsPerSample: 16},
		Header: []byte{1, 0, 1, 0, 0x22, 0x56, 0, 0, 0x44, 0xAC, 0, 0, 2, 0, 16, 0, 0, 0}, Data: make([]byte, 200)}))
	w.AddPortal(scene, sceneRecord(scene, setA, 0x01000005, 0x02000099))
	s := Check(dattest.OpenPair(t, w), Options{})
	o := s.Objects
	if o == nil || o.Animations != 1 || o.Scripts != 3 || o.SoundingSetups != 3 || o.Scenes != 1 || o.SceneSetups != 1 || o.SoundingScenery != 1 {
		t.Fatalf("stats: %+v", o)
	}
	want := map[string]bool{
		"SoundType 0x6A":           false, // not in the table
		"wave 0x0A0000FF":          false, // missing
		"loops with no time in it": false, // B1 → B2 → B1
		"scene 0x12000002":         false, // listed by the region, not in the portal
		"setup 0x02000099":         false, // a scene object whose Setup is missing
	}
	for _, pr := range s.Problems {
		for k := range want {
			if strings.Contains(pr.What, k) {
				want[k] = true
			}
		}
		if strings.Contains(pr.What, "0x33000003") || strings.Contains(pr.What, "SoundType 0x69 ") {
			t.Errorf("unexpected problem: %v", pr)
		}
	}
	for k, ok := range want {
		if !ok {
			t.Errorf("no problem naming %q in %v", k, s.Problems)
		}
	}
}

// TestE3_CheckNotesOutOfBlockObjects (E3 [D4: init_static_objs,
// init_buildings, adjust_to_outside]): a LandBlockInfo object or building
// whose origin lies outside its landblock is listed as a note — retail
// never creates it — and is not a problem; one inside is not listed.
func TestE3_CheckNotesOutOfBlockObjects(t *testing.T) {
	const setA = 0x02000001
	w := dat.NewPairWriter()
	w.AddPortal(setA, dat.EncodeSetup(&dat.Setup{ID: setA}))
	const lbi = 0xA9B4FFFE
	w.AddCell(lbi, dat.EncodeLandBlockInfo(&dat.LandBlockInfo{ID: lbi,
		Objects:   []dat.Stab{{ID: setA, Frame: dat.Frame{X: 10, Y: 10, QW: 1}}, {ID: setA, Frame: dat.Frame{X: 192, Y: 10, QW: 1}}},
		Buildings: []dat.BuildInfo{{ModelID: setA, Frame: dat.Frame{X: 50, Y: -3, QW: 1}}}}))
	s := Check(dattest.OpenPair(t, w), Options{})
	if len(s.Notes) != 2 || !strings.Contains(s.Notes[0], "building 0 (model 0x02000001) at (50, -3)") ||
		!strings.Contains(s.Notes[1], "object 1 (model 0x02000001) at (192, 10)") {
		t.Fatalf("notes %q, want the building at (50, -3) and object 1 at (192, 10)", s.Notes)
	}
	for _, pr := range s.Problems {
		if strings.Contains(pr.What, "outside") {
			t.Errorf("an out-of-block object is a problem: %v", pr)
		}
	}
}

// TestE3_CheckCountsMotionTables (E3 [D4]): check reads every MotionTable,
// names an animation a motion lists that the portal lacks, and counts the
// placed statics (inside their block) and the scenery Setups whose Setup has
// a motion table and a default animation or script. Setups: S1 motion table
// + animation, S2 motion table + script, S3 motion table only, S4 animation
// only. Placed: S1 twice (once outside its block: never created), S3, S4,
// and S2 as a building; one scene lists S2 and S3.
func TestE3_CheckCountsMotionTables(t *testing.T) {
	const (
		s1, s2, s3, s4        = 0x02000001, 0x02000002, 0x02000003, 0x02000004
		anim, missing         = 0x03000001, 0x03000099
		scr                   = 0x33000001
		mt                    = 0x09000001
		scene          uint32 = 0x12000001
	)
	w := dat.NewPairWriter()
	w.AddPortal(dat.RegionID, sceneRegion(scene))
	w.AddPortal(s1, dat.EncodeSetup(&dat.Setup{ID: s1, DefaultAnimation: anim, DefaultMotionTable: mt}))
	w.AddPortal(s2, dat.EncodeSetup(&dat.Setup{ID: s2, DefaultScript: scr, DefaultMotionTable: mt}))
	w.AddPortal(s3, dat.EncodeSetup(&dat.Setup{ID: s3, DefaultMotionTable: mt}))
	w.AddPortal(s4, dat.EncodeSetup(&dat.Setup{ID: s4, DefaultAnimation: anim}))
	w.AddPortal(anim, dat.EncodeAnimation(&dat.Animation{ID: anim, Frames: []dat.AnimFrame{{}, {}}}))
	w.AddPortal(scr, dat.EncodePhysicsScript(&dat.PhysicsScript{ID: scr}))
	w.AddPortal(mt, dat.EncodeMotionTable(&dat.MotionTable{ID: mt, DefaultStyle: 1, StyleDefaults: []dat.StyleDefault{{Style: 1, Substate: 2}},
		Cycles: []dat.MotionData{{Key: 1<<16 | 2, Anims: []dat.AnimData{{Anim: anim, High: -1, Framerate: 30}, {Anim: missing, High: -1, Framerate: 30}}}}}))
	w.AddPortal(scene, sceneRecord(scene, s2, s3))
	const lbi = 0xA9B4FFFE
	at := func(x float32) dat.Frame { return dat.Frame{X: x, Y: 10, QW: 1} }
	w.AddCell(lbi, dat.EncodeLandBlockInfo(&dat.LandBlockInfo{ID: lbi,
		Objects:   []dat.Stab{{ID: s1, Frame: at(10)}, {ID: s1, Frame: at(200)}, {ID: s3, Frame: at(20)}, {ID: s4, Frame: at(30)}},
		Buildings: []dat.BuildInfo{{ModelID: s2, Frame: at(40)}}}))
	s := Check(dattest.OpenPair(t, w), Options{})
	o := s.Objects
	if o == nil || o.MotionTables != 1 || o.PlacedWithMotion != 2 || o.SceneryWithMotion != 1 {
		t.Fatalf("objects %+v: want 1 motion table, 2 placed statics (S1 inside, the S2 building), 1 scenery setup (S2)", o)
	}
	found := false
	for _, pr := range s.Problems {
		if pr.Record == mt && strings.Contains(pr.What, "0x03000099") && pr.Off == 8+4+8+4+8+16 {
			found = true
		}
	}
	if !found {
		t.Errorf("problems %v: want the missing animation 0x03000099 at byte 48 of 0x%08X", s.Problems, mt)
	}
}

// sceneRegion is a Region record whose one scene type lists the scenes.
func sceneRegion(scenes ...uint32) []byte {
	return dat.EncodeRegion(&dat.Region{ID: dat.RegionID, Version: 3, PartsMask: dat.PartScene,
		Scene: &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: dat.NoIndex, Scenes: scenes}}}})
}

// sceneRecord is Scene record id listing one object per Setup id: the id,
// then the 72 bytes of the rest of its entry, all zero.
func sceneRecord(id uint32, setups ...uint32) []byte {
	sc := binary.LittleEndian.AppendUint32(nil, id)
	sc = binary.LittleEndian.AppendUint32(sc, uint32(len(setups)))
	for _, o := range setups {
		sc = binary.LittleEndian.AppendUint32(sc, o)
		sc = append(sc, make([]byte, 72)...)
	}
	return sc
}
