package world

import (
	"testing"

	"soundworld/assets"
	"soundworld/dat"
)

// everywhere serves the stand-in's Holtburg landblock under every id with
// an even x (odd x: not in the dat) and counts the reads.
type everywhere struct {
	*dat.Archive
	reads map[uint32]int
}

func (e *everywhere) LandBlock(id uint32) (*dat.LandBlock, error) {
	e.reads[id]++
	if (id>>24)%2 == 1 {
		return nil, dat.ErrNotFound
	}
	b, err := e.Archive.LandBlock(dat.LandBlockID(0xA9, 0xB4))
	if err != nil {
		return nil, err
	}
	c := *b
	c.ID = id
	return &c, nil
}

// Issue 23 item 7: a tour of the whole world keeps at most
// DefaultBlockCache landblocks (it grew without end); a landblock dropped
// and visited again is read again, with the same heights; a missing one is
// read once, for good.
func TestLand_BlockCacheBounded(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	d := &everywhere{a, map[uint32]int{}}
	l, err := NewLand(d)
	if err != nil {
		t.Fatal(err)
	}
	first := uint16(0x0000)
	_, h0, ok := l.Vertex(first, 3, 4)
	if !ok {
		t.Fatal("landblock 0x0000 missing")
	}
	for x := 0; x < 256; x += 2 { // every landblock of every even column
		for y := range 256 {
			l.HasBlock(uint16(x<<8 | y))
			if n := l.blocks.len(); n > DefaultBlockCache {
				t.Fatalf("%d landblocks held after 0x%02X%02X, want ≤ %d", n, x, y, DefaultBlockCache)
			}
		}
	}
	id := func(lb uint16) uint32 { return uint32(lb)<<16 | dat.LandBlockLow }
	if _, h, ok := l.Vertex(first, 3, 4); !ok || h != h0 || d.reads[id(first)] != 2 {
		t.Errorf("landblock 0x0000 again: height %v (was %v), ok %v, read %d times; want the same height, read twice", h, h0, ok, d.reads[id(first)])
	}
	missing := uint16(0x0105)
	for range 3 {
		if l.HasBlock(missing) {
			t.Fatal("an odd column is present")
		}
	}
	if d.reads[id(missing)] != 1 {
		t.Errorf("a missing landblock was read %d times, want once", d.reads[id(missing)])
	}
	// The atlas keeps every landblock (SetBlockCache(0)).
	l.SetBlockCache(0)
	before := l.blocks.len()
	for y := range 256 {
		l.HasBlock(uint16(0x10<<8 | y))
		l.HasBlock(uint16(0x12<<8 | y))
	}
	if n := l.blocks.len(); n != before+2*256 {
		t.Errorf("unbounded: %d landblocks held, want the %d before and all %d read", n, before, 2*256)
	}
}

// len is the number of landblocks held (missing ones not counted).
func (c *blockCache) len() int { return len(c.m) }
