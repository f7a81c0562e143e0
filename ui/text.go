package ui

import (
	"image"
	"image/color"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// face is debugui's own font (bitmapfont), so labels match the widgets.
var face = text.NewGoXFace(bitmapfont.Face)

var (
	labelColor = color.RGBA{230, 230, 230, 255} // debugui's text colour
	lineH      = face.Metrics().HAscent + face.Metrics().HDescent + face.Metrics().HLineGap
)

// label is a one-line ctx.Text without word wrapping: debugui's Text breaks
// lines with a Unicode segmenter and measures every word, which made the
// panels' many status lines the costliest part of a frame. Text longer than
// its cell is clipped at the cell.
func label(ctx *debugui.Context, s string) {
	ctx.GridCell(func(b image.Rectangle) {
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) {
			r := b.Intersect(screen.Bounds())
			if r.Empty() || s == "" {
				return
			}
			op := &text.DrawOptions{}
			op.GeoM.Translate(float64(b.Min.X+5), float64(b.Min.Y)+(float64(b.Dy())-lineH)/2)
			op.ColorScale.ScaleWithColor(labelColor)
			text.Draw(screen.SubImage(r).(*ebiten.Image), s, face, op)
		})
	})
}

func drawText(dst *ebiten.Image, s string, x, y float64) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	debugui.DrawText(dst, s, op)
}
