package world

import (
	"container/list"
	"errors"
	"fmt"

	"soundworld/dat"
)

// Data is what the world reads: the region, landblocks and sound tables (and
// waves, for the audio bank). *dat.Archive satisfies it; tests use doubles.
type Data interface {
	Region() (*dat.Region, error)
	LandBlock(id uint32) (*dat.LandBlock, error)
	SoundTable(id uint32) (*dat.SoundTable, error)
	Wave(id uint32) (*dat.Wave, error)
}

// Terrain word fields (A1): the type (bits 2–6) and the scene (bits 11–15).
func TerrainType(w uint16) uint16  { return (w >> 2) & 0x1F }
func TerrainScene(w uint16) uint16 { return w >> 11 }

// block is one cached landblock: vertex heights in m and terrain words, index x*9+y.
type block struct {
	terrain [81]uint16
	height  [81]float32
}

// Land is the lazily read, cached outdoor world of one region: landblocks,
// heights and the A1 region chain with its stb_not_found cache.
type Land struct {
	data    Data
	tables  tableSource // where A1 reads sound tables: data, or a shared cache
	region  *dat.Region
	heights [256]float32
	blocks  blockCache      // landblocks read (LRU) and those missing or unreadable
	stbWord []int32         // terrain word → STB desc index; -1 none; -2 not yet resolved
	tableOK map[uint32]bool // A1: sound table readable? failures cached for good
	// Errs holds the first error met per landblock or table that was not a plain
	// "not found" (bad records are skipped like missing ones, but reported here).
	Errs     []error
	problems *dat.Problems // each skipped record as a problem (world/problems.go)
}

// NewLand reads the region (needed for heights and the ambient chain).
func NewLand(d Data) (*Land, error) {
	r, err := d.Region()
	if err != nil {
		return nil, fmt.Errorf("world: region: %w", err)
	}
	l := &Land{data: d, tables: d, region: r, blocks: newBlockCache(DefaultBlockCache), tableOK: map[uint32]bool{}}
	for i, h := range r.LandDefs.HeightTable {
		// dat-format §4.4: retail clamps the height table to [0, 800] m.
		l.heights[i] = min(max(h, 0), 800)
	}
	l.stbWord = make([]int32, 1<<16)
	for i := range l.stbWord {
		l.stbWord[i] = -2
	}
	return l, nil
}

// Region is the region record the land was built from.
func (l *Land) Region() *dat.Region { return l.region }

// block returns landblock lb (0xXXYY), or nil when it is not in the dat.
func (l *Land) block(lb uint16) *block {
	if b, ok := l.blocks.get(lb); ok {
		return b
	}
	var b *block
	rec, err := l.data.LandBlock(uint32(lb)<<16 | dat.LandBlockLow)
	if err == nil && rec != nil {
		b = &block{terrain: rec.Terrain}
		for i, h := range rec.Height {
			b.height[i] = l.heights[h]
		}
		l.terrainProblems(rec)
	} else if err != nil && !errors.Is(err, dat.ErrNotFound) {
		l.skipped(dat.KindBadLandBlock, uint32(lb)<<16|dat.LandBlockLow, fmt.Errorf("world: landblock 0x%04X: %w", lb, err))
	}
	l.blocks.put(lb, b)
	return b
}

// DefaultBlockCache is how many landblocks a Land keeps (least recently
// used dropped first, so a tour of the whole world keeps memory bounded).
// The Sim reads the 3×3 landblocks around the player
// (A2) and the ground under the camera; 1024 landblocks (~0.6 MB at ~490
// bytes of heights and terrain words each, plus the list) is over a hundred
// such neighbourhoods: walking, running or dragging back over land just
// left never reads it again, and a teleport's new neighbourhood evicts
// only land far behind. Missing and unreadable landblocks are remembered
// apart, for good (8 KB), so each is read and reported once.
const DefaultBlockCache = 1024

// SetBlockCache sets how many landblocks the Land keeps; 0 keeps every one
// (the atlas, which evaluates the whole world, and its one-scan Preload).
func (l *Land) SetBlockCache(n int) { l.blocks.limit = max(n, 0) }

