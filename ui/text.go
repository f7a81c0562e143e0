package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"soundworld/ui/debugui"
	"soundworld/ui/textdraw"
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
func label(ctx *debugui.Context, s string) { labelColored(ctx, s, labelColor) }

// labelColored is label in colour c.
func labelColored(ctx *debugui.Context, s string, c color.RGBA) {
	ctx.GridCell(func(b image.Rectangle) {
		ctx.DrawOnlyWidgetKeyed(drawKey{s: s, b: b, c: c}, func(screen *ebiten.Image) {
			r := b.Intersect(screen.Bounds())
			if r.Empty() || s == "" {
				return
			}
			drawLine(screen.SubImage(r).(*ebiten.Image), s, float64(b.Min.X+5), math.Round(float64(b.Min.Y)+(float64(b.Dy())-lineH)/2), c)
		})
	})
}

// drawKey is what a keyed panel drawing depends on (debugui's window cache
// redraws a panel only when a key or another command changed).
type drawKey struct {
	kind string
	s    string
	b    image.Rectangle
	c    color.RGBA
	n    int
}

// drawLine draws s (one line, white tinted c) with its top-left at (x, y),
// rounded to whole pixels, as the widgets draw text (textdraw.DrawString:
// the glyph sheet while new or changing, then the string sheet).
func drawLine(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	if onDrawLine != nil {
		onDrawLine(s, y)
	}
	textdraw.DrawString(dst, s, x, y, c)
}

// drawText draws s in white with its top-left at (x, y).
func drawText(dst *ebiten.Image, s string, x, y float64) {
	drawLine(dst, s, x, y, color.RGBA{255, 255, 255, 255})
}
