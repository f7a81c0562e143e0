// Package ambientviz draws the explorer's overlays: weight rings, contributing
// cells, the bearing rose, direction shells, one-shot markers, emitters and the
// listener gizmo. Every overlay is a function of (Snapshot, camera) → drawing;
// the numbers behind them live in ambientviz/geom (pure, tested headless).
package ambientviz

import (
	"image"
	"image/color"
	"math"

	"soundworld/ui/textdraw"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Face is the overlay label font (the same bitmap font debugui uses).
var Face = text.NewGoXFace(bitmapfont.Face)

var (
	white    = ebiten.NewImage(3, 3)
	whiteSub = white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
)

// disc is a white anti-aliased disc of radius discR px: cell dots are drawn as
// scaled, tinted copies (one batched draw) instead of per-dot vector paths.
const discR = 16

var disc = ebiten.NewImage(2*discR+2, 2*discR+2)

func init() {
	white.Fill(color.White)
	vector.DrawFilledCircle(disc, discR+1, discR+1, discR, color.White, true)
}

// Dot draws a filled circle of radius r px at (x, y) in colour c
// (premultiplied): the disc image scaled and tinted, its edge smoothed by
// the image's own anti-aliased edge (feather.go says why not Ebitengine's).
func Dot(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	s := float32(r / discR)
	x0, y0 := float32(x)-(discR+1)*s, float32(y)-(discR+1)*s
	x1, y1 := x0+(2*discR+2)*s, y0+(2*discR+2)*s
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	w := float32(2*discR + 2)
	vs := []ebiten.Vertex{
		{DstX: x0, DstY: y0, SrcX: 0, SrcY: 0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		{DstX: x1, DstY: y0, SrcX: w, SrcY: 0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		{DstX: x0, DstY: y1, SrcX: 0, SrcY: w, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		{DstX: x1, DstY: y1, SrcX: w, SrcY: w, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
	}
	op := &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(vs, []uint16{0, 1, 2, 1, 3, 2}, disc, op)
}

// Fade returns c with its alpha scaled by a (premultiplied, as ebiten wants).
func Fade(c color.RGBA, a float64) color.RGBA {
	if a < 0 {
		a = 0
	} else if a > 1 {
		a = 1
	}
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// Label draws s with its top-left at (x, y) in colour c over a dark halo so it
// reads on any terrain. A label that stays on screen is drawn from its own
// image, rendered once (LabelPixels) and cached; c's alpha fades it. An
// opaque label still new or changing is drawn from debugui's glyph sheet
// (glyphLabel); a translucent one word by word.
func Label(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	key := labelKey{s, color.RGBA{c.R, c.G, c.B, 0xff}}
	if c.A == 0xff {
		if img := labels.GetStable(key, func() *ebiten.Image { return renderLabel(s, key.c) }); img != nil {
			drawLabelImage(dst, img, x, y, 0xff)
			return
		}
		glyphLabel(dst, s, x, y, c)
		return
	}
	a := float64(c.A) / 255 // premultiplied: recover the opaque colour
	key.c = color.RGBA{uint8(min(255, float64(c.R)/a)), uint8(min(255, float64(c.G)/a)), uint8(min(255, float64(c.B)/a)), 0xff}
	if len(s) >= wordsFrom && Monospace {
		// Long labels (the status lines) change every frame in a few words
		// only: shaping a new image for each costs more than the rest of the
		// HUD. The first frame a text is seen it is drawn word by word (each
		// word cached, at its offset in the line); only a text still shown
		// the next frame gets its own image. Same pixels: the font has
		// integral advances and no kerning, and words are a space (≥ 6 px)
		// apart, so their halos never overlap.
		img := labels.GetStable(key, func() *ebiten.Image { return renderLabel(s, key.c) })
		if img == nil {
			Words(s, func(off float64, w string) {
				labelImage(dst, labelKey{w, key.c}, x+off, y, c.A)
			})
			return
		}
		drawLabelImage(dst, img, x, y, c.A)
		return
	}
	labelImage(dst, key, x, y, c.A)
}

// haloColour is one copy of a label's halo: black at 0.8 alpha (premultiplied).
var haloColour = color.RGBA{0, 0, 0, 204}

// glyphLabel draws an opaque label straight onto dst from debugui's glyph
// sheet: the halo's 4 copies (1 px left, right, above and below), then the
// text in c, at (x, y) rounded as drawLabelImage rounds. Its pixels are the
// label image's composited onto dst within 1 of 255 per channel: the image
// rounds the halo's alpha to 8 bits once, here each copy is rounded as it
// is blended (TestGlyphLabel_SameAsLabelImage).
func glyphLabel(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	x, y = math.Round(x), math.Round(y)
	for _, o := range [4][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		textdraw.DrawString(dst, s, x+o[0], y+o[1], haloColour)
	}
	textdraw.DrawString(dst, s, x, y, c)
}

// wordsFrom is the length from which Label caches word by word.
const wordsFrom = 24

// Monospace: Face advances are integral and add up (no kerning), so a word's
// offset in a line is the sum of the advances before it.
var Monospace = func() bool {
	a := text.Advance("i", Face)
	return a == math.Trunc(a) && text.Advance("iW .", Face) == 4*a
}()

// Words calls fn for each space-separated word of s with its x offset in px
// from the start of s (Face advances).
func Words(s string, fn func(off float64, w string)) {
	sp := text.Advance(" ", Face)
	off, start := 0.0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ' ' {
			continue
		}
		if i > start {
			fn(off, s[start:i])
			off += text.Advance(s[start:i], Face)
		}
		if i < len(s) {
			off += sp
		}
		start = i + 1
	}
}

func labelImage(dst *ebiten.Image, key labelKey, x, y float64, alpha uint8) {
	drawLabelImage(dst, labels.Get(key, func() *ebiten.Image { return renderLabel(key.s, key.c) }), x, y, alpha)
}

func drawLabelImage(dst, img *ebiten.Image, x, y float64, alpha uint8) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	op.ColorScale.ScaleAlpha(float32(alpha) / 255)
	dst.DrawImage(img, op)
}

// LabelAlpha is Label with an opaque colour c faded by alpha 0..1 (one cached
// image per text and colour, whatever the alpha).
func LabelAlpha(dst *ebiten.Image, s string, x, y float64, c color.RGBA, alpha float64) {
	if alpha <= 0 {
		return
	}
	c.A = 0xff
	img := labels.Get(labelKey{s, c}, func() *ebiten.Image { return renderLabel(s, c) })
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	op.ColorScale.ScaleAlpha(float32(min(1, alpha)))
	dst.DrawImage(img, op)
}

type labelKey struct {
	s string
	c color.RGBA
}

// labels caches rendered labels by text and colour.
var labels = ImageCache[labelKey]{Keep: 120, StableMax: 16}

// EndFrame ages the label cache; call it once per Draw.
func EndFrame() {
	labels.EndFrame()
	endCircleFrame()
}

// renderLabel is s in colour c (opaque) over its dark halo — s drawn in
// black at 0.8 alpha one px left, right, above and below, then s in c at
// (1, 1) — in a new (advance + 2) × (line + 2) image. The glyphs are drawn on
// the CPU (LabelPixels) and the image uploaded as a source image: made with
// text.Draw it was a render target, which ebiten keeps as its own backend for
// ~10 frames and walks on every draw call (a frame's new labels and status
// words made that walk the costliest part of the HUD).
func renderLabel(s string, c color.RGBA) *ebiten.Image {
	return ebiten.NewImageFromImage(LabelPixels(s, c))
}

// haloA is the halo's alpha (of 255) where n of its 4 copies overlap: each
// copy is black at 0.8 alpha drawn source-over the ones before
// (a' = 0.8 + a·0.2, rounded to 8 bits as the GPU's framebuffer does).
var haloA = func() (t [5]uint8) {
	for n := 1; n < 5; n++ {
		t[n] = uint8(math.Round(0.8*255 + float64(t[n-1])*0.2))
	}
	return
}()

// LabelPixels is the label image renderLabel uploads: the same pixels as
// drawing the halo's 4 copies and the text with text.Draw into a new image
// (TestLabelPixels_SameAsTextDraw). The bitmap font's glyph masks are 0 or
// 255 and its advances integral, so each pixel is c where the text covers
// it, else black at haloA[copies of the text covering it].
func LabelPixels(s string, c color.RGBA) *image.RGBA {
	m := bitmapfont.Face.Metrics()
	w := int(math.Ceil(text.Advance(s, Face))) + 2
	h := int(math.Ceil(Face.Metrics().HAscent+Face.Metrics().HDescent)) + 2
	// The text once, its line's top-left at (2, 2) of a mask 2 px larger
	// on every side (a glyph may reach left of its origin).
	mask := image.NewAlpha(image.Rect(0, 0, w+4, h+4))
	if m.Ascent&63 == 0 {
		textdraw.RasterMask(mask, 2, 2+m.Ascent.Floor(), s) // glyph masks kept (font.Drawer's pixels)
	} else {
		d := font.Drawer{Dst: mask, Src: image.Opaque, Face: bitmapfont.Face, Dot: fixed.Point26_6{X: fixed.I(2), Y: fixed.I(2) + m.Ascent}}
		d.DrawString(s)
	}
	at := func(x, y int) bool { return mask.Pix[(y+2)*mask.Stride+x+2] >= 0x80 } // the text drawn at (0, 0)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			i := y*out.Stride + 4*x
			if at(x-1, y-1) {
				out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = c.R, c.G, c.B, 0xff
				continue
			}
			n := 0
			for _, o := range [4][2]int{{0, 1}, {2, 1}, {1, 0}, {1, 2}} {
				if at(x-o[0], y-o[1]) {
					n++
				}
			}
			out.Pix[i+3] = haloA[n]
		}
	}
	return out
}

// LabelWidth is the width in px of s in Face.
func LabelWidth(s string) float64 { return text.Advance(s, Face) }

// circleKey is one stroked circle's geometry (screen px).
type circleKey struct{ x, y, r, w float32 }

type cachedTris struct {
	t     tris
	white []ebiten.Vertex // t's vertices in white: each one's fringe alpha
	used  int
}

// circles keeps stroked circles' triangles while they are drawn (the rings
// and emitters stay put while the view does; building a circle's stroke was
// half its cost). Draw goroutine only.
var circles = struct {
	m     map[circleKey]*cachedTris
	frame int
}{m: map[circleKey]*cachedTris{}}

// StrokeCircle strokes the circle of radius r px about (cx, cy), width px
// wide and feathered (feather.go), with the triangles reused while the
// circle is unchanged.
func StrokeCircle(dst *ebiten.Image, cx, cy, r, width float32, c color.Color) {
	k := circleKey{cx, cy, r, width}
	e := circles.m[k]
	if e == nil {
		t := strokeTris(circlePts(float64(cx), float64(cy), float64(r)), true, width, color.White)
		e = &cachedTris{t: t, white: append([]ebiten.Vertex(nil), t.vs...)}
		circles.m[k] = e
	}
	e.used = circles.frame
	col := rgba(c)
	for i, w := range e.white {
		v := &e.t.vs[i]
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = col[0]*w.ColorA, col[1]*w.ColorA, col[2]*w.ColorA, col[3]*w.ColorA
	}
	drawTris(dst, e.t)
}

// endCircleFrame ages the circle cache: every 30 frames it drops the
// circles not drawn in the last two (a moving view makes new ones each frame).
func endCircleFrame() {
	circles.frame++
	if circles.frame%30 != 0 {
		return
	}
	for k, e := range circles.m {
		if circles.frame-e.used > 2 {
			delete(circles.m, k)
		}
	}
}
