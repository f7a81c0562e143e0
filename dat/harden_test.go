package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeDir writes the two images under the dat file names in a temp dir.
func writeDir(t *testing.T, portal, cell []byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, img := range map[string][]byte{PortalFile: portal, CellFile: cell} {
		if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func roleImages(t *testing.T) (portal, cell []byte) {
	t.Helper()
	pw := NewWriter(1024, DataSetPortal, 0)
	pw.Add(RegionID, EncodeRegion(sampleRegion()))
	cw := NewWriter(256, DataSetCell, 1)
	cw.Add(0xA9B4FFFF, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	portal, _ = pw.Bytes()
	cell, _ = cw.Bytes()
	return portal, cell
}

// §2.2 data_set: the portal file copied over the cell file (and the other
// way round) is refused, naming the file and the header field's byte 0x14C.
func TestOpenDirChecksDataSet(t *testing.T) {
	portal, cell := roleImages(t)
	if a, err := OpenDir(writeDir(t, portal, cell)); err != nil {
		t.Fatalf("right roles: %v", err)
	} else {
		a.Close()
	}
	for _, c := range []struct {
		name       string
		p, c       []byte
		file, want string
	}{
		{"portal over cell", portal, portal, CellFile, "data_set is 1 (portal), want 2 (cell)"},
		{"cell over portal", cell, cell, PortalFile, "data_set is 2 (cell), want 1 (portal)"},
	} {
		_, err := OpenDir(writeDir(t, c.p, c.c))
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.HasSuffix(fe.File, c.file) || fe.Off != 0x14C || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want a FormatError on %s at byte 0x14C saying %q", c.name, err, c.file, c.want)
		}
	}
}

// /dev/null is a device: refused at once, naming what it is.
func TestOpenRefusesDevice(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no", os.DevNull)
	}
	_, err := Open(os.DevNull)
	if err == nil || !strings.Contains(err.Error(), "device") {
		t.Errorf("Open(%s): got %v, want a 'device, not a regular file' error", os.DevNull, err)
	}
	if _, err := Open(t.TempDir()); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("Open(dir): got %v, want a 'folder' error", err)
	}
}

// A NaN or infinity in the region is a FormatError naming the record and the
// byte of the value. Sample region: "Dereth" (PString 8 bytes at 12), so the
// LandDefs start at 20 and the height table after 8 scalars at 52; entry 17
// is at 52 + 17·4 = 120 = 0x78.
func TestRegionNonFiniteIsAFormatError(t *testing.T) {
	g := sampleRegion()
	g.LandDefs.HeightTable[17] = float32(math.NaN())
	_, err := ParseRegion(EncodeRegion(g))
	var fe *FormatError
	if !errors.As(err, &fe) || fe.ID != RegionID || fe.Off != 0x78 || !fe.InRecord || !strings.Contains(err.Error(), "height table value 17 is not a finite number: NaN") {
		t.Errorf("NaN height: got %v, want a FormatError for 0x13000000 at record byte 0x78", err)
	}

	g = sampleRegion()
	g.Sound.STBDescs[0].Sounds[1].MinRate = float32(math.Inf(1))
	b := EncodeRegion(g)
	_, err = ParseRegion(b)
	if !errors.As(err, &fe) || fe.ID != RegionID || !strings.Contains(err.Error(), "+Inf") {
		t.Fatalf("Inf rate: got %v", err)
	}
	if v := math.Float32frombits(binary.LittleEndian.Uint32(b[fe.Off:])); !math.IsInf(float64(v), 1) {
		t.Errorf("Inf rate: the error's offset 0x%X holds %v, not the +Inf", fe.Off, v)
	}

	// Through an archive: the file is named too.
	pw := NewWriter(1024, DataSetPortal, 0)
	pw.Add(RegionID, b)
	img, _ := pw.Bytes()
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), PortalFile)
	if _, err := (&Archive{Portal: f, Cell: f}).Region(); !errors.As(err, &fe) || fe.File != PortalFile {
		t.Errorf("archive: got %v, want a FormatError naming %s", err, PortalFile)
	}
}

// No allocation bigger than the file: a compressed record may not claim an
// uncompressed size past the file's, even within the 64× ratio.
func TestInflateNoBiggerThanTheFile(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	rec := make([]byte, 300) // incompressible: the stream is ~310 bytes
	for i := range rec {
		rec[i] = byte(rnd.Uint32())
	}
	w := NewWriter(256, DataSetCell, 1)
	w.AddCompressed(cZ, rec)
	img, _ := w.Bytes()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "z.dat")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := f.Lookup(cZ)
	claim := uint32(len(img) + 1)
	if uint64(claim) > 64*uint64(e.Size) {
		t.Fatalf("test setup: claim %d is not within 64× of %d", claim, e.Size)
	}
	binary.LittleEndian.PutUint32(img[e.Offset+4:], claim)
	f, _ = NewFile(bytes.NewReader(img), int64(len(img)), "z.dat") // no cached blocks
	_, err = f.Get(cZ)
	if err == nil || !strings.Contains(err.Error(), "absurd uncompressed size") {
		t.Errorf("claim %d > file %d: got %v, want the absurd-size error", claim, len(img), err)
	}
}

// §2.6: the iteration record's runs must bring the total to ≤ 0.
func TestParseIteration(t *testing.T) {
	le := func(v ...int32) []byte {
		var b []byte
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
		return b
	}
	it, err := ParseIteration(le(2072, -2072, 1))
	if err != nil || it.Total != 2072 || len(it.Runs) != 1 || it.Runs[0] != (IterationRun{-2072, 1}) {
		t.Errorf("EoR portal: %+v %v", it, err)
	}
	if it, err := ParseIteration(le(5, -2, 1, -3, 4)); err != nil || len(it.Runs) != 2 {
		t.Errorf("two runs: %+v %v", it, err)
	}
	for _, c := range []struct {
		b    []byte
		off  int64
		want string
	}{
		{le(5, 3, 1), 4, "iteration run is not negative: 3"},
		{le(5), 4, "iteration runs end before the total is used up"},
		{le(5, -2, 1), 12, "iteration runs end before the total is used up"},
		{le(-1), 0, "negative iteration"},
	} {
		_, err := ParseIteration(c.b)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.ID != IterationID || fe.Off != c.off || !strings.Contains(err.Error(), c.want) {
			t.Errorf("% X: got %v, want %q at record byte %d", c.b, err, c.want, c.off)
		}
	}
	// File.Iteration refuses a record whose runs do not add up.
	w := NewWriter(1024, DataSetPortal, 0)
	w.AddRaw(IterationID, FlagsIteration, le(5, 3, 1))
	img, _ := w.Bytes()
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), "p.dat")
	if _, err := f.Iteration(); err == nil || !strings.Contains(err.Error(), "p.dat") {
		t.Errorf("File.Iteration on [5, 3, 1]: got %v, want an error naming p.dat", err)
	}
}
