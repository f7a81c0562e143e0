// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 The Ebitengine Authors (fork: soundworld)

package debugui

import "image"

// DockedWindow is a window whose bounds the caller sets every frame (soundworld:
// docked panels re-flow when the screen is resized) and whose collapsed state
// the caller owns: *collapsed is read before and written after the frame (the
// title bar's arrow toggles it). It cannot be dragged or resized by hand. The
// window's identity is its title, so one call site can draw many panels.
func (c *Context) DockedWindow(title string, bounds image.Rectangle, collapsed *bool, f func(layout ContainerLayout)) {
	c.DockedWindowButtons(title, bounds, collapsed, nil, f)
}

// TitleButton is a small button at the right end of a docked window's title
// bar (soundworld): Label is drawn on it, Tip shows when the pointer rests
// on it.
type TitleButton struct {
	Label, Tip string
}

// DockedWindowButtons is DockedWindow with buttons at the right end of the
// title bar (soundworld: move the panel to another edge). It returns the
// index of the button pressed this frame, or -1. Pressing a button does not
// fold the panel.
func (c *Context) DockedWindowButtons(title string, bounds image.Rectangle, collapsed *bool, buttons []TitleButton, f func(layout ContainerLayout)) int {
	clicked := -1
	_ = c.wrapEventHandlerAndError(func() (EventHandler, error) {
		var err error
		c.idScopeFromIDPart(idPartFromString("dock:"+title), func(id widgetID) {
			c.currentID = id
			cnt := c.container(id, 0)
			if cnt == nil {
				return
			}
			cnt.layout.Bounds = bounds
			cnt.collapsed = *collapsed
			cnt.titleButtons, cnt.titleClicked = buttons, -1
			err = c.doWindow(title, bounds, optionNoResize|optionDocked, id, f)
			*collapsed = cnt.collapsed
			cnt.layout.Bounds = bounds // a title drag this frame does not move it
			clicked = cnt.titleClicked
		})
		return nil, err
	})
	return clicked
}

// titleButtons lays out and handles cnt's title-bar buttons right to left
// from the end of the title bar tr, and returns where the title text must
// end (soundworld).
func (c *Context) titleButtons(cnt *container, id widgetID, tr image.Rectangle) int {
	x := tr.Max.X - 2
	for i := len(cnt.titleButtons) - 1; i >= 0; i-- {
		b := cnt.titleButtons[i]
		w := textWidth(b.Label) + 6
		r := image.Rect(x-w, tr.Min.Y+3, x, tr.Max.Y-3)
		x -= w + 2
		bid := id.push(idPartFromString("titlebutton:" + b.Label))
		_ = c.widgetWithBounds(bid, 0, r, func(bounds image.Rectangle, wasFocused bool) EventHandler {
			if c.pointing.justPressed() && c.focus == bid {
				cnt.titleClicked = i
			}
			return nil
		}, func(bounds image.Rectangle) {
			c.drawWidgetFrame(bid, bounds, colorButton, 0)
			c.drawWidgetText(b.Label, bounds, colorTitleText, optionAlignCenter)
		})
		c.tip.lastBounds = r
		c.Tooltip(b.Tip)
	}
	return x
}
