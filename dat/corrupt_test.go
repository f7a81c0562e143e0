package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Base image for the corruption table: a cell-like dat (256-byte blocks) with
// one of every record type, a compressed record, and enough filler that the
// B-tree has two levels.
const (
	cLB     = 0xA9B4FFFF
	cLBI    = 0xA9B4FFFE
	cRegion = RegionID
	cST     = 0x200000A8
	cWave   = 0x0A000002
	cSetup  = 0x02000001
	cZ      = 0x0A000010 // compressed
	cBig    = 0x0A000020 // 3 blocks exactly: 3×252 bytes
)

func baseImage(t testing.TB) []byte {
	t.Helper()
	w := NewWriter(256, DataSetCell, 1)
	w.Add(cLB, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	w.Add(cLBI, EncodeLandBlockInfo(sampleLandBlockInfo()))
	w.Add(cRegion, EncodeRegion(sampleRegion()))
	w.Add(cST, EncodeSoundTable(sampleSoundTable()))
	w.Add(cWave, EncodeWave(sampleWave()))
	w.Add(cSetup, EncodeSetup(&Setup{ID: cSetup, DefaultSoundTable: cST}))
	big := &Wave{ID: cBig, Format: sampleWave().Format, Data: make([]byte, 3*252-12-18)}
	w.Add(cBig, EncodeWave(big))
	w.AddCompressed(cZ, EncodeWave(&Wave{ID: cZ, Format: sampleWave().Format, Data: make([]byte, 2000)}))
	for i := range 80 {
		w.Add(0x06000000+uint32(i), []byte{1, 2, 3, 4})
	}
	img, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// parseAny reads every entry of f and parses it by its id's type through an
// Archive (so errors carry file and id). It returns the first error.
func parseAny(f *File) error {
	a := &Archive{Portal: f, Cell: f}
	n := 0
	for e, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			return err
		}
		if n++; n > 100000 {
			return errors.New("too many entries")
		}
		if _, err := f.Get(e.ID); err != nil {
			return err
		}
		var perr error
		switch {
		case e.ID == IterationID:
		case e.ID == RegionID:
			_, perr = a.Region()
		case e.ID&0xFFFF == LandBlockLow:
			_, perr = a.LandBlock(e.ID)
		case e.ID&0xFFFF == LandBlockInfoL:
			_, perr = a.LandBlockInfo(e.ID)
		case e.ID>>24 == typeSoundTable:
			_, perr = a.SoundTable(e.ID)
		case e.ID>>24 == typeWave:
			_, perr = a.Wave(e.ID)
		case e.ID>>24 == typeSetup:
			_, perr = a.Setup(e.ID)
		case e.ID>>24 == typeAnimation:
			_, perr = a.Animation(e.ID)
		case e.ID>>24 == typePhysicsScript:
			_, perr = a.PhysicsScript(e.ID)
		}
		if perr != nil {
			return perr
		}
	}
	return nil
}

// openAndParse is the whole read path: header, walk, Get, parse.
func openAndParse(b []byte) error {
	f, err := NewFile(bytes.NewReader(b), int64(len(b)), "client_cell_1.dat")
	if err != nil {
		return err
	}
	return parseAny(f)
}

// Independent little helpers that find things in an image (test-side code,
// not the reader's).
func get32(b []byte, p int) uint32    { return binary.LittleEndian.Uint32(b[p:]) }
func put32(b []byte, p int, v uint32) { binary.LittleEndian.PutUint32(b[p:], v) }
func put16(b []byte, p int, v uint16) { binary.LittleEndian.PutUint16(b[p:], v) }

// add32 adds d to the u32 at p and returns b.
func add32(b []byte, p int, d uint32) []byte { put32(b, p, get32(b, p)+d); return b }

// chainPos maps byte k of the object whose chain starts at off to a file position.
func chainPos(b []byte, off uint32, k int) int {
	payload := int(get32(b, headerOff+4)) - 4
	for k >= payload {
		off = get32(b, int(off))
		k -= payload
	}
	return int(off) + 4 + k
}

func rootOff(b []byte) uint32 { return get32(b, headerOff+32) }

