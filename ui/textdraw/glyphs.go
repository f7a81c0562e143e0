package textdraw

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
)

// The glyph sheet: every rune the window draws, rasterised once into one
// source image, and a text is a quad per glyph cut from it (one
// DrawTriangles per text, batched with its neighbours by ebiten as they
// share the source). It draws the texts that are new or change (textCache
// gives a text that stays on screen its own image after a few frames).
// Before, each new string was rasterised into its own image at once: the
// window's first frame made ~200 of them (its panels took ~3.4 ms of that
// frame instead of ~2.5, BenchmarkAtlas_OverviewCold panels=all), and a
// status line whose number changed made a new one each frame. Same pixels
// as RasterText (TestDrawString_SameAsRasterText).

// sheetSize is the sheet's side in px: printable ASCII and the window's
// symbols (~125 glyphs) leave room for ~220 full-width ones; a rune that finds
// the sheet full is drawn from its text's own image. (A 1024 px sheet, 4 MiB
// to upload, measured ~1 ms slower in the window's first frame over 15 runs.)
const sheetSize = 256

// sheetGlyph is a rune's place in the sheet.
type sheetGlyph struct {
	src   image.Rectangle // in the sheet; empty for a blank glyph (space)
	off   image.Point     // src's top-left relative to the dot (baseline origin)
	adv   int             // px
	exact bool            // 0/255 mask, whole-pixel advance: drawn from the sheet
}

type glyphSheet struct {
	img     *ebiten.Image
	at      map[rune]sheetGlyph
	next    image.Point // the next free slot's top-left
	rowH    int         // the current row's height
	full    bool
	vs      []ebiten.Vertex
	is      []uint16
	ascent  int  // px, the baseline below a line's top
	useable bool // the face's ascent is whole pixels (else every text falls back)
}

var sheet glyphSheet

// preloadRunes are drawn into the sheet when it is made: printable ASCII and
// the window's own symbols.
const preloadRunes = "×−→←↓↑—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ✓▶■"

// PreloadGlyphs makes the sheet with printable ASCII and the window's symbols
// (one upload) so the first frame does not; the window calls it before it
// opens. Calling it again does nothing.
func PreloadGlyphs() { sheet.init(); strs.init() }

func (s *glyphSheet) init() {
	if s.img != nil {
		return
	}
	asc := bitmapfont.Face.Metrics().Ascent
	s.ascent, s.useable = asc.Floor(), asc&63 == 0
	s.at = map[rune]sheetGlyph{}
	pix := image.NewRGBA(image.Rect(0, 0, sheetSize, sheetSize))
	var runes []rune
	for r := rune(0x20); r < 0x7F; r++ {
		runes = append(runes, r)
	}
	runes = append(runes, []rune(preloadRunes)...)
	for _, r := range runes {
		s.place(r, pix)
	}
	s.img = ebiten.NewImageFromImage(pix)
}

// place puts rune r's mask (glyphOf) at the next free slot, in pix when
// given (the sheet being made) or else uploaded into the sheet.
func (s *glyphSheet) place(r rune, pix *image.RGBA) sheetGlyph {
	glyphMu.Lock()
	g := glyphOf(r)
	glyphMu.Unlock()
	sg := sheetGlyph{off: g.r.Min, adv: g.adv, exact: g.exact}
	w, h := g.r.Dx(), g.r.Dy()
	if w > 0 && h > 0 {
		if s.next.X+w+1 > sheetSize { // 1 px apart: no neighbour bleeds in
			s.next = image.Pt(0, s.next.Y+s.rowH+1)
			s.rowH = 0
		}
		if s.next.Y+h > sheetSize {
			s.full = true
			return sheetGlyph{} // not exact: the text falls back
		}
		sg.src = image.Rectangle{Min: s.next, Max: s.next.Add(image.Pt(w, h))}
		s.next.X += w + 1
		s.rowH = max(s.rowH, h)
		rgba := make([]byte, 4*w*h) // white, premultiplied by the mask
		for i, a := range g.a {
			rgba[4*i], rgba[4*i+1], rgba[4*i+2], rgba[4*i+3] = a, a, a, a
		}
		if pix != nil {
			for y := range h {
				copy(pix.Pix[pix.PixOffset(sg.src.Min.X, sg.src.Min.Y+y):], rgba[4*w*y:4*w*(y+1)])
			}
		} else {
			s.img.SubImage(sg.src).(*ebiten.Image).WritePixels(rgba)
		}
	}
	s.at[r] = sg
	return sg
}

