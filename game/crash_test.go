package game

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/internal/crash"
)

const bugChildEnv = "SOUNDWORLD_GAME_BUG_CHILD"

// bugChild runs a Game whose frame panics (a nil *Game: Layout, then Update,
// dereference it) under Run's wrapper, on Ebitengine's own goroutines.
func bugChild() {
	crash.Setup("soundworld", nil)
	ebiten.SetWindowSize(320, 240)
	err := ebiten.RunGame(guarded{})
	os.Stderr.WriteString("RunGame returned: " + strings.TrimSpace(errString(err)) + "\n")
	os.Exit(0)
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

// A bug in the window's frame (Update, Draw, Layout run on
// Ebitengine's goroutines, which main's recover never sees) is reported as
// one: exit 70 with "internal error (a bug)" and the stack, not Go's exit 2.
func TestFrameLoopBug_Exit70(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), bugChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 70 {
		t.Fatalf("%v, want exit 70; output:\n%s", err, out)
	}
	if s := string(out); !strings.Contains(s, "soundworld: internal error (a bug): runtime error: invalid memory address") || !strings.Contains(s, "game.guarded.") {
		t.Errorf("output %q: want the report with the frame's stack", s)
	}
}
