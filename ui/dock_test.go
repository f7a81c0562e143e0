package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/internal/outputs/pipetest"
	"soundworld/ui/dock"
	"soundworld/world"
)

// Issue 13 item 2 with the real panel list: at 900×600, 1280×720 and
// 1920×1080 every panel is inside the window, clear of the status bar and of
// the others, and the map area is at least 40 % of the width.
func TestPanels_DockAtThreeSizes(t *testing.T) {
	for _, sz := range []image.Point{{900, 600}, {1280, 720}, {1920, 1080}} {
		u := New(&fakeHost{}, NewState())
		u.SetScreen(sz.X, sz.Y)
		r := u.Layout()
		win := image.Rect(0, 0, sz.X, sz.Y-dock.Status)
		for i, a := range r.Rects {
			if a.Dy() < dock.Title || !a.In(win) {
				t.Errorf("%v: %s got %v, want at least a title bar inside %v", sz, u.panels[i].Name, a, win)
			}
			for j := i + 1; j < len(r.Rects); j++ {
				if a.Overlaps(r.Rects[j]) {
					t.Errorf("%v: %s overlaps %s", sz, u.panels[i].Name, u.panels[j].Name)
				}
			}
		}
		if r.Map.Dx() < sz.X*4/10 {
			t.Errorf("%v: map area %v narrower than 40%%", sz, r.Map)
		}
	}
}

// The arrangement round-trips through the settings file (snake_case JSON),
// and a bad file is an error naming it.
func TestSettings_RoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "window.json")
	st := NewState()
	u := New(&fakeHost{}, st)
	u.setCollapsed(0, true) // Controls folded by the user
	if !u.TakeChanged() || u.TakeChanged() {
		t.Errorf("TakeChanged: want true once")
	}
	if err := u.SaveSettings(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"collapsed": true`) || !strings.Contains(string(b), `"edge": "left"`) {
		t.Errorf("settings file got %s, want snake_case keys with Controls collapsed", b)
	}
	st2 := NewState()
	if err := LoadSettings(path, st2); err != nil {
		t.Fatal(err)
	}
	u2 := New(&fakeHost{}, st2)
	if !u2.panels[0].Collapsed || u2.panels[1].Collapsed {
		t.Errorf("loaded: got Controls %v Emitters %v, want folded, open", u2.panels[0].Collapsed, u2.panels[1].Collapsed)
	}
	if err := LoadSettings(filepath.Join(dir, "none.json"), NewState()); err != nil {
		t.Errorf("missing file: got %v, want nil (defaults)", err)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"panels":[{"name":"Voices","edge":"top"}]}`), 0o644)
	if err := LoadSettings(bad, NewState()); err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "top") {
		t.Errorf("bad edge: got %v, want an error naming the file and the edge", err)
	}
	// A named pipe is refused at once (opening it would wait for a writer
	// forever, before the window opens).
	pipetest.RefusedAtOnce(t, "window.json", func(p string) error { return LoadSettings(p, NewState()) })
}

// Unfolding a panel that was folded for lack of room folds the other open
// panels of its column (accordion), so it gets the room.
func TestPanels_AccordionWhenSmall(t *testing.T) {
	u := New(&fakeHost{}, NewState())
	u.SetScreen(900, 360)
	r := u.Layout()
	auto := -1
	for i := range u.panels {
		if r.Auto[i] {
			auto = i
		}
	}
	if auto < 0 {
		t.Fatalf("900×360: got no panel folded for lack of room, want one")
	}
	u.setCollapsed(auto, false)
	r = u.Layout()
	if r.Folded[auto] {
		t.Errorf("after unfolding %s: still folded (%v)", u.panels[auto].Name, r.Rects[auto])
	}
}

