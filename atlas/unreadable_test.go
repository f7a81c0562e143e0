package atlas

import (
	"context"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/damage"
)

// patchedStandIn opens the stand-in with the cell dat's record id changed
// by patch (rec starts at the record's block: a 4-byte next pointer, then
// the record).
func patchedStandIn(t testing.TB, id uint32, patch func(rec []byte)) *dat.Archive {
	t.Helper()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	patch(cell[dattest.Entry(t, cell, id).Offset:])
	a, err := damage.Open(portal, cell)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// damagedStandIn is the stand-in with landblock record lb unreadable (its
// id field no longer its own id: dat.ParseLandBlock refuses it).
func damagedStandIn(t testing.TB, lb uint32) *dat.Archive {
	t.Helper()
	a := patchedStandIn(t, lb, func(rec []byte) { rec[4] ^= 0x5A })
	if _, err := a.LandBlock(lb); err == nil {
		t.Fatalf("the damaged landblock 0x%08X still parses", lb)
	}
	return a
}

// Issue 23 item 1: a landblock record that cannot be read was a nil
// dereference in world.AtlasGather (atlas and the window's heatmap). It is a
// data problem now: the landblock's cells gather nothing (nobody stands on
// land the client could not load), the problem names the record, and both
// the one-by-one and the whole-world (one scan) paths get there.
func TestAtlasUnreadableLandblockIsAProblem(t *testing.T) {
	const lb = uint16(0xA9B4)
	for _, whole := range []bool{false, true} {
		a, err := Open(damagedStandIn(t, uint32(lb)<<16|dat.LandBlockLow))
		if err != nil {
			t.Fatal(err)
		}
		ps := &dat.Problems{}
		a.Land().SetProblems(ps)
		blocks := []uint16{lb, lb + 1}
		if whole {
			blocks = nil
		}
		r, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: LoudestBed}, Blocks: blocks, Step: 1})
		if err != nil {
			t.Fatalf("whole=%v: %v", whole, err)
		}
		found := false
		per := r.PerBlock()
		for bi, b := range r.Blocks {
			if b != lb {
				continue
			}
			found = true
			for i, v := range r.Values[bi*per : (bi+1)*per] {
				if v != 0 || r.Cats[bi*per+i] != -1 {
					t.Errorf("whole=%v: cell %d of the unreadable landblock: value %v category %d, want 0 and none", whole, i, v, r.Cats[bi*per+i])
				}
			}
		}
		if !found {
			t.Errorf("whole=%v: landblock 0x%04X left out of the result (the window would ask for it again and again)", whole, lb)
		}
		named := false
		for _, p := range ps.List() {
			if p.Record == uint32(lb)<<16|dat.LandBlockLow && p.File == dat.CellFile && p.Kind == dat.KindBadLandBlock {
				named = true
			}
		}
		if !named {
			t.Errorf("whole=%v: no problem names landblock 0x%04X: %v", whole, lb, ps.List())
		}
	}
}
