package world

// atlas_gather.go (owned by the atlas): the A2 gather of this
// package, exposed so package atlas can evaluate it for every land cell of the
// world without a Sim. It reuses this package's own pieces — the landblock
// cache and heights (Land.block), the A1 chain (STBFor), the player's ground
// height (GroundAt) and A3's weight — and walks the 3×3
// landblocks and their cells in Rebuild's order, so its float32 sums are
// Rebuild's bit for bit (atlas tests compare it with the probe path).

import (
	"iter"

	"soundworld/dat"
)

// AtlasBlock is one landblock's A2 inputs, resolved once and then read-only
// (safe to share between goroutines once filled): for each land cell (index
// cx*8+cy) the height of its sound position (the SW vertex, m), its STB desc
// after A1 (−1: no sound), and — for the cells in Have — the ground height (m)
// of a player standing at the cell's centre (W5: feet on the ground).
type AtlasBlock struct {
	Landblock uint16
	Height    [64]float32
	Stb       [64]int32
	CentreZ   [64]float32
	Have      uint64 // bit cx*8+cy: CentreZ of that cell is filled
}

// AtlasBlock resolves landblock lb with the player heights of the cells in
// need (bit cx*8+cy), or returns nil when lb is not in the dat. Not safe for
// concurrent use (it fills the Land's caches).
func (l *Land) AtlasBlock(lb uint16, need uint64) *AtlasBlock {
	b := l.block(lb)
	if b == nil {
		return nil
	}
	ab := &AtlasBlock{Landblock: lb}
	for cx := range 8 {
		for cy := range 8 {
			i, vi := cx*8+cy, cx*9+cy // A2: the cell's south-west vertex
			ab.Height[i] = b.height[vi]
			ab.Stb[i] = int32(l.STBFor(b.terrain[vi])) // A1, decision: the SW vertex's word
		}
	}
	l.FillCentres(ab, need)
	return ab
}

// FillCentres adds the player heights of the cells in need that ab lacks:
// GroundAt each cell's centre, as the Sim places a player there (W5). Not
// safe for concurrent use, nor while others read ab.
func (l *Land) FillCentres(ab *AtlasBlock, need uint64) {
	need &^= ab.Have
	for i := range 64 {
		if need&(1<<i) == 0 {
			continue
		}
		cx, cy := i/8, i%8
		ab.CentreZ[i] = l.GroundAt(Loc{Landblock: ab.Landblock, X: float32(cx*CellSize) + CellSize/2, Y: float32(cy*CellSize) + CellSize/2})
	}
	ab.Have |= need
}

// Preload fills the landblock cache from a scan of the cell dat (the fast
// whole-world path, dat.Archive.LandBlocks) instead of one read per id,
// reporting each landblock's terrain words the region chain cannot resolve
// as the one-by-one read does (never silent). It stops at the
// first error.
func (l *Land) Preload(recs iter.Seq2[dat.LandBlock, error]) error {
	for rec, err := range recs {
		if err != nil {
			return err
		}
		lb := uint16(rec.ID >> 16)
		if _, ok := l.blocks.get(lb); ok {
			continue
		}
		b := &block{terrain: rec.Terrain}
		for i, h := range rec.Height {
			b.height[i] = l.heights[h]
		}
		l.terrainProblems(&rec)
		l.blocks.put(lb, b)
	}
	return nil
}

// AtlasSums is the result of one gather: the total weight and, per STB desc,
// the count every instance of that desc would hold (A5/A6: each entry's count
// grows by the cell's weight, once per cell of its desc).
type AtlasSums struct {
	Total float32
	Count []float32 // by STB desc index; only Touched entries are non-zero
	// Touched lists the desc indices with a contribution, first-seen order.
	Touched []int32
}

// Reset clears the sums for the next gather (n = number of STB descs).
func (s *AtlasSums) Reset(n int) {
	if len(s.Count) != n {
		s.Count = make([]float32, n)
	}
	for _, d := range s.Touched {
		s.Count[d] = 0
	}
	s.Touched = s.Touched[:0]
	s.Total = 0
}

// AtlasGather is A2 for a player standing at the centre of land cell
// (cx, cy) of the centre landblock of nb, feet on the ground: nb holds the
// 3×3 landblocks around it, index (dbx+1)*3 + (dby+1), nil where missing from
// the dat or off the map. Landblocks and cells are visited in Rebuild's order
// with gatherBlock's arithmetic (W6 offsets from the player, AddSound's range
// test, CalcWeight's sum, A3's weight, A1's desc), so the sums are Rebuild's.
// A nil centre (the player's landblock is missing or its record unreadable —
// the Land has reported that as a data problem) gathers nothing: nobody can
// stand on land the client could not load, so the sums stay zero.
func AtlasGather(s *AtlasSums, nb *[9]*AtlasBlock, cx, cy int) {
	c := nb[4]
	if c == nil {
		return
	}
	// The player (W5, W6): landblock-local metres, feet on the ground.
	p := Loc{Landblock: c.Landblock, X: float32(cx*CellSize) + CellSize/2, Y: float32(cy*CellSize) + CellSize/2, Z: c.CentreZ[cx*8+cy]}
	for k, b := range nb {
		if b == nil {
			continue
		}
		dbx, dby := k/3-1, k%3-1
		ox, oy := float32(dbx*BlockSize), float32(dby*BlockSize)
		// Only vertices less than 120 m away along X (and along Y) can count:
		// Rebuild skips the others (x² ≥ 14400, or a range sum ≥ y² ≥ 14400).
		// From a cell centre that window is global vertex column − player
		// cell column ∈ [−4, 5], likewise for rows; skipping it here changes
		// no sum.
		x0, x1 := max(cx-4-8*dbx, 0), min(cx+5-8*dbx, 7)
		y0, y1 := max(cy-4-8*dby, 0), min(cy+5-8*dby, 7)
		for sx := x0; sx <= x1; sx++ {
			dx := (ox + float32(sx*CellSize)) - p.X
			x2 := float32(dx * dx)
			if x2 >= maxDist2 {
				continue
			}
			for sy := y0; sy <= y1; sy++ {
				j := (sx*8 + sy) & 63
				stb := b.Stb[j]
				if stb < 0 {
					continue // A1: no sound here; such a vertex never adds weight (tested first: cheaper)
				}
				dy := (oy + float32(sy*CellSize)) - p.Y
				dz := b.Height[j] - p.Z
				y2, z2 := float32(dy*dy), float32(dz*dz)
				if float32(z2+y2)+x2 >= maxDist2 { // AddSound's range test (A2)
					continue
				}
				w := weightD2(float32(x2+y2) + z2) // CalcWeight's sum (A3)
				if w <= 0 {
					continue
				}
				s.Total += w
				if s.Count[stb] == 0 {
					s.Touched = append(s.Touched, stb)
				}
				s.Count[stb] += w
			}
		}
	}
}
