package ui

import (
	"soundworld/ambientviz"

	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"soundworld/ui/debugui"
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
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) {
			r := b.Intersect(screen.Bounds())
			if r.Empty() || s == "" {
				return
			}
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(b.Min.X+5), math.Round(float64(b.Min.Y)+(float64(b.Dy())-lineH)/2))
			op.ColorScale.ScaleWithColor(c)
			drawCached(screen.SubImage(r).(*ebiten.Image), s, op)
		})
	})
}

// texts caches each distinct string shaped once into a white image, reused
// while it is drawn (tinted by the caller).
var texts = ambientviz.ImageCache[string]{Keep: 120}

func cachedText(s string) *ebiten.Image {
	return texts.Get(s, func() *ebiten.Image { return shapeText(s) })
}

func shapeText(s string) *ebiten.Image {
	w := int(math.Ceil(text.Advance(s, face))) + 1
	return debugui.RasterText(s, w, int(math.Ceil(lineH))+1) // a source image (no render target)
}

// drawCached draws s (white, tinted by op) at op's translation. A long text
// seen for the first time is drawn word by word (each word cached at its
// offset; the font is monospace without kerning, so the same pixels): lines
// with a number that changes every frame shaped a new image each frame. A
// text still shown the next frame gets its own image (one draw).
func drawCached(dst *ebiten.Image, s string, op *ebiten.DrawImageOptions) {
	if len(s) < 24 || !ambientviz.Monospace {
		dst.DrawImage(cachedText(s), op)
		return
	}
	// At most stableBudget lines get their image per frame: every line seen
	// since the window opened reached StableAfter frames in the same frame
	// and made theirs at once (a 3-6 ms frame; BenchmarkAtlas_OverviewCold).
	if stableHas[s] || stableMade < stableBudget {
		if img := texts.GetStable(s, func() *ebiten.Image { stableMade++; return shapeText(s) }); img != nil {
			if len(stableHas) >= 4096 {
				clear(stableHas) // texts that change: only a hint, GetStable decides
			}
			stableHas[s] = true
			dst.DrawImage(img, op)
			return
		}
	}
	gm := op.GeoM
	ambientviz.Words(s, func(off float64, w string) {
		op.GeoM = gm
		op.GeoM.Translate(off, 0)
		dst.DrawImage(cachedText(w), op)
	})
	op.GeoM = gm
}

// stableBudget is how many status lines get their own image per frame;
// stableMade counts them this frame, stableHas remembers lines that have one.
const stableBudget = 6

var (
	stableMade int
	stableHas  = map[string]bool{}
)

// endTextFrame ages the label cache; called once per Draw.
func endTextFrame() {
	texts.EndFrame()
	stableMade = 0
}

func drawText(dst *ebiten.Image, s string, x, y float64) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	debugui.DrawText(dst, s, op)
}
