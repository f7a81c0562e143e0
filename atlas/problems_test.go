package atlas

import (
	"bytes"
	"context"
	"encoding/binary"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
)

// Issue 12 (data problems never silent) on the atlas' whole-world path: a
// large request reads the cell dat in one scan (world.Land.Preload) instead
// of landblock by landblock, and a terrain word the region chain cannot
// resolve is reported there as the one-by-one read reports it — file,
// record, record byte of the first bad vertex, kind — once.
func TestAtlasPreloadReportsBadTerrainWord(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	lb := dat.LandBlockID(0xA9, 0xB4)
	f, err := dat.NewFile(bytes.NewReader(cell), int64(len(cell)), "cell")
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.Lookup(lb)
	if err != nil {
		t.Fatal(err)
	}
	// Vertex 10's terrain word: record byte 8 + 2·10 = 28 (dat-format §3.4),
	// after the block's 4-byte next pointer. Scene index 31: past any list.
	at := int(e.Offset) + 4 + 28
	w := binary.LittleEndian.Uint16(cell[at:])
	binary.LittleEndian.PutUint16(cell[at:], w|0xF800)
	pf, err := dat.NewFile(bytes.NewReader(portal), int64(len(portal)), dat.PortalFile)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := dat.NewFile(bytes.NewReader(cell), int64(len(cell)), dat.CellFile)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Open(&dat.Archive{Portal: pf, Cell: cf})
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
