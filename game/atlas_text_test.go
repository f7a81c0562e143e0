package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"soundworld/ambientviz"
	"soundworld/ui/debugui"
	"soundworld/ui/textdraw"
)

// widgetLineH is a widget text image's height: the line and 1 px, as
// RasterText's callers size it.
func widgetLineH() int {
	m := text.NewGoXFace(bitmapfont.Face).Metrics()
	return int(math.Ceil(m.HAscent+m.HDescent+m.HLineGap)) + 1
}

// sampleTexts is printable ASCII in one run, the window's non-ASCII
// symbols, two status lines, a run of kerning pairs, then extra, then each
// printable ASCII character between two W's.
func sampleTexts(extra ...string) []string {
	var ascii []rune
	for r := rune(0x20); r < 0x7F; r++ {
		ascii = append(ascii, r)
	}
	strs := []string{string(ascii), "×−→—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ", "Overview: 65025 / 65025 landblocks painted",
		"0xA9B4 cell 3,5  hdg 270°  12.5 m/px", "jj ff ll WW ii"}
	strs = append(strs, extra...)
	for _, r := range ascii {
		strs = append(strs, string(r)+"W"+string(r))
	}
	return strs
}

// RasterText (the panels' text images drawn on the CPU, uploaded as source
// images) has exactly the pixels text.Draw gives into a new image, for
// every printable ASCII character and the non-ASCII ones the window's texts
// use, alone and in runs (kerning, adjacent glyphs).
func TestRasterText_SameAsTextDraw(t *testing.T) {
	face, h := text.NewGoXFace(bitmapfont.Face), widgetLineH()
	strs := sampleTexts("", " ")
	for _, s := range strs {
		w := int(math.Ceil(text.Advance(s, face))) + 1
		want := ebiten.NewImage(max(1, w), h)
		text.Draw(want, s, face, &text.DrawOptions{})
		got := textdraw.RasterText(s, w, h)
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%q: bounds %v, want %v", s, got.Bounds(), want.Bounds())
		}
		if bad, _ := diffBytes(pixels(got).Pix, pixels(want).Pix); bad > 0 {
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
		if bad, first := diffBytes(got.Pix, pw.Pix); bad > 0 {
			t.Errorf("%q in %v: %d bytes differ from text.Draw's (first at byte %d: got %d, want %d)", s, c, bad, first, got.Pix[first], pw.Pix[first])
		}
		want.Deallocate()
	}
}

// Texts drawn from debugui's glyph sheet (DrawString: a quad per glyph) have
// exactly the pixels of drawing the text's own RasterText image tinted the
// same way: every printable ASCII character alone and between others, the
// window's non-ASCII ones, status lines, at several positions (one crossing
// the target's edge, one clipped by a SubImage) and in several colours,
// over a background. A rune outside the preloaded set (added to the sheet
// when first drawn) too.
func TestDrawString_SameAsRasterText(t *testing.T) {
	face, h := text.NewGoXFace(bitmapfont.Face), widgetLineH()
	strs := sampleTexts(" ", "Ωµ¶ 森", "voices sounding 16/16")
	// Last, as it fills the sheet for the rest of the process: 800 distinct
	// CJK runes, more than the sheet holds; the text then comes from its own
	// image, with the same pixels.
	var cjk []rune
	for i := range 800 {
		cjk = append(cjk, rune(0x4E00+3*i))
	}
	strs = append(strs, string(cjk[:50]), string(cjk), "after the sheet is full: Ωµ¶ 森 "+string(cjk[700:]))
	colours := []color.RGBA{{230, 230, 230, 255}, {255, 200, 80, 255}, {60, 120, 255, 255}, {100, 100, 100, 128}}
	bg := color.RGBA{20, 40, 60, 255}
	const W, H = 700, 24
	for i, s := range strs {
		c := colours[i%len(colours)]
		for _, at := range [][2]int{{3, 2}, {0, 0}, {-7, 5}, {W - 40, 1}} {
			want, got := ebiten.NewImage(W, H), ebiten.NewImage(W, H)
			want.Fill(bg)
			got.Fill(bg)
			w := int(math.Ceil(text.Advance(s, face))) + 1
			img := textdraw.RasterText(s, w, h)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(at[0]), float64(at[1]))
			op.ColorScale.ScaleWithColor(c)
			clip := image.Rect(0, 0, W, H)
			if at == [2]int{3, 2} {
				clip = image.Rect(10, 4, W-100, H) // a SubImage clips, as the panels' cells do
			}
			want.SubImage(clip).(*ebiten.Image).DrawImage(img, op)
			textdraw.DrawString(got.SubImage(clip).(*ebiten.Image), s, float64(at[0]), float64(at[1]), c)
			if bad, _ := diffBytes(pixels(got).Pix, pixels(want).Pix); bad > 0 {
				t.Errorf("%q at %v in %v: %d bytes differ from its RasterText image's", s, at, c, bad)
			}
			img.Deallocate()
			want.Deallocate()
			got.Deallocate()
		}
	}
}