// blockCache holds the landblocks read, most recently used first, up to
// limit (0: no limit), and a bit per landblock id known to be missing or
// unreadable.
type blockCache struct {
	limit  int
	m      map[uint16]*list.Element // value: *cachedBlock
	order  list.List
	absent [1 << 16 / 64]uint64
}

type cachedBlock struct {
	lb uint16
	b  *block
}

func newBlockCache(limit int) blockCache {
	return blockCache{limit: limit, m: map[uint16]*list.Element{}}
}

// get returns landblock lb if known: ok with a nil block when it is missing.
func (c *blockCache) get(lb uint16) (*block, bool) {
	if c.absent[lb/64]&(1<<(lb%64)) != 0 {
		return nil, true
	}
	e, ok := c.m[lb]
	if !ok {
		return nil, false
	}
	if c.order.Front() != e {
		c.order.MoveToFront(e)
	}
	return e.Value.(*cachedBlock).b, true
}

// put remembers lb (b nil: missing or unreadable), dropping the least
// recently used landblocks past the limit.
func (c *blockCache) put(lb uint16, b *block) {
	if b == nil {
		c.absent[lb/64] |= 1 << (lb % 64)
		return
	}
	if e, ok := c.m[lb]; ok {
		e.Value.(*cachedBlock).b = b
		c.order.MoveToFront(e)
		return
	}
	c.m[lb] = c.order.PushFront(&cachedBlock{lb, b})
	for c.limit > 0 && c.order.Len() > c.limit {
		last := c.order.Back()
		delete(c.m, last.Value.(*cachedBlock).lb)
		c.order.Remove(last)
	}
}

// HasBlock reports whether landblock lb (0xXXYY) is in the dat.
func (l *Land) HasBlock(lb uint16) bool { return l.block(lb) != nil }

// Vertex returns the terrain word and height (m) of vertex (vx, vy) ∈ 0..8 of
// landblock lb; ok=false if the landblock is missing.
func (l *Land) Vertex(lb uint16, vx, vy int) (word uint16, h float32, ok bool) {
	b := l.block(lb)
	if b == nil || vx < 0 || vx > 8 || vy < 0 || vy > 8 {
		return 0, 0, false
	}
	return b.terrain[vx*9+vy], b.height[vx*9+vy], true
}

// STBFor resolves terrain word w through the A1 region chain to an index into
// Region.Sound.STBDescs, or -1 when there is no sound there: any sentinel
// (0xFFFFFFFF) or out-of-range index, or a sound table that cannot be read.
func (l *Land) STBFor(w uint16) int {
	if s := l.stbWord[w]; s != -2 {
		return int(s)
	}
	s := l.resolve(w)
	l.stbWord[w] = int32(s)
	return s
}

func (l *Land) resolve(w uint16) int {
	r := l.region
	if r.Sound == nil || r.Scene == nil {
		return -1
	}
	tt, so := int(TerrainType(w)), int(TerrainScene(w))
	if tt >= len(r.Terrain.TerrainTypes) {
		return -1
	}
	scenes := r.Terrain.TerrainTypes[tt].SceneTypes
	if so >= len(scenes) {
		return -1
	}
	st := scenes[so]
	if st == dat.NoIndex || uint64(st) >= uint64(len(r.Scene.SceneTypes)) {
		return -1
	}
	stb := r.Scene.SceneTypes[st].StbIndex
	if stb == dat.NoIndex || uint64(stb) >= uint64(len(r.Sound.STBDescs)) {
		return -1
	}
	if !l.TableOK(r.Sound.STBDescs[stb].STBID) {
		return -1 // A1: a missing table adds no weight at all
	}
	return int(stb)
}

