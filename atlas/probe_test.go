package atlas

import (
	"context"
	"fmt"
	"math"
	"testing"

	"soundworld/dat"
	"soundworld/internal/bigworld/bigtest"
	"soundworld/world"
)

// probeAt is world's probe path (what `soundworld probe -at` does): a Sim with
// the player at the centre of cell (cx, cy) of lb, one Tick, the snapshot.
func probeAt(t testing.TB, s *world.Sim, lb uint16, cx, cy int) *world.Snapshot {
	t.Helper()
	x, y := world.WorldPos(lb, float32(cx*24+12), float32(cy*24+12))
	// The default eye (2 m) stays: the gather is centred on the feet (W5).
	s.SetListener(x, y, 0)
	return s.Tick(0)
}

// agree checks every number atlas derives for one cell against the probe's
// snapshot, bit for bit: the total weight, each instance's count, its crossfade
// volume or play chance, and each desc's share.
func agree(t testing.TB, a *Atlas, sn *world.Snapshot, lb uint16, cx, cy int) {
	t.Helper()
	var nb [9]*world.AtlasBlock
	if err := a.resolve([]uint16{lb}, 1<<(cx*8+cy)); err != nil {
		t.Fatal(err)
	}
	a.neighbourhood(&nb, lb)
	var s world.AtlasSums
	s.Reset(len(a.region.Sound.STBDescs))
	world.AtlasGather(&s, &nb, cx, cy)
	where := fmt.Sprintf("landblock 0x%04X cell (%d,%d)", lb, cx, cy)
	if math.Float32bits(s.Total) != math.Float32bits(sn.TotalWeight) {
		t.Fatalf("%s: total %v, probe %v", where, s.Total, sn.TotalWeight)
	}
	seen := map[int]bool{}
	for _, in := range sn.Instances {
		c := s.Count[in.Stb]
		if math.Float32bits(c) != math.Float32bits(in.Count) {
			t.Fatalf("%s: desc %d count %v, probe %v", where, in.Stb, c, in.Count)
		}
		seen[in.Stb] = true
		ev := &evaluator{kind: KindChance, entries: []entry{{desc: int32(in.Stb), volume: in.Desc.BaseChance}}}
		want := in.PlayChance
		if in.Continuous {
			ev = &evaluator{kind: KindVolume, entries: []entry{{desc: int32(in.Stb), volume: in.Desc.Volume, continuous: true}}}
			want = in.CurrentVolume
		}
		if v, _ := ev.eval(&s); math.Float32bits(v) != math.Float32bits(want) {
			t.Fatalf("%s: desc %d entry %d value %v, probe %v", where, in.Stb, in.Index, v, want)
		}
		share := &evaluator{kind: KindShare, desc: int32(in.Stb)}
		if v, _ := share.eval(&s); in.Count != 0 && math.Float32bits(v) != math.Float32bits(in.Share) {
			t.Fatalf("%s: desc %d share %v, probe %v", where, in.Stb, v, in.Share)
		}
	}
	for _, d := range s.Touched {
		if len(a.region.Sound.STBDescs[d].Sounds) > 0 && !seen[int(d)] {
			t.Fatalf("%s: atlas counts desc %d, the probe has no instance of it", where, d)
		}
	}
}

// TestA2_AtlasAgreesWithProbe_StandIn: every land cell of the stand-in (the
// 5×5 landblocks, so every landblock edge and the edge of the data, where
// neighbours are missing) gives the probe's numbers bit for bit.
func TestA2_AtlasAgreesWithProbe_StandIn(t *testing.T) {
	a, s := standInAtlasSim(t)
	n := 0
	for _, lb := range a.Landblocks() {
		for cx := range 8 {
			for cy := range 8 {
				agree(t, a, probeAt(t, s, lb, cx, cy), lb, cx, cy)
				n++
			}
		}
	}
	if n != 25*64 {
		t.Fatalf("checked %d cells, want 1600", n)
	}
}

