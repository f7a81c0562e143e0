package mapview

import "image"

// Texture is a GPU image the map uploads painted pixels to: in the window an
// *ebiten.Image (game/mapdraw draws them), in tests a plain record. The map
// package never draws, so it imports nothing of Ebitengine and its tests run
// without a display.
type Texture interface {
	// WritePixels replaces the texture's pixels (RGBA, premultiplied, rows top down).
	WritePixels(pix []byte)
	// Deallocate frees the texture's GPU memory.
	Deallocate()
	// Bounds is the texture's size in px (from 0, 0).
	Bounds() image.Rectangle
}

// NewTexture makes a w×h texture (all transparent).
type NewTexture func(w, h int) Texture

// From makes a texture holding img's pixels.
func (nt NewTexture) From(img *image.RGBA) Texture {
	b := img.Bounds()
	t := nt(b.Dx(), b.Dy())
	t.WritePixels(img.Pix)
	return t
}
