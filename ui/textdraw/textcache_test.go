package textdraw

import (
	"bytes"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hajimehoshi/bitmapfont/v4"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// RasterMask (glyph masks kept per rune) gives font.Drawer's pixels: every
// printable ASCII character and the window's non-ASCII ones, at dots that
// put glyphs across every edge of the image (clipped as Drawer clips them),
// into an image that already has pixels set.
func TestRasterMask_SameAsDrawer(t *testing.T) {
	var ascii []rune
	for r := rune(0x20); r < 0x7F; r++ {
		ascii = append(ascii, r)
	}
	strs := []string{string(ascii), "×−→—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ", "jj ff ll WW ii gjpqy", "", "Overview: 65025 / 65025"}
	asc := bitmapfont.Face.Metrics().Ascent.Floor()
	for _, s := range strs {
		for _, at := range [][2]int{{0, asc}, {-3, asc - 4}, {5, asc + 6}, {-40, 2}, {200, asc}} {
			want := image.NewAlpha(image.Rect(0, 0, 120, 16))
			for i := range want.Pix {
				want.Pix[i] = uint8(i % 3 * 60) // something under the text
			}
			got := image.NewAlpha(want.Rect)
			copy(got.Pix, want.Pix)
			d := font.Drawer{Dst: want, Src: image.Opaque, Face: bitmapfont.Face, Dot: fixed.P(at[0], at[1])}
			d.DrawString(s)
			RasterMask(got, at[0], at[1], s)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%q at %v: pixels differ from font.Drawer's", s, at)
			}
		}
	}
}

// A string is drawn from the glyph sheet until it has been drawn for
// stableAfter frames; then it gets its own image, at most madeMax a frame;
// a string not drawn for keep frames is forgotten (endFrame frees its image).
func TestTextCache_StableAfterWithBudget(t *testing.T) {
	var c textCache
	var strs []string
	for i := range madeMax + 6 {
		strs = append(strs, fmt.Sprintf("line %d", i))
	}
	for f := range stableAfter {
		for _, s := range strs {
			if c.stable(s) != nil {
				t.Fatalf("frame %d: %q has an image before %d frames", f, s, stableAfter)
			}
		}
		c.endFrame()
	}
	got := 0
	for _, s := range strs {
		if c.stable(s) != nil {
			got++
		}
	}
	if got != madeMax {
		t.Errorf("frame %d: %d images made, want the budget %d", stableAfter, got, madeMax)
	}
	c.endFrame()
	for _, s := range strs {
		if c.stable(s) == nil {
			t.Errorf("frame %d: %q still has no image", stableAfter+1, s)
		}
	}
	c.endFrame()
	if c.stable("new") != nil || c.get("new") == nil {
		t.Errorf("a new string: want no stable image, and get to make one")
	}
	for range keep + 61 {
		c.stable(strs[1])
		c.endFrame()
	}
	if _, ok := c.m[strs[0]]; ok {
		t.Errorf("%q not drawn for %d frames: still cached", strs[0], keep+61)
	}
	if c.m[strs[1]] == nil {
		t.Errorf("%q drawn every frame was forgotten", strs[1])
	}
}

// The glyph sheet fills up: a rune that finds no room is not drawn from
// it (draw reports false and the text comes from its own image), and runes
// already in it still are.
func TestGlyphSheet_FullFallsBack(t *testing.T) {
	var s glyphSheet
	s.init()
	var i rune
	for ; !s.full && i < 5000; i++ {
		s.glyph(0x4E00 + i)
	}
	if !s.full {
		t.Fatalf("5000 CJK runes did not fill a %d px sheet", sheetSize)
	}
	if i < 150 {
		t.Errorf("the sheet held only %d CJK runes", i)
	}
	dst := ebiten.NewImage(64, 16)
	if s.draw(dst, string(rune(0x4E00+i+1)), 0, 0, 1, ebiten.ColorScale{}) {
		t.Errorf("a rune past the full sheet: drawn from the sheet")
	}
	if !s.draw(dst, "Ab"+string(rune(0x4E00)), 0, 0, 1, ebiten.ColorScale{}) {
		t.Errorf("runes already in the full sheet: not drawn from it")
	}
}

// When the string sheet is full it starts again: texts packed before are
// no longer drawn from it (stable gives nil, they are drawn from the glyph
// sheet) until packed again, within the frame budget; a text wider than
// the sheet is never packed.
func TestStringSheet_StartsAgainWhenFull(t *testing.T) {
	var c textCache
	first := "first text"
	for range stableAfter {
		c.stable(first)
		c.endFrame()
	}
	if c.stable(first) == nil {
		t.Fatalf("%q not packed after %d frames", first, stableAfter)
	}
	gen := strs.gen
	for i := 0; strs.gen == gen && i < 10000; i++ { // fill the sheet with stable texts
		s := fmt.Sprintf("filler %d %s", i, strings.Repeat("x", 40))
		c.m[s] = &cachedText{seen: c.frame - stableAfter}
		c.made = 0
		c.stable(s)
	}
	if strs.gen == gen {
		t.Fatal("the sheet never started again")
	}
	c.made = madeMax // this frame's budget is spent: the old text waits
	if c.stable(first) != nil {
		t.Errorf("%q after the sheet started again, budget spent: still drawn from the sheet", first)
	}
	c.endFrame()
	if c.stable(first) == nil {
		t.Errorf("%q the next frame: not packed again", first)
	}
	wide := strings.Repeat("W", 200) // 1200 px
	c.m[wide] = &cachedText{seen: c.frame - stableAfter}
	if c.stable(wide) != nil {
		t.Errorf("a text wider than the sheet was packed")
	}
}
