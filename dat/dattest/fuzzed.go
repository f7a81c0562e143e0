package dattest

import (
	"encoding/binary"
	"io"

	"soundworld/dat"
)

// FuzzOp is one op of a fuzz input: 6 bytes — file (bit 0: 0 portal, 1
// cell), a little-endian u32 byte offset (taken modulo the file's size) and
// the value written there.
func FuzzOp(file byte, off uint32, v byte) []byte {
	return append(binary.LittleEndian.AppendUint32([]byte{file}, off), v)
}

// Fuzzed opens the dat pair portal, cell with ops (FuzzOp's, at most 64)
// applied on read, never copying either image. ok is false when a file
// does not open as a dat.
func Fuzzed(portal, cell, ops []byte) (a *dat.Archive, ok bool) {
	imgs := [2]*patched{{base: portal, set: map[int64]byte{}}, {base: cell, set: map[int64]byte{}}}
	for i := 0; i+6 <= len(ops) && i < 6*64; i += 6 {
		p := imgs[ops[i]&1]
		p.set[int64(binary.LittleEndian.Uint32(ops[i+1:])%uint32(len(p.base)))] = ops[i+5]
	}
	pf, err := dat.NewFile(imgs[0], int64(len(portal)), dat.PortalFile)
	if err != nil {
		return nil, false
	}
	cf, err := dat.NewFile(imgs[1], int64(len(cell)), dat.CellFile)
	if err != nil {
		return nil, false
	}
	return &dat.Archive{Portal: pf, Cell: cf}, true
}

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
