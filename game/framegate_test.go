package game

import "testing"

// Under ebiten.RunGame only the first Update after each Layout (one per
// frame) works; the repeats ebiten makes for slow frames see the same input
// and do nothing (frameGate). Called directly (tests), every Update works.
func TestFrameGate_OneUpdatePerFrame(t *testing.T) {
	g := standInGame(t)
	for range 3 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if g.frame != 3 {
		t.Fatalf("not live: %d frames from 3 Updates, want 3", g.frame)
	}
	g.frames.live = true
	g.Layout(Width, Height)
	for range 4 { // one slow frame: ebiten catches up with 4 Updates
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if g.frame != 4 {
		t.Errorf("live, one frame of 4 Updates: %d frames, want 4 (3 + 1)", g.frame)
	}
	g.Layout(Width, Height)
	g.Update()
	g.Update()
	if g.frame != 5 {
		t.Errorf("live, the next frame: %d frames, want 5", g.frame)
	}
}
