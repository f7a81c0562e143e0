package game

import (
	"math"
	"testing"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"soundworld/ui/debugui"
)

// RasterText (the panels' text images drawn on the CPU, uploaded as source
// images) has exactly the pixels text.Draw gives into a new image, for
// every printable ASCII character and the non-ASCII ones the window's texts
// use, alone and in runs (kerning, adjacent glyphs).
func TestRasterText_SameAsTextDraw(t *testing.T) {
	face := text.NewGoXFace(bitmapfont.Face)
	m := face.Metrics()
	h := int(math.Ceil(m.HAscent+m.HDescent+m.HLineGap)) + 1
	var ascii []rune
	for r := rune(0x20); r < 0x7F; r++ {
		ascii = append(ascii, r)
	}
	strs := []string{string(ascii), "×−→—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ", "Overview: 65025 / 65025 landblocks painted",
		"0xA9B4 cell 3,5  hdg 270°  12.5 m/px", "jj ff ll WW ii", "", " "}
	for _, r := range ascii {
		strs = append(strs, string(r)+"W"+string(r))
	}
	for _, s := range strs {
		w := int(math.Ceil(text.Advance(s, face))) + 1
		want := ebiten.NewImage(max(1, w), h)
		text.Draw(want, s, face, &text.DrawOptions{})
		got := debugui.RasterText(s, w, h)
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%q: bounds %v, want %v", s, got.Bounds(), want.Bounds())
		}
		pg, pw := pixels(got), pixels(want)
		bad := 0
		for i := range pw.Pix {
			if pg.Pix[i] != pw.Pix[i] {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%q: %d bytes differ from text.Draw's", s, bad)
		}
		got.Deallocate()
		want.Deallocate()
	}
}
