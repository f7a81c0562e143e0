// SPDX-License-Identifier: Apache-2.0

package debugui

// soundworld: each root container (a docked panel, a tooltip) is drawn
// from an image of its own last drawing while its commands are the same as
// the frame before. A panel is a stack of translucent fills (window,
// frames, buttons) and text; on a software rasteriser redrawing every panel
// every frame was a third of the window's drawing. A window whose commands
// changed since the last frame is drawn straight onto the screen, as
// upstream does, so a panel that changes every frame costs no more than
// before; one unchanged for a frame is drawn once into its image and then
// composited, one quad, until it changes.

import (
	"image"
	"reflect"

	"github.com/hajimehoshi/ebiten/v2"
)

// panelImages is the image the cached windows are drawn into, the size of
// the screen (each window keeps to its own rectangle of it).
type panelImages struct {
	img    *ebiten.Image
	bounds image.Rectangle
	gen    int // bumped when img is made again: every cache is stale
}

// begin makes the image for a screen of bounds b.
func (p *panelImages) begin(b image.Rectangle) {
	if p.img != nil && p.bounds == b {
		return
	}
	if p.img != nil {
		p.img.Deallocate()
	}
	p.img = ebiten.NewImageWithOptions(b, &ebiten.NewImageOptions{Unmanaged: true})
	p.bounds = b
	p.gen++
}

// windowCache is one root container's last commands and whether its image
// holds them.
type windowCache struct {
	cmds      []command
	cacheable bool            // every draw command has a key, and the extent is known
	extent    image.Rectangle // where the commands draw (screen px)
	drawn     bool            // the image holds cmds at extent
	gen       int
}

// drawContainer draws cnt's commands onto screen: from its image when they
// are the same as the frame before and its rectangle overlaps no other
// window's, else straight onto the screen.
func (c *Context) drawContainer(screen *ebiten.Image, cnt *container) {
	wc := &cnt.cache
	if !wc.same(cnt.commandList) {
		wc.store(cnt.commandList, c.Scale())
		c.drawCommands(screen, cnt.commandList)
		return
	}
	if !wc.cacheable || c.overlapsOther(cnt) || !wc.extent.In(c.panels.bounds) {
		wc.drawn = false
		c.drawCommands(screen, cnt.commandList)
		return
	}
	region := c.panels.img.SubImage(wc.extent).(*ebiten.Image)
	if !wc.drawn || wc.gen != c.panels.gen {
		region.Clear()
		c.drawCommands(region, cnt.commandList)
		wc.drawn, wc.gen = true, c.panels.gen
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(wc.extent.Min.X), float64(wc.extent.Min.Y))
	screen.DrawImage(region, op)
}

// overlapsOther reports whether cnt's extent overlaps another root
// container's (a tooltip over a panel): a region of the shared image each.
func (c *Context) overlapsOther(cnt *container) bool {
	for _, o := range c.rootContainers {
		if o != cnt && o.cache.extent.Overlaps(cnt.cache.extent) {
			return true
		}
	}
	return false
}

// same reports whether cmds are the commands stored last frame.
func (wc *windowCache) same(cmds []*command) bool {
	if len(cmds) != len(wc.cmds) {
		return false
	}
	for i, cmd := range cmds {
		if !sameCommand(cmd, &wc.cmds[i]) {
			return false
		}
	}
	return true
}

func sameCommand(a, b *command) bool {
	if a.typ != b.typ {
		return false
	}
	switch a.typ {
	case commandClip:
		return a.clip == b.clip
	case commandRect:
		return a.rect == b.rect
	case commandText:
		return a.text == b.text
	case commandIcon:
		return a.icon == b.icon
	case commandDraw:
		return a.draw.key != nil && keyComparable(a.draw.key) && a.draw.key == b.draw.key
	}
	return false
}

func keyComparable(k any) bool { return reflect.TypeOf(k).Comparable() }

// store keeps a copy of cmds and works out where they draw: the union of
// their rectangles, texts, icons and the clip rectangles keyed drawings are
// confined to. An unkeyed drawing, or a keyed one not confined by a clip,
// makes the window uncacheable.
func (wc *windowCache) store(cmds []*command, scale int) {
	wc.cmds = wc.cmds[:0]
	wc.cacheable, wc.extent, wc.drawn = true, image.Rectangle{}, false
	clip := unclippedRect
	for _, cmd := range cmds {
		wc.cmds = append(wc.cmds, *cmd)
		var r image.Rectangle
		switch cmd.typ {
		case commandClip:
			clip = cmd.clip.rect
			continue
		case commandRect:
			r = cmd.rect.rect
		case commandText:
			r = image.Rect(cmd.text.pos.X, cmd.text.pos.Y, cmd.text.pos.X+textWidth(cmd.text.str), cmd.text.pos.Y+lineHeight()).Inset(-2)
		case commandIcon:
			r = cmd.icon.rect
		case commandDraw:
			if cmd.draw.key == nil || !keyComparable(cmd.draw.key) || clip == unclippedRect {
				wc.cacheable = false
			}
			r = clip
		}
		wc.extent = wc.extent.Union(r.Intersect(clip))
	}
	wc.extent = image.Rect(wc.extent.Min.X*scale, wc.extent.Min.Y*scale, wc.extent.Max.X*scale, wc.extent.Max.Y*scale)
}
