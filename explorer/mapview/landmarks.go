package mapview

// landmarks.go: buildings and static objects from each landblock's
// LandBlockInfo (dat-format §3.5) drawn at their frames (overlays 8
// and 9). Infos are read off the Update path by a loader that
// takes the landblocks on screen nearest first; a landblock whose LandBlock
// says has_objects = 0 is never read. A building's size is not in the data
// this tool reads (dat-format §3.7: a Setup's spheres lie behind its
// placement hooks, a GfxObj's bounds are not specified), so a building is a
// marker, not a footprint: a fixed 14 × 10 px oblong at any zoom, turned to
// its frame's heading, its front edge light (decision, docs/fidelity.md).

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"soundworld/ambientviz/geom"
	"soundworld/dat"
	"soundworld/internal/crash"
	"soundworld/names"
)

// Building marker in screen px (width across the front, depth front to
// back): the same at every zoom, so it cannot be read as the building's size.
const (
	MarkerW = 14.0
	MarkerD = 10.0
	// landmarkMaxMPP is the widest zoom landmarks show at (12 px per landblock).
	landmarkMaxMPP = 16.0
)

type landmarks struct {
	arch *dat.Archive
	pyr  *pyramid

	mu    sync.Mutex
	cond  *sync.Cond
	infos map[uint16]*dat.LandBlockInfo // nil value: none
	queue []uint16
	stop  bool

	asked heatView // the last range queued (Update side)
}

func newLandmarks(a *dat.Archive, p *pyramid) *landmarks {
	l := &landmarks{arch: a, pyr: p, infos: map[uint16]*dat.LandBlockInfo{}}
	l.cond = sync.NewCond(&l.mu)
	crash.Go(l.loader)
	return l
}

func (l *landmarks) close() {
	l.mu.Lock()
	l.stop = true
	l.mu.Unlock()
	l.cond.Broadcast()
}

func (l *landmarks) loader() {
	for {
		l.mu.Lock()
		for !l.stop && len(l.queue) == 0 {
			l.cond.Wait()
		}
		if l.stop {
			l.mu.Unlock()
			return
		}
		k := l.queue[0]
		l.queue = l.queue[1:]
		_, done := l.infos[k]
		l.mu.Unlock()
		if done {
			continue
		}
		var info *dat.LandBlockInfo
		if lb := l.pyr.block(k); lb != nil && lb.HasObjects != 0 {
			id := uint32(k)<<16 | dat.LandBlockInfoL
			if in, err := l.arch.LandBlockInfo(id); err == nil {
				info = in
			} else { // has_objects but no readable info: its buildings are missing: a problem, never silent
				l.arch.Problems().AddErr(dat.KindBadLandBlock, "", id, err)
			}
		}
		l.mu.Lock()
		l.infos[k] = info
		l.mu.Unlock()
	}
}

// want queues the landblocks on screen whose infos are unknown, nearest the
// centre first, when the visible range changed.
func (l *landmarks) want(c geom.Camera) {
	if c.MPP > landmarkMaxMPP || !l.pyr.listed.Load() { // present is filled once listed
		return
	}
	hv, ok := viewOf(c)
	if !ok || hv == l.asked {
		return
	}
	l.asked = hv
	cx, cy := c.CX/192, c.CY/192
	var q []uint16
	l.mu.Lock()
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			k := uint16(bx<<8 | by)
			if _, ok := l.infos[k]; !ok && l.pyr.present[k] {
				q = append(q, k)
			}
		}
	}
	d := func(k uint16) float64 { return math.Hypot(float64(k>>8)+0.5-cx, float64(k&0xFF)+0.5-cy) }
	slices.SortFunc(q, func(a, b uint16) int { return cmp.Compare(d(a), d(b)) })
	l.queue = q
	l.mu.Unlock()
	l.cond.Broadcast()
}

// each calls fn for every landmark of the landblocks on screen: world
// position, heading, model id, building or not.
func (l *landmarks) each(c geom.Camera, fn func(x, y, h float64, model uint32, building bool)) {
	hv, ok := viewOf(c)
	if !ok || c.MPP > landmarkMaxMPP {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			info := l.infos[uint16(bx<<8|by)]
			if info == nil {
				continue
			}
			ox, oy := float64(bx)*192, float64(by)*192
			for _, b := range info.Buildings {
				fn(ox+float64(b.Frame.X), oy+float64(b.Frame.Y), float64(b.Frame.Heading()), b.ModelID, true)
			}
			for _, s := range info.Objects {
				fn(ox+float64(s.Frame.X), oy+float64(s.Frame.Y), float64(s.Frame.Heading()), s.ID, false)
			}
		}
	}
}

// hover names the landmark nearest the cursor at world (x, y) within 10 px
// (of a building marker's edge); a building says it is drawn as a marker.
func (l *landmarks) hover(c geom.Camera, x, y float64, buildings, statics bool, nb *names.Book) string {
	best, bestD := "", math.Inf(1)
	l.each(c, func(lx, ly, h float64, model uint32, b bool) {
		if b && !buildings || !b && !statics {
			return
		}
		d := math.Hypot(lx-x, ly-y) / c.MPP
		if b {
			d = math.Max(0, d-MarkerD/2)
		}
		if d <= 10 && d < bestD {
			what, note := "static", ""
			if b {
				what, note = "building", " (marker: size not in the data)"
			}
			if n := nb.Model(model); n != "" {
				what = n + " (" + what + ")"
			}
			best, bestD = fmt.Sprintf("  %s 0x%08X hdg %.0f°%s", what, model, h, note), d
		}
	})
	return best
}
