package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// Tests of the E3 object formats: Setup defaults, Animation, PhysicsScript
// (docs/formats.md). Expected bytes are assembled by hand from the layouts
// the format doc cites, not from the encoder.

// le is a little-endian byte builder for hand-assembled records.
type le struct{ b []byte }

func (l *le) u32(v uint32) *le  { l.b = binary.LittleEndian.AppendUint32(l.b, v); return l }
func (l *le) f32(v float32) *le { return l.u32(math.Float32bits(v)) }
func (l *le) f64(v float64) *le {
	l.b = binary.LittleEndian.AppendUint64(l.b, math.Float64bits(v))
	return l
}
func (l *le) raw(p ...byte) *le { l.b = append(l.b, p...); return l }
func (l *le) frame(x float32) *le {
	return l.f32(x).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0)
}

func TestSetupDefaultsRoundTrip(t *testing.T) {
	s := &Setup{ID: 0x02000010, DefaultAnimation: 0x03000001, DefaultScript: 0x33000002,
		DefaultMotionTable: 0x09000003, DefaultSoundTable: 0x20000004, DefaultScriptTable: 0x34000005}
	got := roundTrip(t, EncodeSetup, ParseSetup, s)
	if *got != *s {
		t.Errorf("got %+v, want %+v", got, s)
	}
	b := EncodeSetup(s)
	// §3.7: the final five u32, in order, end the record.
	for i, want := range []uint32{0x03000001, 0x33000002, 0x09000003, 0x20000004, 0x34000005} {
		if v := binary.LittleEndian.Uint32(b[setupDefaultOffset(len(b), i):]); v != want {
			t.Errorf("default %d at %d: got %#x, want %#x", i, setupDefaultOffset(len(b), i), v, want)
		}
	}
	if setupDefaultOffset(104, 3) != 96 {
		t.Errorf("sound table of a 104-byte Setup: got byte %d, want 96 (size - 8)", setupDefaultOffset(104, 3))
	}
}

// Each default id with the wrong type byte is an error at its own byte.
func TestSetupDefaultsWrongType(t *testing.T) {
	for i, bad := range []uint32{0x33000001, 0x03000001, 0x20000001, 0x09000001, 0x20000001} {
		b := EncodeSetup(&Setup{ID: 0x02000010})
		off := setupDefaultOffset(len(b), i)
		binary.LittleEndian.PutUint32(b[off:], bad)
		_, err := ParseSetup(b)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off != off || fe.ID != 0x02000010 || !strings.Contains(err.Error(), setupDefaults[i].name) {
			t.Errorf("default %d = %#x: got %v, want a FormatError at byte %d naming %q", i, bad, err, off, setupDefaults[i].name)
		}
	}
}

// handAnimation is a two-frame, one-part Animation with pos frames: frame 0
// holds a SoundTableHook and a 3-byte ReplaceObject (1 pad byte), frame 1 a
// SoundTweakedHook (backward) and a CallPES.
func handAnimation() []byte {
	l := &le{}
	l.u32(0x03000007).u32(AnimationFlagPosFrames).u32(1).u32(2)
	l.frame(1).frame(2)                                                  // pos frames
	l.frame(3).u32(2)                                                    // frame 0: part, 2 hooks
	l.u32(2).u32(0).u32(0x69)                                            // SoundTableHook, both, Hammer1? (0x69)
	l.u32(5).u32(1).raw(7, 0x34, 0x12).raw(0)                            // ReplaceObject: part 7, id 0x1234, pad
	l.frame(4).u32(2)                                                    // frame 1
	l.u32(21).u32(0xFFFFFFFF).u32(0x0A000009).f32(0.5).f32(0.9).f32(0.8) // SoundTweaked: prob, prio, vol
	l.u32(19).u32(0).u32(0x33000003).f32(1.5)                            // CallPES
	return l.b
}

