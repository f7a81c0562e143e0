package mapview

// heat.go: the heatmap layer (overlay 7). Values are
// the atlas package's (the numbers `soundworld atlas` and `probe` give), for
// the landblocks on screen, sampled at the zoom's resolution (HeatStep),
// cached per (selector, step) for the session, computed on a background job
// in batches nearest the centre first; a job is cancelled when the view
// moves to other landblocks or another step or selector.

import (
	"cmp"
	"context"
	"fmt"
	"image/color"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"soundworld/ambientviz/geom"
	"soundworld/atlas"
	"soundworld/explorer/terrain"
	"soundworld/internal/crash"
	"soundworld/internal/palette"
)

type heatKey struct {
	sel  atlas.Selector
	step int
}

type heatBlock struct {
	vals []float32
	cats []int16
}

type heatBatch struct {
	key    heatKey
	r      *atlas.Result
	err    error
	last   bool
	jobGen int
	// fresh: an empty cache for key, made on the job's goroutine when the
	// job began without one (a new 3 MB array is not allocated on the frame).
	fresh *[1 << 16]heatBlock
	// filled: fresh already holds r's blocks (fill ran on the job's goroutine).
	filled bool
}

// heatView is the rectangle of landblocks the heat image covers.
type heatView struct {
	bx0, by0, bx1, by1, step int
}

// HeatPlace is where the heat image goes: landblocks Bx0..Bx1 × By0..By1
// (inclusive) at 8/Step samples a landblock side, one image px each.
type HeatPlace struct {
	Bx0, By0, Bx1, By1, Step int
}

type heatState struct {
	sel    atlas.Selector
	kind   atlas.Kind
	kindOK bool
	cats   []atlas.Sound
	cache  map[heatKey]*[1 << 16]heatBlock // vals nil: not computed
	err    string

	gen     int // job generation
	cancel  context.CancelFunc
	jobView heatView
	jobKey  heatKey
	running bool
	left    int // landblocks the job has still to compute
	res     chan heatBatch
	// hold: start no job (set while the overview's scan of the cell dat
	// runs: a whole-world job reads the cell dat in a scan of its own, and
	// both on 2 cores beside the frames made them late).
	hold bool

	// full: the view and key last found with every landblock computed
	// (the search for missing ones, 65 025 lookups, ran every frame).
	full struct {
		key heatKey
		hv  heatView
		ok  bool
	}

	img    Texture
	newTex NewTexture
	pix    []byte // the image's pixels, reused
	imgV   heatView
	dirty  bool
	maxV   float32
	shown  []int16
}

func (h *heatState) init(nt NewTexture) {
	h.newTex = nt
	h.sel = atlas.Selector{Kind: atlas.LoudestBed}
	h.cache = map[heatKey]*[1 << 16]heatBlock{}
	h.res = make(chan heatBatch, 16)
}

// setSelector changes what the layer maps (validated against the region
// when the atlas is open).
func (h *heatState) setSelector(v *Map, s atlas.Selector) error {
	if a := v.atlas(); a != nil {
		if _, err := a.Compute(context.Background(), atlas.Request{Sel: s, Blocks: []uint16{}}); err != nil {
			return err
		}
	}
	h.stopJob()
	h.sel, h.kindOK, h.err, h.dirty = s, false, "", true
	return nil
}

// SetHeatmap is the Atlas panel's selector (ui.AtlasHost).
func (v *Map) SetHeatmap(mode int, arg string) error {
	var s atlas.Selector
	switch mode {
	case HeatSound:
		snd, err := atlas.ParseSound(arg)
		if err != nil {
			return err
		}
		s = atlas.Selector{Kind: atlas.BySound, Table: snd.Table, SType: snd.SType}
	case HeatDesc:
		n, err := strconv.Atoi(strings.TrimSpace(arg))
		if err != nil {
			return fmt.Errorf("desc %q: want a desc index (0, 1, …)", arg)
		}
		s = atlas.Selector{Kind: atlas.ByDesc, Desc: n}
	default:
		s = atlas.Selector{Kind: atlas.LoudestBed}
	}
	if err := v.heat.setSelector(v, s); err != nil {
		return err
	}
	v.tog.Heat = true
	return nil
}

func (h *heatState) stopJob() {
	if h.cancel != nil {
		h.cancel()
		h.cancel = nil
	}
	h.running = false
}

