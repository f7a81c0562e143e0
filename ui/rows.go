package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ui/debugui"
)

// fitLabel is a one-line label cut with "…" when wider than its cell (long
// rows at 900×600), the whole text shown on hover; tip, if
// not empty, is shown on hover too (under the text when it was cut). Draws
// like label (ui/text.go).
func fitLabel(ctx *debugui.Context, s, tip string) { fitLabelColored(ctx, s, tip, labelColor) }

// fitLabelColored is fitLabel in colour c.
func fitLabelColored(ctx *debugui.Context, s, tip string, c color.RGBA) {
	cut := false
	ctx.GridCell(func(b image.Rectangle) {
		var shown string
		shown, cut = debugui.Ellipsize(s, b.Dx()-labelPad)
		ctx.DrawOnlyWidgetKeyed(drawKey{s: shown, b: b, c: c}, func(screen *ebiten.Image) {
			r := b.Intersect(screen.Bounds())
			if r.Empty() || shown == "" {
				return
			}
			drawLine(screen.SubImage(r).(*ebiten.Image), shown, float64(b.Min.X+5), math.Round(float64(b.Min.Y)+(float64(b.Dy())-lineH)/2), c)
		})
	})
	if cut {
		if tip != "" {
			tip = s + "\n" + tip
		} else {
			tip = s
		}
	}
	ctx.Tooltip(tip)
}

// labelPad is the px a label keeps free in its cell: 5 before the text (as
// label draws it) and 5 after.
const labelPad = 10

// wrapLabel shows s on as many full-width rows as it needs (explanations
// and the "why" lines, which should be read whole, not hovered).
func (u *UI) wrapLabel(ctx *debugui.Context, s string) {
	for _, l := range wrap(s, float64(u.bodyW-12)) {
		label(ctx, l)
	}
}
