package ui

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"soundworld/ui/debugui"
)

// errorColor is the colour of a field's error line (the field's frame is red too).
var errorColor = color.RGBA{0xff, 0x70, 0x60, 0xff}

// check records err as field key's error (shown under the field, the field
// marked, and toasted by the window) or clears it on nil. It reports ok.
// The field keeps the user's text for correction.
func (u *UI) check(key string, err error) bool {
	if err == nil {
		delete(u.st.FieldErr, key)
		return true
	}
	u.st.FieldErr[key] = err.Error()
	u.host.Notify(err.Error())
	return false
}

// bad reports whether field key has an error (its frame is drawn red).
func (u *UI) bad(key string) bool { return u.st.FieldErr[key] != "" }

// errorLine shows field key's error on a full-width row under it.
func (u *UI) errorLine(ctx *debugui.Context, key string) {
	if m := u.st.FieldErr[key]; m != "" {
		ctx.SetGridLayout([]int{-1}, nil)
		for _, l := range wrap(m, float64(u.bodyW-12)) {
			labelColored(ctx, l, errorColor)
		}
	}
}

// wrap breaks s into lines at most w px wide (at spaces; a longer word is
// its own line).
func wrap(s string, w float64) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && text.Advance(try, face) > w {
			out = append(out, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
