package dat

import "encoding/binary"

// LandBlockSize is the exact size of a LandBlock record in bytes (§3.4).
const LandBlockSize = 252

// ParseLandBlock decodes a LandBlock record (§3.4): exactly 252 bytes, id
// 0xXXYYFFFF, has_objects, 81 terrain words and 81 height bytes, index x*9+y.
// The size is checked once up front, then the fields are read directly (this
// is the hot path of a whole-world scan).
func ParseLandBlock(b []byte) (*LandBlock, error) {
	l := &LandBlock{}
	if err := parseLandBlockInto(l, b); err != nil {
		return nil, err
	}
	return l, nil
}

// ParseLandBlockInto is ParseLandBlock into l, which the caller owns (a
// scan of every landblock reuses one). l is undefined after an error.
func ParseLandBlockInto(l *LandBlock, b []byte) error { return parseLandBlockInto(l, b) }

func parseLandBlockInto(l *LandBlock, b []byte) error {
	le := binary.LittleEndian
	if len(b) != LandBlockSize || le.Uint32(b)&0xFFFF != LandBlockLow {
		return parseLandBlockSlow(b)
	}
	l.ID, l.HasObjects = le.Uint32(b), le.Uint32(b[4:])
	t := b[8 : 8+2*81]
	for i := 0; i < 80; i += 4 { // four terrain words per 64-bit load
		v := le.Uint64(t[2*i : 2*i+8])
		l.Terrain[i], l.Terrain[i+1], l.Terrain[i+2], l.Terrain[i+3] = uint16(v), uint16(v>>16), uint16(v>>32), uint16(v>>48)
	}
	l.Terrain[80] = le.Uint16(t[160:])
	copy(l.Height[:], b[8+2*81:])
	return nil
}

// parseLandBlockSlow reports what is wrong with a bad LandBlock record.
func parseLandBlockSlow(b []byte) error {
	r := newReader(b)
	id := r.leadID("LandBlock (0xXXYYFFFF)", func(id uint32) bool { return id&0xFFFF == LandBlockLow })
	if r.err == nil && len(b) != LandBlockSize {
		r.failAt(0, "LandBlock record size is not 252:", len(b))
	}
	return r.done(id)
}

// EncodeLandBlock encodes l as 252 bytes (§3.4).
func EncodeLandBlock(l *LandBlock) []byte {
	w := writer{b: make([]byte, 0, LandBlockSize)}
	w.u32(l.ID)
	w.u32(l.HasObjects)
	for _, t := range l.Terrain {
		w.u16(t)
	}
	w.raw(l.Height[:])
	w.align4()
	return w.b
}

// VertexIndex is the index of vertex (x, y) in LandBlock.Terrain/Height:
// x*9 + y, x west→east, y south→north (§3.4).
func VertexIndex(x, y int) int { return x*9 + y }

// TerrainCode is bits 2–6 of a terrain word (§3.4, §5.2).
func TerrainCode(w uint16) uint8 { return uint8(w>>2) & 0x1F }

// SceneryIndex is bits 11–15 of a terrain word: the scene ordinal (§3.4).
func SceneryIndex(w uint16) uint8 { return uint8(w >> 11) }

// RoadBits is bits 0–1 of a terrain word; non-zero means road (§3.4).
func RoadBits(w uint16) uint8 { return uint8(w) & 3 }
