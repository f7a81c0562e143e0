package ambientviz

import "github.com/hajimehoshi/ebiten/v2"

// ImageCache keeps images made once per key (shaped text, mostly: text shaping
// is the costliest part of a frame) while they are used, and frees those not
// used for Keep frames. An image not used again the frame after the one it
// was made in is freed at once: texts that change every frame would
// otherwise keep Keep frames of images alive, and ebiten walks every live
// render-target image on each draw call (restorable's staleness check),
// which made that walk the costliest part of drawing the panels. Not safe
// for concurrent use: Draw-goroutine only.
type ImageCache[K comparable] struct {
	Keep       int // frames an unused image survives
	StableMax  int // images GetStable makes per frame (0: no limit)
	entries    map[K]*cachedImage
	frame      int
	made, prev []K // keys whose image was made this frame, the frame before
	stableMade int // images GetStable made this frame
}

type cachedImage struct {
	img  *ebiten.Image
	used int // frame of last use
	seen int // frame of first use (GetStable)
}

// StableAfter is how many frames GetStable waits before making a key's image.
const StableAfter = 10

// make sets e's image, remembering k as made this frame.
func (c *ImageCache[K]) make(k K, e *cachedImage, make func() *ebiten.Image) {
	e.img = make()
	c.made = append(c.made, k)
}

// Get returns the image for k, calling make to create it the first time.
func (c *ImageCache[K]) Get(k K, make func() *ebiten.Image) *ebiten.Image {
	if c.entries == nil {
		c.entries = map[K]*cachedImage{}
	}
	e := c.entries[k]
	if e == nil {
		e = &cachedImage{}
		c.entries[k] = e
	}
	if e.img == nil { // new, or remembered imageless by GetStable (a one-word line)
		c.make(k, e, make)
	}
	e.used = c.frame
	return e.img
}

// GetStable is Get for keys that may change every frame (status lines): for
// the first StableAfter frames k is asked for it only remembers k and
// returns nil (the caller draws it some cheaper way); then it is Get, for
// at most StableMax keys a frame (nil for the others until a later frame:
// the labels a window opens with all turn stable in the same frame). (Draw runs more often than Update when frames are fast, so a text
// that changes every tick is still seen in a few frames in a row.)
func (c *ImageCache[K]) GetStable(k K, make func() *ebiten.Image) *ebiten.Image {
	if c.entries == nil {
		c.entries = map[K]*cachedImage{}
	}
	e := c.entries[k]
	if e == nil {
		c.entries[k] = &cachedImage{used: c.frame, seen: c.frame}
		return nil
	}
	e.used = c.frame
	if e.img == nil {
		if c.frame-e.seen < StableAfter || (c.StableMax > 0 && c.stableMade >= c.StableMax) {
			return nil
		}
		c.make(k, e, make)
		c.stableMade++
	}
	return e.img
}

// EndFrame ages the cache; call it once per Draw. Every 30 frames it frees
// the images unused for more than Keep frames.
func (c *ImageCache[K]) EndFrame() {
	for _, k := range c.prev { // made the frame before, not used this frame
		if e := c.entries[k]; e != nil && e.img != nil && e.used < c.frame {
			e.img.Deallocate()
			delete(c.entries, k)
		}
	}
	c.prev, c.made = c.made, c.prev[:0]
	c.stableMade = 0
	c.frame++
	if c.frame%30 != 0 {
		return
	}
	for k, e := range c.entries {
		if c.frame-e.used > c.Keep {
			if e.img != nil {
				e.img.Deallocate()
			}
			delete(c.entries, k)
		}
	}
}
