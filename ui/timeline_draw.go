package ui

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ui/debugui"
)

// Drawing helpers of the profiler panels (custom-drawn bodies).

func fillRect(dst *ebiten.Image, r image.Rectangle, c color.RGBA) {
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
}

// drawLabel draws one line tinted c, its top-left at (x, y) truncated to whole pixels.
func drawLabel(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	if s == "" {
		return
	}
	drawLine(dst, s, float64(int(x)), float64(int(y)), c)
}

// labelW is a label's width in px (its advance and 1 px).
func labelW(s string) float64 { return float64(debugui.TextWidth(s) + 1) }

// drawTooltip draws lines (separated by \n) in a box near at, kept inside clip.
func drawTooltip(dst *ebiten.Image, text string, at image.Point, clip image.Rectangle) {
	lines := strings.Split(text, "\n")
	w := 0.0
	for _, l := range lines {
		w = max(w, labelW(l))
	}
	h := float64(len(lines))*lineH + 8
	x, y := float64(at.X)+14, float64(at.Y)-h-6
	if x+w+12 > float64(clip.Max.X) {
		x = float64(at.X) - w - 20
	}
	x = max(x, float64(clip.Min.X))
	if y < float64(clip.Min.Y) {
		y = float64(at.Y) + 18
	}
	vector.DrawFilledRect(dst, float32(x), float32(y), float32(w+12), float32(h), color.RGBA{0x06, 0x08, 0x0c, 0xf4}, false)
	vector.StrokeRect(dst, float32(x), float32(y), float32(w+12), float32(h), 1, color.RGBA{0x70, 0x78, 0x88, 0xff}, false)
	for i, l := range lines {
		drawLabel(dst, l, x+6, y+4+float64(i)*lineH, tlText)
	}
}

// rectBatch collects axis-aligned filled rectangles and draws them in one
// DrawTriangles call (the timeline has hundreds of bars, lanes and ticks;
// one vector call each was the panel's main cost).
type rectBatch struct {
	vs []ebiten.Vertex
	is []uint16
}

var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// rect adds a filled rectangle.
func (b *rectBatch) rect(x, y, w, h float32, c color.RGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	if len(b.vs) > 65000 {
		return // never reached by a 16-lane timeline; bounds the index type
	}
	r, g, bl, a := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	n := uint16(len(b.vs))
	for _, p := range [4][2]float32{{x, y}, {x + w, y}, {x, y + h}, {x + w, y + h}} {
		b.vs = append(b.vs, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: 1, SrcY: 1, ColorR: r * a, ColorG: g * a, ColorB: bl * a, ColorA: a})
	}
	b.is = append(b.is, n, n+1, n+2, n+1, n+3, n+2)
}

// flush draws the rectangles and empties the batch (keeping its memory).
func (b *rectBatch) flush(dst *ebiten.Image) {
	if len(b.is) > 0 {
		dst.DrawTriangles(b.vs, b.is, whitePixel, &ebiten.DrawTrianglesOptions{})
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}
