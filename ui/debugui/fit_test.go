// SPDX-License-Identifier: Apache-2.0

package debugui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Ellipsize keeps a text that fits whole; one that does not is cut at a
// character boundary to the longest prefix that fits with "…".
func TestEllipsize(t *testing.T) {
	s := "Ambient8 bed, table 0x20000005 — wave ×2"
	full := textWidth(s)
	if got, cut := Ellipsize(s, full); got != s || cut {
		t.Errorf("exact width: got %q cut %v, want whole", got, cut)
	}
	for w := full - 1; w >= 0; w-- {
		got, cut := Ellipsize(s, w)
		if !cut || !strings.HasSuffix(got, ellipsis) || !utf8.ValidString(got) {
			t.Fatalf("w %d: got %q cut %v, want a valid prefix + …", w, got, cut)
		}
		prefix := strings.TrimSuffix(got, ellipsis)
		if !strings.HasPrefix(s, prefix) {
			t.Fatalf("w %d: %q is not a prefix of %q", w, prefix, s)
		}
		if len(prefix) > 0 && textWidth(got) > w {
			t.Errorf("w %d: %q is %d px wide", w, got, textWidth(got))
		}
		if r, n := utf8.DecodeRuneInString(s[len(prefix):]); n > 0 && textWidth(prefix+string(r)+ellipsis) <= w {
			t.Errorf("w %d: %q stops short: %q would fit", w, got, prefix+string(r)+ellipsis)
		}
	}
}
