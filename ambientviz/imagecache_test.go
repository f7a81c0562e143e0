package ambientviz

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestImageCache_ReusesThenFreesUnused(t *testing.T) {
	c := ImageCache[string]{Keep: 60}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	a := c.Get("x", mk)
	if b := c.Get("x", mk); b != a || made != 1 {
		t.Fatalf("second Get: got same=%v made=%d, want the cached image, made 1", b == a, made)
	}
	for range 60 { // used this frame: within Keep, still cached after 60 frames
		c.EndFrame()
	}
	if c.Get("x", mk); made != 1 {
		t.Fatalf("after 60 frames (Keep 60): made %d, want 1 (still cached)", made)
	}
	for range 120 { // unused for 120 > Keep frames: freed at a 30-frame sweep
		c.EndFrame()
	}
	if c.Get("x", mk); made != 2 {
		t.Fatalf("after 120 unused frames: made %d, want 2 (freed and made again)", made)
	}
}