func (s *glyphSheet) glyph(r rune) sheetGlyph {
	if g, ok := s.at[r]; ok {
		return g
	}
	if s.full {
		return sheetGlyph{}
	}
	return s.place(r, nil)
}

// draw draws str with its line's top-left at (x, y) in dst, each px scale
// px wide, tinted by cs; false (nothing drawn) when a glyph cannot come from
// the sheet (not 0/255, a fractional advance or kern, the sheet full).
func (s *glyphSheet) draw(dst *ebiten.Image, str string, x, y, scale int, cs ebiten.ColorScale) bool {
	s.init()
	if !s.useable {
		return false
	}
	s.vs, s.is = s.vs[:0], s.is[:0]
	cr, cg, cb, ca := cs.R(), cs.G(), cs.B(), cs.A()
	dx, prev := 0, rune(-1)
	for _, r := range str { // as RasterMask: kern, glyph, advance
		g := s.glyph(r)
		if !g.exact {
			return false
		}
		if prev >= 0 {
			k := bitmapfont.Face.Kern(prev, r)
			if k&63 != 0 {
				return false
			}
			dx += k.Floor()
		}
		if !g.src.Empty() {
			x0 := float32(x + scale*(dx+g.off.X))
			y0 := float32(y + scale*(s.ascent+g.off.Y))
			x1 := x0 + float32(scale*g.src.Dx())
			y1 := y0 + float32(scale*g.src.Dy())
			sx0, sy0 := float32(g.src.Min.X), float32(g.src.Min.Y)
			sx1, sy1 := float32(g.src.Max.X), float32(g.src.Max.Y)
			n := uint16(len(s.vs))
			s.vs = append(s.vs,
				ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
				ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
				ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
				ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca})
			s.is = append(s.is, n, n+1, n+2, n+1, n+3, n+2)
			if len(s.vs) >= math.MaxUint16-4 { // a very long text: flush (uint16 indices)
				s.flush(dst)
			}
		}
		dx += g.adv
		prev = r
	}
	s.flush(dst)
	return true
}

func (s *glyphSheet) flush(dst *ebiten.Image) {
	if len(s.is) > 0 {
		dst.DrawTriangles(s.vs, s.is, s.img, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	}
	s.vs, s.is = s.vs[:0], s.is[:0]
}

// DrawString draws s in the widget font, white tinted by c, its line's
// top-left at (x, y) rounded to whole pixels, clipped to dst's bounds (a
// SubImage clips). Draw-goroutine only, like the rest of debugui.
func DrawString(dst *ebiten.Image, s string, x, y float64, c color.Color) {
	var cs ebiten.ColorScale
	cs.ScaleWithColor(c)
	Draw(dst, s, int(math.Round(x)), int(math.Round(y)), 1, cs)
}

// Draw is DrawString at whole pixels, each text pixel scale px wide:
// a text that stays on screen from its own image (textCache), a new or
// changing one from the glyph sheet, or from its own image if the sheet
// cannot draw it.
func Draw(dst *ebiten.Image, s string, x, y, scale int, cs ebiten.ColorScale) {
	if s == "" {
		return
	}
	img := texts.stable(s)
	if img == nil {
		if sheet.draw(dst, s, x, y, scale, cs) {
			return
		}
		img = texts.get(s)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(float64(scale), float64(scale))
	op.GeoM.Translate(float64(x), float64(y))
	op.ColorScale = cs
	dst.DrawImage(img, op)
}

// EndFrame ends a frame of widget text: strings not drawn for a while are
// forgotten, and the next frame may pack new ones (debugui calls it once a frame).
func EndFrame() { texts.endFrame() }
