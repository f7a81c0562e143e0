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
	"slices"

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

	// On a kept screen (KeepScreen): where the window was last drawn on the
	// screen (its extent and frame, screen px; empty: not on it), and
	// whether this frame draws it.
	shown  image.Rectangle
	redraw bool
}

// drawContainer draws cnt's commands onto screen: from its image when they
// are the same as the frame before and its rectangle overlaps no other
// window's, else straight onto the screen. On a kept screen a window that
// Plan found unchanged is not drawn at all: its pixels are still there.
func (c *Context) drawContainer(screen *ebiten.Image, cnt *container) {
	wc := &cnt.cache
	if c.kept && !wc.redraw {
		return
	}
	wc.redraw = false
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

// KeepScreen (soundworld): the next Draw draws onto a screen that still
// holds the last frame's drawing, outside the rectangles that Plan returns
// and that the caller has cleared to what lies under the windows. A window
// whose commands and place are the same as the frame before is then not
// drawn. keep false is upstream's every-frame drawing of every window.
func (d *DebugUI) KeepScreen(keep bool) { d.ctx.kept = keep }

// Plan returns the screen rectangles the next kept Draw redraws: each
// changed window's place now and last frame (a window drawn on its own
// earlier pixels would blend twice). The caller clears them, under the
// windows, before anything else is drawn there. redrawn are the areas the
// caller clears and draws again itself every frame (the map): a window
// over them is drawn again too.
func (d *DebugUI) Plan(screen image.Rectangle, redrawn ...image.Rectangle) []image.Rectangle {
	c := &d.ctx
	var out []image.Rectangle
	for _, cnt := range c.lastRoots { // windows gone since: their pixels go
		if !slices.Contains(c.rootContainers, cnt) && !cnt.cache.shown.Empty() {
			out = append(out, cnt.cache.shown)
			cnt.cache.shown = image.Rectangle{}
		}
	}
	c.lastRoots = append(c.lastRoots[:0], c.rootContainers...)
	for _, cnt := range c.rootContainers {
		wc := &cnt.cache
		same := wc.same(cnt.commandList)
		now := c.screenRect(cnt, same).Intersect(screen)
		wc.redraw = !c.kept || !same || wc.shown != now || c.overlapsOther(cnt)
		if wc.redraw {
			out = append(out, now.Union(wc.shown))
		}
		wc.shown = now
	}
	// A window under a cleared rectangle is drawn again too, and its own
	// place cleared (until no more are).
	cleared := append(slices.Clip(redrawn), out...)
	for more := true; more; {
		more = false
		for _, cnt := range c.rootContainers {
			wc := &cnt.cache
			if wc.redraw || !overlapsAny(wc.shown, cleared) {
				continue
			}
			wc.redraw, more = true, true
			out = append(out, wc.shown)
			cleared = append(cleared, wc.shown)
		}
	}
	return out
}

func overlapsAny(r image.Rectangle, rs []image.Rectangle) bool {
	for _, o := range rs {
		if r.Overlaps(o) {
			return true
		}
	}
	return false
}

// Windows is the number of root containers (docked panels, tooltips) of
// the last Update. (soundworld)
func (d *DebugUI) Windows() int { return len(d.ctx.rootContainers) }

// screenRect is where cnt draws on the screen: its frame (with the 1 px
// border outside its bounds) and its commands' extent, in screen px. An
// unchanged window's extent is the one stored with its commands.
func (c *Context) screenRect(cnt *container, same bool) image.Rectangle {
	s := c.Scale()
	b := cnt.layout.Bounds.Inset(-1)
	frame := image.Rect(b.Min.X*s, b.Min.Y*s, b.Max.X*s, b.Max.Y*s)
	if same {
		return frame.Union(cnt.cache.extent)
	}
	ext, _ := extentOf(cnt.commandList, s)
	return frame.Union(ext)
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

// store keeps a copy of cmds and where they draw (extentOf).
func (wc *windowCache) store(cmds []*command, scale int) {
	wc.cmds = wc.cmds[:0]
	for _, cmd := range cmds {
		wc.cmds = append(wc.cmds, *cmd)
	}
	wc.extent, wc.cacheable = extentOf(cmds, scale)
	wc.drawn = false
}

// extentOf is where cmds draw, in screen px: the union of their
// rectangles, texts, icons and the clip rectangles keyed drawings are
// confined to. cacheable is false when an unkeyed drawing, or a keyed one
// not confined by a clip, is among them.
func extentOf(cmds []*command, scale int) (extent image.Rectangle, cacheable bool) {
	cacheable = true
	clip := unclippedRect
	for _, cmd := range cmds {
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
				cacheable = false
			}
			r = clip
		}
		extent = extent.Union(r.Intersect(clip))
	}
	return image.Rect(extent.Min.X*scale, extent.Min.Y*scale, extent.Max.X*scale, extent.Max.Y*scale), cacheable
}