// viewOf is the landblock rectangle and step the camera needs.
func viewOf(c geom.Camera) (heatView, bool) {
	x0, y0, x1, y1 := c.Visible()
	bx0, by0, bx1, by1, ok := terrain.VisibleBlocks(x0, y0, x1, y1)
	return heatView{bx0, by0, bx1, by1, terrain.HeatStep(c.MPP)}, ok
}

// update collects finished batches, (re)starts the job for what the view
// lacks, and rebuilds the heat image when something changed.
func (h *heatState) update(v *Map, c geom.Camera) {
	for {
		select {
		case b := <-h.res:
			h.take(b)
			continue
		default:
		}
		break
	}
	a := v.atlas()
	if a == nil {
		return
	}
	hv, ok := viewOf(c)
	if !ok {
		return
	}
	key := heatKey{h.sel, hv.step}
	if h.running && (h.jobKey != key || h.jobView != hv) {
		h.stopJob() // the view moved: what is done stays cached
	}
	if !h.running && h.err == "" && !h.hold && (!h.full.ok || h.full.key != key || h.full.hv != hv) {
		cached := h.cache[key]
		var miss []uint16
		for bx := hv.bx0; bx <= hv.bx1; bx++ {
			for by := hv.by0; by <= hv.by1; by++ {
				lb := uint16(bx<<8 | by)
				if (cached == nil || cached[lb].vals == nil) && a.Present(lb) {
					miss = append(miss, lb)
				}
			}
		}
		if len(miss) > 0 {
			h.start(a, key, hv, miss, c)
		} else {
			h.full.key, h.full.hv, h.full.ok = key, hv, true // cached values never go: no need to look again
		}
	}
	if h.dirty || h.imgV != hv {
		h.rebuild(hv)
	}
}

