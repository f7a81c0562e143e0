package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"testing"
)

// roundTrip checks encode → parse → encode is byte-stable and returns the parse.
func roundTrip[T any](t *testing.T, enc func(*T) []byte, parse func([]byte) (*T, error), v *T) *T {
	t.Helper()
	b := enc(v)
	got, err := parse(b)
	if err != nil {
		t.Fatalf("parse(encode(v)): %v", err)
	}
	if b2 := enc(got); !bytes.Equal(b, b2) {
		t.Fatalf("encode(parse(encode(v))) differs from encode(v):\n got %x\nwant %x", b2, b)
	}
	return got
}

func TestRegionRoundTrip(t *testing.T) {
	want := sampleRegion()
	got := roundTrip(t, EncodeRegion, ParseRegion, want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseRegion(EncodeRegion(r)):\n got %+v\nwant %+v", got, want)
	}
	if got.GameTime.DaysOfWeek[2] != "Café" {
		t.Errorf("Windows-1252 name: got %q, want %q", got.GameTime.DaysOfWeek[2], "Café")
	}
}

// TestRegionLayoutDereth pins the §3.1 offsets: "Dereth" is 8 bytes with no
// pad, LandDefs occupies 20–1075 and GameTime starts at 1076.
func TestRegionLayoutDereth(t *testing.T) {
	b := EncodeRegion(sampleRegion())
	le := binary.LittleEndian
	if got := le.Uint16(b[12:]); got != 6 {
		t.Errorf("name length: got %d, want 6", got)
	}
	if got := string(b[14:20]); got != "Dereth" {
		t.Errorf("name bytes: got %q, want Dereth", got)
	}
	if got := le.Uint32(b[20:]); got != 255 {
		t.Errorf("LandDefs.num_block_length at 20: got %d, want 255", got)
	}
	// height_table[255] is the last LandDefs float, at 20+32+255*4 = 1072.
	if got := le.Uint32(b[1072:]); got != 0x442F0000 { // 700.0
		t.Errorf("height_table[255] at 1072: got %#x, want 700.0 (0x442F0000)", got)
	}
	if got := le.Uint64(b[1076:]); got != 0x40AC200000000000 { // 3600.0
		t.Errorf("GameTime.zero_time_of_year at 1076: got %#x, want 3600.0", got)
	}
}

// TestRegionPartsOrder pins the serialization order Sky, Sound, Scene,
// Terrain, Misc (§3.1), and that Terrain is read without a mask bit.
func TestRegionPartsOrder(t *testing.T) {
	full := sampleRegion()
	for _, mask := range []uint32{0, PartSound, PartScene, PartSky, PartMisc, PartSound | PartMisc, 0x21F} {
		g := *full
		g.PartsMask = mask
		b := EncodeRegion(&g)
		got, err := ParseRegion(b)
		if err != nil {
			t.Fatalf("mask %#x: %v", mask, err)
		}
		if (got.Sky != nil) != (mask&PartSky != 0) || (got.Sound != nil) != (mask&PartSound != 0) ||
			(got.Scene != nil) != (mask&PartScene != 0) || (got.Misc != nil) != (mask&PartMisc != 0) {
			t.Errorf("mask %#x: parts present sky=%v sound=%v scene=%v misc=%v", mask, got.Sky != nil, got.Sound != nil, got.Scene != nil, got.Misc != nil)
		}
		if !reflect.DeepEqual(got.Terrain, full.Terrain) {
			t.Errorf("mask %#x: terrain differs", mask)
		}
	}
	// With Sound and Scene, the SoundDesc (count 2, then stb 0x20000010) must
	// come right before the SceneDesc: hand-assemble the tail of a region.
	g := *full
	g.PartsMask = PartSound | PartScene
	g.Sound = &SoundInfo{STBDescs: []AmbientSTBDesc{{STBID: 0x20000099}}}
	g.Scene = &SceneInfo{SceneTypes: []SceneType{{StbIndex: 7}}}
	g.Terrain = TerrainInfo{}
	b := EncodeRegion(&g)
	// mask, sound n, stb, n sounds, scene n, stb_index, n scenes, terrain n, kind, base, 3 map counts, tex count
	want := []uint32{PartSound | PartScene, 1, 0x20000099, 0, 1, 7, 0, 0, 0, 0, 0, 0, 0, 0}
	tail := b[len(b)-4*len(want):]
	for i, w := range want {
		if got := binary.LittleEndian.Uint32(tail[i*4:]); got != w {
			t.Errorf("tail word %d: got %#x, want %#x", i, got, w)
		}
	}
}