// TableOK reports whether sound table id can be read; the answer (and above all
// a failure) is cached for good, like retail's stb_not_found cache (A1).
func (l *Land) TableOK(id uint32) bool {
	if ok, seen := l.tableOK[id]; seen {
		return ok
	}
	t, err := l.tables.SoundTable(id)
	ok := err == nil && t != nil
	if err != nil { // a missing table is a problem too (not in Errs)
		l.skipped(dat.KindBadTable, id, fmt.Errorf("world: sound table 0x%08X: %w", id, err))
	}
	l.tableOK[id] = ok
	return ok
}

// tableSource reads sound tables (dat.Archive, audio.Bank).
type tableSource interface {
	SoundTable(id uint32) (*dat.SoundTable, error)
}

// ShareTables makes A1's table check read through t (the Sim's audio.Bank), so
// each sound table is read and parsed once for the runtime and the player.
func (l *Land) ShareTables(t tableSource) { l.tables = t }

// SplitNWSE reports the triangle split of global land cell (gx, gy)
// (dat-format §4.4, AC2D/ACE): true = the diagonal runs NW–SE, false = NE–SW.
func SplitNWSE(gx, gy uint32) bool {
	d := gx*gy*0x0CCAC033 - gx*0x421BE3BD + gy*0x6C1AC587 - 0x519B8F25
	return d&0x80000000 == 0
}

// GroundHeight is the terrain height in m at world (x, y) m, interpolated on the
// cell's two triangles (split by SplitNWSE). Off the map or in a missing
// landblock it is 0.
func (l *Land) GroundHeight(x, y float32) float32 {
	if _, ok := Landblock(x, y); !ok {
		return 0
	}
	return l.GroundAt(LocOf(Pos{X: x, Y: y}))
}

// GroundAt is GroundHeight at a landblock-local position (W6); a Loc outside
// its landblock is first normalised into the landblock it lies in.
func (l *Land) GroundAt(p Loc) float32 {
	if !(p.X >= 0 && p.X < BlockSize && p.Y >= 0 && p.Y < BlockSize) {
		x, y := p.world64()
		if !(x >= 0 && x < 256*BlockSize && y >= 0 && y < 256*BlockSize) {
			return 0
		}
		p = locOf64(x, y, p.Z)
	}
	b := l.block(p.Landblock)
	if b == nil {
		return 0
	}
	z, _, _ := groundPlane(b, p.Landblock, p.X, p.Y)
	return z
}

// groundPlane is the terrain triangle under landblock-local (lx, ly) m of
// block b (landblock lb): the height z in m there and the triangle's slopes
// p = dz/dx, q = dz/dy (its upward normal is (−p, −q, 1)/√(1+p²+q²)).
func groundPlane(b *block, lb uint16, lx, ly float32) (z, p, q float32) {
	cx, cy := min(int(lx/CellSize), 7), min(int(ly/CellSize), 7)
	u := (lx - float32(cx*CellSize)) / CellSize
	v := (ly - float32(cy*CellSize)) / CellSize
	sw := b.height[cx*9+cy]
	se := b.height[(cx+1)*9+cy]
	nw := b.height[cx*9+cy+1]
	ne := b.height[(cx+1)*9+cy+1]
	gx, gy := uint32(lb>>8)*8+uint32(cx), uint32(lb&0xFF)*8+uint32(cy)
	// Explicit float32 conversions: no fused multiply-add (O3).
	if SplitNWSE(gx, gy) {
		// Diagonal NW–SE: triangles (SW, SE, NW) below it and (NE, NW, SE) above.
		if u+v <= 1 {
			return sw + float32((se-sw)*u) + float32((nw-sw)*v), (se - sw) / CellSize, (nw - sw) / CellSize
		}
		return ne + float32((nw-ne)*(1-u)) + float32((se-ne)*(1-v)), (ne - nw) / CellSize, (ne - se) / CellSize
	}
	// Diagonal SW–NE: triangles (SW, SE, NE) right of it and (SW, NW, NE) left.
	if u >= v {
		return sw + float32((se-sw)*u) + float32((ne-se)*v), (se - sw) / CellSize, (ne - se) / CellSize
	}
	return sw + float32((ne-nw)*u) + float32((nw-sw)*v), (ne - nw) / CellSize, (nw - sw) / CellSize
}
