// Package atlas evaluates retail's ambient gather (rules A1–A7) for every land
// cell of a set of landblocks — the value a player standing at the cell's
// centre, feet on the ground, would get — and turns it into heatmaps, CSV,
// JSON and a sound search. It is pure Go: no Ebitengine.
//
// The gather itself is world's (world.AtlasGather, walking Rebuild's order
// with world's offsets and weights), so a cell's value equals what `probe`
// reports there bit for bit. Speed comes from resolving each landblock once
// (world.AtlasBlock: its 64 sound positions, A1 descs and player heights),
// visiting only the source cells that can be within 120 m, and running
// landblocks on parallel workers.
package atlas

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sync"

	"soundworld/dat"
	"soundworld/internal/pool"
	"soundworld/world"
)

// Lister lists the landblocks of the cell dat (dat.Archive does).
type Lister interface {
	LandBlockIDs() ([]uint32, error)
}

// Atlas evaluates the gather over one world's data. Safe for concurrent use.
type Atlas struct {
	data    world.Data
	land    *world.Land
	region  *dat.Region
	present *[1 << 16]bool // landblocks in the cell dat, by id 0xXXYY
	ids     []uint16       // the same, ascending

	// mu guards land (not concurrency-safe) and the writing of blocks. A
	// Compute's workers read only entries resolved before they started, and
	// a later resolve writes only other entries (or CentreZ cells not yet
	// filled), so readers need no lock.
	mu       sync.Mutex
	blocks   *[1 << 16]*world.AtlasBlock
	resolved *[1 << 16]bool
	preload  bool // the whole cell dat has been scanned into land
	arch     *dat.Archive
}

// New builds an atlas over d. The landblocks "present" are those l lists (a
// *dat.Archive lists its cell dat); d is usually the same archive.
func New(d world.Data, l Lister) (*Atlas, error) {
	land, err := world.NewLand(d)
	if err != nil {
		return nil, err
	}
	land.SetBlockCache(0) // the atlas evaluates the whole world: keep every landblock it reads
	ids, err := l.LandBlockIDs()
	if err != nil {
		return nil, fmt.Errorf("atlas: listing landblocks: %w", err)
	}
	a := &Atlas{data: d, land: land, region: land.Region(), present: new([1 << 16]bool),
		blocks: new([1 << 16]*world.AtlasBlock), resolved: new([1 << 16]bool)}
	for _, id := range ids {
		lb := uint16(id >> 16)
		if !a.present[lb] {
			a.present[lb] = true
			a.ids = append(a.ids, lb)
		}
	}
	slices.Sort(a.ids)
	if arch, ok := d.(*dat.Archive); ok {
		a.arch = arch
	}
	return a, nil
}

// Open is New over an archive.
func Open(a *dat.Archive) (*Atlas, error) { return New(a, a) }

// Region is the world's region record.
func (a *Atlas) Region() *dat.Region { return a.region }

// Land is the world's land (for callers that need heights or the A1 chain;
// not safe for concurrent use with Compute).
func (a *Atlas) Land() *world.Land { return a.land }

// Landblocks lists the landblocks present in the cell dat, ascending.
func (a *Atlas) Landblocks() []uint16 { return slices.Clone(a.ids) }

// Present reports whether landblock lb is in the cell dat.
func (a *Atlas) Present(lb uint16) bool { return a.present[lb] }

// resolve makes sure every landblock of lbs and its 8 neighbours is
// resolved, with the player heights of the cells in need for lbs themselves.
// A large request first reads the whole cell dat in one scan.
func (a *Atlas) resolve(lbs []uint16, need uint64) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(lbs) > len(a.ids)/4 && a.arch != nil && !a.preload {
		// A damaged record stops the scan; the landblocks not loaded by then
		// are read one by one below, where the Land reports what it skips.
		_ = a.land.Preload(a.arch.LandBlocks())
		a.preload = true
	}
	for _, lb := range lbs {
		bx, by := int(lb>>8), int(lb&0xFF)
		for x := bx - 1; x <= bx+1; x++ {
			for y := by - 1; y <= by+1; y++ {
				if x < 0 || x > 255 || y < 0 || y > 255 {
					continue
				}
				n := uint16(x<<8 | y)
				if !a.resolved[n] && a.present[n] {
					a.blocks[n] = a.land.AtlasBlock(n, 0)
				}
				a.resolved[n] = true
			}
		}
		if b := a.blocks[lb]; b != nil && b.Have&need != need {
			a.land.FillCentres(b, need)
		}
	}
	return nil
}

// neighbourhood fills nb with the 3×3 landblocks around lb in
// world.AtlasGather's order (nil where missing or off the map). Call after
// resolve; reads a.blocks without writing.
func (a *Atlas) neighbourhood(nb *[9]*world.AtlasBlock, lb uint16) {
	bx, by := int(lb>>8), int(lb&0xFF)
	for k := range 9 {
		x, y := bx+k/3-1, by+k%3-1
		nb[k] = nil
		if x >= 0 && x <= 255 && y >= 0 && y <= 255 {
			nb[k] = a.blocks[uint16(x<<8|y)]
		}
	}
}