// entryAt finds id's entry and returns the node offset and slot index.
func entryAt(b []byte, node uint32, id uint32) (uint32, int, bool) {
	n := int(get32(b, chainPos(b, node, 248)))
	for i := 0; i < n; i++ {
		if get32(b, chainPos(b, node, 252+i*24+4)) == id {
			return node, i, true
		}
	}
	if get32(b, chainPos(b, node, 0)) == 0 {
		return 0, 0, false
	}
	for i := 0; i <= n; i++ {
		if nd, k, ok := entryAt(b, get32(b, chainPos(b, node, i*4)), id); ok {
			return nd, k, true
		}
	}
	return 0, 0, false
}

// entryField returns the file position of field f (0 flags, 1 id, 2 offset, 3 size) of id's entry.
func entryField(b []byte, id uint32, f int) int {
	nd, k, ok := entryAt(b, rootOff(b), id)
	if !ok {
		panic(fmt.Sprintf("no entry %#x", id))
	}
	return chainPos(b, nd, 252+k*24+f*4)
}

// recPos is the file position of byte k of record id.
func recPos(b []byte, id uint32, k int) int { return chainPos(b, get32(b, entryField(b, id, 2)), k) }

// messWith returns a mutated copy of b.
func messWith(b []byte, mess func([]byte) []byte) []byte {
	return mess(bytes.Clone(b))
}

