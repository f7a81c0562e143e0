package atlas

import (
	"context"
	"encoding/binary"
	"strings"
	"testing"

	"soundworld/dat"
)

// Issue 12 (data problems never silent) on the atlas' whole-world path: a
// large request reads the cell dat in one scan (world.Land.Preload) instead
// of landblock by landblock, and a terrain word the region chain cannot
// resolve is reported there as the one-by-one read reports it — file,
// record, record byte of the first bad vertex, kind — once.
func TestAtlasPreloadReportsBadTerrainWord(t *testing.T) {
	lb := dat.LandBlockID(0xA9, 0xB4)
	// Vertex 10's terrain word: record byte 8 + 2·10 = 28 (dat-format §3.4),
	// after the block's 4-byte next pointer. Scene index 31: past any list.
	arch := patchedStandIn(t, lb, func(rec []byte) {
		w := binary.LittleEndian.Uint16(rec[4+28:])
		binary.LittleEndian.PutUint16(rec[4+28:], w|0xF800)
	})
	a, err := Open(arch)
	if err != nil {
		t.Fatal(err)
	}
	ps := &dat.Problems{}
	a.Land().SetProblems(ps) // as `soundworld atlas` and the window do
	all := a.Landblocks()
	if _, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: LoudestBed}, Blocks: all, Step: 1}); err != nil {
		t.Fatal(err)
	}
	if !a.preload {
		t.Fatal("the whole-world request did not take the one-scan path")
	}
	n := 0
	for _, p := range ps.List() {
		if p.Record == lb && p.File == dat.CellFile && p.Off == 28 && p.Kind == dat.KindBadReference && strings.Contains(p.What, "vertex 10 terrain word") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("vertex 10 of 0x%08X reported %d times, want once: %v", lb, n, ps.List())
	}
}
