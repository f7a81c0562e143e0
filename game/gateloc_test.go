package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/explorer/listen"
	"soundworld/world"
)

// The jump box takes retail's /loc line pasted as is — the
// player lands on the line's landblock-local x, y exactly (W6) facing the
// quaternion's heading (a rotation of −90° about +Z faces east, 90°) — and the
// position line shown for copying reads back to the same spot.
func TestJumpRetailLocAndPositionLine(t *testing.T) {
	g := standInGame(t)
	// w = cos(45°), z = −sin(45°): Frame::set_heading(90) (east).
	if err := hostOf(g).Jump("0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"); err != nil {
		t.Fatal(err)
	}
	p := g.sim.Player()
	if p.Landblock != 0xA9B4 || p.X != 84 || p.Y != float32(7.1) {
		t.Errorf("player at %+v, want 0xA9B4 84 7.1 exactly", p)
	}
	if h := g.sim.Listener().Heading; h < 89.999 || h > 90.001 {
		t.Errorf("heading %v, want 90 (east)", h)
	}
	line := g.listening.PositionLine()
	if !strings.HasPrefix(line, "0xA9B40019 [84.000000 7.100000 ") || !strings.HasSuffix(line, "] 0.707107 0.000000 0.000000 -0.707107") {
		t.Errorf("position line %q, want cell 0xA9B40019, x 84 y 7.1, the east quaternion", line)
	}
	// Paste it back after walking away: the same line again.
	g.sim.SetListener(g.sim.Listener().Pos.X+30, g.sim.Listener().Pos.Y, 0)
	if err := hostOf(g).Jump(line); err != nil {
		t.Fatal(err)
	}
	if again := g.listening.PositionLine(); again != line {
		t.Errorf("after pasting %q the position reads %q", line, again)
	}
	// A damaged line is refused with the parser's reason; the player stays.
	err := hostOf(g).Jump("0xA9B40019 [84.000000 7.100000] 1 0 0 0")
	if err == nil || !strings.Contains(err.Error(), "position [x y z]") {
		t.Errorf("two-number position: got %v, want the /loc parser's error", err)
	}
	if again := g.listening.PositionLine(); again != line {
		t.Errorf("a refused jump moved the player: %q", again)
	}
}

// Copy: to the clipboard under X (Xvfb has one), else to a file; either way
// the toast shows the line.
func TestCopyPosition(t *testing.T) {
	g := standInGame(t)
	dir := t.TempDir()
	t.Chdir(dir)
	where := g.listening.CopyPosition()
	line := g.listening.PositionLine()
	if !strings.Contains(g.toast, line) {
		t.Errorf("toast %q does not show %q", g.toast, line)
	}
	switch where {
	case "clipboard":
	case listen.ClipFallback:
		b, err := os.ReadFile(filepath.Join(dir, listen.ClipFallback))
		if err != nil || strings.TrimSpace(string(b)) != line {
			t.Errorf("fallback file: %q %v, want %q", b, err, line)
		}
	default:
		t.Errorf("copied to %q", where)
	}
	if _, err := world.ParseRetailLoc(line); err != nil {
		t.Errorf("the copied line does not parse: %v", err)
	}
}

// The screenshot sidecar carries the same /loc line.
func TestSidecarHasTheLocLine(t *testing.T) {
	g := standInGame(t)
	if err := hostOf(g).Jump("0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"); err != nil {
		t.Fatal(err)
	}
	g.snap = g.sim.Tick(0)
	if got, want := g.sidecar().Listener.Loc, g.listening.PositionLine(); got != want || !strings.HasPrefix(got, "0xA9B40019 [84.000000 7.100000 ") {
		t.Errorf("sidecar loc %q, want the position line %q", got, want)
	}
}
