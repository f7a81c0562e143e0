package mapview

// pyramid.go: the whole-world tile pyramid. One goroutine
// scans the cell dat once (a sequential read of every LandBlock) and paints
// the coarsest level (4 px per landblock) as it goes, sending copies of the
// chunks it changed a few times a second; another paints the chunks of finer
// levels the view asks for, nearest first, dropping requests the view no
// longer needs. Update only uploads finished chunks (a few per frame), so
// frames are never blocked by the dat.

import (
	"image"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"soundworld/dat"
	"soundworld/explorer/terrain"
	"soundworld/internal/crash"
)

// chunkResult is a painted chunk (or the coarse scan's copy of one).
type chunkResult struct {
	key terrain.ChunkKey
	img *image.RGBA
}

// pyramid is the window's view of the tile pyramid.
type pyramid struct {
	arch    *dat.Archive
	painter *terrain.Painter

	present  [1 << 16]bool // landblocks in the cell dat (set before listed is)
	listed   atomic.Bool   // present is filled
	total    atomic.Int64  // landblocks in the cell dat
	scanned  atomic.Int64  // landblocks the coarse scan has painted
	scanDone atomic.Bool
	scanTime atomic.Int64 // ns from start to the whole coarse level uploaded (0 = not yet)
	started  time.Time    // when the scan started (startScan)
	scanOnce sync.Once

	blocks *blockCache // the landblocks read most recently (MaxBlocks)

	qmu      sync.Mutex
	queue    []terrain.ChunkKey // finer chunks wanted, nearest first
	inflight map[terrain.ChunkKey]bool
	qcond    *sync.Cond
	stop     bool

	res chan chunkResult

	// Update-side state (no lock: Update/Draw only).
	newTex  NewTexture
	imgs    map[terrain.ChunkKey]Texture
	used    map[terrain.ChunkKey]int // frame last drawn
	wait    []chunkResult            // received, not uploaded yet (one per key, oldest first)
	endSeen bool                     // the scan's end has been received
}

// scanEnd is the key of the scan's last message: every coarse chunk before
// it is final.
var scanEnd = terrain.ChunkKey{Level: -1}

// maxChunks bounds the finer chunks kept on the GPU (1 MiB each).
const maxChunks = 96

// idlePyramid starts the pyramid's worker; its scan waits for startScan.
func idlePyramid(a *dat.Archive, r *dat.Region, nt NewTexture, maxBlocks int) *pyramid {
	p := &pyramid{
		arch: a, painter: terrain.NewPainter(r), blocks: newBlockCache(maxBlocks), newTex: nt,
		res:  make(chan chunkResult, 64),
		imgs: map[terrain.ChunkKey]Texture{}, used: map[terrain.ChunkKey]int{}, inflight: map[terrain.ChunkKey]bool{},
	}
	p.qcond = sync.NewCond(&p.qmu)
	crash.Go(p.worker)
	return p
}

// startScan starts the coarse scan (once; later calls do nothing).
func (p *pyramid) startScan() {
	p.scanOnce.Do(func() {
		p.started = time.Now()
		crash.Go(p.scan)
	})
}

// close ends the worker (the scan ends by itself).
func (p *pyramid) close() {
	p.qmu.Lock()
	p.stop = true
	p.qmu.Unlock()
	p.qcond.Broadcast()
}

// coarseKeys are the chunks of the coarsest level (the whole world).
func coarseKeys() []terrain.ChunkKey {
	n := (terrain.WorldBlocks + terrain.ChunkBlocks(terrain.Coarsest) - 1) / terrain.ChunkBlocks(terrain.Coarsest)
	var ks []terrain.ChunkKey
	for c := range n {
		for r := range n {
			ks = append(ks, terrain.ChunkKey{Level: terrain.Coarsest, CX: c, CY: r})
		}
	}
	return ks
}

