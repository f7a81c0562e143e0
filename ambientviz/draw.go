// Package ambientviz draws the explorer's overlays: weight rings, contributing
// cells, the bearing rose, direction shells, one-shot markers, emitters and the
// listener gizmo. Every overlay is a function of (Snapshot, camera) → drawing;
// the numbers behind them live in ambientviz/geom (pure, tested headless).
package ambientviz

import (
	"image"
	"image/color"

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

func init() { white.Fill(color.White) }

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
// reads on any terrain.
func Label(dst *ebiten.Image, s string, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		op.GeoM.Reset()
		op.GeoM.Translate(x+d[0], y+d[1])
		op.ColorScale.Reset()
		_, _, _, a := c.RGBA()
		op.ColorScale.Scale(0, 0, 0, float32(a)/0xffff*0.8)
		text.Draw(dst, s, Face, op)
	}
	op.GeoM.Reset()
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, Face, op)
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
