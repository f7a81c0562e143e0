package dat

import (
	"math"
	"strings"
	"testing"
)

// one finds the problem whose What contains want, at record byte off.
func one(t *testing.T, ps []Problem, want string, off int64) {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.What, want) {
			if p.Off != off || !p.InRecord {
				t.Errorf("%q at record byte %d (in record %v), want %d", p.What, p.Off, p.InRecord, off)
			}
			return
		}
	}
	t.Errorf("no problem saying %q in %v", want, ps)
}

// The object records' values retail data never holds are named
// by field and record byte (offsets from the layouts of §3.x, counted here).
func TestObjectRecordProblems(t *testing.T) {
	nan := float32(math.NaN())
	sc := &Scene{ID: 0x12000001, Objects: []ObjectDesc{{ObjID: 0x02000001, Freq: 1}, {ObjID: 0x02000002, Freq: 1}}}
	sc.Objects[1].BaseLoc.Y = nan
	sc.Objects[0].MaxSlope = float32(math.Inf(-1))
	raw := EncodeScene(sc)
	ps := sc.Problems(raw)
	// object k at 8 + 76k; base_loc at +4 (y: +8); max_slope is the 8th float after the frame: +32+28
	one(t, ps, "scene object 1 base_loc frame value 1 (y)", 8+76+4+4)
	one(t, ps, "scene object 0 max_slope is not a finite number: -Inf", 8+32+28)
	if len(ps) != 2 {
		t.Errorf("%d problems, want 2: %v", len(ps), ps)
	}

	hooks := []Hook{{Type: HookSound, Wave: 0x0A000001}, {Type: HookSoundTweaked, Wave: 0x0A000002, Probability: 0.5, Priority: 1, Volume: nan}}
	an := &Animation{ID: 0x03000001, NumParts: 1, Frames: []AnimFrame{{Parts: []Frame{{QW: 1}}}, {Parts: []Frame{{QW: 1}}, Hooks: hooks}}}
	raw = EncodeAnimation(an)
	if an, _ = ParseAnimation(raw); an == nil {
		t.Fatal("the animation does not parse")
	}
	// id, flags, parts, frames (16); frame 0: 28 + 4; frame 1: 28 + 4, hook 0 (12), hook 1 at 92: type, dir, wave, prob, prio, vol (+20)
	one(t, an.Problems(raw), "frame 1 hook 1: SoundTweaked hook's volume NaN", 92+20)
	an.Frames[1].Parts[0].QZ = float32(math.Inf(1))
	one(t, an.Problems(EncodeAnimation(an)), "frame 1 part 0 frame value 6 (qz)", 16+32+24)

	ps2 := &PhysicsScript{ID: 0x33000001, Entries: []ScriptEntry{{Hook: Hook{Type: HookCallPES, Script: 0x33000002, Pause: -1}}, {StartTime: 1, Hook: Hook{Type: HookSound, Wave: 0x20000001, Dir: 3}}}}
	raw = EncodePhysicsScript(ps2)
	ps2, _ = ParsePhysicsScript(raw)
	got := ps2.Problems(raw)
	one(t, got, "script entry 0: CallPES hook's pause -1 s", 8+8+12)        // id, count; f64 start; type, dir, script
	one(t, got, "script entry 1: Sound hook direction 3", 8+8+16+8+4)       // entry 0 is 8 + 16; entry 1's hook after its f64
	one(t, got, "script entry 1: Sound hook's wave 0x20000001", 8+8+16+8+8) // not a Wave id

	c := &EnvCell{ID: 0xA9B40101, Surfaces: []uint16{1, 2, 3}, Frame: Frame{X: nan, QW: 1}}
	one(t, c.Problems(EncodeEnvCell(c)), "cell frame value 0 (x)", 16+6+4)
}

// A Setup's layout walked from the front ends where its five defaults
// begin (§3.7); a record cut, grown or with a changed count does not.
func TestSetupLayoutProblems(t *testing.T) {
	s := &Setup{ID: 0x02000001, DefaultSoundTable: 0x20000001}
	raw := EncodeSetup(s)
	if ps := s.Problems(raw); len(ps) != 0 {
		t.Fatalf("a whole Setup: %v", ps)
	}
	grown := append(append(append([]byte{}, raw[:len(raw)-20]...), 0, 0, 0, 0), raw[len(raw)-20:]...)
	one(t, s.Problems(grown), "Setup layout ends at record byte 0x54, the five default ids begin at 0x58", 0x54) // 8 counts + 48 + lights
	cut := append(append([]byte{}, raw[:40]...), raw[len(raw)-20:]...)
	ps := s.Problems(cut)
	if len(ps) != 1 || !strings.Contains(ps[0].What, "needs 48 bytes") {
		t.Errorf("a Setup cut to 60 bytes: %v", ps)
	}
}
