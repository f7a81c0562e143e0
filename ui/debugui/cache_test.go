// SPDX-License-Identifier: Apache-2.0

package debugui

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// A window whose commands (keys included) are the same as the frame before
// is drawn from its cached image: its keyed drawing runs once more to fill
// the image, then not at all while nothing changes. A changed key, or an
// unkeyed drawing, draws again (soundworld). (Pixels: ReadPixels needs the
// game loop, which this package's tests do not run; the window's
// `shot -panels all` picture was compared, 0 px differ.)
func TestWindowCache_RedrawsOnlyOnChange(t *testing.T) {
	u := newFakeUI(t)
	u.ptr.pos = image.Pt(900, 700) // off the window: no hover colours
	calls := 0
	key := "first"
	unkeyed := false
	screen := ebiten.NewImage(640, 360)
	frame := func() {
		t.Helper()
		u.docked("cached", image.Rect(10, 10, 310, 210), func(ctx *Context, _ ContainerLayout) {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Text("a line of text")
			ctx.Button("a button")
			draw := func(screen *ebiten.Image) {
				calls++
				screen.SubImage(image.Rect(20, 120, 60, 140)).(*ebiten.Image).Fill(color.RGBA{200, 40, 40, 255})
			}
			if unkeyed {
				ctx.DrawOnlyWidget(draw)
			} else {
				ctx.DrawOnlyWidgetKeyed(key, draw)
			}
		})
		screen.Fill(color.RGBA{0, 90, 0, 255}) // a map under the translucent window
		u.ctx.draw(screen)
	}
	// The first frames lay the window out (its content size is known
	// after one); then the commands settle.
	for i := 0; i < 4; i++ {
		frame()
	}
	// count runs n frames and returns how often the keyed drawing ran.
	count := func(n int) int {
		before := calls
		for i := 0; i < n; i++ {
			frame()
		}
		return calls - before
	}
	if n := count(5); n != 0 {
		t.Fatalf("unchanged window: the drawing ran %d times in 5 frames, want 0 (cached)", n)
	}
	key = "second"
	if n := count(1); n != 1 {
		t.Fatalf("changed key: the drawing ran %d times that frame, want 1 (straight onto the screen)", n)
	}
	if n := count(1); n != 1 {
		t.Fatalf("the frame after: ran %d times, want 1 (filling the cache)", n)
	}
	if n := count(5); n != 0 {
		t.Fatalf("unchanged again: ran %d times in 5 frames, want 0", n)
	}
	unkeyed = true
	if n := count(5); n != 5 {
		t.Fatalf("unkeyed drawing: ran %d times in 5 frames, want 5 (every frame)", n)
	}
}
