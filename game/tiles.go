package game

import (
	"errors"
	"image"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/dat"
	"soundworld/game/terrain"
	"soundworld/internal/crash"
)

// tileResult is one painted landblock from the loader goroutine.
type tileResult struct {
	key uint16
	lb  *dat.LandBlock
	img *image.RGBA
	err error
}

// tiles is the map's landblock cache: each landblock is read and painted once,
// off the Update path, by a loader goroutine; Update uploads finished tiles a
// few per frame. Landblocks absent from the cell dat are remembered as missing.
type tiles struct {
	arch    *dat.Archive
	painter *terrain.Painter
	imgs    map[uint16]*ebiten.Image
	blocks  map[uint16]*dat.LandBlock
	missing map[uint16]bool
	pending map[uint16]bool
	req     chan uint16
	res     chan tileResult
	errs    []string // first few load errors, for the status line

	// hold is set by Update while the map draws the pyramid instead of the
	// tiles (zoomed out): finished tiles then wait in held, painted but not
	// uploaded, until the view comes back to tile zoom (the window opens at
	// tile zoom and a user zooming out at once left a dozen uploads for
	// frames that draw none of them).
	hold bool
	held map[uint16]*image.RGBA

	// opened is set once every tile asked for so far has come back for the
	// first time: until then the window has nothing else to show, so
	// collect uploads every finished tile at once (the map appears in one
	// frame, not four tiles a frame; frames are slow in a browser).
	opened bool
}

// maxHeld bounds held (256 KiB each): past it a tile is dropped, and read
// again if the view comes back to it.
const maxHeld = 50

func newTiles(a *dat.Archive, r *dat.Region) *tiles {
	t := &tiles{
		arch: a, painter: terrain.NewPainter(r),
		imgs: map[uint16]*ebiten.Image{}, blocks: map[uint16]*dat.LandBlock{},
		missing: map[uint16]bool{}, pending: map[uint16]bool{}, held: map[uint16]*image.RGBA{},
		req: make(chan uint16, 512), res: make(chan tileResult, 512),
	}
	crash.Go(t.loader)
	return t
}

// loader reads and paints requested landblocks (dat.File is safe for concurrent reads).
func (t *tiles) loader() {
	for key := range t.req {
		id := uint32(key)<<16 | dat.LandBlockLow
		lb, err := t.arch.LandBlock(id)
		r := tileResult{key: key, lb: lb, err: err}
		if err == nil {
			r.img = t.painter.Tile(lb)
		}
		t.res <- r
	}
}

// want asks for every landblock in [bx0,bx1]×[by0,by1] not yet known, nearest
// to (cx, cy) (landblock units) first.
func (t *tiles) want(bx0, by0, bx1, by1 int, cx, cy float64) {
	var keys []uint16
	for bx := max(0, bx0); bx <= min(254, bx1); bx++ {
		for by := max(0, by0); by <= min(254, by1); by++ {
			k := uint16(bx<<8 | by)
			if t.imgs[k] == nil && t.held[k] == nil && !t.missing[k] && !t.pending[k] {
				keys = append(keys, k)
			}
		}
	}
	d := func(k uint16) float64 { return math.Hypot(float64(k>>8)+0.5-cx, float64(k&0xFF)+0.5-cy) }
	sort.Slice(keys, func(i, j int) bool { return d(keys[i]) < d(keys[j]) })
	for _, k := range keys {
		select {
		case t.req <- k:
			t.pending[k] = true
		default:
			return
		}
	}
}

// tileUploads is how many finished tiles Update uploads per frame: each is a
// 256 KiB upload (~0.3 ms of the frame on the 2-core machine), and a jump
// into a town finishes a dozen tiles within one frame.
const tileUploads = 4

// collect uploads up to n finished tiles (n ≤ 0: all waiting ones), held
// ones first; tiles that failed to load cost no upload and do not count.
// While hold is set nothing is uploaded: finished tiles go to held.
func (t *tiles) collect(n int) {
	if !t.opened {
		n = 0
		defer func() { t.opened = len(t.pending) == 0 }()
	}
	i := 0
	if !t.hold {
		for k, img := range t.held {
			if n > 0 && i >= n {
				return
			}
			t.imgs[k] = ebiten.NewImageFromImage(img)
			delete(t.held, k)
			i++
		}
	}
	for n <= 0 || i < n {
		select {
		case r := <-t.res:
			delete(t.pending, r.key)
			if r.err != nil {
				t.missing[r.key] = true
				if !errors.Is(r.err, dat.ErrNotFound) && len(t.errs) < 3 {
					t.errs = append(t.errs, r.err.Error())
				}
				continue
			}
			t.blocks[r.key] = r.lb
			if t.hold {
				if len(t.held) >= maxHeld {
					for k := range t.held { // any one: it is read again if needed
						delete(t.held, k)
						break
					}
				}
				t.held[r.key] = r.img
				continue
			}
			t.imgs[r.key] = ebiten.NewImageFromImage(r.img)
			i++
		default:
			return
		}
	}
}

// maxTiles bounds the GPU memory of the cache (256 KiB per tile, ~120 MiB):
// more than the 27×15 landblocks a 1280×720 view shows at the widest zoom, so
// visible tiles are never evicted.
const maxTiles = 480

// evict frees the tiles farthest from (cx, cy) (landblock units) beyond maxTiles;
// they are re-read if the view comes back.
func (t *tiles) evict(cx, cy float64) {
	if len(t.imgs) <= maxTiles {
		return
	}
	keys := make([]uint16, 0, len(t.imgs))
	for k := range t.imgs {
		keys = append(keys, k)
	}
	d := func(k uint16) float64 { return math.Hypot(float64(k>>8)+0.5-cx, float64(k&0xFF)+0.5-cy) }
	sort.Slice(keys, func(i, j int) bool { return d(keys[i]) > d(keys[j]) })
	for _, k := range keys[:len(keys)-maxTiles] {
		t.imgs[k].Deallocate()
		delete(t.imgs, k)
		delete(t.blocks, k)
	}
}

// loading is the number of requested tiles not yet uploaded.
func (t *tiles) loading() int {
	if t.hold {
		return len(t.pending) // held tiles wait for tile zoom, not loading
	}
	return len(t.pending) + len(t.held)
}
