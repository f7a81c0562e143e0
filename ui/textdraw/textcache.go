// Package textdraw is the window's text renderer: bitmapfont text drawn
// from one glyph sheet (a quad per glyph) until a string has stayed on
// screen for a few frames, then from one string sheet (a quad per string);
// no ebiten image is made per text. debugui draws its widget text with it;
// ambientviz and game draw labels and panels with it. RasterText and
// RasterMask give the same pixels on the CPU.
package textdraw

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// fontFace is the face of every text drawn here (bitmapfont, as debugui's).
var fontFace = text.NewGoXFace(bitmapfont.Face)

// textCache keeps each widget string that stays on screen rasterised once
// (white, tinted when drawn): one quad instead of one per glyph. A string
// is drawn from the glyph sheet (glyphs.go) until it has been drawn for
// stableAfter frames; then it is packed into the string sheet, at most
// madeMax a frame (no ebiten image per text). A window's first frame made
// ~200 text images at once, and a status line whose number changes every
// frame made a new one each frame. Strings not drawn for keep frames are
// forgotten.
type textCache struct {
	m     map[string]*cachedText
	frame int
	made  int // strings packed this frame
}

type cachedText struct {
	img  *ebiten.Image // nil until the string is stable: its place in the string sheet, or its own image
	own  bool          // img is the string's own image (get), not the sheet's
	gen  int           // the string sheet's generation img was packed in
	used int           // frame of last use
	seen int           // frame of first use
}

const (
	keep        = 120 // frames
	stableAfter = 3   // frames
	madeMax     = 32  // strings packed per frame
)

var texts textCache

// get is s's image, made now (its own) if need be: a text the glyph sheet
// cannot draw.
func (t *textCache) get(s string) *ebiten.Image {
	e := t.entry(s)
	if e.img == nil {
		e.img, e.own = rasterWidgetText(s), true
	}
	return e.img
}

// stable is s's image once s has been drawn for stableAfter frames and this
// frame's budget allows, else nil (draw it from the glyph sheet).
func (t *textCache) stable(s string) *ebiten.Image {
	e := t.entry(s)
	if e.img == nil && t.frame-e.seen >= stableAfter && t.made < madeMax {
		t.made++
		if img, ok := strs.place(s); ok {
			e.img, e.gen = img, strs.gen
		}
	}
	return e.img
}

func (t *textCache) entry(s string) *cachedText {
	if t.m == nil {
		t.m = map[string]*cachedText{}
	}
	e := t.m[s]
	if e == nil {
		e = &cachedText{seen: t.frame}
		t.m[s] = e
	}
	if e.img != nil && !e.own && e.gen != strs.gen {
		e.img = nil // the sheet started again: packed again when next stable
	}
	e.used = t.frame
	return e
}

// lineSize is a widget text's image size for s: its advance + 1 px by the
// line height + 1.
func lineSize(s string) (w, h int) {
	w = int(math.Ceil(text.Advance(s, fontFace))) + 1
	h = int(math.Ceil(fontFace.Metrics().HAscent+fontFace.Metrics().HDescent+fontFace.Metrics().HLineGap)) + 1
	return w, h
}

// rasterWidgetText is s's own image (lineSize).
func rasterWidgetText(s string) *ebiten.Image {
	w, h := lineSize(s)
	return RasterText(s, w, h)
}

// endFrame ages the cache (once per Draw); every 60 frames it forgets
// strings not drawn for keep frames (freeing their own images).
func (t *textCache) endFrame() {
	t.frame++
	t.made = 0
	if t.frame%60 != 0 {
		return
	}
	for s, e := range t.m {
		if t.frame-e.used > keep {
			if e.own {
				e.img.Deallocate()
			}
			delete(t.m, s)
		}
	}
}

// stringSheet packs stable widget texts into one source image made before
// the first frame, row under row, each text written into its place with
// WritePixels (no ebiten image per text). When full it starts again from
// the top (gen + 1): the texts packed before are packed again as they are
// next drawn.
type stringSheet struct {
	img  *ebiten.Image
	next image.Point
	gen  int
}

const stringSheetW, stringSheetH = 1024, 512 // px: ~70 rows of one line

var strs stringSheet

func (s *stringSheet) init() {
	if s.img == nil {
		s.img = ebiten.NewImage(stringSheetW, stringSheetH)
	}
}

// place writes str's pixels (as RasterText's) into the sheet and returns
// its part of it; false when str is wider than the sheet.
func (s *stringSheet) place(str string) (*ebiten.Image, bool) {
	s.init()
	w, h := lineSize(str)
	if w > stringSheetW {
		return nil, false
	}
	if s.next.X+w > stringSheetW {
		s.next = image.Pt(0, s.next.Y+h)
	}
	if s.next.Y+h > stringSheetH {
		s.next = image.Point{}
		s.gen++
	}
	r := image.Rectangle{Min: s.next, Max: s.next.Add(image.Pt(w, h))}
	s.next.X += w
	sub := s.img.SubImage(r).(*ebiten.Image)
	sub.WritePixels(rasterPixels(str, w, h).Pix)
	return sub, true
}