// scan lists the cell dat, then reads every landblock in file order and
// paints it into the coarsest level; missing landblocks are painted "no
// data" first, so the overview is complete the moment the scan is.
func (p *pyramid) scan() {
	ids, err := p.arch.LandBlockIDs()
	if err == nil {
		for _, id := range ids {
			lb := uint16(id >> 16)
			if !p.present[lb] {
				p.present[lb] = true
				p.total.Add(1)
			}
		}
	}
	p.listed.Store(true)
	p.wakeWorker()
	keys := coarseKeys()
	imgs := map[terrain.ChunkKey]*image.RGBA{}
	dirty := map[terrain.ChunkKey]bool{}
	var y yielder
	for _, k := range keys {
		y.yield()
		imgs[k] = image.NewRGBA(image.Rect(0, 0, terrain.ChunkPx, terrain.ChunkPx))
		p.paintMissing(imgs[k], k)
		dirty[k] = true
	}
	s := terrain.LevelPx(terrain.Coarsest)
	send := func() {
		for k := range dirty {
			cp := image.NewRGBA(imgs[k].Rect)
			copy(cp.Pix, imgs[k].Pix)
			p.res <- chunkResult{k, cp}
		}
		clear(dirty)
	}
	last := time.Now()
	if err == nil {
		for lb, err := range p.arch.LandBlocks() {
			if err != nil {
				break // a damaged record ends the scan; the view reads the rest one by one
			}
			l := lb
			key := uint16(l.ID >> 16)
			bx, by := int(key>>8), int(key&0xFF)
			if bx >= terrain.WorldBlocks || by >= terrain.WorldBlocks {
				continue
			}
			p.blocks.put(key, &l)
			y.yield() // the frame goroutine first
			k := terrain.ChunkOf(terrain.Coarsest, bx, by)
			ox, oy := k.BlockPos(bx, by)
			p.painter.PaintAt(imgs[k], ox, oy, s, &l)
			dirty[k] = true
			p.scanned.Add(1)
			if time.Since(last) > 250*time.Millisecond {
				send()
				last = time.Now()
			}
		}
	}
	p.scanDone.Store(true)
	send()
	p.res <- chunkResult{key: scanEnd}
}

// paintMissing paints every landblock of chunk k absent from the cell dat as "no data".
func (p *pyramid) paintMissing(img *image.RGBA, k terrain.ChunkKey) {
	bx0, by0, n := k.Blocks()
	s := terrain.LevelPx(k.Level)
	for bx := bx0; bx < bx0+n; bx++ {
		for by := by0; by < by0+n; by++ {
			if bx >= terrain.WorldBlocks || by >= terrain.WorldBlocks || p.present[bx<<8|by] {
				continue
			}
			ox, oy := k.BlockPos(bx, by)
			terrain.PaintMissing(img, ox, oy, s)
		}
	}
}

// block returns landblock key from the cache, or reads it (nil if missing).
func (p *pyramid) block(key uint16) *dat.LandBlock {
	b := p.blocks.get(key)
	if b != nil || !p.present[key] {
		return b
	}
	b, err := p.arch.LandBlock(uint32(key)<<16 | dat.LandBlockLow)
	if err != nil {
		return nil
	}
	p.blocks.put(key, b)
	return b
}

// cached is landblock key if the pyramid has read it (never reads; Update-safe).
func (p *pyramid) cached(key uint16) *dat.LandBlock { return p.blocks.peek(key) }

func (p *pyramid) wakeWorker() {
	p.qmu.Lock()
	p.qcond.Broadcast()
	p.qmu.Unlock()
}

// worker paints the finer chunks of the queue, front first.
func (p *pyramid) worker() {
	for {
		p.qmu.Lock()
		for !p.stop && (len(p.queue) == 0 || !p.listed.Load()) {
			p.qcond.Wait()
		}
		if p.stop {
			p.qmu.Unlock()
			return
		}
		k := p.queue[0]
		p.queue = p.queue[1:]
		p.inflight[k] = true
		p.qmu.Unlock()
		p.res <- chunkResult{k, p.paintChunk(k)}
	}
}

