package dat

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
)

// inflate decodes a compressed record (§2.5): u32 uncompressed size, then a
// zlib stream. The size is bounded before allocating: ≤ 64× the stored size
// ≤ 64 MiB and ≤ the file's size (no allocation bigger than the file); the stream must produce exactly that many bytes.
func (f *File) inflate(e Entry, b []byte) ([]byte, error) {
	at := int64(e.Offset) + 4
	if len(b) < 4 {
		return nil, f.errf(e.ID, at, "compressed record shorter than its 4-byte size prefix; size", e.Size)
	}
	n := binary.LittleEndian.Uint32(b)
	if uint64(n) > uint64(maxInflateRatio)*uint64(len(b)) || n > maxInflateSize || int64(n) > f.size {
		return nil, f.errf(e.ID, at, fmt.Sprintf("compressed record claims an absurd uncompressed size (stored %d bytes; limit 64×, 64 MiB and the file's size):", len(b)), n)
	}
	zr, err := zlib.NewReader(bytes.NewReader(b[4:]))
	if err != nil {
		return nil, f.errf(e.ID, at+4, "bad zlib stream: "+err.Error(), nil)
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, f.errf(e.ID, at+4, fmt.Sprintf("bad zlib stream (want %d bytes): %v", n, err), nil)
	}
	// Read on to the end so the Adler-32 checksum is verified.
	switch k, err := io.CopyN(io.Discard, zr, 1); {
	case k != 0:
		return nil, f.errf(e.ID, at+4, "zlib stream longer than its stated size", n)
	case err != io.EOF:
		return nil, f.errf(e.ID, at+4, fmt.Sprintf("bad zlib stream: %v", err), nil)
	}
	return out, nil
}
