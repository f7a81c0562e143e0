package mapview

import (
	"errors"
	"image"
	"math"
	"sort"
	"time"

	"soundworld/dat"
	"soundworld/explorer/terrain"
	"soundworld/internal/crash"
)

// tileResult is one painted landblock from the loader goroutine.
type tileResult struct {
	key uint16
	lb  *dat.LandBlock
	img *image.RGBA
	err error
}

// Tiles is the map's landblock cache: each landblock is read and painted once,
// off the Update path, by a loader goroutine; Update uploads finished tiles a
// few per frame. Landblocks absent from the cell dat are remembered as missing.
type Tiles struct {
	arch    *dat.Archive
	painter *terrain.Painter
	newTex  NewTexture
	imgs    map[uint16]Texture
	blocks  map[uint16]*dat.LandBlock
	missing map[uint16]bool
	pending map[uint16]bool
	req     chan uint16
	res     chan tileResult
	errs    []string // first few load errors, for the status line

	// Hold is set by Update while the map draws the pyramid instead of the
	// tiles (zoomed out): finished tiles then wait in held, painted but not
	// uploaded, until the view comes back to tile zoom (the window opens at
	// tile zoom and a user zooming out at once left a dozen uploads for
	// frames that draw none of them).
	Hold bool
	held map[uint16]*image.RGBA

	// opened is set once every tile asked for so far has come back for the
	// first time: until then the window has nothing else to show, so
	// Collect uploads every finished tile at once (the map appears in one
	// frame, not four tiles a frame; frames are slow in a browser).
	opened bool
}

// firstViewWait bounds how long the window's first frame waits for the
// first view's tiles (painting 25 takes ~0.1 s natively, a few times that
// in a browser).
const firstViewWait = 2 * time.Second

// awaitFirstView waits, at most firstViewWait, until every tile asked for
// so far has been painted, so the first frame shows the map: in a browser
// the loader runs only while the frame waits, and each frame is slow.
func (t *Tiles) awaitFirstView() {
	end := time.Now().Add(firstViewWait)
	for len(t.res) < len(t.pending) && time.Now().Before(end) {
		time.Sleep(2 * time.Millisecond)
	}
}

// maxHeld bounds held (256 KiB each): past it a tile is dropped, and read
// again if the view comes back to it.
const maxHeld = 50

// NewTiles starts the loader of archive a's landblocks painted with region
// r's colours; finished tiles become textures through nt.
func NewTiles(a *dat.Archive, r *dat.Region, nt NewTexture) *Tiles {
	t := &Tiles{
		arch: a, painter: terrain.NewPainter(r), newTex: nt,
		imgs: map[uint16]Texture{}, blocks: map[uint16]*dat.LandBlock{},
		missing: map[uint16]bool{}, pending: map[uint16]bool{}, held: map[uint16]*image.RGBA{},
		req: make(chan uint16, 512), res: make(chan tileResult, 512),
	}
	crash.Go(t.loader)
	return t
}

// loader reads and paints requested landblocks (dat.File is safe for concurrent reads).
func (t *Tiles) loader() {
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

// Want asks for every landblock in [bx0,bx1]×[by0,by1] not yet known, nearest
// to (cx, cy) (landblock units) first.
func (t *Tiles) Want(bx0, by0, bx1, by1 int, cx, cy float64) {
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

// TileUploads is how many finished tiles Update uploads per frame: each is a
// 256 KiB upload from the frame's time, and a jump into a town finishes a
// dozen tiles within one frame, so they are spread over a few frames.
const TileUploads = 4

// Collect uploads up to n finished tiles (n ≤ 0: all waiting ones), held
// ones first; tiles that failed to load cost no upload and do not count.
// While Hold is set nothing is uploaded: finished tiles go to held.
func (t *Tiles) Collect(n int) {
	if !t.opened {
		n = 0
		t.awaitFirstView()
		defer func() { t.opened = len(t.pending) == 0 }()
	}
	i := 0
	if !t.Hold {
		for k, img := range t.held {
			if n > 0 && i >= n {
				return
			}
			t.imgs[k] = t.newTex.From(img)
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
			if t.Hold {
				if len(t.held) >= maxHeld {
					for k := range t.held { // any one: it is read again if needed
						delete(t.held, k)
						break
					}
				}
				t.held[r.key] = r.img
				continue
			}
			t.imgs[r.key] = t.newTex.From(r.img)
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

// Evict frees the tiles farthest from (cx, cy) (landblock units) beyond maxTiles;
// they are re-read if the view comes back.
func (t *Tiles) Evict(cx, cy float64) {
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

// Loading is the number of requested tiles not yet uploaded.
func (t *Tiles) Loading() int {
	if t.Hold {
		return len(t.pending) // held tiles wait for tile zoom, not loading
	}
	return len(t.pending) + len(t.held)
}

// Close ends the loader goroutine.
func (t *Tiles) Close() { close(t.req) }

// Image is landblock key's uploaded tile (nil if none).
func (t *Tiles) Image(key uint16) Texture { return t.imgs[key] }

// Images is every uploaded tile by landblock key (read only; Update/Draw only).
func (t *Tiles) Images() map[uint16]Texture { return t.imgs }

// Missing reports that landblock key failed to load (absent from the cell dat or damaged).
func (t *Tiles) Missing(key uint16) bool { return t.missing[key] }

// Errs is the first few load errors other than "not found", for the status line.
func (t *Tiles) Errs() []string { return t.errs }
