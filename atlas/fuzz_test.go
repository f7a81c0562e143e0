package atlas

import (
	"context"
	"strings"
	"sync"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
)

var fuzzImages struct {
	once         sync.Once
	portal, cell []byte
	err          error
}

// FuzzAtlasDamagedArchive (issue 23 item 1) overwrites bytes of the
// stand-in's dats as the input says (6 bytes an op: file bit 0 — 0 portal,
// 1 cell —, u32 offset mod the image size, new byte), opens them with
// dat.NewFile as the commands do, and runs the atlas over Holtburg's 5×5
// landblocks (every selector kind the input picks, and a search): no panic,
// no hang, every error names a dat file, and every record the Land skipped
// is reported as a problem naming a dat file.
func FuzzAtlasDamagedArchive(f *testing.F) {
	fuzzImages.once.Do(func() {
		fuzzImages.portal, fuzzImages.cell, fuzzImages.err = assets.StandInImages()
	})
	if fuzzImages.err != nil {
		f.Fatal(fuzzImages.err)
	}
	portal, cell := fuzzImages.portal, fuzzImages.cell
	offset := func(img []byte, id uint32) uint32 { return dattest.Entry(f, img, id).Offset }
	op := dattest.FuzzOp
	lb := offset(cell, dat.LandBlockID(0xA9, 0xB4))
	nb := offset(cell, dat.LandBlockID(0xAA, 0xB4))
	reg := offset(portal, dat.RegionID)
	f.Add([]byte{})
	f.Add(op(1, lb+4, 0x5A))                                 // the player's landblock id: unreadable
	f.Add(append(op(1, lb+4, 0x5A), op(1, nb+4, 0x00)...))   // and a neighbour's
	f.Add(op(1, lb+4+8+2*40+1, 0xFF))                        // a terrain word's scene index
	f.Add(op(0, reg+4+72+3, 0x7F))                           // a height table value
	f.Add(op(1, lb+4+8+2*81+5, 0xFF))                        // a height index
	f.Add(append(op(1, 0x160, 0x01), op(0, 0x144, 0x03)...)) // header fields
	f.Fuzz(func(t *testing.T, ops []byte) {
		kind := byte(0) // the selector: the ops' file bytes above bit 0, xored
		for i := 0; i+6 <= len(ops) && i < 6*64; i += 6 {
			kind ^= ops[i] >> 1
		}
		arch, ok := dattest.Fuzzed(portal, cell, ops)
		if !ok {
			return
		}
		checkDamagedAtlas(t, arch, kind)
	})
}

// checkDamagedAtlas runs the atlas on a damaged archive over Holtburg's 5×5
// landblocks (the loudest bed, or desc 0 when kind is odd, and a search):
// every error and every problem names a dat file, and every record the
// Land skipped is a problem.
func checkDamagedAtlas(t *testing.T, arch *dat.Archive, kind byte) {
	named := func(what string, err error) {
		if err != nil && !strings.Contains(err.Error(), dat.PortalFile) && !strings.Contains(err.Error(), dat.CellFile) &&
			!strings.Contains(err.Error(), ErrNoSound.Error()) && !strings.Contains(err.Error(), ErrSelector.Error()) {
			t.Fatalf("%s: error names no dat file: %v", what, err)
		}
	}
	a, err := Open(arch)
	if err != nil {
		named("Open", err)
		return
	}
	ps := &dat.Problems{}
	a.Land().SetProblems(ps)
	var lbs []uint16
	for x := 0xA7; x <= 0xAB; x++ {
		for y := 0xB2; y <= 0xB6; y++ {
			lbs = append(lbs, uint16(x<<8|y))
		}
	}
	sel := Selector{Kind: LoudestBed}
	if kind&1 == 1 {
		sel = Selector{Kind: ByDesc, Desc: 0}
	}
	ctx := context.Background()
	_, err = a.Compute(ctx, Request{Sel: sel, Blocks: lbs, Step: 2, Workers: 1})
	named("Compute", err)
	_, err = a.Search(ctx, Query{Kind: QuerySType, ID: 0x46}, lbs, nil)
	named("Search", err)
	if len(a.Land().Errs) > ps.Len() {
		t.Fatalf("%d records skipped, %d problems reported: %v", len(a.Land().Errs), ps.Len(), a.Land().Errs)
	}
	for _, p := range ps.List() {
		if p.File != dat.PortalFile && p.File != dat.CellFile {
			t.Fatalf("problem names no dat file: %v", p)
		}
	}
}
