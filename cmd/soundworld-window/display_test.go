//go:build linux

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A DISPLAY that does not open (a stale ssh forwarding, an X server gone) is
// treated like no DISPLAY — never Ebitengine's init panic (a Go panic exits
// 2 with a stack, the code and look of a user's mistake). Here xvfb-run is
// off the PATH, so the program says what to do and exits 2; with xvfb-run it
// re-executes under it as without a DISPLAY.
func TestDisplayThatDoesNotOpen_NoPanic(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "DISPLAY=:987", "PATH=/nonexistent", "SOUNDWORLD_WINDOW_MAIN=shot\x1f-o\x1f"+t.TempDir()+"/x.png")
	out, err := cmd.CombinedOutput()
	code := -1
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	s := string(out)
	if code != 2 || strings.Contains(s, "panic") || !strings.Contains(s, "no display (cannot open display :987) and xvfb-run is not installed") {
		t.Errorf("exit %d, output:\n%s\nwant exit 2 naming the display, no panic", code, s)
	}
}
