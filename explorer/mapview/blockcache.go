package mapview

import (
	"container/list"
	"sync"

	"soundworld/dat"
)

// MaxBlocks bounds the landblocks the overview keeps decoded. A finer
// pyramid chunk needs at most terrain.ChunkBlocks(Coarsest-1)² = 64² = 4096
// landblocks, the screen at the widest tile zoom a few hundred; 8192 holds two
// such chunks with room for the landmarks' reads (about 250 B each decoded, with map overhead ~400 B:
// ~3.3 MiB), where keeping every landblock read grew with a tour of the
// world to all 65 025 (~26 MiB) and never shrank. A landblock evicted is
// read again from the cell dat when a chunk or a landmark needs it.
const MaxBlocks = 8192

// blockCache is a bounded LRU of decoded landblocks by key, safe for the
// scan, the chunk worker, the landmark loader and Update at once.
type blockCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front: most recently used; values are uint16 keys
	at    map[uint16]*list.Element
	lbs   map[uint16]*dat.LandBlock
}

func newBlockCache(max int) *blockCache {
	return &blockCache{max: max, order: list.New(), at: map[uint16]*list.Element{}, lbs: map[uint16]*dat.LandBlock{}}
}

// get is landblock key if cached, and marks it used.
func (c *blockCache) get(key uint16) *dat.LandBlock {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.at[key]
	if e == nil {
		return nil
	}
	c.order.MoveToFront(e)
	return c.lbs[key]
}

// peek is landblock key if cached, without marking it used (the status line
// and the grid labels ask every frame; they must not keep blocks alive).
func (c *blockCache) peek(key uint16) *dat.LandBlock {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lbs[key]
}

// put stores lb as key, evicting the least recently used beyond max.
func (c *blockCache) put(key uint16, lb *dat.LandBlock) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.at[key]; e != nil {
		c.order.MoveToFront(e)
		c.lbs[key] = lb
		return
	}
	c.at[key] = c.order.PushFront(key)
	c.lbs[key] = lb
	for c.order.Len() > c.max {
		old := c.order.Back()
		k := old.Value.(uint16)
		c.order.Remove(old)
		delete(c.at, k)
		delete(c.lbs, k)
	}
}