// paintChunk paints chunk k of a finer level.
func (p *pyramid) paintChunk(k terrain.ChunkKey) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, terrain.ChunkPx, terrain.ChunkPx))
	p.paintMissing(img, k)
	bx0, by0, n := k.Blocks()
	s := terrain.LevelPx(k.Level)
	var y yielder
	for bx := bx0; bx < min(bx0+n, terrain.WorldBlocks); bx++ {
		for by := by0; by < min(by0+n, terrain.WorldBlocks); by++ {
			if lb := p.block(uint16(bx<<8 | by)); lb != nil {
				y.yield() // the frame goroutine first
				ox, oy := k.BlockPos(bx, by)
				p.painter.PaintAt(img, ox, oy, s, lb)
			}
		}
	}
	return img
}

// want replaces the worker's queue with the chunks of level l the view
// needs and neither has nor is painting (nearest first); l = 0 asks for
// nothing (the full tiles draw). Chunks no longer in view leave the queue.
func (p *pyramid) want(l int, x0, y0, x1, y1, cx, cy float64, frame int) {
	var vis []terrain.ChunkKey
	if l > 0 && l < terrain.Coarsest {
		vis = terrain.Visible(l, x0, y0, x1, y1, cx, cy)
	}
	q := vis[:0]
	p.qmu.Lock()
	for _, k := range vis {
		p.used[k] = frame
		if p.imgs[k] == nil && !p.inflight[k] {
			q = append(q, k)
		}
	}
	p.queue = q
	p.qmu.Unlock()
	if len(q) > 0 {
		p.qcond.Broadcast()
	}
}

// pending is the number of chunks queued or being painted.
func (p *pyramid) pending() int {
	p.qmu.Lock()
	defer p.qmu.Unlock()
	return len(p.queue) + len(p.inflight)
}

// collect takes every finished chunk waiting in the channel (a newer copy
// of a chunk replaces an older one not uploaded yet: the scan sends its
// coarse chunks again every 250 ms, and a slow window would upload each copy
// in turn) and uploads up to n of them, oldest first. The overview is complete
// once the scan's end has arrived and no coarse chunk waits.
func (p *pyramid) collect(n int) {
drain:
	for {
		select {
		case r := <-p.res:
			if r.key == scanEnd {
				p.endSeen = true
				continue
			}
			if i := slices.IndexFunc(p.wait, func(w chunkResult) bool { return w.key == r.key }); i >= 0 {
				p.wait[i].img = r.img
			} else {
				p.wait = append(p.wait, r)
			}
		default:
			break drain
		}
	}
	for ; n > 0 && len(p.wait) > 0; n-- {
		r := p.wait[0]
		p.wait = slices.Delete(p.wait, 0, 1)
		p.qmu.Lock()
		delete(p.inflight, r.key) // in flight until uploaded: want does not ask again
		p.qmu.Unlock()
		if img := p.imgs[r.key]; img != nil {
			img.WritePixels(r.img.Pix)
		} else {
			p.imgs[r.key] = p.newTex.From(r.img)
		}
	}
	if p.endSeen && p.scanTime.Load() == 0 && !slices.ContainsFunc(p.wait, func(w chunkResult) bool { return w.key.Level == terrain.Coarsest }) {
		p.scanTime.Store(int64(time.Since(p.started)))
	}
}

// evict frees the finer chunks least recently drawn beyond maxChunks.
func (p *pyramid) evict() {
	n := 0
	for k := range p.imgs {
		if k.Level != terrain.Coarsest {
			n++
		}
	}
	for n > maxChunks {
		var old terrain.ChunkKey
		oldF := math.MaxInt
		for k := range p.imgs {
			if k.Level != terrain.Coarsest && p.used[k] < oldF {
				old, oldF = k, p.used[k]
			}
		}
		p.imgs[old].Deallocate()
		delete(p.imgs, old)
		delete(p.used, old)
		n--
	}
}

// progress is the coarse scan's progress: landblocks painted, in the cell dat, done.
func (p *pyramid) progress() (done, total int64, finished bool) {
	return p.scanned.Load(), p.total.Load(), p.scanDone.Load() && p.scanTime.Load() != 0
}
