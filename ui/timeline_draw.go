package ui

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Drawing helpers of the profiler panels (custom-drawn bodies).

func fillRect(dst *ebiten.Image, r image.Rectangle, c color.RGBA) {
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
}

// drawLabel draws one line from the panel label cache, tinted.
func drawLabel(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	if s == "" {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(int(x)), float64(int(y)))
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(cachedText(s), op)
}

// labelW is a label's width in px.
func labelW(s string) float64 { return float64(cachedText(s).Bounds().Dx()) }

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
