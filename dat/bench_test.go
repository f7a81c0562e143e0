package dat

import (
	"bytes"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

var (
	dir100kOnce sync.Once
	dir100k     *File
	ids100k     []uint32
)

// BenchmarkLookup100k looks ids up in a 100,000-entry directory (a 3-level
// B-tree built by the writer), nodes cached after the first touch.
func BenchmarkLookup100k(b *testing.B) {
	dir100kOnce.Do(func() {
		w := NewWriter(256, DataSetCell, 1)
		rng := rand.New(rand.NewSource(1))
		seen := map[uint32]bool{}
		for len(ids100k) < 100000 {
			id := rng.Uint32()
			if seen[id] || id == IterationID {
				continue
			}
			seen[id] = true
			ids100k = append(ids100k, id)
			w.Add(id, []byte{byte(id)})
		}
		img, err := w.Bytes()
		if err != nil {
			b.Fatal(err)
		}
		dir100k, err = NewFile(bytes.NewReader(img), int64(len(img)), "100k.dat")
		if err != nil {
			b.Fatal(err)
		}
	})
	for _, id := range ids100k { // warm the node cache
		dir100k.Lookup(id)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := dir100k.Lookup(ids100k[i%len(ids100k)]); err != nil {
			b.Fatal(err)
		}
	}
}

// fullCellDat writes a synthetic full-size cell dat: 255×255 landblocks.
func fullCellDat(b *testing.B) string {
	b.Helper()
	w := NewWriter(256, DataSetCell, 1)
	for x := 0; x < 255; x++ {
		for y := 0; y < 255; y++ {
			w.Add(LandBlockID(uint8(x), uint8(y)), EncodeLandBlock(sampleLandBlock(uint8(x), uint8(y))))
		}
	}
	img, err := w.Bytes()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), CellFile)
	if err := os.WriteFile(path, img, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// plainRead reads path sequentially with buf and discards the bytes.
func plainRead(b *testing.B, path string, buf []byte) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{f}, buf); err != nil {
		b.Fatal(err)
	}
}

// scanWalk opens path and reads every landblock with Archive.LandBlocks.
func scanWalk(b *testing.B, path string) {
	c, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	n := 0
	for _, err := range (&Archive{Cell: c}).LandBlocks() {
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	if n != 255*255 {
		b.Fatalf("LandBlocks: %d, want %d", n, 255*255)
	}
}

// scanByID opens path and reads every landblock with LandBlockIDs, then
// LandBlock(id) for each (a lookup and a parsed copy per id).
func scanByID(b *testing.B, path string) {
	c, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	a := &Archive{Cell: c}
	ids, err := a.LandBlockIDs()
	if err != nil || len(ids) != 255*255 {
		b.Fatalf("LandBlockIDs: %d ids, %v", len(ids), err)
	}
	for _, id := range ids {
		if _, err := a.LandBlock(id); err != nil {
			b.Fatal(err)
		}
	}
}

// compareToRead times scan against a plain sequential read of the same file
// (64 KiB buffer) in the same run, each after a GC so neither pays for the
// other's garbage, and reports the time ratio as metric name.
func compareToRead(b *testing.B, name string, scan func(*testing.B, string)) {
	if testing.Short() {
		b.Skip("builds a 17 MB dat; skipped under -short")
	}
	path := fullCellDat(b)
	buf := make([]byte, 64<<10)
	var ts, tp time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runtime.GC()
		t0 := time.Now()
		plainRead(b, path, buf)
		tp += time.Since(t0)
		runtime.GC()
		t0 = time.Now()
		scan(b, path)
		ts += time.Since(t0)
	}
	b.ReportMetric(float64(ts)/float64(tp), name)
	b.ReportMetric(float64(tp.Microseconds())/1e3/float64(b.N), "read-ms")
	b.ReportMetric(float64(ts.Microseconds())/1e3/float64(b.N), "scan-ms")
}

// BenchmarkScanLandBlocks: every landblock of a full-size (255×255) cell
// dat via Archive.LandBlocks, against a plain read of the file. Target:
// scan/read ≤ 4 (issue 2).
func BenchmarkScanLandBlocks(b *testing.B) { compareToRead(b, "scan/read", scanWalk) }

// BenchmarkScanLandBlocksByID: the same via LandBlockIDs + LandBlock(id).
func BenchmarkScanLandBlocksByID(b *testing.B) { compareToRead(b, "byid/read", scanByID) }
