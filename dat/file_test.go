package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// recFor is a small distinct record body for id.
func recFor(id uint32, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(id>>(8*(i%4))) ^ byte(i)
	}
	return b
}

// buildDat writes ids with recFor bodies of size(id) bytes and opens the image.
func buildDat(t testing.TB, bs uint32, ids []uint32, size func(uint32) int) (*File, []byte) {
	t.Helper()
	w := NewWriter(bs, DataSetPortal, 0)
	for _, id := range ids {
		if err := w.Add(id, recFor(id, size(id))); err != nil {
			t.Fatal(err)
		}
	}
	img, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "test.dat")
	if err != nil {
		t.Fatalf("NewFile: %v", err)
	}
	return f, img
}

// treeDepth follows branch[0] from the root down to a leaf.
func treeDepth(t *testing.T, img []byte) int {
	le := binary.LittleEndian
	bs := le.Uint32(img[headerOff+4:])
	off := le.Uint32(img[headerOff+32:])
	for d := 1; ; d++ {
		br := le.Uint32(img[off+4:]) // branch[0] is the first payload word
		if br == 0 || d > 10 {
			_ = bs
			return d
		}
		off = br
	}
}

func TestWriterReaderSizes(t *testing.T) {
	for _, bs := range []uint32{1024, 256} {
		for _, c := range []struct {
			n, depth int
		}{{0, 1}, {1, 1}, {60, 1}, {61, 2}, {62, 2}, {200, 2}, {3842, 2}, {3843, 3}, {5000, 3}} {
			t.Run(fmt.Sprintf("bs%d/n%d", bs, c.n), func(t *testing.T) {
				ids := make([]uint32, c.n)
				for i := range ids {
					ids[i] = uint32(i)*0x10001 + 0x0A000000
				}
				size := func(id uint32) int { return int(id % 3000) }
				f, img := buildDat(t, bs, ids, size)
				// +1 for the iteration record the writer adds: 60 user records
				// + 1 = 61 fits one leaf; 61 + 1 = 62 needs two levels; two
				// levels hold at most 61 + 62×61 = 3843 entries.
				if d := treeDepth(t, img); d != c.depth {
					t.Errorf("tree depth: got %d, want %d", d, c.depth)
				}
				for _, id := range ids {
					b, err := f.Get(id)
					if err != nil {
						t.Fatalf("Get(%#x): %v", id, err)
					}
					if !bytes.Equal(b, recFor(id, size(id))) {
						t.Fatalf("Get(%#x): wrong bytes", id)
					}
				}
				var got []uint32
				for e, err := range f.Entries(0, 0xFFFFFFFF) {
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, e.ID)
				}
				want := append(append([]uint32{}, ids...), IterationID)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("Entries: got %d ids, want %d in order", len(got), len(want))
				}
				if _, err := f.Get(0x0A000000 + 7); c.n > 7 && !errors.Is(err, ErrNotFound) {
					t.Errorf("Get(absent): got %v, want ErrNotFound", err)
				}
				if f.Header().BlockSize != bs || f.Header().FileSize != uint32(len(img)) || f.Header().Magic != Magic {
					t.Errorf("header: got %+v", f.Header())
				}
			})
		}
	}
}

func TestEntriesRange(t *testing.T) {
	var ids []uint32
	for x := 0; x < 40; x++ {
		for y := 0; y < 10; y++ {
			ids = append(ids, LandBlockID(uint8(x), uint8(y)), LandBlockID(uint8(x), uint8(y))-1)
		}
	}
	f, _ := buildDat(t, 256, ids, func(uint32) int { return 8 })
	lo, hi := LandBlockID(5, 3)-1, LandBlockID(7, 2)
	var got []uint32
	for e, err := range f.Entries(lo, hi) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.ID)
	}
	var want []uint32
	for _, id := range ids {
		if id >= lo && id <= hi {
			want = append(want, id)
		}
	}
	slices.Sort(want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Entries(%#x, %#x): got %x, want %x", lo, hi, got, want)
	}
	// early stop
	n := 0
	for range f.Entries(0, 0xFFFFFFFF) {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("break after 3: got %d", n)
	}
}

func TestIterationRecord(t *testing.T) {
	w := NewWriter(1024, DataSetPortal, 0)
	w.Iteration = 2072
	img, _ := w.Bytes()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "p.dat")
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.Get(IterationID)
	if err != nil {
		t.Fatal(err)
	}
	// §2.6: portal EoR = [2072, −2072, 1], entry version 1.
	want := []byte{0x18, 0x08, 0, 0, 0xE8, 0xF7, 0xFF, 0xFF, 1, 0, 0, 0}
	if !bytes.Equal(b, want) {
		t.Errorf("iteration record: got % X, want % X", b, want)
	}
	e, _ := f.Lookup(IterationID)
	if e.Flags != 0x00010000 || e.Iteration != 2072 {
		t.Errorf("iteration entry: got flags %#x iteration %d, want 0x10000, 2072", e.Flags, e.Iteration)
	}
	if n, err := f.Iteration(); n != 2072 || err != nil {
		t.Errorf("Iteration(): got %d, %v, want 2072", n, err)
	}
}

