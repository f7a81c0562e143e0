// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

import (
	"image"
	"strings"
)

// tipDelay is how long the pointer rests on a widget before its tooltip
// shows, in Updates (60 a second).
const tipDelay = 20

// tooltip is the hover-tip state (soundworld).
type tooltip struct {
	lastBounds image.Rectangle // the last widget or cell laid out (Tooltip's target)

	text   string          // asked for this frame
	bounds image.Rectangle // of the widget it belongs to
	shown  string          // last frame's
	shownB image.Rectangle
	frames int // Updates a tip has been asked for on the same widget in a row
}

// Tooltip attaches text to the widget (or Text cell) laid out just before:
// when the pointer rests on it (not pressed) for a moment, text shows in a
// box by the pointer, on top of every panel (soundworld). Lines are split at
// "\n". An empty text attaches nothing.
func (c *Context) Tooltip(text string) {
	if text == "" || c.err != nil {
		return
	}
	b := c.tip.lastBounds
	if !c.pointingOver(b) || c.pointing.pressed() {
		return
	}
	c.tip.text, c.tip.bounds = text, b
}

// TooltipShown is the tooltip on screen this frame ("" when none; tests).
func (c *Context) TooltipShown() string {
	if c.tip.frames >= tipDelay {
		return c.tip.shown
	}
	return ""
}

// tooltipOverlay draws the tip asked for this frame, if it has been asked for
// long enough, in its own root container in front of the rest.
func (c *Context) tooltipOverlay() {
	t := &c.tip
	// The delay runs while the pointer rests on the same widget, whatever
	// its text does (rows with live numbers change text many times a second).
	if t.text == "" || t.bounds != t.shownB {
		t.frames = 0
	} else {
		t.frames++
	}
	t.shown, t.shownB = t.text, t.bounds
	t.text = ""
	if t.frames < tipDelay {
		return
	}
	lines := strings.Split(t.shown, "\n")
	pad := c.style().padding
	w := 0
	for _, l := range lines {
		w = max(w, textWidth(l))
	}
	size := image.Pt(w+2*pad, len(lines)*lineHeight()+2*pad)
	// Below and right of the pointer, turned back inside the screen (never
	// under the pointer: the tip must not take the hover).
	p := c.pointingPosition()
	sw, sh := c.screenWidth/c.Scale(), c.screenHeight/c.Scale()
	pos := p.Add(image.Pt(12, 18))
	if sw > 0 && pos.X+size.X > sw {
		pos.X = max(0, sw-size.X)
	}
	if sh > 0 && pos.Y+size.Y > sh {
		pos.Y = max(0, p.Y-6-size.Y)
	}
	r := image.Rectangle{pos, pos.Add(size)}

	id := widgetID{}.push("soundworld:tooltip")
	cnt := c.container(id, 0)
	cnt.layout.Bounds = r
	c.pushContainer(cnt, true)
	c.clipStack = append(c.clipStack, unclippedRect)
	c.drawRect(r, c.style().colors[colorTitleBG])
	c.drawBox(r, c.style().colors[colorText])
	for i, l := range lines {
		c.drawText(l, image.Pt(r.Min.X+pad, r.Min.Y+pad+i*lineHeight()), c.style().colors[colorText])
	}
	c.popClipRect()
	c.popContainer()
	c.bringToFront(cnt)
}

// Hovering reports whether the pointer rests on the widget (or Text cell)
// laid out just before, unpressed: a caller builds a costly tooltip text
// only then (soundworld).
func (c *Context) Hovering() bool {
	return c.pointingOver(c.tip.lastBounds) && !c.pointing.pressed()
}
