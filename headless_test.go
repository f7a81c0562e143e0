package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHeadless_NoWindowCode pins the split between the two programs: soundworld
// (the text commands) must link no window-side Ebitengine, whose init opens the
// X display and panics without one, so dump, level, probe and render run on any
// machine. The explorer lives in cmd/soundworld-window.
func TestHeadless_NoWindowCode(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "github.com/hajimehoshi/ebiten/v2/internal/ui" || p == "soundworld/game" ||
			p == "github.com/ebitengine/debugui" {
			t.Errorf("soundworld links %s: got window code in the text commands, want none", p)
		}
	}
}
