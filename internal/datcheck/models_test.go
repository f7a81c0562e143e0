package datcheck

import (
	"encoding/binary"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

// Issue 12, `soundworld check`: model references (dat-format §3.5, §3.7).
// A LandBlockInfo's objects and buildings name a GfxObj (0x01…) or a Setup
// (0x02…) in the portal dat; a Setup's part list names GfxObjs. GfxObj ids
// are looked up only when the portal dat holds GfxObj records at all (the
// stand-in and the generated world ship none); a model id of another type is
// wrong either way. Offsets by the spec's layout: LandBlockInfo object i's id
// at 12 + 32·i, building 0's at 12 + 32·objects + 4; Setup part i's at 12 + 4·i.
func TestModelReferences(t *testing.T) {
	const (
		setup   = 0x02000001
		gfx     = 0x01000001 // present when withGfx
		noGfx   = 0x01000002 // never present
		info    = 0xA9B4FFFE
		notAGfx = 0x0A000001
	)
	setupRec := func() []byte {
		b := dat.EncodeSetup(&dat.Setup{ID: setup})
		var r []byte
		r = append(r, b[:8]...) // id, flags
		r = binary.LittleEndian.AppendUint32(r, 3)
		for _, p := range []uint32{gfx, noGfx, notAGfx} {
			r = binary.LittleEndian.AppendUint32(r, p)
		}
		return append(r, b[12:]...) // the rest, num_parts dropped
	}
	frame := dat.Frame{X: 1, Y: 1, QW: 1}
	infoRec := dat.EncodeLandBlockInfo(&dat.LandBlockInfo{ID: info,
		Objects:   []dat.Stab{{ID: noGfx, Frame: frame}, {ID: setup, Frame: frame}, {ID: 0x05000000, Frame: frame}, {ID: 0x02000099, Frame: frame}},
		Buildings: []dat.BuildInfo{{ModelID: gfx, Frame: frame, Portals: []dat.BldPortal{}}}})
	build := func(withGfx bool) *Summary {
		w := dat.NewPairWriter()
		w.AddPortal(setup, setupRec())
		if withGfx {
			w.AddPortal(gfx, binary.LittleEndian.AppendUint32(nil, gfx)) // not parsed: only its presence counts
		}
		w.AddCell(info, infoRec)
		return Check(dattest.OpenPair(t, w), Options{})
	}
	if _, err := dat.SetupParts(setupRec()); err != nil {
		t.Fatal(err)
	}
	s := build(true)
	want(t, s, dat.PortalFile, setup, 12+4*1, true, dat.KindMissingRecord, "part 1 GfxObj 0x01000002 is not in the portal dat")
	want(t, s, dat.PortalFile, setup, 12+4*2, true, dat.KindBadReference, "part 2 0x0A000001 is not a GfxObj")
	want(t, s, dat.CellFile, info, 12+32*0, true, dat.KindMissingRecord, "object GfxObj 0x01000002 is not in the portal dat")
	want(t, s, dat.CellFile, info, 12+32*2, true, dat.KindBadLandBlock, "object 2 model 0x05000000 is neither a GfxObj")
	want(t, s, dat.CellFile, info, 12+32*3, true, dat.KindMissingRecord, "object Setup 0x02000099 is not in the portal dat")
	for _, p := range s.Problems {
		if p.Off == 12+4*0 && p.Record == setup || p.Off == 12+32*1 && p.Record == info || p.Off == 12+32*4+4 && p.Record == info {
			t.Errorf("a present model is reported: %v", p)
		}
	}
	// Without GfxObj records, GfxObj ids are not looked up; the rest stands.
	s = build(false)
	for _, p := range s.Problems {
		if p.Kind == dat.KindMissingRecord && (p.Record == setup || p.Record == info) && p.Off != 12+32*3 {
			t.Errorf("GfxObj looked up in a portal dat without any: %v", p)
		}
	}
	want(t, s, dat.PortalFile, setup, 12+4*2, true, dat.KindBadReference, "part 2 0x0A000001 is not a GfxObj")
	want(t, s, dat.CellFile, info, 12+32*3, true, dat.KindMissingRecord, "object Setup 0x02000099 is not in the portal dat")
}

// A Setup whose num_parts runs past the record is a bad Setup at num_parts' byte.
func TestSetupPartsPastTheEnd(t *testing.T) {
	b := dat.EncodeSetup(&dat.Setup{ID: 0x02000001})
	binary.LittleEndian.PutUint32(b[8:], 1<<20)
	_, err := dat.SetupParts(b)
	if p := dat.ProblemOf(dat.KindBadSetup, "", 0x02000001, err); p.Off != 8 || !p.InRecord {
		t.Errorf("got %v (%+v), want an error at record byte 8", err, p)
	}
	w := dat.NewPairWriter()
	w.AddPortal(0x02000001, b)
	s := Check(dattest.OpenPair(t, w), Options{})
	want(t, s, dat.PortalFile, 0x02000001, 8, true, dat.KindBadSetup, "num_parts runs past the record end")
}
