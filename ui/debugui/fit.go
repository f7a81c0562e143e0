// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: 2025 soundworld (fork of github.com/ebitengine/debugui)

package debugui

// ellipsis ends a text cut short to fit.
const ellipsis = "…"

// TextWidth is s's width in px in the widgets' font (memoised).
func TextWidth(s string) int { return textWidth(s) }

// fitKey is one Ellipsize question.
type fitKey struct {
	s string
	w int
}

// fitMemo remembers Ellipsize's cuts (rows redraw the same texts every
// frame); dropped when it grows past widthMemoMax.
var fitMemo = map[fitKey]string{}

// Ellipsize returns s cut at a character boundary so that it and a trailing
// "…" fit in w px, and whether it was cut (soundworld: long rows in narrow
// panels; show the whole text with Tooltip). s is returned whole if it fits.
func Ellipsize(s string, w int) (string, bool) {
	if textWidth(s) <= w {
		return s, false
	}
	k := fitKey{s, w}
	if r, ok := fitMemo[k]; ok {
		return r, true
	}
	if len(fitMemo) >= widthMemoMax {
		clear(fitMemo)
	}
	room := w - textWidth(ellipsis)
	end, x := 0, 0
	for i, r := range s {
		x += textWidth(string(r)) // the bitmap font: integral advances, no kerning
		if x > room {
			break
		}
		end = i + len(string(r))
	}
	out := s[:end] + ellipsis
	fitMemo[k] = out
	return out, true
}
