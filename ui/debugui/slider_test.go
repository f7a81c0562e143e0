// SPDX-License-Identifier: Apache-2.0

package debugui

import (
	"fmt"
	"image"
	"sort"
	"testing"
)

// sliderRig is a docked panel with two sliders a and b in consecutive rows,
// a checkbox, and a header (unfolded) holding slider c, driven by a fake
// pointer one frame (Update) at a time, as ebiten's polled mouse would be.
type sliderRig struct {
	t         *testing.T
	ctx       Context
	ptr       fakePointer
	a, b, c   float64
	check     bool
	folded    bool
	headerOff bool // the header was folded
	rects     map[string]image.Rectangle
}

func newSliderRig(t *testing.T) *sliderRig {
	r := &sliderRig{t: t, a: 0.5, b: 0.5, c: 0.5}
	r.ctx.pointing.fake = &r.ptr
	r.frame() // lay out once, then learn where things are
	r.frame()
	r.rects = r.places()
	return r
}

func (r *sliderRig) frame() {
	r.t.Helper()
	_, err := r.ctx.update(func(ctx *Context) error {
		ctx.DockedWindow("rig", image.Rect(0, 0, 300, 400), &r.folded, func(ContainerLayout) {
			ctx.SetGridLayout([]int{80, -1}, nil)
			ctx.Text("a")
			ctx.SliderF(&r.a, 0, 1, 0.01, 2)
			ctx.Text("b")
			ctx.SliderF(&r.b, 0, 1, 0.01, 2)
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Checkbox(&r.check, "check")
			r.headerOff = true
			ctx.Header("H", true, func() {
				r.headerOff = false
				ctx.SetGridLayout([]int{80, -1}, nil)
				ctx.Text("c")
				ctx.SliderF(&r.c, 0, 1, 0.01, 2)
			})
		})
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
}

// places names the body's interactive widgets by their order down the panel.
func (r *sliderRig) places() map[string]image.Rectangle {
	var body []image.Rectangle
	for _, w := range r.ctx.lastFrame {
		if w.bounds.Min.Y >= defaultStyle.titleHeight && w.bounds.Dx() > 0 {
			body = append(body, w.bounds)
		}
	}
	sort.Slice(body, func(i, j int) bool { return body[i].Min.Y < body[j].Min.Y })
	if len(body) < 5 {
		r.t.Fatalf("found %d body widgets, want a, b, check, header, c: %v", len(body), body)
	}
	// the checkbox is placed twice (Checkbox handles its input twice)
	m := map[string]image.Rectangle{"a": body[0], "b": body[1], "check": body[2]}
	i := 3
	for body[i] == body[2] {
		i++
	}
	m["header"], m["c"] = body[i], body[i+1]
	return m
}

// at is the point at fraction f along slider name's track, mid-row.
func (r *sliderRig) at(name string, f float64) image.Point {
	b := r.rects[name]
	w := b.Dx() - defaultStyle.thumbSize
	return image.Pt(b.Min.X+defaultStyle.thumbSize/2+int(f*float64(w)), (b.Min.Y+b.Max.Y)/2)
}

func (r *sliderRig) move(p image.Point, down bool) {
	r.ptr.pos, r.ptr.down = p, down
	r.frame()
}

func near(a, b float64) bool { return a-b < 0.015 && b-a < 0.015 }

// Issue 13 item 4, one slider at a time: a slider moves only while the press
// that began on it is held, and a new press belongs to the widget under it.
// Driven frame by frame through a fake pointer.
func TestOneSliderAtATime(t *testing.T) {
	t.Run("a held drag follows to its last position; b stays", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(r.at("a", 0.2), false)
		r.move(r.at("a", 0.2), true)
		for _, f := range []float64{0.3, 0.5, 0.7, 0.9, 0.9} { // held still a frame before the release
			r.move(r.at("a", f), true)
		}
		r.move(r.at("a", 0.9), false)
		if !near(r.a, 0.9) || r.b != 0.5 {
			t.Errorf("a %.2f b %.2f, want 0.90 0.50", r.a, r.b)
		}
	})
	t.Run("hover the title bar, then move onto a and press in one frame: a follows, the panel stays open", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(image.Pt(40, 5), false) // on the title bar (a click there folds the panel)
		r.move(r.at("a", 0.2), true)
		r.move(r.at("a", 0.6), true)
		r.move(r.at("a", 0.6), true)
		r.move(r.at("a", 0.6), false)
		if r.folded || !near(r.a, 0.6) {
			t.Errorf("folded %v a %.2f, want open and 0.60 (upstream folded the panel: the drag kept the first value)", r.folded, r.a)
		}
	})
	t.Run("the button seen up a frame after the pointer moved away: the slider keeps the held position", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(r.at("a", 0.2), true)
		r.move(r.at("a", 0.4), true)
		r.move(r.at("a", 0.4), true)
		// X11: the release is not processed yet but the cursor query already
		// sees the pointer on the map far right (xdotool mouseup; mousemove)
		r.move(image.Pt(1000, r.at("a", 0).Y), true)
		r.move(image.Pt(1000, r.at("a", 0).Y), false)
		if !near(r.a, 0.4) {
			t.Errorf("a %.2f, want 0.40 (the pointer's place after the release is not the slider's)", r.a)
		}
	})
	t.Run("move onto b and press in one frame: only b moves (stale hover)", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(r.at("a", 0.5), false) // hovering a
		r.move(r.at("b", 0.8), true)  // moved to b and pressed before the next frame
		r.move(r.at("b", 0.8), false)
		if r.a != 0.5 || !near(r.b, 0.8) {
			t.Errorf("a %.2f b %.2f, want 0.50 0.80 (upstream gave the press to a too)", r.a, r.b)
		}
	})
	t.Run("release on a and press on the next row's b in one frame: neither moves", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(r.at("a", 0.2), true)
		r.move(r.at("a", 0.3), true)
		r.move(r.at("b", 0.9), true) // up and down again between two frames: ebiten sees it held
		r.move(r.at("b", 0.7), true)
		r.move(r.at("a", 0.6), true) // back on a's row, still the same (unseen) press
		if !near(r.a, 0.3) || r.b != 0.5 {
			t.Errorf("a %.2f b %.2f, want 0.30 0.50", r.a, r.b)
		}
		r.move(r.at("b", 0.9), false)
		r.move(r.at("b", 0.9), true) // a press now seen belongs to b
		r.move(r.at("b", 0.9), false)
		if !near(r.a, 0.3) || !near(r.b, 0.9) {
			t.Errorf("after a real press on b: a %.2f b %.2f, want 0.30 0.90", r.a, r.b)
		}
	})
	t.Run("press on c inside a header just hovered: the header stays unfolded", func(t *testing.T) {
		r := newSliderRig(t)
		h := r.rects["header"]
		r.move(image.Pt(h.Min.X+20, h.Min.Y+h.Dy()/2), false) // hovering the header
		r.move(r.at("c", 0.9), true)
		r.move(r.at("c", 0.9), false)
		r.frame()
		if r.headerOff || !near(r.c, 0.9) {
			t.Errorf("header folded %v, c %.2f; want unfolded and 0.90 (upstream folded it)", r.headerOff, r.c)
		}
	})
	t.Run("a drag off the row over no widget goes on; past the end clamps", func(t *testing.T) {
		r := newSliderRig(t)
		r.move(r.at("a", 0.5), true)
		p := r.at("a", 0.2)
		p.Y = 390 // below everything in the panel
		r.move(p, true)
		r.move(p, true)
		if !near(r.a, 0.2) {
			t.Errorf("off the row over nothing: a %.2f, want 0.20", r.a)
		}
		r.move(image.Pt(1000, r.at("a", 0).Y), true) // far right, out of the window
		r.move(image.Pt(1000, r.at("a", 0).Y), true)
		r.move(image.Pt(1000, r.at("a", 0).Y), false)
		if r.a != 1 || r.b != 0.5 {
			t.Errorf("past the right end: a %.2f b %.2f, want 1 0.50", r.a, r.b)
		}
	})
	t.Run("a checkbox press moved to in one frame is the checkbox's only", func(t *testing.T) {
		r := newSliderRig(t)
		cb := r.rects["check"]
		r.move(r.at("b", 0.5), false)
		r.move(image.Pt(cb.Min.X+5, cb.Min.Y+cb.Dy()/2), true)
		r.move(image.Pt(cb.Min.X+5, cb.Min.Y+cb.Dy()/2), false)
		if !r.check || r.b != 0.5 || r.a != 0.5 {
			t.Errorf("check %v a %.2f b %.2f, want true 0.50 0.50", r.check, r.a, r.b)
		}
	})
}

