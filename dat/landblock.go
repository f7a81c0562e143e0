package dat

// LandBlockSize is the exact size of a LandBlock record in bytes (§3.4).
const LandBlockSize = 252

// ParseLandBlock decodes a LandBlock record (§3.4): exactly 252 bytes, id
// 0xXXYYFFFF, has_objects, 81 terrain words and 81 height bytes, index x*9+y.
func ParseLandBlock(b []byte) (*LandBlock, error) {
	r := newReader(b)
	l := &LandBlock{}
	l.ID = r.leadID("LandBlock (0xXXYYFFFF)", func(id uint32) bool { return id&0xFFFF == LandBlockLow })
	if r.err == nil && len(b) != LandBlockSize {
		r.failAt(0, "LandBlock record size is not 252:", len(b))
	}
	l.HasObjects = r.u32()
	for i := range l.Terrain {
		l.Terrain[i] = r.u16()
	}
	for i := range l.Height {
		l.Height[i] = r.u8()
	}
	if err := r.done(l.ID); err != nil {
		return nil, err
	}
	return l, nil
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