func TestAnimationHandLayout(t *testing.T) {
	b := handAnimation()
	a := mustParse(t, ParseAnimation, b)
	if a.ID != 0x03000007 || a.NumParts != 1 || len(a.Frames) != 2 || len(a.PosFrames) != 2 || a.PosFrames[1].X != 2 {
		t.Fatalf("header/frames: %+v", a)
	}
	h := a.Frames[0].Hooks
	if len(h) != 2 || h[0].Type != HookSoundTable || h[0].SType != 0x69 || h[0].Off != 4*4+2*28+28+4 {
		t.Errorf("frame 0 hook 0: %+v", h[0])
	}
	if h[1].Type != HookReplaceObject || !bytes.Equal(h[1].Body, []byte{7, 0x34, 0x12}) || h[1].Dir != HookForward {
		t.Errorf("frame 0 hook 1: %+v", h[1])
	}
	h = a.Frames[1].Hooks
	tw := h[0]
	if tw.Type != HookSoundTweaked || tw.Wave != 0x0A000009 || tw.Probability != 0.5 || tw.Priority != 0.9 || tw.Volume != 0.8 || tw.Dir != HookBackward {
		t.Errorf("tweaked hook: %+v (retail order: wave, prob, prio, vol)", tw)
	}
	if h[1].Type != HookCallPES || h[1].Script != 0x33000003 || h[1].Pause != 1.5 {
		t.Errorf("CallPES: %+v", h[1])
	}
	if !h[0].IsSound() || h[1].IsSound() {
		t.Error("IsSound")
	}
	if enc := EncodeAnimation(a); !bytes.Equal(enc, b) {
		t.Errorf("EncodeAnimation differs from the hand bytes:\n got %x\nwant %x", enc, b)
	}
}

// A ReplaceObject whose packed id has bit 15 set takes 5 body bytes and
// 3 pad bytes (Unpack_AsDataIDOfKnownType's long form).
func TestAnimationReplaceObjectLongID(t *testing.T) {
	l := &le{}
	l.u32(0x03000001).u32(0).u32(0).u32(1).u32(2)
	l.u32(5).u32(0).raw(1, 0x02, 0x80, 0x34, 0x12).raw(0, 0, 0)
	l.u32(1).u32(0).u32(0x0A000001)
	a, err := ParseAnimation(l.b)
	if err != nil {
		t.Fatal(err)
	}
	if h := a.Frames[0].Hooks; len(h[0].Body) != 5 || h[1].Wave != 0x0A000001 || h[1].Off != 20+16 {
		t.Errorf("hooks: %+v", h)
	}
	if !bytes.Equal(EncodeAnimation(a), l.b) {
		t.Error("round trip differs")
	}
}

// A hook type beyond the known table cannot be skipped: a FormatError at its
// type field, naming the record.
func TestAnimationUnknownHookRefused(t *testing.T) {
	l := &le{}
	l.u32(0x03000001).u32(0).u32(0).u32(1).u32(1)
	l.u32(27).u32(0).u32(0)
	_, err := ParseAnimation(l.b)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Off != 20 || fe.ID != 0x03000001 || !strings.Contains(err.Error(), "no known size") {
		t.Fatalf("got %v, want a FormatError at record byte 0x14 naming the record", err)
	}
}

func TestAnimationTruncatedAndHuge(t *testing.T) {
	b := handAnimation()
	for n := 0; n < len(b); n++ {
		if _, err := ParseAnimation(b[:n]); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}
	// A frame count no record could hold fails at the count, before allocating.
	l := &le{}
	l.u32(0x03000001).u32(0).u32(0xFFFFFFFF).u32(0xFFFFFFFF)
	_, err := ParseAnimation(l.b)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Off != 12 {
		t.Fatalf("huge counts: got %v, want an error at byte 12", err)
	}
}