// Request is one computation.
type Request struct {
	Sel Selector
	// Blocks are the player landblocks to evaluate (those missing from the
	// cell dat are left out of the result); nil means every present one.
	Blocks []uint16
	// Step samples the cells: 1 = all 64 cells of a landblock; 2, 4, 8 = every
	// 2nd/4th/8th cell along each axis (16, 4, 1 per landblock; the cells with
	// index i·Step + Step/2), for coarse zooms. Each sampled value is still
	// exactly that cell's value.
	Step int
	// Workers is the number of goroutines (0 = GOMAXPROCS).
	Workers int
	// Progress, if set, is called now and then with landblocks done and total.
	Progress func(done, total int)
}

// Result holds one value per sampled cell of each landblock.
type Result struct {
	Sel    Selector
	Kind   Kind
	Step   int
	Blocks []uint16 // present landblocks, in request order
	// Values has PerBlock() entries per landblock: index
	// b*PerBlock() + (cx/Step)*(8/Step) + cy/Step.
	Values []float32
	// Cats is the loudest bed's category per cell (index into Categories, −1
	// none); only for KindLoudestBed.
	Cats       []int16
	Categories []Sound
}

// PerBlock is the number of sampled cells per landblock.
func (r *Result) PerBlock() int { n := 8 / r.Step; return n * n }

// Cell returns the (cx, cy) cell of sample i within a landblock.
func (r *Result) Cell(i int) (cx, cy int) {
	n := 8 / r.Step
	return (i/n)*r.Step + r.Step/2, (i%n)*r.Step + r.Step/2
}

// Compute evaluates req. It stops early with ctx's error when ctx is done.
func (a *Atlas) Compute(ctx context.Context, req Request) (*Result, error) {
	step := req.Step
	if step == 0 {
		step = 1
	}
	if step != 1 && step != 2 && step != 4 && step != 8 {
		return nil, fmt.Errorf("atlas: step %d: want 1, 2, 4 or 8", step)
	}
	ev, err := req.Sel.compile(a.region)
	if err != nil {
		return nil, err
	}
	keep := a.presentOf(req.Blocks)
	r := &Result{Sel: req.Sel, Kind: ev.kind, Step: step, Blocks: keep, Categories: ev.cats}
	per := r.PerBlock()
	var need uint64
	for i := range per {
		cx, cy := r.Cell(i)
		need |= 1 << (cx*8 + cy)
	}
	if err := a.resolve(keep, need); err != nil {
		return nil, err
	}
	r.Values = make([]float32, len(keep)*per)
	if ev.kind == KindLoudestBed {
		r.Cats = make([]int16, len(keep)*per)
	}
	err = a.run(ctx, keep, step, req.Workers, req.Progress, func(s *world.AtlasSums, bi, i int) {
		v, c := ev.eval(s)
		r.Values[bi*per+i] = v
		if r.Cats != nil {
			r.Cats[bi*per+i] = c
		}
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// presentOf is the landblocks of lbs the cell dat holds, in order; nil lbs:
// all of them.
func (a *Atlas) presentOf(lbs []uint16) []uint16 {
	if lbs == nil {
		lbs = a.ids
	}
	var keep []uint16
	for _, lb := range lbs {
		if a.present[lb] {
			keep = append(keep, lb)
		}
	}
	return keep
}

// run gathers every sampled cell of keep (already resolved) on parallel
// workers and hands each cell's sums to fn (sample i of landblock keep[bi]);
// fn may write only to its own cell's slots. It stops early when ctx is done.
func (a *Atlas) run(ctx context.Context, keep []uint16, step, workers int, progress func(done, total int), fn func(s *world.AtlasSums, bi, i int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := 8 / step
	const chunk = 64 // landblocks per work item
	var (
		doneN int
		pmu   sync.Mutex
	)
	nDesc := 0
	if a.region.Sound != nil {
		nDesc = len(a.region.Sound.STBDescs)
	}
	// A worker's panic (a bug) is raised on this goroutine once the pool
	// stops (internal/pool).
	return pool.Run(ctx, workers, (len(keep)+chunk-1)/chunk, func(jobs iter.Seq[int]) {
		var s world.AtlasSums
		var nb [9]*world.AtlasBlock
		for job := range jobs {
			start := job * chunk
			end := min(start+chunk, len(keep))
			for bi := start; bi < end; bi++ {
				// Yield between landblocks (~50 µs each): a window's frame
				// goroutine waiting for a core runs within one landblock,
				// not after the scheduler's 10 ms preemption tick.
				runtime.Gosched()
				a.neighbourhood(&nb, keep[bi])
				for i := range n * n {
					cx, cy := (i/n)*step+step/2, (i%n)*step+step/2
					s.Reset(nDesc)
					world.AtlasGather(&s, &nb, cx, cy)
					fn(&s, bi, i)
				}
			}
			if progress != nil {
				pmu.Lock()
				doneN += end - start
				progress(doneN, len(keep))
				pmu.Unlock()
			}
		}
	})
}

// ErrNoSound is returned (wrapped) when a selector names nothing in the region.
var ErrNoSound = errors.New("not in any ambient desc of the region")

// ErrSelector is returned (wrapped) for a selector the region cannot answer
// (a desc index out of range, a sound that is both a bed and a one-shot).
var ErrSelector = errors.New("cannot map this")