// start runs a job over miss (nearest the camera centre first) in batches,
// each sent as it finishes.
func (h *heatState) start(a *atlas.Atlas, key heatKey, hv heatView, miss []uint16, c geom.Camera) {
	cx, cy := c.CX/192, c.CY/192
	ctx, cancel := context.WithCancel(context.Background())
	h.gen++
	h.cancel, h.jobKey, h.jobView, h.running, h.left = cancel, key, hv, true, len(miss)
	gen, res := h.gen, h.res
	noCache := h.cache[key] == nil
	// Batches of ~65 000 sampled cells (at least 256 landblocks: atlas runs
	// 64-landblock work items, so a batch keeps both cores busy); a whole-world
	// batch is over a quarter of the world, which makes atlas read the cell dat
	// in one scan.
	per := (8 / key.step) * (8 / key.step)
	batch := max(256, 65536/per)
	// One core fewer than the machine's: the frames' own goroutine and
	// ebiten's render thread keep one (with every core on the job a frame
	// would wait for one; BenchmarkAtlas_OverviewCold all+heat).
	workers := max(1, runtime.GOMAXPROCS(0)-1)
	go func() {
		defer crash.Recover()
		// Nearest first, sorted here, off the frame, each distance computed
		// once (65 025 landblocks: a Hypot in each comparison would cost the
		// sort far more than the distances).
		nearestFirst(miss, cx, cy)
		for i := 0; i < len(miss); i += batch {
			part := miss[i:min(i+batch, len(miss))]
			r, err := a.Compute(ctx, atlas.Request{Sel: key.sel, Blocks: part, Step: key.step, Workers: workers})
			if ctx.Err() != nil {
				return
			}
			b := heatBatch{key: key, r: r, err: err, last: i+batch >= len(miss) || err != nil, jobGen: gen}
			if noCache && i == 0 && err == nil {
				// Filled here too: a whole-world batch written into a new
				// array would touch its pages first on the frame.
				b.fresh = new([1 << 16]heatBlock)
				fill(b.fresh, r)
				b.filled = true
			}
			select {
			case res <- b:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
}

// distLB is a landblock and its distance from the view's centre (landblocks).
type distLB struct {
	d  float64
	lb uint16
}

// nearestFirst sorts landblocks by the distance of their centres from
// cx, cy (in landblocks), nearest first.
func nearestFirst(lbs []uint16, cx, cy float64) {
	byD := make([]distLB, len(lbs))
	for i, lb := range lbs {
		byD[i] = distLB{math.Hypot(float64(lb>>8)+0.5-cx, float64(lb&0xFF)+0.5-cy), lb}
	}
	slices.SortFunc(byD, func(p, q distLB) int { return cmp.Compare(p.d, q.d) })
	for i := range byD {
		lbs[i] = byD[i].lb
	}
}

// take stores a finished batch (any job's: values never go stale).
func (h *heatState) take(b heatBatch) {
	if b.err != nil {
		if b.key.sel == h.sel {
			h.err = b.err.Error()
			h.running = false
		}
		return
	}
	m := h.cache[b.key]
	switch {
	case m == nil && b.fresh != nil:
		m = b.fresh
		h.cache[b.key] = m
		if !b.filled {
			fill(m, b.r)
		}
	default:
		if m == nil {
			m = new([1 << 16]heatBlock)
			h.cache[b.key] = m
		}
		fill(m, b.r)
	}
	if b.key.sel == h.sel {
		h.kind, h.cats, h.kindOK = b.r.Kind, b.r.Categories, true
		h.dirty = true
	}
	if b.jobGen == h.gen {
		h.left -= len(b.r.Blocks)
		if b.last {
			h.running = false
			h.cancel = nil
		}
	}
}

// fill stores r's landblocks' values (and categories) in m.
func fill(m *[1 << 16]heatBlock, r *atlas.Result) {
	per := r.PerBlock()
	for i, lb := range r.Blocks {
		hb := heatBlock{vals: r.Values[i*per : (i+1)*per]}
		if r.Cats != nil {
			hb.cats = r.Cats[i*per : (i+1)*per]
		}
		m[lb] = hb
	}
}

// rebuild paints the heat image of view hv from the cache: one px per
// sample, clear where the value is 0 or not computed yet.
func (h *heatState) rebuild(hv heatView) {
	h.dirty, h.imgV = false, hv
	m := h.cache[heatKey{h.sel, hv.step}]
	h.shown = h.shown[:0]
	if m == nil {
		h.dropImage()
		return
	}
	n := 8 / hv.step
	w, ht := (hv.bx1-hv.bx0+1)*n, (hv.by1-hv.by0+1)*n
	if len(h.pix) < w*ht*4 {
		h.pix = make([]byte, w*ht*4)
	}
	pix := h.pix[:w*ht*4]
	clear(pix)
	// One pass paints the samples with a category (their colour does not
	// depend on the maximum) and finds the maximum and the category counts;
	// a second pass paints valued samples without a category, if any.
	maxV, ramp, count := h.paintCategories(m, hv, pix)
	if h.kind == atlas.KindShare {
		maxV = 1
	}
	h.maxV = maxV
	for c, k := range count {
		if k > 0 {
			h.shown = append(h.shown, int16(c))
		}
	}
	slices.SortStableFunc(h.shown, func(a, b int16) int { return count[b] - count[a] })
	if ramp {
		paintRamp(m, hv, pix, maxV)
	}
	h.upload(pix, w, ht)
}

// dropImage is rebuild with nothing computed yet: no image (a clear one
// would draw nothing and cost the heatmap's first frame its making).
func (h *heatState) dropImage() {
	h.maxV = 0
	if h.kind == atlas.KindShare {
		h.maxV = 1
	}
	if h.img != nil {
		h.img.Deallocate()
		h.img = nil
	}
}

// paintCategories paints into pix (view hv, from m) the valued samples
// that have a category, and finds the maximum value over all samples,
// whether any sample without a category has a value (ramp), and how many
// samples each known category has.
func (h *heatState) paintCategories(m *[1 << 16]heatBlock, hv heatView, pix []byte) (maxV float32, ramp bool, count []int) {
	n := 8 / hv.step
	w := (hv.bx1 - hv.bx0 + 1) * n
	count = make([]int, len(h.cats))
	catCols := make([]color.RGBA, len(h.cats)) // palette.Cat of each category
	for c := range catCols {
		catCols[c] = palette.Cat(int16(c))
	}
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			hb := &m[bx<<8|by]
			if hb.vals == nil {
				continue
			}
			if hb.cats == nil {
				for _, x := range hb.vals {
					maxV = max(maxV, x)
					ramp = ramp || x > 0
				}
				continue
			}
			cats := hb.cats[:len(hb.vals)]
			base := (((hv.by1-by)*n+n-1)*w + (bx-hv.bx0)*n) * 4 // sample 0's pixel
			for i, x := range hb.vals {
				maxV = max(maxV, x)
				c := cats[i]
				known := c >= 0 && int(c) < len(count)
				if known {
					count[c]++
				}
				if x > 0 {
					var col color.RGBA
					if known {
						col = catCols[c]
					} else {
						col = palette.Cat(c)
					}
					o := base
					if n > 1 {
						o = heatPixel(hv, bx, by, n, w, i)
					}
					p := pix[o : o+4 : o+4]
					p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 0xff
				}
			}
		}
	}
	return maxV, ramp, count
}

// paintRamp paints into pix (view hv, from m) the valued samples without a
// category, on the heat ramp scaled to maxV.
func paintRamp(m *[1 << 16]heatBlock, hv heatView, pix []byte, maxV float32) {
	n := 8 / hv.step
	w := (hv.bx1 - hv.bx0 + 1) * n
	scale := 255 / max(maxV, 1e-9)
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			hb := &m[bx<<8|by]
			if hb.cats != nil {
				continue
			}
			for i, x := range hb.vals {
				if x <= 0 {
					continue
				}
				col := heatLUT[min(255, int(x*scale))]
				o := heatPixel(hv, bx, by, n, w, i)
				pix[o], pix[o+1], pix[o+2], pix[o+3] = col.R, col.G, col.B, 0xff
			}
		}
	}
}