func TestIterationRecordTooShort(t *testing.T) {
	w := NewWriter(1024, DataSetPortal, 0)
	if err := w.AddRaw(IterationID, 0x00010000, []byte{1, 2}); err != nil {
		t.Fatal(err)
	}
	img, _ := w.Bytes()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "p.dat")
	if err != nil {
		t.Fatal(err)
	}
	var fe *FormatError
	if _, err := f.Iteration(); !errors.As(err, &fe) || fe.ID != IterationID || !strings.Contains(err.Error(), "p.dat") {
		t.Errorf("2-byte iteration record: got %v, want a FormatError naming p.dat and 0xFFFF0001", err)
	}
}

func TestCompressedRecord(t *testing.T) {
	w := NewWriter(1024, DataSetPortal, 0)
	rec := bytes.Repeat([]byte("wind in the grass "), 200)
	if err := w.AddCompressed(0x0A000010, rec); err != nil {
		t.Fatal(err)
	}
	img, _ := w.Bytes()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "c.dat")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := f.Lookup(0x0A000010)
	if !e.Compressed() || e.Size >= uint32(len(rec)) {
		t.Errorf("entry: got flags %#x size %d, want bit 0 and smaller than %d", e.Flags, e.Size, len(rec))
	}
	got, err := f.Get(0x0A000010)
	if err != nil || !bytes.Equal(got, rec) {
		t.Errorf("Get compressed: err %v, equal %v", err, bytes.Equal(got, rec))
	}
}

