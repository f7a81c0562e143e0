package ambientviz

import "github.com/hajimehoshi/ebiten/v2"

// ImageCache keeps images made once per key (shaped text, mostly: text shaping
// is the costliest part of a frame) while they are used, and frees those not
// used for Keep frames. Not safe for concurrent use: Draw-goroutine only.
type ImageCache[K comparable] struct {
	Keep    int // frames an unused image survives
	entries map[K]*cachedImage
	frame   int
}

type cachedImage struct {
	img  *ebiten.Image
	used int // frame of last use
	seen int // frame of first use (GetStable)
}

// Get returns the image for k, calling make to create it the first time.
func (c *ImageCache[K]) Get(k K, make func() *ebiten.Image) *ebiten.Image {
	if c.entries == nil {
		c.entries = map[K]*cachedImage{}
	}
	e := c.entries[k]
	if e == nil {
		e = &cachedImage{img: make()}
		c.entries[k] = e
	}
	e.used = c.frame
	return e.img
}

// GetStable is Get for keys that may change every frame (status lines): the
// first frame k is asked for it only remembers k and returns nil (the caller
// draws it some cheaper way, word by word); from the next frame on it is Get.
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
		if e.seen == c.frame {
			return nil
		}
		e.img = make()
	}
	return e.img
}

// EndFrame ages the cache; call it once per Draw. Every 30 frames it frees
// the images unused for more than Keep frames.
func (c *ImageCache[K]) EndFrame() {
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
