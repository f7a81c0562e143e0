package atlas

import (
	"context"
	"testing"

	"soundworld/internal/bigworld"
	"soundworld/internal/bigworld/bigtest"
)

// The full-size world's "meadow" bed (bigworld desc 0, Ambient1).
var bigSel = Selector{Kind: BySound, Table: bigworld.TableBase, SType: 0x46}

// BenchmarkWholeWorld_Cold: a heatmap of one sound over all 4.16 M land cells
// of the full-size world from an unopened atlas (landblock scan, A1 and height
// resolution, gather), on GOMAXPROCS workers.
func BenchmarkWholeWorld_Cold(b *testing.B) {
	arch := bigtest.Archive(b)
	b.ReportAllocs()
	for b.Loop() {
		a, err := Open(arch)
		if err != nil {
			b.Fatal(err)
		}
		r, err := a.Compute(context.Background(), Request{Sel: bigSel})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Values) != bigworld.Cells {
			b.Fatalf("%d values, want %d", len(r.Values), bigworld.Cells)
		}
	}
}

// BenchmarkWholeWorld_Warm: the same with the landblocks already resolved
// (a second heatmap in the same session).
func BenchmarkWholeWorld_Warm(b *testing.B) {
	arch := bigtest.Archive(b)
	a, err := Open(arch)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.Compute(context.Background(), Request{Sel: bigSel}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Compute(context.Background(), Request{Sel: bigSel}); err != nil {
			b.Fatal(err)
		}
	}
}

// screen lists the landblocks of a w×h block view with its south-west corner at (x0, y0).
func screen(x0, y0, w, h int) []uint16 {
	var lbs []uint16
	for x := x0; x < x0+w && x < 255; x++ {
		for y := y0; y < y0+h && y < 255; y++ {
			lbs = append(lbs, uint16(x<<8|y))
		}
	}
	return lbs
}

// benchScreen opens the full-size world's atlas and computes the landblocks
// (nil: all) every step-th cell, once per iteration.
func benchScreen(b *testing.B, blocks []uint16, step int) {
	arch := bigtest.Archive(b)
	for b.Loop() {
		a, err := Open(arch)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := a.Compute(context.Background(), Request{Sel: bigSel, Blocks: blocks, Step: step}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScreen_Close: one 1280×720 screenful at 4 px per cell (40 × 23
// landblocks, every cell), from an unopened atlas.
func BenchmarkScreen_Close(b *testing.B) {
	benchScreen(b, screen(100, 100, 40, 23), 1)
}

// BenchmarkScreen_Mid: a screenful at 1 px per cell (160 × 90 landblocks,
// every 4th cell: one sample per 4 px), from an unopened atlas.
func BenchmarkScreen_Mid(b *testing.B) {
	benchScreen(b, screen(40, 60, 160, 90), 4)
}

// BenchmarkScreen_Whole: the whole world on one screen (5 px per landblock,
// one sampled cell per landblock), from an unopened atlas.
func BenchmarkScreen_Whole(b *testing.B) {
	benchScreen(b, nil, 8)
}

// BenchmarkSearch_WholeWorld: where Ambient7 (frogs, owls, clicks: four
// descs) can play over the whole full-size world, from an unopened atlas.
func BenchmarkSearch_WholeWorld(b *testing.B) {
	arch := bigtest.Archive(b)
	for b.Loop() {
		a, err := Open(arch)
		if err != nil {
			b.Fatal(err)
		}
		hits, err := a.Search(context.Background(), Query{Kind: QuerySType, ID: 0x4C}, nil, nil)
		if err != nil || len(hits) == 0 {
			b.Fatalf("%d hits, %v", len(hits), err)
		}
	}
}
