package mapview

import (
	"image"
	"image/color"
	"sync"
	"testing"
	"time"

	"soundworld/explorer/terrain"
)

// collect takes every waiting chunk, keeps only the newest copy of each
// (the scan resends its coarse chunks), uploads up to n oldest first, and
// marks the overview complete only when the scan's end has arrived and no
// coarse chunk waits.
func TestPyramid_CollectKeepsTheNewestCopy(t *testing.T) {
	p := &pyramid{res: make(chan chunkResult, 64), imgs: map[terrain.ChunkKey]Texture{}, newTex: newFakeTex,
		used: map[terrain.ChunkKey]int{}, inflight: map[terrain.ChunkKey]bool{}, started: time.Now()}
	p.qcond = sync.NewCond(&p.qmu)
	a, b := terrain.ChunkKey{Level: terrain.Coarsest}, terrain.ChunkKey{Level: terrain.Coarsest, CX: 1}
	fill := func(c color.RGBA) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, terrain.ChunkPx, terrain.ChunkPx))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		return img
	}
	old, newer := color.RGBA{10, 20, 30, 255}, color.RGBA{200, 100, 50, 255}
	p.res <- chunkResult{a, fill(old)}
	p.res <- chunkResult{b, fill(old)}
	p.res <- chunkResult{a, fill(newer)}
	p.res <- chunkResult{key: scanEnd}
	p.collect(1)
	if p.imgs[a] == nil || p.imgs[b] != nil {
		t.Fatalf("after collect(1): a uploaded %v, b uploaded %v; want a only (oldest first)", p.imgs[a] != nil, p.imgs[b] != nil)
	}
	if got := pixels(p.imgs[a]).RGBAAt(7, 7); got != newer {
		t.Errorf("chunk a shows %v, want its newest copy's %v", got, newer)
	}
	if len(p.wait) != 1 || p.scanTime.Load() != 0 {
		t.Errorf("%d waiting, scan time %d: want b waiting and the overview not complete", len(p.wait), p.scanTime.Load())
	}
	p.collect(1)
	if p.imgs[b] == nil || p.scanTime.Load() == 0 {
		t.Errorf("after the second collect: b uploaded %v, overview complete %v; want both", p.imgs[b] != nil, p.scanTime.Load() != 0)
	}
}