func TestCorruption(t *testing.T) {
	base := baseImage(t)
	if err := openAndParse(base); err != nil {
		t.Fatalf("base image: %v", err)
	}
	bigBlock2 := func(b []byte) int { return int(get32(b, int(get32(b, entryField(b, cBig, 2))))) } // 2nd block of cBig
	cases := []struct {
		name string
		mess func([]byte) []byte
		want string // substring of the message
	}{
		{"truncated header", func(b []byte) []byte { return b[:0x150] }, "file too short for the header"},
		{"wrong magic", func(b []byte) []byte { put32(b, 0x140, 0x5254); return b }, "bad magic 0x5254 at byte 0x140"},
		{"zero block size", func(b []byte) []byte { put32(b, 0x144, 0); return b }, "bad block size 0x0 at byte 0x144"},
		{"block size below 8", func(b []byte) []byte { put32(b, 0x144, 4); return b }, "bad block size 0x4"},
		{"block size absurd", func(b []byte) []byte { put32(b, 0x144, 1<<24); return b }, "bad block size 0x1000000"},
		{"file_size exceeds file", func(b []byte) []byte { return b[:len(b)-256] }, "file truncated"},
		{"root past EOF", func(b []byte) []byte { put32(b, 0x160, uint32(len(b))); return b }, "bad B-tree root (past end of file)"},
		{"root unaligned", func(b []byte) []byte { put32(b, 0x160, rootOff(b)+4); return b }, "bad B-tree root (not block-aligned)"},
		{"root in header", func(b []byte) []byte { put32(b, 0x160, 0x100); return b }, "(inside the header)"},
		{"link past EOF", func(b []byte) []byte {
			p := int(get32(b, entryField(b, cBig, 2)))
			put32(b, p, uint32(len(b)))
			return b
		}, "record 0x0A000020: bad block link"},
		{"link cycle", func(b []byte) []byte {
			first := get32(b, entryField(b, cBig, 2))
			put32(b, bigBlock2(b), first) // block 2 → block 1
			return b
		}, "block chain cycle back to"},
		{"free-bit link", func(b []byte) []byte {
			p := int(get32(b, entryField(b, cBig, 2)))
			put32(b, p, get32(b, p)|0x80000000)
			return b
		}, "free-block tag, bit 31 set"},
		{"link unaligned", func(b []byte) []byte {
			p := int(get32(b, entryField(b, cBig, 2)))
			put32(b, p, get32(b, p)+2)
			return b
		}, "(not block-aligned)"},
		{"chain ends early", func(b []byte) []byte { put32(b, bigBlock2(b), 0); return b }, "block chain ends (link 0) after 504 of 756 bytes"},
		{"node count 62", func(b []byte) []byte { put32(b, chainPos(b, rootOff(b), 248), 62); return b }, "entry_count > 61: 62"},
		{"unsorted node", func(b []byte) []byte {
			n := get32(b, chainPos(b, rootOff(b), 0))                             // the first leaf
			put32(b, chainPos(b, n, 252+4), get32(b, chainPos(b, n, 252+24+4))+1) // entry 0 id > entry 1 id
			return b
		}, "entries not ascending"},
		{"child outside parent range", func(b []byte) []byte {
			r := rootOff(b)
			put32(b, chainPos(b, r, 4), get32(b, chainPos(b, r, 0))) // branch[1] = branch[0]
			return b
		}, "outside their parent's range"},
		{"node cycle", func(b []byte) []byte {
			r := rootOff(b)
			n := get32(b, chainPos(b, r, 248))
			put32(b, chainPos(b, r, int(n)*4), r) // last child → the root itself
			return b
		}, "outside their parent's range"},
		{"branch past EOF", func(b []byte) []byte { put32(b, chainPos(b, rootOff(b), 0), uint32(len(b))+256); return b }, "bad B-tree branch 0 (past end of file)"},
		{"size larger than file", func(b []byte) []byte { put32(b, entryField(b, cWave, 3), uint32(len(b))); return b }, "larger than the file's"},
		{"entry offset unaligned", func(b []byte) []byte { return add32(b, entryField(b, cWave, 2), 1) }, "record 0x0A000002: bad first block"},
		{"string length past record end", func(b []byte) []byte { put16(b, recPos(b, cRegion, 12), 5000); return b }, "region name string length past record end"},
		{"count × size past end", func(b []byte) []byte {
			// GameTime at 1076: f64, u32, f32, u32 → "P.Y." at 1096 (2+4, Align4 → 8) → ToD count at 1104
			put32(b, recPos(b, cRegion, 1104), 0x10000000)
			return b
		}, "times of day count 268435456 × 12 bytes exceeds"},
		{"region version not 3", func(b []byte) []byte { put32(b, recPos(b, cRegion, 8), 4); return b }, "record 0x13000000: region version is not 3: 0x4 at record byte 0x8"},
		{"record id mismatch", func(b []byte) []byte { put32(b, recPos(b, cLB, 0), 0xA9B3FFFF); return b }, "record 0xA9B4FFFF: record id mismatch: record holds 0xA9B3FFFF"},
		{"record id wrong type", func(b []byte) []byte { put32(b, recPos(b, cST, 0), 0x0A0000A8); return b }, "record 0x200000A8: record id is not a SoundTable (0x20xxxxxx) id: 0xA0000A8"},
		{"landblock wrong size", func(b []byte) []byte { put32(b, entryField(b, cLB, 3), 248); return b }, "LandBlock record size is not 252"},
		{"zlib garbage", func(b []byte) []byte { put32(b, recPos(b, cZ, 4), 0xDEADBEEF); return b }, "bad zlib stream"},
		{"zlib bomb size", func(b []byte) []byte { put32(b, recPos(b, cZ, 0), 1<<30); return b }, "absurd uncompressed size"},
		{"zlib shorter than stated", func(b []byte) []byte { return add32(b, recPos(b, cZ, 0), 1) }, "bad zlib stream (want"},
		{"wave sizes past end", func(b []byte) []byte { put32(b, recPos(b, cWave, 8), 1000); return b }, "wave header+data sizes past record end"},
		{"wave header too short", func(b []byte) []byte { put32(b, recPos(b, cWave, 4), 14); return b }, "wave header shorter"},
		{"setup sound table invalid", func(b []byte) []byte { put32(b, recPos(b, cSetup, 96), 0x0A000001); return b }, "neither 0 nor a 0x20xxxxxx id: 0xA000001 at record byte 0x60"},
		{"soundtable count past end", func(b []byte) []byte { put32(b, recPos(b, cST, 8), 0xFFFFFFFF); return b }, "sound data count 4294967295"},
		{"landblockinfo portals past end", func(b []byte) []byte {
			// 4 id, 4 cells, 4 n, 32 object, 2+2, building: 4 model + 28 frame + 4 leaves → num_portals at 84
			put32(b, recPos(b, cLBI, 84), 1<<20)
			return b
		}, "building portals count"},
		{"landsurf kind palshift", func(b []byte) []byte {
			// the LandSurf kind follows the terrain types; find it from the end:
			// kind, base, 3 map lists of 1 (12 each), 1 tex (4+44), misc 24
			g := sampleRegion()
			n := len(EncodeRegion(g))
			put32(b, recPos(b, cRegion, n-24-48-36-8), 1)
			return b
		}, "LandSurf kind is not 0"},
	}
	if len(cases) < 20 {
		t.Fatalf("corruption table has %d cases, want ≥ 20", len(cases))
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			err := openAndParse(messWith(base, c.mess))
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FormatError", err)
			}
			msg := err.Error()
			t.Log(msg)
			if !strings.Contains(msg, c.want) {
				t.Errorf("got %q, want it to contain %q", msg, c.want)
			}
			if !strings.Contains(msg, "byte 0x") || !strings.HasPrefix(msg, "dat: client_cell_1.dat: ") {
				t.Errorf("got %q, want the file name and a byte offset", msg)
			}
		})
	}
}

