package dat

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// FuzzParseIteration: any bytes parse as an iteration record (§2.6) or fail
// with a *FormatError on 0xFFFF0001 inside the record; what parses has a
// non-negative total, negative runs that bring it to ≤ 0 (the last one only),
// and re-encodes to the bytes it was read from.
func FuzzParseIteration(f *testing.F) {
	f.Add(IterationRecord(2072))
	f.Add(IterationRecord(982))
	f.Add([]byte{5, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0, 0xFD, 0xFF, 0xFF, 0xFF, 3, 0, 0, 0})
	f.Add([]byte{5, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0})
	f.Add([]byte{0xFF, 0xFF, 0xFF, 0x7F})
	f.Fuzz(func(t *testing.T, b []byte) {
		it, err := ParseIteration(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.ID != IterationID || !fe.InRecord || fe.Off < 0 || fe.Off > int64(len(b)) {
				t.Fatalf("got %v, want a *FormatError on 0xFFFF0001 inside the record", err)
			}
			return
		}
		if it.Total < 0 {
			t.Fatalf("negative total %d accepted", it.Total)
		}
		sum := int64(it.Total)
		for i, r := range it.Runs {
			if sum <= 0 {
				t.Fatalf("run %d read after the total was used up", i)
			}
			if r.Run >= 0 {
				t.Fatalf("run %d is %d, not negative", i, r.Run)
			}
			sum += int64(r.Run)
		}
		if sum > 0 {
			t.Fatalf("runs leave %d of the total", sum)
		}
		enc := EncodeIteration(it)
		if len(enc) > len(b) || string(enc) != string(b[:len(enc)]) {
			t.Fatalf("re-encoding % X is not a prefix of % X", enc, b)
		}
	})
}

// heightTableAt is the height table's offset in EncodeRegion(sampleRegion()):
// id, number, version (12), "Dereth" as a PString (2 + 6 = 8), 8 LandDefs
// scalars (32).
const heightTableAt = 12 + 8 + 32

// FuzzHeightTable puts fuzzed bytes in the sample region's height table
// (§3.1 LandDefs): the region parses with exactly those 256 finite values,
// or fails with a *FormatError on 0x13000000 at the first non-finite value's
// byte, naming its index.
func FuzzHeightTable(f *testing.F) {
	seed := make([]byte, 1024)
	for i := range 256 {
		binary.LittleEndian.PutUint32(seed[4*i:], math.Float32bits(float32(2*i)))
	}
	f.Add(seed)
	nan := append([]byte(nil), seed...)
	binary.LittleEndian.PutUint32(nan[4*17:], 0x7FC00000)
	f.Add(nan)
	f.Add([]byte{0, 0, 0x80, 0x7F}) // +Inf first
	f.Fuzz(func(t *testing.T, tb []byte) {
		table := make([]byte, 1024)
		copy(table, tb)
		rec := EncodeRegion(sampleRegion())
		if string(rec[4:12]) != "\x01\x00\x00\x00\x03\x00\x00\x00" || rec[12] != 6 {
			t.Fatal("sample region layout changed; fix heightTableAt")
		}
		copy(rec[heightTableAt:], table)
		first := -1
		for i := range 256 {
			v := float64(math.Float32frombits(binary.LittleEndian.Uint32(table[4*i:])))
			if math.IsNaN(v) || math.IsInf(v, 0) {
				first = i
				break
			}
		}
		g, err := ParseRegion(rec)
		if first >= 0 {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.ID != RegionID || fe.Off != int64(heightTableAt+4*first) {
				t.Fatalf("non-finite value %d: got %v, want a FormatError at record byte %d", first, err, heightTableAt+4*first)
			}
			return
		}
		if err != nil {
			t.Fatalf("finite table refused: %v", err)
		}
		for i, h := range g.LandDefs.HeightTable {
			if math.Float32bits(h) != binary.LittleEndian.Uint32(table[4*i:]) {
				t.Fatalf("value %d: got %v", i, h)
			}
		}
	})
}
