package ambientviz

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

func TestImageCache_ReusesThenFreesUnused(t *testing.T) {
	c := ImageCache[string]{Keep: 60}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	a := c.Get("x", mk)
	if b := c.Get("x", mk); b != a || made != 1 {
		t.Fatalf("second Get: got same=%v made=%d, want the cached image, made 1", b == a, made)
	}
	c.EndFrame()
	c.Get("x", mk) // used again the frame after it was made: kept for Keep frames
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

func TestImageCache_GetStable_NilForTheFirstTenFrames(t *testing.T) {
	c := ImageCache[string]{Keep: 60}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	if img := c.GetStable("t 1.00 s", mk); img != nil || made != 0 {
		t.Fatalf("first sighting: got image=%v made=%d, want nil, made 0", img != nil, made)
	}
	if img := c.GetStable("t 1.00 s", mk); img != nil || made != 0 { // the same frame again
		t.Fatalf("same frame: got image=%v made=%d, want nil, made 0", img != nil, made)
	}
	for f := 1; f < 10; f++ { // frames 1..9: still drawn the cheap way
		c.EndFrame()
		if img := c.GetStable("t 1.00 s", mk); img != nil || made != 0 {
			t.Fatalf("frame %d: got image=%v made=%d, want nil, made 0", f, img != nil, made)
		}
	}
	c.EndFrame()
	a := c.GetStable("t 1.00 s", mk)
	if a == nil || made != 1 {
		t.Fatalf("frame 10: got image=%v made=%d, want an image, made 1", a != nil, made)
	}
	if b := c.GetStable("t 1.00 s", mk); b != a || made != 1 {
		t.Fatalf("again: got same=%v made=%d, want the cached image", b == a, made)
	}
	for range 120 { // a remembered key without image is swept like the others
		c.EndFrame()
	}
	if c.GetStable("t 2.00 s", mk); len(c.entries) != 1 {
		t.Fatalf("after 120 unused frames: %d entries, want 1 (the old key swept)", len(c.entries))
	}
}

func TestWords_OffsetsAreAdvancesBefore(t *testing.T) {
	if !Monospace {
		t.Fatal("the bitmap font should have integral, kerning-free advances")
	}
	s := "t 12.34 s  |  x"
	adv := text.Advance("0", Face) // one glyph, px
	var got []string
	var offs []float64
	Words(s, func(off float64, w string) { got = append(got, w); offs = append(offs, off) })
	// byte index of each word's start × one glyph's advance (ASCII, monospace)
	want := []string{"t", "12.34", "s", "|", "x"}
	wantOff := []float64{0, 2 * adv, 8 * adv, 11 * adv, 14 * adv}
	if !slices.Equal(got, want) || !slices.Equal(offs, wantOff) {
		t.Fatalf("Words(%q): got %q at %v, want %q at %v", s, got, offs, want, wantOff)
	}
	if w := text.Advance(s, Face); w != 15*adv {
		t.Fatalf("whole line advance %v, want %v", w, 15*adv)
	}
}

func TestImageCache_FreesAtOnceWhatIsNotUsedTheNextFrame(t *testing.T) {
	c := ImageCache[string]{Keep: 120}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	for f := range 10 { // a text that changes every frame: one image per frame
		c.Get(fmt.Sprintf("t %d", f), mk)
		c.Get("hdg", mk) // and one that stays
		c.EndFrame()
	}
	// after 10 frames: "hdg" and the last frame's text (it may be used next frame)
	if len(c.entries) != 2 || made != 11 {
		t.Fatalf("after 10 frames: %d entries, made %d; want 2 entries (the steady text and the newest), made 11", len(c.entries), made)
	}
}

// A one-word text of 24+ characters (a file path in the Data problems panel)
// is asked for with GetStable — which remembers the key without an image —
// and then, drawn word by word, with Get for the same key: Get must make the
// image, not return the remembered nil (shot crashed in DrawImage(nil)).
func TestImageCache_GetAfterGetStableMakesTheImage(t *testing.T) {
	c := ImageCache[string]{Keep: 60}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	k := "/tmp/x/client_cell_1.dat:"
	if img := c.GetStable(k, mk); img != nil {
		t.Fatalf("GetStable first sighting: got an image, want nil")
	}
	if img := c.Get(k, mk); img == nil || made != 1 {
		t.Fatalf("Get after GetStable: got image=%v made=%d, want an image, made 1", img != nil, made)
	}
	if img := c.GetStable(k, mk); img == nil || made != 1 {
		t.Fatalf("GetStable after Get: got image=%v made=%d, want the cached image", img != nil, made)
	}
}

// GetStable makes at most StableMax images a frame: keys that turned stable
// in the same frame get theirs in the frames after.
func TestImageCache_GetStableAtMostStableMaxAFrame(t *testing.T) {
	c := ImageCache[string]{Keep: 60, StableMax: 3}
	made := 0
	mk := func() *ebiten.Image { made++; return ebiten.NewImage(2, 2) }
	keys := []string{"a", "b", "c", "d", "e"}
	for range StableAfter {
		for _, k := range keys {
			c.GetStable(k, mk)
		}
		c.EndFrame()
	}
	for f, want := range []int{3, 5, 5} {
		for _, k := range keys {
			c.GetStable(k, mk)
		}
		if made != want {
			t.Errorf("frame %d after turning stable: %d images made in all, want %d", f, made, want)
		}
		c.EndFrame()
	}
}