// TestFollows tables dragging's decision: a held slider follows on its row,
// and off it unless another widget is under the pointer.
func TestFollows(t *testing.T) {
	bounds := image.Rect(122, 207, 279, 227)
	for _, tc := range []struct {
		name            string
		held            bool
		y               int
		overOther, want bool
	}{
		{"held, on the row", true, 217, false, true},
		{"held, first row pixel", true, 207, true, true},
		{"held, last row pixel", true, 226, true, true},
		{"held, just below, over another widget", true, 227, true, false},
		{"held, just above, over another widget", true, 206, true, false},
		{"held, far below over nothing", true, 500, false, true},
		{"not held", false, 217, false, false},
	} {
		if got := follows(tc.held, tc.y, bounds, tc.overOther); got != tc.want {
			t.Errorf("%s: follows = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A scroll bar thumb dragged with the button held scrolls by the held moves
// only: not by the move onto it before the press, nor by a move the frame
// still sees held after the release (soundworld, as for sliders).
func TestScrollbarDragHeldMovesOnly(t *testing.T) {
	u := newFakeUI(t)
	var layout ContainerLayout
	frame := func(p image.Point, down bool) {
		u.ptr.pos, u.ptr.down = p, down
		u.docked("scroll", image.Rect(0, 0, 300, 200), func(ctx *Context, l ContainerLayout) {
			layout = l
			ctx.SetGridLayout([]int{-1}, nil)
			for i := 0; i < 40; i++ {
				ctx.IDScope(fmt.Sprint(i), func() { ctx.Text("row") })
			}
		})
	}
	frame(image.Pt(150, 100), false)
	frame(image.Pt(150, 100), false)
	bar := image.Pt(layout.BodyBounds.Max.X+defaultStyle.scrollbarSize/2, layout.BodyBounds.Min.Y+4)
	frame(image.Pt(150, 150), false)        // elsewhere
	frame(bar, true)                        // moved onto the thumb and pressed in one frame
	frame(bar.Add(image.Pt(0, 10)), true)   // held: +10
	frame(bar.Add(image.Pt(0, 20)), true)   // held: +10
	frame(bar.Add(image.Pt(0, 20)), true)   // still
	frame(bar.Add(image.Pt(0, 150)), true)  // released and moved on, seen held
	frame(bar.Add(image.Pt(0, 150)), false) // the release
	frame(bar.Add(image.Pt(0, 150)), false)
	cs := layout.ContentSize.Y + 2*defaultStyle.padding
	h := layout.BodyBounds.Dy()
	cnt := u.ctx.idToContainer[widgetID{}.push(idPartFromString("dock:scroll"))]
	if cnt == nil {
		t.Fatal("no container")
	}
	// 20 px of thumb scroll the content 20 × cs/h px (integer steps: ±1 step)
	if got, want := cnt.layout.ScrollOffset.Y, 20*cs/h; got < want-cs/h || got > want+cs/h {
		t.Errorf("scrolled %d px, want %d (20 px of thumb × %d/%d)", got, want, cs, h)
	}
}
