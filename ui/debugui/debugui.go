// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2024 The Ebitengine Authors

// Package debugui is a fork of github.com/ebitengine/debugui v0.2.0, an
// immediate-mode UI for Ebitengine, with the behaviour patches FORK.md
// lists (docked windows, edit keys, tooltips, one slider at a time); its
// text is drawn by soundworld/ui/textdraw.
package debugui

import (
	"image"

	"soundworld/ui/textdraw"

	"github.com/hajimehoshi/ebiten/v2"
)

// DebugUI is a debug UI.
//
// The zero value for DebugUI is ready to use.
type DebugUI struct {
	ctx Context
}

// InputCapturingState is a bit mask that indicates the input capturing state of the debug UI.
type InputCapturingState int

const (
	// InputCapturingStateHover indicates that a pointing device is hovering over a widget.
	InputCapturingStateHover InputCapturingState = 1 << iota

	// InputCapturingStateFocus indicates that a widget like a text field is focused.
	InputCapturingStateFocus
)

// Update updates the debug UI.
//
// Update returns true if the debug UI is capturing input, e.g. when a widget has focus.
// Otherwise, Update returns false.
//
// Update should be called once in the game's Update function.
func (d *DebugUI) Update(f func(ctx *Context) error) (InputCapturingState, error) {
	inputCapturingState, err := d.ctx.update(f)
	if err != nil {
		return 0, err
	}
	return inputCapturingState, nil
}

// Draw draws the debug UI.
//
// Draw should be called once in the game's Draw function.
func (d *DebugUI) Draw(screen *ebiten.Image) {
	d.ctx.draw(screen)
	textdraw.EndFrame() // soundworld: age the widget text cache
	d.ctx.screenWidth, d.ctx.screenHeight = screen.Bounds().Dx(), screen.Bounds().Dy()
}

// SetPointer makes the UI read the pointer from here instead of the mouse
// (soundworld: tests drive input sequences): at (x, y), the button down or
// not, as the next Update polls it. There is no way back to the mouse.
func (d *DebugUI) SetPointer(x, y int, down bool) {
	if d.ctx.pointing.fake == nil {
		d.ctx.pointing.fake = &fakePointer{}
	}
	d.ctx.pointing.fake.pos, d.ctx.pointing.fake.down = image.Pt(x, y), down
}

// TooltipShown is the tooltip on screen after the last Update ("" if none).
func (d *DebugUI) TooltipShown() string { return d.ctx.TooltipShown() }
