// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

import (
	"bytes"
	"image"
	"testing"

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
