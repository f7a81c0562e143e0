package commands

import (
	"strings"
	"testing"
)

// A panic in the window program's package init (before its main) exits 2,
// the code of a usage error; the launcher tells it apart. The first case's
// stderr is what soundworld-window.exe printed under wine with DISPLAY
// unset (issue 33).
func TestWindowCrash(t *testing.T) {
	noDisplay := "panic: glfw: CreateWindowExW failed: Success.\n\ngoroutine 1 [running]:\n" +
		"github.com/hajimehoshi/ebiten/v2/internal/ui.init.0()\n"
	for _, c := range []struct {
		code   int
		stderr string
		want   int
		msg    string // in the message; "" none
	}{
		{2, noDisplay, 2, "no display to open it on (glfw: CreateWindowExW failed: Success)."},
		{2, "panic: runtime error: index out of range [3] with length 2\n\ngoroutine 1 [running]:\n", 70, "internal error (a bug)"},
		{2, "soundworld: flag provided but not defined: -bogus\n", 2, ""}, // a usage error stands
		{70, "soundworld: internal error (a bug): x\n", 70, ""},
		{0, "", 0, ""},
		{1, "panic: glfw: x\n", 1, ""}, // not Go's exit for a panic
	} {
		got, msg := windowCrash(c.code, []byte(c.stderr))
		if got != c.want || (c.msg == "") != (msg == "") || !strings.Contains(msg, c.msg) {
			t.Errorf("exit %d, %q: got %d %q; want %d with %q", c.code, c.stderr, got, msg, c.want, c.msg)
		}
	}
	var h headBuf
	h.Write([]byte(strings.Repeat("x", crashHeadBytes-1)))
	h.Write([]byte("yz"))
	if b := h.bytes(); len(b) != crashHeadBytes || b[len(b)-1] != 'y' {
		t.Errorf("headBuf kept %d bytes ending %q; want %d ending y", len(b), b[len(b)-1:], crashHeadBytes)
	}
}
