package commands

import (
	"strings"
	"testing"
)

// Without soundworld-window beside the test binary or on PATH, the explorer
// and shot say how to build it and exit 2 (a user error), never panic.
func TestLaunch_MissingWindowProgramSaysHowToBuildIt(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := findWindow()
	if err == nil {
		t.Skip("a soundworld-window sits beside the test binary")
	}
	if !isUserErr(err) {
		t.Errorf("got %v, want a user error (exit 2)", err)
	}
	if !strings.Contains(err.Error(), "go build -o soundworld-window ./cmd/soundworld-window") {
		t.Errorf("got %q, want the command that builds the window program", err)
	}
	if code := run([]string{"shot", "-o", "x.png"}); code != 2 {
		t.Errorf("soundworld shot without the window program: got exit %d, want 2", code)
	}
}
