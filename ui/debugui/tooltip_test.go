// SPDX-License-Identifier: Apache-2.0

package debugui

import (
	"fmt"
	"image"
	"testing"
)

// A tooltip shows once the pointer has rested on its widget for tipDelay
// Updates, not while pressed, and goes when the pointer leaves (soundworld).
func TestTooltip_ShowsAfterRest(t *testing.T) {
	u := newFakeUI(t)
	ctx, ptr := &u.ctx, &u.ptr
	frame := func() {
		u.docked("tips", image.Rect(0, 0, 300, 200), func(ctx *Context, _ ContainerLayout) {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Text("Ambient8 bed")
			ctx.Tooltip("table 0x20000005\nwave 0x0A000012")
			ctx.Text("no tip here")
		})
	}
	frame()
	ptr.pos = image.Pt(60, defaultStyle.titleHeight+defaultStyle.padding+5) // on the first text row
	for i := 0; i < tipDelay; i++ {
		frame()
		if got := ctx.TooltipShown(); got != "" {
			t.Fatalf("after %d Updates: tip %q shown, want none before %d", i+1, got, tipDelay)
		}
	}
	frame()
	if got := ctx.TooltipShown(); got != "table 0x20000005\nwave 0x0A000012" {
		t.Errorf("rested: got %q, want the ids", got)
	}
	ptr.down = true
	frame()
	if got := ctx.TooltipShown(); got != "" {
		t.Errorf("pressed: got %q, want none", got)
	}
	ptr.down = false
	ptr.pos.Y += lineHeight() + defaultStyle.spacing + 2 // the second row, which has no tip
	for i := 0; i <= tipDelay; i++ {
		frame()
	}
	if got := ctx.TooltipShown(); got != "" {
		t.Errorf("on a row without a tip: got %q, want none", got)
	}
}

// A row whose text changes every frame (live numbers) still shows its tip
// after the delay, with the latest text.
func TestTooltip_LiveTextStillShows(t *testing.T) {
	u := newFakeUI(t)
	ctx, ptr := &u.ctx, &u.ptr
	n := 0
	frame := func() {
		n++
		u.docked("tips", image.Rect(0, 0, 300, 200), func(ctx *Context, _ ContainerLayout) {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Text("next search")
			ctx.Tooltip(fmt.Sprintf("slot %d", n))
		})
	}
	frame() // the panel's first frame places it
	ptr.pos = image.Pt(60, defaultStyle.titleHeight+defaultStyle.padding+5)
	for i := 0; i <= tipDelay; i++ {
		frame()
	}
	if got, want := ctx.TooltipShown(), fmt.Sprintf("slot %d", n); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
