package dat

import (
	"errors"
	"testing"
)

// handScene is a two-object Scene assembled by hand from the layout of
// docs/formats.md (ACE Scene.cs / ObjectDesc.cs field order): id, count,
// then per object obj_id, Frame (x y z, qw qx qy qz), freq, displace x/y,
// min/max scale, max rotation, min/max slope, align, orient, weenie_obj.
func handScene() []byte {
	var l le
	l.u32(0x12000002).u32(2)
	l.u32(0x02000010).frame(12).f32(0.25).f32(6).f32(7).f32(0.8).f32(1.2).f32(360).f32(0.9).f32(1).u32(0).u32(1).u32(0)
	l.u32(0x01000044).frame(3).f32(1).f32(0).f32(0).f32(1).f32(1).f32(0).f32(0).f32(1).u32(1).u32(0).u32(0x7000_0001)
	return l.b
}

func TestSceneHandLayout(t *testing.T) {
	b := handScene()
	if len(b) != 8+2*76 {
		t.Fatalf("hand record is %d bytes, want 8 + 2·76", len(b))
	}
	s, err := ParseScene(b)
	if err != nil {
		t.Fatal(err)
	}
	want := []ObjectDesc{
		{ObjID: 0x02000010, BaseLoc: Frame{X: 12, QW: 1}, Freq: 0.25, DisplaceX: 6, DisplaceY: 7, MinScale: 0.8, MaxScale: 1.2,
			MaxRotation: 360, MinSlope: 0.9, MaxSlope: 1, Orient: 1},
		{ObjID: 0x01000044, BaseLoc: Frame{X: 3, QW: 1}, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1, Align: 1, WeenieObj: 0x7000_0001},
	}
	if s.ID != 0x12000002 || len(s.Objects) != 2 || s.Objects[0] != want[0] || s.Objects[1] != want[1] {
		t.Fatalf("got %+v\nwant %+v", s, want)
	}
	if got := EncodeScene(s); string(got) != string(b) {
		t.Errorf("EncodeScene does not give the hand bytes back")
	}
}

// A count the bytes cannot hold, a cut record and trailing bytes are
// FormatErrors naming the record and a byte inside it.
func TestSceneTruncatedAndHuge(t *testing.T) {
	b := handScene()
	huge := append([]byte{}, b...)
	huge[4], huge[5], huge[6], huge[7] = 0xFF, 0xFF, 0xFF, 0x7F
	for name, rec := range map[string][]byte{
		"huge count": huge,
		"cut":        b[:len(b)-3],
		"trailing":   append(append([]byte{}, b...), 0, 0, 0, 0),
		"wrong type": append([]byte{0x02, 0, 0, 0x13}, b[4:]...),
	} {
		_, err := ParseScene(rec)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(rec)) {
			t.Errorf("%s: got %v, want a FormatError inside the record", name, err)
		}
	}
}

func FuzzParseScene(f *testing.F) {
	f.Add(handScene())
	f.Add(EncodeScene(&Scene{ID: 0x12000001}))
	fuzzParse(f, "FuzzParseScene", ParseScene, EncodeScene)
}
