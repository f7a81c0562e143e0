// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 The Ebitengine Authors

package debugui

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
)

// Slider cretes a slider widget with the given int value, range, and step.
//
// low and high specify the range of the slider.
//
// Slider returns an EventHandler to handle value change events.
// A returned EventHandler is never nil.
//
// A Slider widget is uniquely determined by its call location.
// Function calls made in different locations will create different widgets.
// If you want to generate different widgets with the same function call in a loop (such as a for loop), use [IDScope].
func (c *Context) Slider(value *int, low, high int, step int) EventHandler {
	pc := caller()
	id := c.idStack.push(idPartFromCaller(pc))
	return c.wrapEventHandlerAndError(func() (EventHandler, error) {
		return c.slider(value, low, high, step, id, optionAlignCenter)
	})
}

// SliderF cretes a slider widget with the given float64 value, range, step, and number of digits.
//
// low and high specify the range of the slider.
// digits specifies the number of digits to display after the decimal point.
//
// SliderF returns an EventHandler to handle value change events.
// A returned EventHandler is never nil.
//
// A SliderF widget is uniquely determined by its call location.
// Function calls made in different locations will create different widgets.
// If you want to generate different widgets with the same function call in a loop (such as a for loop), use [IDScope].
func (c *Context) SliderF(value *float64, low, high float64, step float64, digits int) EventHandler {
	pc := caller()
	id := c.idStack.push(idPartFromCaller(pc))
	return c.wrapEventHandlerAndError(func() (EventHandler, error) {
		return c.sliderF(value, low, high, step, digits, id, optionAlignCenter)
	})
}

func (c *Context) slider(value *int, low, high, step int, id widgetID, opt option) (EventHandler, error) {
	if low > high {
		return nil, fmt.Errorf("debugui: slider low (%d) must be less than or equal to high (%d)", low, high)
	}

	last := *value
	v := last

	if err := c.numberTextField(&v, id); err != nil {
		return nil, err
	}
	if c.numberEdit == id {
		return nil, nil
	}
	*value = v

	return c.widget(id, opt, nil, func(bounds image.Rectangle, wasFocused bool) EventHandler {
		var e EventHandler
		if x, ok := c.dragging(id, bounds); ok {
			if w := bounds.Dx() - defaultStyle.thumbSize; w > 0 {
				v = low + (x-bounds.Min.X-defaultStyle.thumbSize/2)*(high-low+step)/w
			}
			if step != 0 {
				v = v / step * step
			}
		}
		*value = clamp(v, low, high)
		v = *value
		if last != v {
			e = &eventHandler{}
		}
		return e
	}, func(bounds image.Rectangle) {
		c.drawWidgetFrame(id, bounds, colorBase, opt)
		w := c.style().thumbSize
		var x int
		if low < high {
			x = int((v - low) * (bounds.Dx() - w) / (high - low))
		}
		thumb := image.Rect(bounds.Min.X+x, bounds.Min.Y, bounds.Min.X+x+w, bounds.Max.Y)
		c.drawWidgetFrame(id, thumb, colorButton, opt)
		text := fmt.Sprintf("%d", v)
		c.drawWidgetText(text, bounds, colorText, opt)
	})
}

func (c *Context) sliderF(value *float64, low, high, step float64, digits int, id widgetID, opt option) (EventHandler, error) {
	if low > high {
		return nil, fmt.Errorf("debugui: slider low (%f) must be less than or equal to high (%f)", low, high)
	}

	last := *value
	v := last

	if err := c.numberTextFieldF(&v, id); err != nil {
		return nil, err
	}
	if c.numberEdit == id {
		return nil, nil
	}
	*value = v

	return c.widget(id, opt, nil, func(bounds image.Rectangle, wasFocused bool) EventHandler {
		var e EventHandler
		if x, ok := c.dragging(id, bounds); ok {
			if w := float64(bounds.Dx() - defaultStyle.thumbSize); w > 0 {
				v = low + float64(x-bounds.Min.X-defaultStyle.thumbSize/2)*(high-low+step)/w
			}
			if step != 0 {
				v = math.Round(v/step) * step
			}
		}
		*value = clamp(v, low, high)
		v = *value
		if last != v {
			e = &eventHandler{}
		}
		return e
	}, func(bounds image.Rectangle) {
		c.drawWidgetFrame(id, bounds, colorBase, opt)
		w := c.style().thumbSize
		var x int
		if low < high {
			x = int((v - low) * float64(bounds.Dx()-w) / (high - low))
		}
		thumb := image.Rect(bounds.Min.X+x, bounds.Min.Y, bounds.Min.X+x+w, bounds.Max.Y)
		c.drawWidgetFrame(id, thumb, colorButton, opt)
		text := formatNumber(v, digits)
		c.drawWidgetText(text, bounds, colorText, opt)
	})
}

