package atlas

// cache.go: computed landblocks kept per (selector, step), so a window can ask
// for what is visible every time the view moves and only new landblocks are
// gathered (issue 11 item 2: "computed for what is visible, at the zoom's
// resolution, cached, cancelled when the view moves").

import (
	"cmp"
	"context"
	"slices"
	"sync"
)

type cacheKey struct {
	sel  Selector
	step int
	lb   uint16
}

type cacheEntry struct {
	values []float32
	cats   []int16
	used   uint64 // access stamp (LRU)
}

// Cache holds up to Max landblocks' values (all selectors and steps
// together), dropping the least recently used. Safe for concurrent use.
type Cache struct {
	a   *Atlas
	max int

	mu    sync.Mutex
	m     map[cacheKey]*cacheEntry
	stamp uint64
	// Computed counts landblocks gathered so far (for tests and stats).
	Computed int
}

// NewCache makes a cache over a holding at most maxBlocks landblocks
// (a whole world at step 1 is 65 025 × 64 values, ~17 MB).
func NewCache(a *Atlas, maxBlocks int) *Cache {
	return &Cache{a: a, max: max(maxBlocks, 1), m: map[cacheKey]*cacheEntry{}}
}

// Get returns sel's values for the landblocks lbs (those in the cell dat, in
// lbs order) at step, gathering only those not cached. A cancelled ctx stops
// the gather (what was gathered before is not kept); call again when the view
// settles.
func (c *Cache) Get(ctx context.Context, sel Selector, lbs []uint16, step int) (*Result, error) {
	if step == 0 {
		step = 1
	}
	c.mu.Lock()
	var todo []uint16
	for _, lb := range lbs {
		if _, ok := c.m[cacheKey{sel, step, lb}]; !ok && c.a.Present(lb) {
			todo = append(todo, lb)
		}
	}
	c.mu.Unlock()
	var fresh *Result
	if len(todo) > 0 {
		r, err := c.a.Compute(ctx, Request{Sel: sel, Blocks: todo, Step: step})
		if err != nil {
			return nil, err
		}
		fresh = r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if fresh != nil {
		per := fresh.PerBlock()
		for bi, lb := range fresh.Blocks {
			e := &cacheEntry{values: fresh.Values[bi*per : (bi+1)*per : (bi+1)*per]}
			if fresh.Cats != nil {
				e.cats = fresh.Cats[bi*per : (bi+1)*per : (bi+1)*per]
			}
			c.m[cacheKey{sel, step, lb}] = e
		}
		c.Computed += len(fresh.Blocks)
	}
	// Assemble the answer (the kind and categories come from the selector).
	ev, err := sel.compile(c.a.region)
	if err != nil {
		return nil, err
	}
	r := &Result{Sel: sel, Kind: ev.kind, Step: step, Categories: ev.cats}
	c.stamp++
	for _, lb := range lbs {
		e, ok := c.m[cacheKey{sel, step, lb}]
		if !ok {
			continue // not in the cell dat
		}
		e.used = c.stamp
		r.Blocks = append(r.Blocks, lb)
		r.Values = append(r.Values, e.values...)
		if ev.kind == KindLoudestBed {
			r.Cats = append(r.Cats, e.cats...)
		}
	}
	c.evict()
	return r, nil
}

// evict drops the least recently used entries down to 3/4 of the limit when
// over it, never an entry of the answer just assembled (the newest stamp), so
// an answer larger than the limit is kept whole until the next call.
func (c *Cache) evict() {
	if len(c.m) <= c.max {
		return
	}
	type aged struct {
		k    cacheKey
		used uint64
	}
	all := make([]aged, 0, len(c.m))
	for k, e := range c.m {
		if e.used != c.stamp {
			all = append(all, aged{k, e.used})
		}
	}
	slices.SortFunc(all, func(x, y aged) int { return cmp.Compare(x.used, y.used) })
	for _, x := range all[:min(len(all), len(c.m)-c.max*3/4)] {
		delete(c.m, x.k)
	}
}

// Len is the number of cached landblocks.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
