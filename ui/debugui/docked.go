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
			err = c.doWindow(title, bounds, optionNoResize|optionDocked, id, f)
			*collapsed = cnt.collapsed
			cnt.layout.Bounds = bounds // a title drag this frame does not move it
		})
		return nil, err
	})
}