func (c *Context) numberTextField(value *int, id widgetID) error {
	if c.pointing.justPressed() && ebiten.IsKeyPressed(ebiten.KeyShift) && c.pressedOn(id) {
		c.numberEdit = id
		c.numberEditBuf = fmt.Sprintf("%d", *value)
	}
	if c.numberEdit == id {
		e, err := c.textFieldRaw(&c.numberEditBuf, id, optionAlignRight)
		if err != nil {
			return err
		}
		if e != nil {
			e.On(func() {
				nval, err := strconv.ParseInt(c.numberEditBuf, 10, 64)
				if err != nil {
					nval = 0
				}
				*value = int(nval)
				c.numberEdit = widgetID{}
			})
		}
	}
	return nil
}

func (c *Context) numberTextFieldF(value *float64, id widgetID) error {
	if c.pointing.justPressed() && ebiten.IsKeyPressed(ebiten.KeyShift) && c.pressedOn(id) {
		c.numberEdit = id
		c.numberEditBuf = fmt.Sprintf(realFmt, *value)
	}
	if c.numberEdit == id {
		e, err := c.textFieldRaw(&c.numberEditBuf, id, optionAlignRight)
		if err != nil {
			return err
		}
		if e != nil {
			e.On(func() {
				nval, err := strconv.ParseFloat(c.numberEditBuf, 64)
				if err != nil {
					nval = 0
				}
				*value = float64(nval)
				c.numberEdit = widgetID{}
			})
		}
	}
	return nil
}

// dragging reports whether slider id follows the pointer this frame, and to
// which x (soundworld: one slider at a time). A slider
// follows while the press that began on it (pressOwner, given only to the
// widget under the pointer: handleInputForWidget) is held.
//
// It follows last frame's pointer, not this one's: on X11 (GLFW) the button
// is the state of the events processed so far while the cursor position is
// queried live, later, so a frame can see the button still down with the
// pointer already where it went after the release (seen under Xvfb: released
// at 0.25 and moved to the map, the slider jumped to 1). Last frame's
// position was taken before the events of this frame's poll, and the button
// is still down after them, so it is a position the press really had. The
// press frame itself uses its own position.
//
// Ebiten polls the button once a frame, so a release and a new press that
// fall into one frame look like one held press whose pointer jumped; what
// tells them apart is where the pointer is: off the slider's row and over
// another widget, the press is taken to be a new one and the drag ends for
// good — the slider does not move, and the widget under the pointer does not
// get the press either (it was never seen). Off the row over no widget
// (empty panel, the map), the drag goes on.
func (c *Context) dragging(id widgetID, bounds image.Rectangle) (x int, ok bool) {
	held := c.focus == id && c.pressOwner == id && c.pointing.pressed()
	if !held {
		return 0, false
	}
	p := c.lastPointingPos
	if c.pointing.justPressed() {
		p = c.pointingPosition()
	}
	_, other := c.widgetAt(p, id)
	if !follows(held, p.Y, bounds, other) {
		c.pressOwner = widgetID{}
		return 0, false
	}
	return p.X, true
}

// follows is dragging's decision as a pure function (soundworld): a held
// slider follows the pointer unless the pointer has left its row (y outside
// bounds) onto another widget (overOther).
func follows(held bool, y int, bounds image.Rectangle, overOther bool) bool {
	if !held {
		return false
	}
	onRow := y >= bounds.Min.Y && y < bounds.Max.Y
	return onRow || !overOther
}

// widgetAt is the interactive widget other than except under p (soundworld):
// one placed earlier this frame, else one placed last frame (widgets later
// in this frame are where they were), in the root container under p.
func (c *Context) widgetAt(p image.Point, except widgetID) (widgetID, bool) {
	root := c.hoveringRootContainer()
	if root == nil {
		return widgetID{}, false
	}
	for _, list := range [2][]placedWidget{c.thisFrame, c.lastFrame} {
		for i := range list {
			w := &list[i]
			if w.root == root && w.id != except && p.In(w.bounds) {
				return w.id, true
			}
		}
	}
	return widgetID{}, false
}

// pressedOn reports whether this frame's press is on widget id as it was
// last placed (soundworld: c.hover is last frame's pointer, not this one's).
func (c *Context) pressedOn(id widgetID) bool {
	w, ok := c.widgetAt(c.pointingPosition(), widgetID{})
	return ok && w == id
}

// placedWidget is an interactive widget where a frame placed it (soundworld).
type placedWidget struct {
	id     widgetID
	bounds image.Rectangle // clipped to its container
	root   *container
}