// RasterText is s in the widget font (bitmapfont), white on clear, its line's
// top at y 0, in a w×h image (at least 1×1). The glyphs are drawn on the CPU
// (RasterMask), as text/v2's GoXFace draws each glyph into its glyph
// images (same masks, same integral positions: the bitmap font has integral
// advances), and the image is uploaded with its pixels. The same pixels as
// text.Draw into a new image (TestRasterText_SameAsTextDraw), but a source
// image from the start: ebiten keeps an image drawn into (a render target)
// as its own backend for at least 10 frames, and walks every backend on
// every draw call (restorable's staleness check) — a panel full of new texts
// made hundreds of them and that walk the costliest part of a frame.
func RasterText(s string, w, h int) *ebiten.Image {
	return ebiten.NewImageFromImage(rasterPixels(s, w, h))
}

// rasterPixels is RasterText's pixels.
func rasterPixels(s string, w, h int) *image.RGBA {
	w, h = max(1, w), max(1, h)
	mask := image.NewAlpha(image.Rect(0, 0, w, h))
	if asc := bitmapfont.Face.Metrics().Ascent; asc&63 == 0 {
		RasterMask(mask, 0, asc.Floor(), s)
	} else {
		d := font.Drawer{Dst: mask, Src: image.Opaque, Face: bitmapfont.Face, Dot: fixed.Point26_6{Y: asc}}
		d.DrawString(s)
	}
	rgba := image.NewRGBA(mask.Rect)
	for i, a := range mask.Pix { // white, premultiplied
		rgba.Pix[4*i], rgba.Pix[4*i+1], rgba.Pix[4*i+2], rgba.Pix[4*i+3] = a, a, a, a
	}
	return rgba
}

// RasterMask draws s in bitmapfont.Face into dst (opaque where a glyph's
// mask is set), its dot starting at (x, baseline y): the pixels
// font.Drawer{Src: image.Opaque}.DrawString gives, from each rune's mask
// read once and kept (Drawer's generic masked draw, one Glyph call and
// allocation per rune, was ~80 µs for a 45-character line — a panel's
// first frame makes dozens). A string with a glyph that is not 0/255 or an
// advance or kern that is not whole pixels goes through font.Drawer.
func RasterMask(dst *image.Alpha, x, y int, s string) {
	glyphMu.Lock()
	defer glyphMu.Unlock()
	face := bitmapfont.Face
	dx, prev := 0, rune(-1)
	for _, r := range s { // as font.Drawer.DrawString: kern, glyph, advance
		g := glyphOf(r)
		k := fixed.Int26_6(0)
		if prev >= 0 {
			k = face.Kern(prev, r)
		}
		if !g.exact || k&63 != 0 {
			d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(x, y)}
			d.DrawString(s)
			return
		}
		dx += k.Floor()
		b := g.r.Add(image.Pt(x+dx, y)).Intersect(dst.Rect)
		ox, oy := x+dx+g.r.Min.X, y+g.r.Min.Y // the mask's top-left in dst
		for py := b.Min.Y; py < b.Max.Y; py++ {
			base := (py-oy)*g.r.Dx() - ox // g.a[base+px]: the mask at dst's px
			o := dst.PixOffset(0, py)
			for px := b.Min.X; px < b.Max.X; px++ {
				if g.a[base+px] != 0 {
					dst.Pix[o+px] = 0xff
				}
			}
		}
		dx += g.adv
		prev = r
	}
}

// glyph is a rune's mask in bitmapfont.Face at a whole-pixel dot.
type glyph struct {
	r     image.Rectangle // relative to the dot
	a     []uint8         // r.Dx()×r.Dy() alpha
	adv   int             // px
	exact bool            // mask 0/255 only, whole-pixel advance
}

var (
	glyphMu sync.Mutex
	glyphs  = map[rune]*glyph{}
)

func glyphOf(r rune) *glyph {
	if g := glyphs[r]; g != nil {
		return g
	}
	dr, mask, mp, adv, _ := bitmapfont.Face.Glyph(fixed.Point26_6{}, r)
	g := &glyph{r: dr, a: make([]uint8, dr.Dx()*dr.Dy()), adv: adv.Floor(), exact: adv&63 == 0}
	for y := range dr.Dy() {
		for x := range dr.Dx() {
			_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
			g.a[y*dr.Dx()+x] = uint8(a >> 8)
			if a != 0 && a != 0xffff {
				g.exact = false
			}
		}
	}
	glyphs[r] = g
	return g
}
