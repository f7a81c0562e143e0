// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// whitePixel is a 1×1 white image cut from the middle of a 3×3 one (no
// edge bleeding when scaled): filled rectangles are one DrawImage each.
var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// textCache keeps each widget string shaped once into a white image (tinted
// when drawn): text shaping was the costliest part of drawing the panels.
// Images unused for keep frames are freed.
type textCache struct {
	m     map[string]*cachedText
	frame int
}

type cachedText struct {
	img  *ebiten.Image
	used int
}

const keep = 120 // frames

var texts textCache

func (t *textCache) get(s string) *ebiten.Image {
	if t.m == nil {
		t.m = map[string]*cachedText{}
	}
	e := t.m[s]
	if e == nil {
		w := int(math.Ceil(text.Advance(s, fontFace))) + 1
		h := int(math.Ceil(fontFace.Metrics().HAscent+fontFace.Metrics().HDescent+fontFace.Metrics().HLineGap)) + 1
		e = &cachedText{img: RasterText(s, w, h)}
		t.m[s] = e
	}
	e.used = t.frame
	return e.img
}

// endFrame ages the cache (once per Draw); every 60 frames it frees old images.
func (t *textCache) endFrame() {
	t.frame++
	if t.frame%60 != 0 {
		return
	}
	for s, e := range t.m {
		if t.frame-e.used > keep {
			e.img.Deallocate()
			delete(t.m, s)
		}
	}
}

// RasterText is s in the widget font (bitmapfont), white on clear, its line's
// top at y 0, in a w×h image (at least 1×1). The glyphs are drawn on the CPU
// with font.Drawer, as text/v2's GoXFace draws each glyph into its glyph
// images (same masks, same integral positions: the bitmap font has integral
// advances), and the image is uploaded with its pixels. The same pixels as
// text.Draw into a new image (TestRasterText_SameAsTextDraw), but a source
// image from the start: ebiten keeps an image drawn into (a render target)
// as its own backend for at least 10 frames, and walks every backend on
// every draw call (restorable's staleness check) — a panel full of new texts
// made hundreds of them and that walk the costliest part of a frame.
func RasterText(s string, w, h int) *ebiten.Image {
	rgba := image.NewRGBA(image.Rect(0, 0, max(1, w), max(1, h)))
	d := font.Drawer{Dst: rgba, Src: image.White, Face: bitmapfont.Face, Dot: fixed.Point26_6{Y: bitmapfont.Face.Metrics().Ascent}}
	d.DrawString(s)
	return ebiten.NewImageFromImage(rgba)
}