// Issue 13 item 2: a panel moves to another edge from its title bar's arrows
// (pressed with a fake pointer, frame by frame), the move is saved in the
// settings file, the press does not fold the panel, and at 900×600, 1280×720
// and 1920×1080 the moved panels sit at their new edges, inside the window
// above the status bar and clear of each other.
func TestPanels_MoveToAnotherEdgeInTheWindow(t *testing.T) {
	find := func(u *UI, name string) int {
		for i, p := range u.panels {
			if p.Name == name {
				return i
			}
		}
		t.Fatalf("no panel %s", name)
		return -1
	}
	for _, sz := range []image.Point{{900, 600}, {1280, 720}, {1920, 1080}} {
		st := NewState()
		u := New(&fakeHost{}, st)
		u.SetScreen(sz.X, sz.Y)
		s := &world.Snapshot{Prefs: audio.DefaultPrefs()}
		frame := func(p image.Point, down bool) {
			u.dbg.SetPointer(p.X, p.Y, down)
			if _, err := u.Update(s); err != nil {
				t.Fatal(err)
			}
		}
		// click presses and releases at the k-th title button from the right
		// of panel i (each button: its 6 px glyph + 6, 2 px apart).
		click := func(i, k int) {
			r := u.Layout().Rects[i]
			p := image.Pt(r.Max.X-2-6-k*14, r.Min.Y+dock.Title/2)
			frame(p, false)
			frame(p, true)
			frame(p, false)
			frame(image.Pt(sz.X/2, sz.Y/2), false)
		}
		frame(image.Pt(sz.X/2, sz.Y/2), false)
		voices, controls := find(u, "Voices"), find(u, "Controls")
		if sz.X == 1280 { // resting on Voices' "↓" shows what it does
			r := u.Layout().Rects[voices]
			for i := 0; i < 25; i++ {
				frame(image.Pt(r.Max.X-8, r.Min.Y+dock.Title/2), false)
			}
			if got := u.dbg.TooltipShown(); got != "dock at the bottom" {
				t.Errorf("tooltip on Voices' ↓: got %q, want %q", got, "dock at the bottom")
			}
		}
		click(voices, 0)   // Voices (right): "↓", the last button
		click(controls, 1) // Controls (left): "→", the first of "→ ↓"
		if u.panels[voices].Edge != dock.Bottom || u.panels[controls].Edge != dock.Right {
			t.Fatalf("%v: Voices %v, Controls %v; want bottom, right", sz, u.panels[voices].Edge, u.panels[controls].Edge)
		}
		if u.panels[voices].Collapsed || u.panels[controls].Collapsed {
			t.Errorf("%v: a title-bar arrow folded its panel", sz)
		}
		if !u.TakeChanged() {
			t.Errorf("%v: the move did not ask for the settings to be saved", sz)
		}
		path := filepath.Join(t.TempDir(), "window.json")
		if err := u.SaveSettings(path); err != nil {
			t.Fatal(err)
		}
		st2 := NewState()
		if err := LoadSettings(path, st2); err != nil {
			t.Fatal(err)
		}
		if st2.Panels["Voices"].Edge != dock.Bottom || st2.Panels["Controls"].Edge != dock.Right {
			t.Errorf("%v: settings file read back Voices %v Controls %v", sz, st2.Panels["Voices"].Edge, st2.Panels["Controls"].Edge)
		}

		r := u.Layout()
		win := image.Rect(0, 0, sz.X, sz.Y-dock.Status)
		if v := r.Rects[voices]; v.Max.Y != r.Status.Min.Y-dock.Gap || v.Min.X < r.Map.Min.X || v.Max.X > r.Map.Max.X {
			t.Errorf("%v: Voices at the bottom got %v, want in the strip above the status bar %v within the map's columns %v", sz, v, r.Status, r.Map)
		}
		if c := r.Rects[controls]; c.Max.X != sz.X-dock.Gap {
			t.Errorf("%v: Controls on the right got %v, want against the right edge", sz, c)
		}
		for i, a := range r.Rects {
			if a.Dy() < dock.Title || !a.In(win) {
				t.Errorf("%v: %s got %v, want at least a title bar inside %v", sz, u.panels[i].Name, a, win)
			}
			for j := i + 1; j < len(r.Rects); j++ {
				if a.Overlaps(r.Rects[j]) {
					t.Errorf("%v: %s %v overlaps %s %v", sz, u.panels[i].Name, a, u.panels[j].Name, r.Rects[j])
				}
			}
		}
		if r.Map.Dx() < sz.X*4/10 {
			t.Errorf("%v: map area %v narrower than 40%%", sz, r.Map)
		}
	}
}
