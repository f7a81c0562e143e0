package dock

import (
	"image"
	"testing"
)

// panels is the explorer's set (ui.DefaultPanels' sizes) plus a future
// bottom panel (issue 8's timeline), which must dock by adding an entry.
func panels() []Panel {
	return []Panel{
		{Name: "Controls", Edge: Left, Width: 300, Height: 560, MinHeight: 200},
		{Name: "Emitters", Edge: Left, Width: 300, Height: 260, MinHeight: 120},
		{Name: "Stingers", Edge: Left, Width: 300, Height: 150, MinHeight: 80},
		{Name: "Voices", Edge: Right, Width: 380, Height: 470, MinHeight: 200},
		{Name: "Ambient", Edge: Right, Width: 380, Height: 300, MinHeight: 120, Grow: true},
		{Name: "Timeline", Edge: Bottom, Width: 1, Height: 120},
	}
}

// Issue 13 item 2: at 900×600, 1280×720 and 1920×1080 every panel is inside
// the window, no two overlap, none covers the status bar, which is at the
// bottom and full width, and the map keeps ≥ 40 % of the width.
func TestArrange_ThreeSizes(t *testing.T) {
	for _, sz := range []image.Point{{900, 600}, {1280, 720}, {1920, 1080}} {
		ps := panels()
		r := Arrange(sz.X, sz.Y, ps)
		win := image.Rect(0, 0, sz.X, sz.Y)
		if r.Status != image.Rect(0, sz.Y-Status, sz.X, sz.Y) {
			t.Errorf("%v: status bar got %v, want the bottom %d px", sz, r.Status, Status)
		}
		for i, a := range r.Rects {
			if a.Empty() || !a.In(win) || a.Overlaps(r.Status) {
				t.Errorf("%v: %s got %v, want non-empty, inside %v, clear of the status bar %v", sz, ps[i].Name, a, win, r.Status)
			}
			if a.Overlaps(r.Map) && ps[i].Edge != Bottom {
				t.Errorf("%v: %s %v overlaps the map area %v", sz, ps[i].Name, a, r.Map)
			}
			for j := i + 1; j < len(r.Rects); j++ {
				if a.Overlaps(r.Rects[j]) {
					t.Errorf("%v: %s %v overlaps %s %v", sz, ps[i].Name, a, ps[j].Name, r.Rects[j])
				}
			}
		}
		if r.Map.Dx() < int(0.4*float64(sz.X)) || r.Map.Dy() < sz.Y/3 {
			t.Errorf("%v: map got %v, want ≥ 40%% of the width and a third of the height", sz, r.Map)
		}
	}
}

// At 1920×1080 everything fits at its preferred size; at 900×600 panels fold
// to title bars for lack of room (last first), never off screen.
func TestArrange_FoldsWhenSmall(t *testing.T) {
	ps := panels()
	r := Arrange(1920, 1080, ps)
	// Right column: 1080 − 34 − 4 − 4 = 1038 px; Voices 470 + gap 4 leaves
	// 564 for Ambient, which grows into it.
	if got := r.Rects[4].Dy(); got != 1038-470-Gap {
		t.Errorf("1920×1080: Ambient (grows) got %d px, want %d", got, 1038-470-Gap)
	}
	for i, p := range ps {
		if p.Grow {
			continue
		}
		if r.Folded[i] || r.Rects[i].Dy() != p.Height {
			t.Errorf("1920×1080: %s got %v folded %v, want its %d px", p.Name, r.Rects[i], r.Folded[i], p.Height)
		}
	}
	r = Arrange(900, 600, ps)
	// Left column: 600−34 (status) −4 (top gap) −4 (gap above status) = 558 px
	// for 560+260+150 preferred, 200+120+80 = 400 + 8 gaps minimum: all three stay open, shrunk.
	for i := 0; i < 3; i++ {
		if r.Folded[i] || r.Rects[i].Dy() < ps[i].MinHeight {
			t.Errorf("900×600: %s got %v folded %v, want open ≥ %d px", ps[i].Name, r.Rects[i], r.Folded[i], ps[i].MinHeight)
		}
	}
	r = Arrange(900, 400, ps)
	if !r.Folded[2] || !r.Auto[2] || r.Rects[2].Dy() != Title {
		t.Errorf("900×400: Stingers got %v folded %v auto %v, want folded to its %d px title", r.Rects[2], r.Folded[2], r.Auto[2], Title)
	}
}

// A panel the user folds is its title bar and the others keep their places.
func TestArrange_UserCollapsed(t *testing.T) {
	ps := panels()
	ps[0].Collapsed = true
	r := Arrange(1280, 720, ps)
	if r.Rects[0].Dy() != Title || !r.Folded[0] || r.Auto[0] {
		t.Errorf("collapsed Controls got %v folded %v auto %v, want a %d px title bar, not auto", r.Rects[0], r.Folded[0], r.Auto[0], Title)
	}
	if r.Rects[1].Min.Y != Gap+Title+Gap {
		t.Errorf("Emitters below a folded Controls got y %d, want %d", r.Rects[1].Min.Y, Gap+Title+Gap)
	}
}

