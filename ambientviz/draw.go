// Package ambientviz draws the explorer's overlays: weight rings, contributing
// cells, the bearing rose, direction shells, one-shot markers, emitters and the
// listener gizmo. Every overlay is a function of (Snapshot, camera) → drawing;
// the numbers behind them live in ambientviz/geom (pure, tested headless).
package ambientviz

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
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

// Dot draws a filled circle of radius r px at (x, y) in colour c (premultiplied).
func Dot(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-discR-1, -discR-1)
	op.GeoM.Scale(r/discR, r/discR)
	op.GeoM.Translate(x, y)
	op.ColorScale.Scale(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255)
	dst.DrawImage(disc, op)
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
// reads on any terrain. Labels are rendered once into a cached image (text
// shaping is the costliest part of a frame) and reused while they are drawn;
// c's alpha fades the cached image.
func Label(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	key := labelKey{s, color.RGBA{c.R, c.G, c.B, 0xff}}
	if c.A != 0xff { // premultiplied: recover the opaque colour
		a := float64(c.A) / 255
		key.c = color.RGBA{uint8(min(255, float64(c.R)/a)), uint8(min(255, float64(c.G)/a)), uint8(min(255, float64(c.B)/a)), 0xff}
	}
	img := labels.Get(key, func() *ebiten.Image { return renderLabel(s, key.c) })
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	op.ColorScale.ScaleAlpha(float32(c.A) / 255)
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
var labels = ImageCache[labelKey]{Keep: 120}

// EndFrame ages the label cache; call it once per Draw.
func EndFrame() { labels.EndFrame() }

func renderLabel(s string, c color.RGBA) *ebiten.Image {
	m := Face.Metrics()
	w := int(math.Ceil(text.Advance(s, Face))) + 2
	h := int(math.Ceil(m.HAscent+m.HDescent)) + 2
	img := ebiten.NewImage(w, h)
	op := &text.DrawOptions{}
	op.ColorScale.Scale(0, 0, 0, 0.8)
	for _, d := range [][2]float64{{0, 1}, {2, 1}, {1, 0}, {1, 2}} {
		op.GeoM.Reset()
		op.GeoM.Translate(d[0], d[1])
		text.Draw(img, s, Face, op)
	}
	op.GeoM.Reset()
	op.GeoM.Translate(1, 1)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	text.Draw(img, s, Face, op)
	return img
}

// LabelWidth is the width in px of s in Face.
func LabelWidth(s string) float64 { return text.Advance(s, Face) }

// fillPath fills p with colour c (premultiplied).
func fillPath(dst *ebiten.Image, p *vector.Path, c color.RGBA) {
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	colorVerts(vs, c)
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: true}
	dst.DrawTriangles(vs, is, whiteSub, op)
}

// strokePath strokes p with width w.
func strokePath(dst *ebiten.Image, p *vector.Path, w float32, c color.RGBA) {
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: w})
	colorVerts(vs, c)
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: true}
	dst.DrawTriangles(vs, is, whiteSub, op)
}

func colorVerts(vs []ebiten.Vertex, c color.RGBA) {
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG = float32(c.R)/255, float32(c.G)/255
		vs[i].ColorB, vs[i].ColorA = float32(c.B)/255, float32(c.A)/255
	}
}
