// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// whitePixel is a 1×1 white image cut from the middle of a 3×3 one (no
// edge bleeding when scaled): filled rectangles are one DrawImage each.
var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// textCache keeps each widget string shaped once into a white image (tinted
// when drawn): text shaping was the costliest part of drawing the panels.
// Images unused for keep frames are freed.
type textCache struct {
	m     map[string]*cachedText
	frame int
}

type cachedText struct {
	img  *ebiten.Image
	used int
}

const keep = 120 // frames

var texts textCache

func (t *textCache) get(s string) *ebiten.Image {
	if t.m == nil {
		t.m = map[string]*cachedText{}
	}
	e := t.m[s]
	if e == nil {
		w := int(math.Ceil(text.Advance(s, fontFace))) + 1
		h := int(math.Ceil(fontFace.Metrics().HAscent+fontFace.Metrics().HDescent+fontFace.Metrics().HLineGap)) + 1
		img := ebiten.NewImage(max(1, w), max(1, h))
		text.Draw(img, s, fontFace, &text.DrawOptions{})
		e = &cachedText{img: img}
		t.m[s] = e
	}
	e.used = t.frame
	return e.img
}

// endFrame ages the cache (once per Draw); every 60 frames it frees old images.
func (t *textCache) endFrame() {
	t.frame++
	if t.frame%60 != 0 {
		return
	}
	for s, e := range t.m {
		if t.frame-e.used > keep {
			e.img.Deallocate()
			delete(t.m, s)
		}
	}
}