// A new opaque map label (ambientviz.Label's first frames: drawn from the
// glyph sheet, its halo's 4 copies and then the text, straight onto the
// map) has the pixels of its label image (LabelPixels) composited there,
// within 1 of 255 per channel (the image rounds the halo to 8 bits once,
// the copies are rounded as they blend), over several backgrounds and at
// positions that round both ways.
func TestGlyphLabel_SameAsLabelImage(t *testing.T) {
	var ascii []rune
	for r := rune(0x21); r < 0x7F; r++ {
		ascii = append(ascii, r)
	}
	strs := []string{string(ascii), "×−→—°·…≥–±§≤≈π²Σ▾▸≠√↔ⁿθ", "Overview: 65025 / 65025 landblocks painted",
		"0xA9B4", "jj ff ll WW ii gjpqy", "i"}
	cols := []color.RGBA{{0xff, 0xff, 0xff, 0xff}, {0xff, 0xc0, 0x40, 0xff}, {0x30, 0x90, 0xff, 0xff}}
	bgs := []color.RGBA{{20, 40, 60, 255}, {200, 180, 90, 255}, {255, 255, 255, 255}, {0, 0, 0, 255}}
	const W, H = 700, 24
	worst := 0
	for i, s := range strs {
		c := cols[i%len(cols)]
		for j, bg := range bgs {
			at := [][2]float64{{4, 3}, {10.4, 5.6}, {-3.5, 2.5}, {W - 60, 1}}[j]
			want, got := ebiten.NewImage(W, H), ebiten.NewImage(W, H)
			want.Fill(bg)
			got.Fill(bg)
			img := ebiten.NewImageFromImage(ambientviz.LabelPixels(s, c))
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(math.Round(at[0])-1, math.Round(at[1])-1)
			want.DrawImage(img, op)
			ambientviz.Label(got, s, at[0], at[1], c) // new to the label cache: the glyph path
			pg, pw := pixels(got), pixels(want)
			for k := range pw.Pix {
				d := int(pg.Pix[k]) - int(pw.Pix[k])
				worst = max(worst, d, -d)
				if d > 1 || d < -1 {
					t.Errorf("%q in %v over %v at %v: byte %d is %d, the image's %d", s, c, bg, at, k, pg.Pix[k], pw.Pix[k])
					break
				}
			}
			img.Deallocate()
			want.Deallocate()
			got.Deallocate()
		}
	}
	t.Logf("largest difference: %d of 255", worst)
}

// A widget text drawn frame after frame moves from the glyph sheet to the
// string sheet (after its first 3 frames) with the same pixels as its own
// RasterText image; so does one packed after the string sheet filled up
// and started again.
func TestDrawString_StableTextSamePixels(t *testing.T) {
	var d debugui.DebugUI // its Draw ends a text frame
	scratch := ebiten.NewImage(8, 8)
	face, h := text.NewGoXFace(bitmapfont.Face), widgetLineH()
	c := color.RGBA{230, 230, 230, 255}
	bg := color.RGBA{20, 40, 60, 255}
	check := func(s string, what string) {
		t.Helper()
		const W, H = 700, 24
		want, got := ebiten.NewImage(W, H), ebiten.NewImage(W, H)
		want.Fill(bg)
		got.Fill(bg)
		img := textdraw.RasterText(s, int(math.Ceil(text.Advance(s, face)))+1, h)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(5, 3)
		op.ColorScale.ScaleWithColor(c)
		want.DrawImage(img, op)
		textdraw.DrawString(got, s, 5, 3, c)
		pg, pw := pixels(got), pixels(want)
		for k := range pw.Pix {
			if pg.Pix[k] != pw.Pix[k] {
				t.Errorf("%s %q: byte %d is %d, its own image's %d", what, s, k, pg.Pix[k], pw.Pix[k])
				break
			}
		}
		img.Deallocate()
		want.Deallocate()
		got.Deallocate()
	}
	strs := []string{"Ambient8 bed  -8 dB pan +0", "next search from slot 2  dropped (all 16 busy) 0", "×−→ 0xA9B40019"}
	for f := range 5 { // frames 0-2 from the glyph sheet, then packed
		for _, s := range strs {
			check(s, fmt.Sprintf("frame %d:", f))
		}
		d.Draw(scratch)
	}
	// Fill the string sheet (1024 × 512 px, rows of one line) with new
	// texts until it starts again, then the first texts are packed anew.
	for i := range 60 {
		var long []string
		for j := range 8 {
			long = append(long, fmt.Sprintf("filler %03d-%d %s", i, j, strings.Repeat("x", 60)))
		}
		for f := range 4 {
			for _, s := range long {
				textdraw.DrawString(scratch, s, 0, 0, c)
			}
			if f == 3 {
				for _, s := range strs {
					check(s, fmt.Sprintf("filler %d:", i))
				}
			}
			d.Draw(scratch)
		}
	}
}

// diffBytes counts the bytes of want that got differs in (got at least as
// long) and gives the first one's index (−1: none).
func diffBytes(got, want []byte) (n, first int) {
	first = -1
	for i := range want {
		if got[i] != want[i] {
			if n == 0 {
				first = i
			}
			n++
		}
	}
	return n, first
}