func TestPStringEscape(t *testing.T) {
	long := string(bytes.Repeat([]byte{'a'}, 0x10001))
	var w writer
	w.u32(0)
	w.pstring(long)
	if got := binary.LittleEndian.Uint16(w.b[4:]); got != 0xFFFF {
		t.Fatalf("long PString: got u16 %#x, want the 0xFFFF escape", got)
	}
	if got := binary.LittleEndian.Uint32(w.b[6:]); got != 0x10001 {
		t.Fatalf("long PString u32 length: got %#x, want 0x10001", got)
	}
	r := newReader(w.b)
	r.u32()
	if s := r.pstring("x"); s != long || r.err != nil {
		t.Fatalf("read back: len %d err %v", len(s), r.err)
	}
	// Align4 is measured from the record start: a 1-byte string at offset 4
	// takes 2+1 bytes, padded to 4.
	var w2 writer
	w2.u32(0)
	w2.pstring("x")
	if len(w2.b) != 8 {
		t.Errorf("PString \"x\" at 4: record length got %d, want 8", len(w2.b))
	}
}

func TestSoundTableRoundTrip(t *testing.T) {
	st := sampleSoundTable()
	got := roundTrip(t, EncodeSoundTable, ParseSoundTable, st)
	if !reflect.DeepEqual(got.Sounds, st.Sounds) {
		t.Errorf("Sounds: got %v, want %v", got.Sounds, st.Sounds)
	}
	// §3.2 writer recipe: root key 0, one default item {0,0,1,1}, children ascending.
	b := EncodeSoundTable(st)
	le := binary.LittleEndian
	words := []uint32{0x200000A8, 0, 1, 0, 0, 0x3F800000, 0x3F800000, 2, 0x1F, 2}
	for i, w := range words {
		if got := le.Uint32(b[i*4:]); got != w {
			t.Errorf("word %d: got %#x, want %#x", i, got, w)
		}
	}
	if len(b) != 4+(4+4+16+4)+(4+4+32+4)+(4+4+16+4) {
		t.Errorf("length: got %d, want %d", len(b), 4+28+44+28)
	}
}

func TestSoundTableDeepRecursion(t *testing.T) {
	// 16 levels are fine, 17 are refused.
	mk := func(depth int) *SoundTable {
		n := SoundNode{Key: 99}
		for i := 1; i < depth; i++ {
			n = SoundNode{Key: uint32(i), Children: []SoundNode{n}}
		}
		return &SoundTable{ID: 0x20000001, Root: n}
	}
	got := roundTrip(t, EncodeSoundTable, ParseSoundTable, mk(16))
	if len(got.Sounds) != 1 {
		t.Errorf("depth 16: Sounds has %d keys, want 1", len(got.Sounds))
	}
	_, err := ParseSoundTable(EncodeSoundTable(mk(17)))
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("depth 17: got %v, want *FormatError", err)
	}
}

func TestWaveRoundTrip(t *testing.T) {
	w := sampleWave()
	got := roundTrip(t, EncodeWave, ParseWave, w)
	if got.Format != w.Format || len(got.Header) != 18 || !bytes.Equal(got.Data, w.Data) {
		t.Errorf("got format %+v header %d bytes, want %+v, 18 bytes", got.Format, len(got.Header), w.Format)
	}
	if n := len(EncodeWave(w)); n != 12+18+100 {
		t.Errorf("record size: got %d, want 12+H+D = 130", n)
	}
	// Any tag parses: MP3 with a 30-byte header.
	mp3 := &Wave{ID: 0x0A000003, Header: append(WaveHeader(WaveFormat{Tag: WaveTagMP3, Channels: 1, SamplesPerSec: 22050}), make([]byte, 12)...), Data: []byte{0xFF, 0xFB}}
	got = roundTrip(t, EncodeWave, ParseWave, mp3)
	if got.Format.Tag != WaveTagMP3 || len(got.Header) != 30 {
		t.Errorf("mp3: got tag %#x header %d, want 0x55, 30", got.Format.Tag, len(got.Header))
	}
}