// TestFormatErrorMessage pins the message shape the issue gives.
func TestFormatErrorMessage(t *testing.T) {
	e := &FormatError{File: "client_cell_1.dat", ID: 0xA9B4FFFF, Off: 0x5400, Msg: "bad block link", Val: uint32(0x80001234)}
	want := "dat: client_cell_1.dat: record 0xA9B4FFFF: bad block link 0x80001234 at byte 0x5400"
	if got := e.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNotFoundWrapsFileAndID: ErrNotFound is wrapped with the file and id.
func TestNotFoundWrapsFileAndID(t *testing.T) {
	b := baseImage(t)
	f, _ := NewFile(bytes.NewReader(b), int64(len(b)), "client_cell_1.dat")
	_, err := f.Get(0x12345678)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("got %v, want ErrNotFound", err)
	}
	if want := "dat: client_cell_1.dat: record 0x12345678 not found"; err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
}

// TestFileSizeLenientOnTrailingBytes: extra bytes after file_size are
// accepted (decision: strict on truncation, lenient on growth).
func TestFileSizeLenientOnTrailingBytes(t *testing.T) {
	b := append(baseImage(t), make([]byte, 1000)...)
	if err := openAndParse(b); err != nil {
		t.Errorf("got %v, want trailing bytes accepted", err)
	}
}

// appendChain appends obj to img as consecutive blocks and returns its offset.
func appendChain(img []byte, bs int, obj []byte) ([]byte, uint32) {
	first := len(img)
	n := max(1, (len(obj)+bs-5)/(bs-4))
	for i := 0; i < n; i++ {
		blk := make([]byte, bs)
		if i < n-1 {
			put32(blk, 0, uint32(len(img)+bs))
		}
		copy(blk[4:], obj[min(i*(bs-4), len(obj)):])
		img = append(img, blk...)
	}
	return img, uint32(first)
}

// TestWalkSeparatorAtIDExtremes pins the walk's range arithmetic: under a
// separator with id 0 the child "before 0" holds nothing (no wrap-around to
// the whole id range), so ids misplaced there are never yielded out of order —
// as lookup, which never descends there, never finds them.
func TestWalkSeparatorAtIDExtremes(t *testing.T) {
	w := NewWriter(256, DataSetCell, 1)
	w.Add(0, []byte{1, 2, 3, 4})
	img, _ := w.Bytes()
	rec := get32(img, entryField(img, 0, 2))
	e := func(id uint32) Entry { return Entry{Flags: FlagsRecord, ID: id, Offset: rec, Size: 4} }
	img, a := appendChain(img, 256, encodeNode([]Entry{e(5)}, nil)) // misplaced: ids < 0 cannot exist
	img, b := appendChain(img, 256, encodeNode([]Entry{e(7)}, nil))
	img, root := appendChain(img, 256, encodeNode([]Entry{e(0)}, []uint32{a, b}))
	put32(img, headerOff+8, uint32(len(img)))
	put32(img, headerOff+32, root)
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "x.dat")
	if err != nil {
		t.Fatal(err)
	}
	var got []uint32
	for e, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.ID)
	}
	if fmt.Sprint(got) != fmt.Sprint([]uint32{0, 7}) {
		t.Errorf("walk: got %v, want [0 7]", got)
	}
	if _, err := f.Get(5); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(5): got %v, want ErrNotFound", err)
	}
}
