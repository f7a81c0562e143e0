package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Fuzz targets. Seed corpora live in testdata/fuzz/<Target>/ (written by
// TestWriteFuzzSeeds with SOUNDWORLD_WRITE_SEEDS=1, from the writer); the same
// seeds are also added in code so plain `go test` runs them.

// smallDat is a small valid dat (a few KiB: big seeds make the fuzzer's
// minimizer crawl) with a landblock, a setup, a compressed record and, with
// all set, one of every other record type too.
func smallDat(bs uint32, all bool) []byte {
	w := NewWriter(bs, DataSetCell, 1)
	w.Add(cLB, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	w.Add(cSetup, EncodeSetup(&Setup{ID: cSetup, DefaultSoundTable: cST}))
	w.AddCompressed(cZ, EncodeSetup(&Setup{ID: cZ}))
	if all {
		w.Add(cLBI, EncodeLandBlockInfo(sampleLandBlockInfo()))
		w.Add(cST, EncodeSoundTable(sampleSoundTable()))
		w.Add(cWave, EncodeWave(sampleWave()))
	}
	b, _ := w.Bytes()
	return b
}

func fuzzSeeds() map[string][][]byte {
	return map[string][][]byte{
		"FuzzNewFile":            {smallDat(64, false), smallDat(128, true), withFreeList(smallDat(64, false))},
		"FuzzParseRegion":        {EncodeRegion(sampleRegion())},
		"FuzzParseSoundTable":    {EncodeSoundTable(sampleSoundTable())},
		"FuzzParseWave":          {EncodeWave(sampleWave())},
		"FuzzParseLandBlock":     {EncodeLandBlock(sampleLandBlock(0xA9, 0xB4))},
		"FuzzParseLandBlockInfo": {EncodeLandBlockInfo(sampleLandBlockInfo())},
		"FuzzParseSetup":         {EncodeSetup(&Setup{ID: cSetup, DefaultSoundTable: cST})},
	}
}

// withFreeList appends two free blocks to a dat image and lists them in the
// header (§2.3: bit-31-tagged links, 0x80000000 after the last).
func withFreeList(img []byte) []byte {
	bs := binary.LittleEndian.Uint32(img[0x144:])
	base := (uint32(len(img)) + bs - 1) / bs * bs
	out := append(append([]byte{}, img...), make([]byte, int(base)-len(img)+2*int(bs))...)
	binary.LittleEndian.PutUint32(out[base:], 0x80000000|(base+bs))
	binary.LittleEndian.PutUint32(out[base+bs:], 0x80000000)
	binary.LittleEndian.PutUint32(out[0x148:], uint32(len(out))) // file_size
	binary.LittleEndian.PutUint32(out[0x154:], base)
	binary.LittleEndian.PutUint32(out[0x158:], base+bs)
	binary.LittleEndian.PutUint32(out[0x15C:], 2)
	return out
}

// The free-list seed is a well-formed list: FreeList walks it clean.
func TestFreeListSeed(t *testing.T) {
	b := withFreeList(smallDat(64, false))
	f, err := NewFile(bytes.NewReader(b), int64(len(b)), "seed")
	if err != nil {
		t.Fatal(err)
	}
	blocks, probs := f.FreeList()
	if len(blocks) != 2 || len(probs) != 0 {
		t.Fatalf("free list %x, problems %v", blocks, probs)
	}
	if _, ok := f.TrailingBytes(); ok {
		t.Error("trailing bytes in the seed")
	}
}

// TestWriteFuzzSeeds regenerates testdata/fuzz (only with SOUNDWORLD_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SOUNDWORLD_WRITE_SEEDS") == "" {
		t.Skip("set SOUNDWORLD_WRITE_SEEDS=1 to rewrite testdata/fuzz")
	}
	for name, seeds := range fuzzSeeds() {
		dir := filepath.Join("testdata", "fuzz", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range seeds {
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", s)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("writer-%d", i)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func addSeeds(f *testing.F, name string) {
	for _, s := range fuzzSeeds()[name] {
		f.Add(s)
	}
}

// FuzzNewFile opens arbitrary bytes as a dat, walks every entry and Gets and
// parses each: no panic, no hang, and every error is a *FormatError or ErrNotFound.
func FuzzNewFile(f *testing.F) {
	addSeeds(f, "FuzzNewFile")
	f.Fuzz(func(t *testing.T, b []byte) {
		err := openAndParse(b)
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) && !errors.Is(err, ErrNotFound) {
			t.Fatalf("got %v, want a *FormatError or ErrNotFound", err)
		}
		// The whole-file walk (datcheck) goes on past bad nodes, reading each
		// entry through a Scanner: errors are *FormatErrors, the walk ends.
		f, err := NewFile(bytes.NewReader(b), int64(len(b)), "fuzz.dat")
		if err != nil {
			return
		}
		sc, n := f.NewScanner(), 0
		for e, err := range f.AllEntries() {
			if n++; n > 1<<20 {
				t.Fatal("AllEntries does not end")
			}
			if err == nil {
				_, err = sc.Read(e)
			}
			if err != nil && !errors.As(err, &fe) {
				t.Fatalf("AllEntries/Scanner: got %v, want a *FormatError", err)
			}
		}
		// The free list (soundworld check): ends, visits each block at most
		// once, and every problem names a byte inside the file.
		blocks, probs := f.FreeList()
		if int64(len(blocks)) > f.Size()/f.BlockSize() {
			t.Fatalf("FreeList visited %d blocks of a %d-block file", len(blocks), f.Size()/f.BlockSize())
		}
		for _, p := range probs {
			if p.Off < 0 || p.Off >= f.Size() || p.Kind != KindBadFreeList {
				t.Fatalf("FreeList problem %+v", p)
			}
		}
		f.TrailingBytes()
	})
}

// fuzzParse checks parse never panics, fails only with a *FormatError, and
// that whatever parses re-encodes stably.
func fuzzParse[T any](f *testing.F, name string, parse func([]byte) (*T, error), enc func(*T) []byte) {
	addSeeds(f, name)
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := parse(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FormatError", err)
			}
			return
		}
		e1 := enc(v)
		v2, err := parse(e1)
		if err != nil {
			t.Fatalf("re-parse of the encoding: %v", err)
		}
		if e2 := enc(v2); !bytes.Equal(e1, e2) {
			t.Fatalf("encoding not stable:\n%x\n%x", e1, e2)
		}
	})
}

