package game

import (
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"soundworld/ambientviz"
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

// labelByTextDraw is how ambientviz made a map label before LabelPixels:
// the halo's 4 copies (black, 0.8 alpha) and the text in c, each with
// text.Draw into a new image.
func labelByTextDraw(s string, c color.RGBA) *ebiten.Image {
	face := ambientviz.Face
	m := face.Metrics()
	w := int(math.Ceil(text.Advance(s, face))) + 2
	h := int(math.Ceil(m.HAscent+m.HDescent)) + 2
	img := ebiten.NewImage(w, h)
	op := &text.DrawOptions{}
	op.ColorScale.Scale(0, 0, 0, 0.8)
	for _, d := range [][2]float64{{0, 1}, {2, 1}, {1, 0}, {1, 2}} {
		op.GeoM.Reset()
		op.GeoM.Translate(d[0], d[1])
		text.Draw(img, s, face, op)
	}
	op.GeoM.Reset()
	op.GeoM.Translate(1, 1)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	text.Draw(img, s, face, op)
	return img
}

// The map labels' CPU-drawn images (ambientviz.LabelPixels) have exactly the
// pixels of drawing them with text.Draw on the GPU: every printable ASCII
// character alone and between others, the non-ASCII ones the window uses,
// status-bar lines, in the label colours the map uses.
func TestLabelPixels_SameAsTextDraw(t *testing.T) {
	var ascii []rune
	for r := rune(0x20); r < 0x7F; r++ {
		ascii = append(ascii, r)
	}
	strs := []string{string(ascii), "×−→—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ", "Overview: 65025 / 65025 landblocks painted",
		"listener 12.3N 45.6E  cell 0xA9B4001C (12.0, 3.5) z 40.0 m  hdg 270°  |  t 1.25 s  1x (wall clock)  60 FPS",
		"0xA9B4", "jj ff ll WW ii gjpqy", "", " ", "i"}
	for _, r := range ascii {
		strs = append(strs, string(r)+"W"+string(r), string(r))
	}
	cols := []color.RGBA{{0xff, 0xff, 0xff, 0xff}, {0xe8, 0xe8, 0xe8, 0xff}, {0xff, 0xc0, 0x40, 0xff}, {0x30, 0x90, 0xff, 0xff}, {0, 0, 0, 0xff}}
	for i, s := range strs {
		c := cols[i%len(cols)]
		want := labelByTextDraw(s, c)
		got := ambientviz.LabelPixels(s, c)
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%q: bounds %v, want %v", s, got.Bounds(), want.Bounds())
		}
		pw := pixels(want)
		bad, first := 0, -1
		for j := range pw.Pix {
			if got.Pix[j] != pw.Pix[j] {
				if bad == 0 {
					first = j
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%q in %v: %d bytes differ from text.Draw's (first at byte %d: got %d, want %d)", s, c, bad, first, got.Pix[first], pw.Pix[first])
		}
		want.Deallocate()
	}
}