// TestA2_AtlasAgreesWithProbe_BigWorld: a sample of the full-size world's
// cells — the four corners of the world, cells along its edges, landblock
// edges and corners, and a spread of others — agree with the probe.
func TestA2_AtlasAgreesWithProbe_BigWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the full-size world")
	}
	a, s := atlasAndSim(t, bigtest.Archive(t))
	type cell struct {
		lb     uint16
		cx, cy int
	}
	var cells []cell
	for _, lb := range []uint16{0x0000, 0x00FE, 0xFE00, 0xFEFE, 0x007F, 0x7F00, 0xFE7F, 0x7FFE} {
		for _, c := range [][2]int{{0, 0}, {7, 7}, {0, 7}, {7, 0}, {3, 4}} {
			cells = append(cells, cell{lb, c[0], c[1]})
		}
	}
	h := uint32(12345)
	for len(cells) < 1500 {
		h = h*1664525 + 1013904223
		bx, by := (h>>8)%255, (h>>16)%255
		cx, cy := int(h>>4)%8, int(h>>27)%8
		if h%3 == 0 { // a landblock edge
			cx = []int{0, 7}[h>>30&1]
		}
		cells = append(cells, cell{uint16(bx<<8 | by), cx, cy})
	}
	heard := 0
	for _, c := range cells {
		sn := probeAt(t, s, c.lb, c.cx, c.cy)
		if sn.TotalWeight > 0 {
			heard++
		}
		agree(t, a, sn, c.lb, c.cx, c.cy)
	}
	if heard < len(cells)/2 {
		t.Fatalf("only %d of %d sampled cells have any ambient weight: the sample says little", heard, len(cells))
	}
}

// TestComputeAgreesWithProbe: Compute's parallel whole-region output for a
// sound, a desc and the loudest bed equals the probe's value cell by cell
// (stand-in, all 1600 cells).
func TestComputeAgreesWithProbe(t *testing.T) {
	a, s := standInAtlasSim(t)
	sels := []Selector{
		{Kind: BySound, Table: 0x20000001, SType: 0x46}, // meadow bed (continuous)
		{Kind: BySound, Table: 0x20000004, SType: 0x4C}, // pond frogs (intermittent)
		{Kind: ByDesc, Desc: 2},                         // forest
		{Kind: LoudestBed},
	}
	for _, sel := range sels {
		r, err := a.Compute(context.Background(), Request{Sel: sel, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for bi, lb := range r.Blocks {
			for i := range r.PerBlock() {
				cx, cy := r.Cell(i)
				sn := probeAt(t, s, lb, cx, cy)
				want, wantCat := probeValue(a.region, sel, sn)
				got := r.Values[bi*r.PerBlock()+i]
				if math.Float32bits(got) != math.Float32bits(want) {
					t.Fatalf("%s at 0x%04X (%d,%d): atlas %v, probe %v", sel, lb, cx, cy, got, want)
				}
				if r.Cats != nil {
					gotCat := "none"
					if c := r.Cats[bi*r.PerBlock()+i]; c >= 0 {
						gotCat = r.Categories[c].String()
					}
					if gotCat != wantCat {
						t.Fatalf("%s at 0x%04X (%d,%d): loudest %s, probe %s", sel, lb, cx, cy, gotCat, wantCat)
					}
				}
			}
		}
	}
}

// probeValue reads the selector's value off a probe snapshot: the largest
// matching instance's current volume / play chance, the desc's share, or the
// loudest continuous instance (first in desc, entry order on a tie).
func probeValue(r *dat.Region, sel Selector, sn *world.Snapshot) (float32, string) {
	best, cat := float32(0), "none"
	bestStb, bestIdx := 1<<30, 0
	for _, in := range sn.Instances {
		var v float32
		switch sel.Kind {
		case ByDesc:
			if in.Stb == sel.Desc && in.Count > 0 {
				return in.Share, ""
			}
			continue
		case LoudestBed:
			if !in.Continuous {
				continue
			}
			v = in.CurrentVolume
			if v > best || v == best && v > 0 && (in.Stb < bestStb || in.Stb == bestStb && in.Index < bestIdx) {
				best, cat, bestStb, bestIdx = v, Sound{in.STBID, in.Desc.SType}.String(), in.Stb, in.Index
			}
			continue
		default:
			if in.STBID != sel.Table || in.Desc.SType != sel.SType {
				continue
			}
			v = in.PlayChance
			if in.Continuous {
				v = in.CurrentVolume
			}
		}
		best = max(best, v)
	}
	if sel.Kind == ByDesc {
		return 0, ""
	}
	return best, cat
}
