package dat

import (
	"errors"
	"testing"
)

// handSetupShape is a two-part Setup with every optional list present, laid
// out byte by byte from §3.7's full order: parents and default scales
// (flags 0x3), one holding location, no connection points, one placement
// (two part frames, one SoundHook), two cylspheres, three spheres, the four
// heights, sorting and selection spheres, one light, the five default ids.
func handSetupShape() []byte {
	l := &le{}
	l.u32(0x02000123).u32(0x3).u32(2).u32(0x01000001).u32(0x01000002) // id, flags, parts
	l.u32(0).u32(0)                                                   // parent indices
	l.f32(1).f32(1).f32(1).f32(2).f32(2).f32(2)                       // default scales
	l.u32(1).u32(7).u32(1).frame(0)                                   // holding: key 7, part 1
	l.u32(0)                                                          // connection points
	l.u32(1).u32(0x65).frame(1).frame(2)                              // placement 0x65: a frame per part
	l.u32(1).u32(1).u32(0).u32(0x0A000009)                            // its hooks: one SoundHook
	l.u32(2)                                                          // cylspheres
	l.f32(0.5).f32(1).f32(0).f32(0.75).f32(3)                         // low point, radius, height
	l.f32(-2).f32(0).f32(0).f32(0.25).f32(1)
	l.u32(3) // spheres
	for range 3 {
		l.f32(0).f32(0).f32(1).f32(1)
	}
	l.f32(3).f32(1.5).f32(0.5).f32(0.5)    // height, radius, step up, step down
	l.f32(0.1).f32(0.2).f32(1.4).f32(2.5)  // sorting sphere
	l.f32(0).f32(0).f32(1).f32(3)          // selection sphere
	l.u32(1).u32(0).frame(0).u32(0xFFFFFF) // a light: key, frame, colour,
	l.f32(1).f32(5).f32(0)                 // intensity, falloff, cone angle
	l.u32(0x03000001).u32(0).u32(0).u32(0x20000004).u32(0)
	return l.b
}

func TestSetupShapeHandLayout(t *testing.T) {
	b := handSetupShape()
	s := mustParse(t, ParseSetupShape, b)
	if s.ID != 0x02000123 || len(s.Parts) != 2 || s.Parts[1] != 0x01000002 || s.NumSpheres != 3 {
		t.Errorf("shape %+v: want id 0x02000123, parts [0x01000001 0x01000002], 3 spheres", s)
	}
	if len(s.CylSpheres) != 2 || s.CylSpheres[0] != (CylSphere{0.5, 1, 0, 0.75, 3}) || s.CylSpheres[1] != (CylSphere{-2, 0, 0, 0.25, 1}) {
		t.Errorf("cylspheres %+v", s.CylSpheres)
	}
	if s.SortingSphere != (Sphere{0.1, 0.2, 1.4, 2.5}) {
		t.Errorf("sorting sphere %+v, want {0.1 0.2 1.4 2.5}", s.SortingSphere)
	}
	// The shortcut reader agrees on the tail.
	if d, err := ParseSetup(b); err != nil || d.DefaultSoundTable != 0x20000004 {
		t.Errorf("ParseSetup: %+v, %v", d, err)
	}
	// The minimal Setup EncodeSetup writes walks too: nothing in it.
	if m, err := ParseSetupShape(EncodeSetup(&Setup{ID: 0x02000001})); err != nil || len(m.Parts)+len(m.CylSpheres)+m.NumSpheres != 0 {
		t.Errorf("EncodeSetup's record: %+v, %v", m, err)
	}
	// A byte past the default ids, or a record cut short, is an error.
	var fe *FormatError
	if _, err := ParseSetupShape(append(b, 0, 0, 0, 0)); !errors.As(err, &fe) {
		t.Errorf("trailing bytes: err %v, want a FormatError", err)
	}
	if _, err := ParseSetupShape(b[:len(b)-1]); !errors.As(err, &fe) {
		t.Errorf("truncated: err %v, want a FormatError", err)
	}
}

func TestGfxObjHasPhysics(t *testing.T) {
	for _, c := range []struct {
		flags uint32
		want  bool
	}{{0x1, true}, {0x3, true}, {0x2, false}, {0xA, false}} {
		l := &le{}
		got, err := GfxObjHasPhysics(l.u32(0x01000042).u32(c.flags).u32(0).b)
		if err != nil || got != c.want {
			t.Errorf("flags %#x: %v, %v; want %v", c.flags, got, err, c.want)
		}
	}
	if _, err := GfxObjHasPhysics((&le{}).u32(0x02000042).u32(1).b); err == nil {
		t.Error("a Setup id read as a GfxObj: want an error")
	}
}

// FuzzParseSetupShape: any bytes either parse or fail with an error; never
// a panic or an allocation past the record.
func FuzzParseSetupShape(f *testing.F) {
	f.Add(handSetupShape())
	f.Add(EncodeSetup(&Setup{ID: 0x02000001}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if s, err := ParseSetupShape(b); err == nil && s.ID>>24 != typeSetup {
			t.Fatalf("parsed a non-Setup id %#x", s.ID)
		}
	})
}