// Absurd sizes still give rectangles inside the window.
func TestArrange_TinyWindow(t *testing.T) {
	for _, sz := range []image.Point{{1, 1}, {120, 90}, {400, 100}} {
		r := Arrange(sz.X, sz.Y, panels())
		for i, a := range r.Rects {
			if !a.In(image.Rect(0, 0, sz.X, sz.Y)) && !a.Empty() {
				t.Errorf("%v: panel %d got %v, outside the window", sz, i, a)
			}
		}
	}
}

// A panel moved to the bottom beside folded bottom panels (issue 13 item 2):
// each folded one is a FoldedW title bar, the open one takes the rest of the
// strip between the columns; with none open they share the strip.
func TestArrange_BottomStripFoldedBesideOpen(t *testing.T) {
	ps := panels()
	ps[3].Edge = Bottom // Voices moved to the bottom (Width 380)
	ps = append(ps, Panel{Name: "Meters", Edge: Bottom, Width: 160, Height: 200, Collapsed: true},
		Panel{Name: "Events", Edge: Bottom, Width: 400, Height: 200, Collapsed: true})
	ps[5].Collapsed = true // Timeline
	for _, sz := range []image.Point{{900, 600}, {1280, 720}, {1920, 1080}} {
		r := Arrange(sz.X, sz.Y, ps)
		// The three folded title bars stack in one column at the strip's
		// right end, min(FoldedW, the strip / 2) wide (one open panel + the
		// column), the first folded at the bottom; Voices has the rest.
		full := r.Map.Dx()
		fw := min(FoldedW, full/2)
		for k, i := range []int{5, 6, 7} {
			want := image.Rect(r.Map.Max.X-fw, r.Rects[3].Max.Y-k*(Title+Gap)-Title, r.Map.Max.X, r.Rects[3].Max.Y-k*(Title+Gap))
			if r.Rects[i] != want {
				t.Errorf("%v: folded %s got %v, want %v", sz, ps[i].Name, r.Rects[i], want)
			}
		}
		if got := r.Rects[3].Dx(); got != full-fw-Gap {
			t.Errorf("%v: open Voices got width %d, want the rest %d", sz, got, full-fw-Gap)
		}
		if r.Rects[3].Min.X != r.Map.Min.X || r.Rects[7].Max.X != r.Map.Max.X {
			t.Errorf("%v: strip %v..%v, want the map's columns %v", sz, r.Rects[3], r.Rects[7], r.Map)
		}
		for i, a := range r.Rects {
			for j := i + 1; j < len(r.Rects); j++ {
				if a.Overlaps(r.Rects[j]) {
					t.Errorf("%v: %s %v overlaps %s %v", sz, ps[i].Name, a, ps[j].Name, r.Rects[j])
				}
			}
		}
	}
	// A strip too low for the stack (60 px for three title bars of 24 and
	// two gaps): the folded bars sit side by side right of Voices.
	r := Arrange(1280, 200, ps)
	if r.Rects[5].Min.Y != r.Rects[7].Min.Y || r.Rects[5].Min.X <= r.Rects[3].Max.X || r.Rects[7].Max.X != r.Map.Max.X {
		t.Errorf("low strip: Voices %v, folded %v %v %v; want them side by side right of Voices", r.Rects[3], r.Rects[5], r.Rects[6], r.Rects[7])
	}
	for i, a := range r.Rects {
		for j := i + 1; j < len(r.Rects); j++ {
			if a.Overlaps(r.Rects[j]) {
				t.Errorf("low strip: %s %v overlaps %s %v", ps[i].Name, a, ps[j].Name, r.Rects[j])
			}
		}
	}
	ps[3].Collapsed = true
	r = Arrange(1280, 720, ps)
	if w3, w7 := r.Rects[3].Dx(), r.Rects[7].Dx(); w3 <= FoldedW || w7 <= w3 {
		t.Errorf("all folded: Voices %d, Events %d px; want them to share the strip by Width (380 < 400)", w3, w7)
	}
}

// A column whose panels are all folded is title bars only: it narrows to
// FoldedW+FoldedW/5 px and the map gets the rest; one panel unfolded gives
// the column its full width back.
func TestArrange_AllFoldedColumnNarrows(t *testing.T) {
	ps := panels()
	ps[3].Collapsed, ps[4].Collapsed = true, true // Voices, Ambient
	r := Arrange(1280, 720, ps)
	if got, want := r.Rects[3].Dx(), FoldedW+FoldedW/5; got != want || r.Rects[4].Dx() != want {
		t.Errorf("folded right column: %v %v, want %d px wide", r.Rects[3], r.Rects[4], want)
	}
	if r.Map.Max.X != r.Rects[3].Min.X-Gap {
		t.Errorf("map %v does not reach the narrowed column %v", r.Map, r.Rects[3])
	}
	ps[4].Collapsed = false
	if r := Arrange(1280, 720, ps); r.Rects[3].Dx() <= FoldedW+FoldedW/5 {
		t.Errorf("Ambient open: right column %d px, want its full width back", r.Rects[3].Dx())
	}
}
