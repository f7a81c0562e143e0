// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

import (
	"image/color"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/textinput"
)

var (
	invalidColor   = color.RGBA{0xff, 0x50, 0x40, 0xff}
	selectionColor = color.RGBA{0x40, 0x70, 0xc0, 0xff}
)

// editKeys applies the editing keys Ebitengine's text input leaves to the
// widget (soundworld): Backspace, Delete, Left and Right with key repeat
// (Shift extends the selection), Home and End (Ctrl+A: selectAllKey). It
// reports whether the text changed.
func editKeys(f *textinput.Field, k keyState) bool {
	keyRepeated := k.repeated
	t := f.Text()
	s0, s1 := f.Selection()
	s0, s1 = min(max(s0, 0), len(t)), min(max(s1, 0), len(t))
	shift := k.pressed(ebiten.KeyShift)
	ctrl := k.pressed(ebiten.KeyControl) || k.pressed(ebiten.KeyMeta)
	del := func(a, b int) bool {
		f.SetTextAndSelection(t[:a]+t[b:], a, a)
		return true
	}
	switch {
	case ctrl:
		// Ctrl+A is selectAllKey's (before the frame's typed text); other Ctrl combinations are not edits
	case keyRepeated(ebiten.KeyBackspace):
		if s0 != s1 {
			return del(s0, s1)
		}
		if s0 > 0 {
			_, n := utf8.DecodeLastRuneInString(t[:s0])
			return del(s0-n, s0)
		}
	case keyRepeated(ebiten.KeyDelete):
		if s0 != s1 {
			return del(s0, s1)
		}
		if s1 < len(t) {
			_, n := utf8.DecodeRuneInString(t[s1:])
			return del(s1, s1+n)
		}
	case keyRepeated(ebiten.KeyArrowLeft):
		p := s1
		if p > 0 {
			_, n := utf8.DecodeLastRuneInString(t[:p])
			p -= n
		}
		if !shift && s0 != s1 {
			p = s0
		}
		setCursor(f, s0, p, shift)
	case keyRepeated(ebiten.KeyArrowRight):
		p := s1
		if p < len(t) {
			_, n := utf8.DecodeRuneInString(t[p:])
			p += n
		}
		setCursor(f, s0, p, shift)
	case keyRepeated(ebiten.KeyHome):
		setCursor(f, s0, 0, shift)
	case keyRepeated(ebiten.KeyEnd):
		setCursor(f, s0, len(t), shift)
	}
	return false
}

// selectAllKey is Ctrl+A: select the whole text (reports whether it acted).
func selectAllKey(f *textinput.Field, k keyState) bool {
	if (k.pressed(ebiten.KeyControl) || k.pressed(ebiten.KeyMeta)) && k.repeated(ebiten.KeyA) {
		f.SetSelection(0, len(f.Text()))
		return true
	}
	return false
}

// afterEnter is a field's state once Enter committed its text: the field
// keeps focus (upstream), and a select-all field selects its whole text, so
// what is typed next (after clicking the box again, which does not move
// focus) replaces it as when the box was first focused.
func afterEnter(f *textinput.Field, selectAll bool) {
	if selectAll {
		f.SetSelection(0, len(f.Text()))
	}
}

// keyState is the keyboard as editKeys sees it (tests drive a fake).
type keyState struct {
	pressed  func(ebiten.Key) bool // held now
	repeated func(ebiten.Key) bool // just pressed, or held long enough to repeat
}

// liveKeys is Ebitengine's keyboard with debugui's repeat timing.
var liveKeys = keyState{pressed: ebiten.IsKeyPressed, repeated: keyRepeated}

// setCursor moves the caret to p, extending the selection from anchor with Shift.
// textinput.Field keeps start ≤ end, so the caret is drawn at the end.
func setCursor(f *textinput.Field, anchor, p int, extend bool) {
	if extend {
		f.SetSelection(min(anchor, p), max(anchor, p))
		return
	}
	f.SetSelection(p, p)
}

// TextFieldOpt is TextField with the soundworld options: selectAll selects the
// whole text when the field gains focus (typing replaces it); invalid draws
// the field with an error frame.
func (c *Context) TextFieldOpt(buf *string, selectAll, invalid bool) EventHandler {
	pc := caller()
	id := c.idStack.push(idPartFromCaller(pc))
	var opt option
	if selectAll {
		opt |= optionSelectAll
	}
	if invalid {
		opt |= optionInvalid
	}
	return c.wrapEventHandlerAndError(func() (EventHandler, error) {
		return c.textField(buf, id, opt)
	})
}
