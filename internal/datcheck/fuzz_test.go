package datcheck

import (
	"encoding/binary"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

// FuzzCheck overwrites bytes of the stand-in's dats (6-byte ops: file bit,
// u32 offset mod size, value) and checks them: no panic, no hang, and every
// problem names one of the two files.
func FuzzCheck(f *testing.F) {
	portal, cell := images(f)
	root := binary.LittleEndian.Uint32(portal[0x160:])
	op := dattest.FuzzOp
	f.Add([]byte{})
	f.Add(op(0, root+4+248, 0x3F))
	f.Add(op(0, root+4+252+8, 0x01))
	f.Add(op(1, 0x400+4+9, 0xFF))
	f.Add(op(0, entry(f, portal, dat.RegionID).Offset+4+1600, 0xFF))
	f.Fuzz(func(t *testing.T, ops []byte) {
		a, ok := dattest.Fuzzed(portal, cell, ops)
		if !ok {
			return
		}
		s := Check(a, Options{Workers: 1})
		for _, p := range s.Problems {
			if p.File != dat.PortalFile && p.File != dat.CellFile {
				t.Fatalf("problem names no file: %v", p)
			}
		}
	})
}