func handScript() []byte {
	l := &le{}
	l.u32(0x33000001).u32(2)
	l.f64(0.5).u32(21).u32(0).u32(0x0A000002).f32(1).f32(0.9).f32(0.7)
	l.f64(0).u32(19).u32(0).u32(0x33000002).f32(0)
	return l.b
}

func TestPhysicsScriptHandLayout(t *testing.T) {
	b := handScript()
	s := mustParse(t, ParsePhysicsScript, b)
	want := []ScriptEntry{
		{0.5, Hook{Type: HookSoundTweaked, Off: 16, Wave: 0x0A000002, Probability: 1, Priority: 0.9, Volume: 0.7}},
		{0, Hook{Type: HookCallPES, Off: 16 + 24 + 8, Script: 0x33000002}},
	}
	if !reflect.DeepEqual(s.Entries, want) {
		t.Errorf("entries:\n got %+v\nwant %+v", s.Entries, want)
	}
	if enc := EncodePhysicsScript(s); !bytes.Equal(enc, b) {
		t.Errorf("encode differs:\n got %x\nwant %x", enc, b)
	}
	for n := 0; n < len(b); n++ {
		if _, err := ParsePhysicsScript(b[:n]); err == nil {
			t.Fatalf("truncated to %d: no error", n)
		}
	}
}

func TestPhysicsScriptBadStartTime(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), -1} {
		b := handScript()
		binary.LittleEndian.PutUint64(b[8:], math.Float64bits(v))
		_, err := ParsePhysicsScript(b)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off != 8 || fe.ID != 0x33000001 {
			t.Errorf("start %v: got %v, want a FormatError at byte 8", v, err)
		}
	}
}

// Every known hook type round-trips through the writer with its body size.
func TestHookBodySizes(t *testing.T) {
	for typ, n := range hookBody {
		if n < 0 {
			continue
		}
		l := &le{}
		l.u32(0x33000001).u32(1).f64(0).u32(uint32(typ)).u32(0)
		for i := range n {
			l.raw(byte(i + 1))
		}
		for len(l.b)%4 != 0 {
			l.raw(0)
		}
		s, err := ParsePhysicsScript(l.b)
		if err != nil {
			t.Errorf("%s (%d bytes): %v", HookName(uint32(typ)), n, err)
			continue
		}
		if !bytes.Equal(EncodePhysicsScript(s), l.b) {
			t.Errorf("%s: round trip differs", HookName(uint32(typ)))
		}
	}
}

func objectSeeds() map[string][][]byte {
	return map[string][][]byte{
		"FuzzParseAnimation":     {handAnimation()},
		"FuzzParsePhysicsScript": {handScript()},
		"FuzzParseSetupDefaults": {EncodeSetup(&Setup{ID: 0x02000010, DefaultAnimation: 0x03000001, DefaultScript: 0x33000002, DefaultSoundTable: 0x20000004})},
	}
}

func FuzzParseAnimation(f *testing.F) {
	for _, s := range objectSeeds()["FuzzParseAnimation"] {
		f.Add(s)
	}
	fuzzParse(f, "FuzzParseAnimation", ParseAnimation, EncodeAnimation)
}

func FuzzParsePhysicsScript(f *testing.F) {
	for _, s := range objectSeeds()["FuzzParsePhysicsScript"] {
		f.Add(s)
	}
	fuzzParse(f, "FuzzParsePhysicsScript", ParsePhysicsScript, EncodePhysicsScript)
}

func FuzzParseSetupDefaults(f *testing.F) {
	for _, s := range objectSeeds()["FuzzParseSetupDefaults"] {
		f.Add(s)
	}
	fuzzParse(f, "FuzzParseSetupDefaults", ParseSetup, EncodeSetup)
}

// setupDefaultOffset is the record byte of default id i (0 animation … 4
// script table) in a Setup of size n bytes (§3.7 shortcut).
func setupDefaultOffset(n, i int) int64 { return int64(n - 20 + 4*i) }