func TestConcurrentReads(t *testing.T) {
	ids := make([]uint32, 500)
	for i := range ids {
		ids[i] = uint32(i) * 3
	}
	f, _ := buildDat(t, 256, ids, func(id uint32) int { return int(id % 700) })
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(ids); i += 3 {
				b, err := f.Get(ids[i])
				if err != nil || !bytes.Equal(b, recFor(ids[i], int(ids[i]%700))) {
					t.Errorf("Get(%#x): %v", ids[i], err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestOpenAndArchive(t *testing.T) {
	dir := t.TempDir()
	pw := NewWriter(1024, DataSetPortal, 0)
	pw.Add(RegionID, EncodeRegion(sampleRegion()))
	pw.Add(0x200000A8, EncodeSoundTable(sampleSoundTable()))
	pw.Add(0x0A000002, EncodeWave(sampleWave()))
	pw.Add(0x02000001, EncodeSetup(&Setup{ID: 0x02000001, DefaultSoundTable: 0x200000A8}))
	cw := NewWriter(256, DataSetCell, 1)
	cw.Add(0xA9B4FFFF, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	cw.Add(0xA9B3FFFF, EncodeLandBlock(sampleLandBlock(0xA9, 0xB3)))
	cw.Add(0xA9B4FFFE, EncodeLandBlockInfo(sampleLandBlockInfo()))
	for name, w := range map[string]*Writer{PortalFile: pw, CellFile: cw} {
		img, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), img, 0o644)
	}
	a, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if r, err := a.Region(); err != nil || r.Name != "Dereth" {
		t.Errorf("Region: %v %v", r, err)
	}
	if s, err := a.SoundTable(0x200000A8); err != nil || len(s.Sounds[0x1F]) != 2 {
		t.Errorf("SoundTable: %v %v", s, err)
	}
	if w, err := a.Wave(0x0A000002); err != nil || w.Format.SamplesPerSec != 22050 {
		t.Errorf("Wave: %v %v", w, err)
	}
	if s, err := a.Setup(0x02000001); err != nil || s.DefaultSoundTable != 0x200000A8 {
		t.Errorf("Setup: %v %v", s, err)
	}
	if l, err := a.LandBlock(0xA9B4FFFF); err != nil || l.HasObjects != 1 {
		t.Errorf("LandBlock: %v %v", l, err)
	}
	if l, err := a.LandBlockInfo(0xA9B4FFFE); err != nil || l.NumCells != 5 {
		t.Errorf("LandBlockInfo: %v %v", l, err)
	}
	ids, err := a.LandBlockIDs()
	if err != nil || fmt.Sprint(ids) != fmt.Sprint([]uint32{0xA9B3FFFF, 0xA9B4FFFF}) {
		t.Errorf("LandBlockIDs: got %x %v", ids, err)
	}
	if ids, err := a.LandBlockInfoIDs(); err != nil || fmt.Sprint(ids) != fmt.Sprint([]uint32{0xA9B4FFFE}) {
		t.Errorf("LandBlockInfoIDs: got %x %v, want [a9b4fffe]", ids, err)
	}
	if _, err := a.LandBlock(0x0101FFFF); !errors.Is(err, ErrNotFound) {
		t.Errorf("absent landblock: got %v, want ErrNotFound", err)
	}
	// A record parse error names the file and the record.
	if _, err := a.LandBlock(0xA9B4FFFE); err == nil {
		t.Errorf("LandBlock on a LandBlockInfo id: got nil error")
	} else {
		var fe *FormatError
		if !errors.As(err, &fe) || fe.ID != 0xA9B4FFFE || fe.File != filepath.Join(dir, CellFile) {
			t.Errorf("got %v, want a FormatError naming the cell file and 0xA9B4FFFE", err)
		}
	}
}

func TestOpenDirMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := OpenDir(filepath.Join(dir, "nope"))
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("point -dat at your Asheron's Call folder")) {
		t.Errorf("missing folder: got %v", err)
	}
	os.WriteFile(filepath.Join(dir, PortalFile), nil, 0o644)
	_, err = OpenDir(dir)
	want := "no client_cell_1.dat in " + dir + ": point -dat at your Asheron's Call folder"
	if err == nil || err.Error() != want {
		// the empty portal file is opened first and is itself an error
		if err == nil {
			t.Errorf("missing cell: got nil")
		}
	}
	os.Remove(filepath.Join(dir, PortalFile))
	_, err = OpenDir(dir)
	if err == nil || err.Error() != "no client_portal.dat in "+dir+": point -dat at your Asheron's Call folder" {
		t.Errorf("missing portal: got %v", err)
	}
}

// TestArchiveCloseWithOneFile: an Archive with only a cell dat (as the
// benchmarks and tools make) closes without a nil dereference.
func TestArchiveCloseWithOneFile(t *testing.T) {
	f, _ := buildDat(t, 256, []uint32{1}, func(uint32) int { return 4 })
	if err := (&Archive{Cell: f}).Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestConcurrentScanAndGet: a whole-world scan (private read-ahead) and
// lookups on the same File at once, as the UI and the audio goroutine do.
func TestConcurrentScanAndGet(t *testing.T) {
	w := NewWriter(256, DataSetCell, 1)
	var ids []uint32
	for x := 0; x < 20; x++ {
		for y := 0; y < 20; y++ {
			id := LandBlockID(uint8(x), uint8(y))
			ids = append(ids, id)
			w.Add(id, EncodeLandBlock(sampleLandBlock(uint8(x), uint8(y))))
			w.Add(id-1, recFor(id-1, 300))
		}
	}
	img, _ := w.Bytes()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "c.dat")
	if err != nil {
		t.Fatal(err)
	}
	a := &Archive{Cell: f}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		n := 0
		for l, err := range a.LandBlocks() {
			if err != nil || l.ID != ids[n] || l.Terrain != sampleLandBlock(uint8(l.ID>>24), uint8(l.ID>>16)).Terrain {
				t.Errorf("scan %d: got %#x %v", n, l.ID, err)
				return
			}
			n++
		}
		if n != len(ids) {
			t.Errorf("scan: got %d landblocks, want %d", n, len(ids))
		}
	}()
	go func() {
		defer wg.Done()
		for i := len(ids) - 1; i >= 0; i-- {
			if b, err := f.Get(ids[i] - 1); err != nil || !bytes.Equal(b, recFor(ids[i]-1, 300)) {
				t.Errorf("Get(%#x): %v", ids[i]-1, err)
				return
			}
		}
	}()
	wg.Wait()
}

// TestLandBlocksScan: the scan yields every landblock in id order, takes the
// copying path for a compressed one, and stops with a named error on a bad one.
func TestLandBlocksScan(t *testing.T) {
	w := NewWriter(256, DataSetCell, 1)
	w.Add(0x0101FFFF, EncodeLandBlock(sampleLandBlock(1, 1)))
	w.AddCompressed(0x0102FFFF, EncodeLandBlock(sampleLandBlock(1, 2)))
	w.Add(0x0102FFFE, EncodeLandBlockInfo(&LandBlockInfo{ID: 0x0102FFFE}))
	w.Add(0x0103FFFF, EncodeLandBlock(sampleLandBlock(1, 3))[:248])
	img, _ := w.Bytes()
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), "c.dat")
	var got []uint32
	var last error
	for l, err := range (&Archive{Cell: f}).LandBlocks() {
		if err != nil {
			last = err
			break
		}
		if l.Height != sampleLandBlock(uint8(l.ID>>24), uint8(l.ID>>16)).Height {
			t.Errorf("%#x: wrong heights", l.ID)
		}
		got = append(got, l.ID)
	}
	if fmt.Sprint(got) != fmt.Sprint([]uint32{0x0101FFFF, 0x0102FFFF}) {
		t.Errorf("scanned %x, want 0x0101FFFF 0x0102FFFF", got)
	}
	want := "dat: c.dat: record 0x0103FFFF: LandBlock record size is not 252: 248 at record byte 0x0"
	if last == nil || last.Error() != want {
		t.Errorf("got %v, want %q", last, want)
	}
}