// upload writes pix (w×ht px) to the heat texture, making a new one when
// the size changed.
func (h *heatState) upload(pix []byte, w, ht int) {
	if h.img != nil && h.img.Bounds().Dx() == w && h.img.Bounds().Dy() == ht {
		h.img.WritePixels(pix)
		return
	}
	if h.img != nil {
		h.img.Deallocate()
	}
	h.img = h.newTex(w, ht)
	h.img.WritePixels(pix)
}

// heatPixel is the byte offset in the heat image (w px wide, n samples a
// landblock side) of sample i of landblock bx,by: i = column (east)·n + row
// (north); north is up.
func heatPixel(hv heatView, bx, by, n, w, i int) int {
	sx, sy := i/n, i%n
	return (((hv.by1-by)*n+(n-1-sy))*w + (bx-hv.bx0)*n + sx) * 4
}

// heatLUT is the heat ramp at 256 steps (value / max · 255, truncated).
var heatLUT = func() (l [256]color.RGBA) {
	for i := range l {
		l[i] = palette.Heat(float64(i) / 255)
	}
	return l
}()

// image is the heat image and where it goes (nil: nothing to draw).
func (h *heatState) image() (Texture, HeatPlace) {
	hv := h.imgV
	return h.img, HeatPlace{hv.bx0, hv.by0, hv.bx1, hv.by1, hv.step}
}

// HeatKey is the heatmap key's content (geom.HeatKey, which
// ambientviz.HeatLegend draws).
type HeatKey = geom.HeatKey

// legend is the map key's content.
func (h *heatState) legend() HeatKey {
	l := HeatKey{Title: "7 heatmap: " + h.sel.String(), Max: float64(h.maxV)}
	if h.kindOK {
		l.Kind = h.kind.Label()
	}
	if h.kind == atlas.KindLoudestBed && h.kindOK {
		for _, s := range h.cats {
			l.Cats = append(l.Cats, s.String())
		}
		l.Shown = h.shown
		if l.Cats == nil {
			l.Cats = []string{}
		}
	}
	switch {
	case h.err != "":
		l.Note = "error: " + h.err
	case h.running:
		l.Note = fmt.Sprintf("computing %d landblocks…", h.left)
	case h.hold:
		l.Note = "waiting for the overview…"
	case h.imgV.step > 1:
		l.Note = fmt.Sprintf("one sample per %d×%d cells (zoom in for every cell)", h.imgV.step, h.imgV.step)
	default:
		l.Note = "every land cell, player at its centre"
	}
	return l
}

// status is the Atlas panel's heatmap line.
func (h *heatState) status() string {
	if h.err != "" {
		return "heatmap: " + h.err
	}
	if h.running {
		return fmt.Sprintf("heatmap: computing %d landblocks…", h.left)
	}
	return "heatmap: " + h.sel.String()
}

// hover is the heatmap's value at place p ("" if not computed).
func (h *heatState) hover(p terrain.Place) string {
	m := h.cache[heatKey{h.sel, h.imgV.step}]
	if m == nil || m[p.LandblockKey()].vals == nil || h.imgV.step == 0 {
		return ""
	}
	hb := &m[p.LandblockKey()]
	st := h.imgV.step
	n := 8 / st
	i := (p.CX/st)*n + p.CY/st
	s := "  heat " + atlas.FormatValue(hb.vals[i])
	if hb.cats != nil && hb.cats[i] >= 0 && int(hb.cats[i]) < len(h.cats) {
		s += " " + h.cats[hb.cats[i]].String()
	}
	if st > 1 {
		s += fmt.Sprintf(" (sampled at cell %d,%d)", (p.CX/st)*st+st/2, (p.CY/st)*st+st/2)
	}
	return s
}