func FuzzParseRegion(f *testing.F) { fuzzParse(f, "FuzzParseRegion", ParseRegion, EncodeRegion) }
func FuzzParseSoundTable(f *testing.F) {
	fuzzParse(f, "FuzzParseSoundTable", ParseSoundTable, EncodeSoundTable)
}
func FuzzParseWave(f *testing.F) { fuzzParse(f, "FuzzParseWave", ParseWave, EncodeWave) }
func FuzzParseLandBlock(f *testing.F) {
	fuzzParse(f, "FuzzParseLandBlock", ParseLandBlock, EncodeLandBlock)
}
func FuzzParseLandBlockInfo(f *testing.F) {
	fuzzParse(f, "FuzzParseLandBlockInfo", ParseLandBlockInfo, EncodeLandBlockInfo)
}
func FuzzParseSetup(f *testing.F) { fuzzParse(f, "FuzzParseSetup", ParseSetup, EncodeSetup) }

// FuzzSetupParts: the part list (soundworld check) never panics, fails only
// with a *FormatError, and never returns more parts than the record holds.
func FuzzSetupParts(f *testing.F) {
	addSeeds(f, "FuzzParseSetup")
	f.Fuzz(func(t *testing.T, b []byte) {
		parts, err := SetupParts(b)
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("got %v, want a *FormatError", err)
		}
		if err == nil && 12+4*len(parts) > len(b) {
			t.Fatalf("%d parts from %d bytes", len(parts), len(b))
		}
	})
}
