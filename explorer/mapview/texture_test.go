package mapview

import (
	"image"
)

// fakeTex is a Texture kept in memory: what the map uploaded, readable
// without a display.
type fakeTex struct {
	w, h  int
	pix   []byte
	freed bool
}

func (f *fakeTex) WritePixels(pix []byte) { f.pix = append(f.pix[:0], pix...) }
func (f *fakeTex) Deallocate()            { f.freed = true }
func (f *fakeTex) Bounds() image.Rectangle {
	return image.Rect(0, 0, f.w, f.h)
}

// newFakeTex is the NewTexture of the map's headless tests.
func newFakeTex(w, h int) Texture { return &fakeTex{w: w, h: h, pix: make([]byte, w*h*4)} }

// pixels is texture t's pixels as an image.
func pixels(t Texture) *image.RGBA {
	f := t.(*fakeTex)
	return &image.RGBA{Pix: f.pix, Stride: 4 * f.w, Rect: image.Rect(0, 0, f.w, f.h)}
}