func TestLandBlockRoundTrip(t *testing.T) {
	l := sampleLandBlock(0xA9, 0xB4)
	got := roundTrip(t, EncodeLandBlock, ParseLandBlock, l)
	if *got != *l {
		t.Errorf("got %+v, want %+v", got, l)
	}
	b := EncodeLandBlock(l)
	// §3.4 layout: 252 bytes, terrain words at 8, heights at 170.
	if len(b) != 252 {
		t.Fatalf("size: got %d, want 252", len(b))
	}
	if !bytes.Equal(b[:8], []byte{0xFF, 0xFF, 0xB4, 0xA9, 1, 0, 0, 0}) {
		t.Errorf("first 8 bytes: got % X, want FF FF B4 A9 01 00 00 00", b[:8])
	}
	if got := binary.LittleEndian.Uint16(b[8+2*80:]); got != l.Terrain[80] {
		t.Errorf("terrain[80] at 168: got %#x, want %#x", got, l.Terrain[80])
	}
	if b[170+40] != l.Height[40] {
		t.Errorf("height[40] at 210: got %d, want %d", b[210], l.Height[40])
	}
}

// TestLandBlockVertexIndex pins §3.4: i = x*9 + y, x-major.
func TestLandBlockVertexIndex(t *testing.T) {
	for _, c := range []struct{ x, y, i int }{{0, 0, 0}, {0, 8, 8}, {1, 0, 9}, {8, 8, 80}, {4, 4, 40}} {
		if got := VertexIndex(c.x, c.y); got != c.i {
			t.Errorf("VertexIndex(%d,%d): got %d, want %d", c.x, c.y, got, c.i)
		}
	}
	// 9AB1 terrain[0] = type 13, scenery 9 (§7): word 9<<11 | 13<<2.
	w := uint16(9<<11 | 13<<2)
	if TerrainCode(w) != 13 || SceneryIndex(w) != 9 || RoadBits(w) != 0 {
		t.Errorf("terrain word %#x: got type %d scenery %d road %d, want 13 9 0", w, TerrainCode(w), SceneryIndex(w), RoadBits(w))
	}
}

func TestLandBlockInfoRoundTrip(t *testing.T) {
	l := sampleLandBlockInfo()
	got := roundTrip(t, EncodeLandBlockInfo, ParseLandBlockInfo, l)
	if !reflect.DeepEqual(got, l) {
		t.Errorf("got %+v, want %+v", got, l)
	}
	// 3 stabs (odd) → 2 pad bytes: 12 + 4 + 32 + 4 + (4+28+4+4) + (8+6+2) + (4+8)
	if n := len(EncodeLandBlockInfo(l)); n != 12+32+4+40+16+12 {
		t.Errorf("size: got %d, want %d", n, 12+32+4+40+16+12)
	}
	// Without pack_mask bit 0 no restriction table is written or read.
	l2 := *l
	l2.PackMask, l2.Restrictions = 0, nil
	got = roundTrip(t, EncodeLandBlockInfo, ParseLandBlockInfo, &l2)
	if len(got.Restrictions) != 0 {
		t.Errorf("restrictions: got %v, want none", got.Restrictions)
	}
}

// TestSetupShortcut pins §3.7: EncodeSetup's default_sound_table sits at
// record_size − 8 (the minimal Setup is 104 bytes).
func TestSetupShortcut(t *testing.T) {
	s := &Setup{ID: 0x02000001, DefaultSoundTable: 0x20000042}
	got := roundTrip(t, EncodeSetup, ParseSetup, s)
	if *got != *s {
		t.Errorf("got %+v, want %+v", got, s)
	}
	b := EncodeSetup(s)
	if len(b) != 104 {
		t.Errorf("minimal Setup size: got %d, want 104", len(b))
	}
	if v := binary.LittleEndian.Uint32(b[len(b)-8:]); v != 0x20000042 {
		t.Errorf("u32 at size-8: got %#x, want 0x20000042", v)
	}
	roundTrip(t, EncodeSetup, ParseSetup, &Setup{ID: 0x02000002})
}

// TestSoundTypeNames spot-checks §5.1.
func TestSoundTypeNames(t *testing.T) {
	for v, want := range map[uint32]string{0x00: "Invalid", 0x1F: "Swoosh2", 0x46: "Ambient1", 0x4E: "Waterfall", 0x58: "ShieldUp",
		0x5B: "EnchantDown", 0x85: "UI_Thunder1", 0x8A: "UI_Thunder6", 0x98: "TriggerActivated1", 0xC9: "TriggerActivated50", 0xCC: "SkillDownVoid", 0xCD: ""} {
		if got := SoundTypeName(v); got != want {
			t.Errorf("SoundTypeName(%#x): got %q, want %q", v, got, want)
		}
	}
}
