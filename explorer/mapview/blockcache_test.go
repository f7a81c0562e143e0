package mapview

import (
	"testing"
	"time"

	"soundworld/assets/standintest"
	"soundworld/dat"
	"soundworld/explorer/terrain"
)

// The LRU keeps at most its bound, drops the least recently used first, and
// a get counts as a use (a peek does not).
func TestBlockCache_BoundedLRU(t *testing.T) {
	c := newBlockCache(3)
	lb := func(k uint16) *dat.LandBlock { return &dat.LandBlock{ID: uint32(k) << 16} }
	for k := uint16(1); k <= 3; k++ {
		c.put(k, lb(k))
	}
	c.get(1)  // 1 is now the newest: 2 is the oldest
	c.peek(2) // a peek keeps 2 the oldest
	c.put(4, lb(4))
	if c.len() != 3 || c.peek(2) != nil || c.peek(1) == nil || c.peek(3) == nil || c.peek(4) == nil {
		t.Errorf("after 4 puts into 3 with 1 used: len %d, have 1 %v 2 %v 3 %v 4 %v; want 1, 3, 4",
			c.len(), c.peek(1) != nil, c.peek(2) != nil, c.peek(3) != nil, c.peek(4) != nil)
	}
	// A tour of the whole world (every landblock key, twice) stays at the bound.
	big := newBlockCache(MaxBlocks)
	for range 2 {
		for k := range terrain.WorldBlocks * terrain.WorldBlocks {
			key := uint16(k/terrain.WorldBlocks<<8 | k%terrain.WorldBlocks)
			big.put(key, lb(key))
			if big.len() > MaxBlocks {
				t.Fatalf("%d landblocks cached, bound %d", big.len(), MaxBlocks)
			}
		}
	}
	if big.len() != MaxBlocks || len(big.lbs) != MaxBlocks || len(big.at) != MaxBlocks {
		t.Errorf("after the tour: %d in the list, %d blocks, %d index entries; want %d each", big.len(), len(big.lbs), len(big.at), MaxBlocks)
	}
}

// The overview's landblock cache is bounded: with a bound of 8 the scan of
// the stand-in's 25 landblocks and a tour reading every one of them leave
// at most 8 decoded, every read still returns the landblock the cell dat
// holds, and a finer chunk painted through the small cache is the same
// picture as one painted with all 25 kept.
func TestPyramid_BlocksBounded(t *testing.T) {
	a := standintest.Archive(t)
	reg, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	small := newPyramid(a, reg, newFakeTex, 8)
	defer small.close()
	all := newPyramid(a, reg, newFakeTex, MaxBlocks)
	defer all.close()
	deadline := time.Now().Add(30 * time.Second)
	for !(small.scanDone.Load() && all.scanDone.Load()) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if !small.scanDone.Load() || !all.scanDone.Load() {
		t.Fatal("the scans did not finish in 30 s")
	}
	if n := all.blocks.len(); n != 25 {
		t.Fatalf("unbounded: %d landblocks cached after the scan, want the stand-in's 25", n)
	}
	if n := small.blocks.len(); n > 8 {
		t.Errorf("after the scan: %d landblocks cached, bound 8", n)
	}
	for range 3 {
		for bx := 0xA7; bx <= 0xAB; bx++ {
			for by := 0xB2; by <= 0xB6; by++ {
				key := uint16(bx<<8 | by)
				got := small.block(key)
				want, err := a.LandBlock(uint32(key)<<16 | dat.LandBlockLow)
				if err != nil {
					t.Fatal(err)
				}
				if got == nil || got.ID != want.ID || got.Height != want.Height || got.Terrain != want.Terrain {
					t.Fatalf("landblock 0x%04X through the bounded cache differs from the cell dat's", key)
				}
				if n := small.blocks.len(); n > 8 {
					t.Fatalf("touring: %d landblocks cached, bound 8", n)
				}
			}
		}
	}
	k := terrain.ChunkOf(1, 0xA9, 0xB4) // level 1: 4×4 landblocks a chunk
	if string(small.paintChunk(k).Pix) != string(all.paintChunk(k).Pix) {
		t.Errorf("chunk %+v painted through the bounded cache differs from the unbounded one's", k)
	}
}

// len is the number of landblocks cached.
func (c *blockCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
