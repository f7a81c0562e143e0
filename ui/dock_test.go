package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/ui/dock"
)

// Issue 13 item 2 with the real panel list: at 900×600, 1280×720 and
// 1920×1080 every panel is inside the window, clear of the status bar and of
// the others, and the map area is at least 40 % of the width.
func TestPanels_DockAtThreeSizes(t *testing.T) {
	for _, sz := range []image.Point{{900, 600}, {1280, 720}, {1920, 1080}} {
		u := New(&fakeHost{}, NewState(1, 2))
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
	st := NewState(1, 2)
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
	st2 := NewState(1, 2)
	if err := LoadSettings(path, st2); err != nil {
		t.Fatal(err)
	}
	u2 := New(&fakeHost{}, st2)
	if !u2.panels[0].Collapsed || u2.panels[1].Collapsed {
		t.Errorf("loaded: got Controls %v Emitters %v, want folded, open", u2.panels[0].Collapsed, u2.panels[1].Collapsed)
	}
	if err := LoadSettings(filepath.Join(dir, "none.json"), NewState(1, 2)); err != nil {
		t.Errorf("missing file: got %v, want nil (defaults)", err)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"panels":[{"name":"Voices","edge":"top"}]}`), 0o644)
	if err := LoadSettings(bad, NewState(1, 2)); err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "top") {
		t.Errorf("bad edge: got %v, want an error naming the file and the edge", err)
	}
}

// Unfolding a panel that was folded for lack of room folds the other open
// panels of its column (accordion), so it gets the room.
func TestPanels_AccordionWhenSmall(t *testing.T) {
	u := New(&fakeHost{}, NewState(1, 2))
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
