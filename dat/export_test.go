package dat

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
)

// Helpers only the tests use (no program reaches them).

// EncodeIteration encodes it (§2.6).
func EncodeIteration(it *Iteration) []byte {
	var w writer
	w.i32(it.Total)
	for _, p := range it.Runs {
		w.i32(p.Run)
		w.i32(p.Start)
	}
	return w.b
}

// AddCompressed stores rec under id zlib-compressed (§2.5: flags bit 0, u32
// uncompressed size, then the zlib stream at level 9 like retail).
func (w *Writer) AddCompressed(id uint32, rec []byte) error {
	var z bytes.Buffer
	z.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(rec))))
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(rec)
	zw.Close()
	return w.add(id, FlagsRecord|FlagCompressed, z.Bytes())
}

// AddRaw stores already-encoded bytes under id with the given entry flags
// (for tests that need odd flags or hand-made compressed payloads).
func (w *Writer) AddRaw(id, flags uint32, stored []byte) error { return w.add(id, flags, stored) }
