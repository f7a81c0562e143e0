package datcheck

import (
	"encoding/binary"
	"io"
	"testing"

	"soundworld/dat"
)

// patched is a dat image with some bytes overwritten, applied on read.
type patched struct {
	base []byte
	set  map[int64]byte
}

func (p *patched) ReadAt(b []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(p.base)) {
		return 0, io.EOF
	}
	n := copy(b, p.base[off:])
	for at, v := range p.set {
		if at >= off && at < off+int64(n) {
			b[at-off] = v
		}
	}
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

// FuzzCheck overwrites bytes of the stand-in's dats (6-byte ops: file bit,
// u32 offset mod size, value) and checks them: no panic, no hang, and every
// problem names one of the two files.
func FuzzCheck(f *testing.F) {
	portal, cell := images(f)
	root := binary.LittleEndian.Uint32(portal[0x160:])
	op := func(file byte, off uint32, v byte) []byte {
		return append(binary.LittleEndian.AppendUint32([]byte{file}, off), v)
	}
	f.Add([]byte{})
	f.Add(op(0, root+4+248, 0x3F))
	f.Add(op(0, root+4+252+8, 0x01))
	f.Add(op(1, 0x400+4+9, 0xFF))
	f.Add(op(0, entry(f, portal, dat.RegionID).Offset+4+1600, 0xFF))
	f.Fuzz(func(t *testing.T, ops []byte) {
		imgs := [2]*patched{{base: portal, set: map[int64]byte{}}, {base: cell, set: map[int64]byte{}}}
		for i := 0; i+6 <= len(ops) && i < 6*64; i += 6 {
			p := imgs[ops[i]&1]
			p.set[int64(binary.LittleEndian.Uint32(ops[i+1:])%uint32(len(p.base)))] = ops[i+5]
		}
		pf, err := dat.NewFile(imgs[0], int64(len(portal)), dat.PortalFile)
		if err != nil {
			return
		}
		cf, err := dat.NewFile(imgs[1], int64(len(cell)), dat.CellFile)
		if err != nil {
			return
		}
		s := Check(&dat.Archive{Portal: pf, Cell: cf}, Options{Workers: 1})
		for _, p := range s.Problems {
			if p.File != dat.PortalFile && p.File != dat.CellFile {
				t.Fatalf("problem names no file: %v", p)
			}
		}
	})
}
