package commands

import (
	"bytes"
	"fmt"
	"sync"
)

// The window program links Ebitengine, whose package init creates a hidden
// window on Windows and panics when it cannot ("panic: glfw:
// CreateWindowExW failed" under wine without a display) — before the
// window's main, so neither its crash handler (exit 70) nor a message of
// ours runs, and Go's runtime exits 2, the code of a usage error. On Linux
// a C constructor catches the missing display first (cmd_window_display.go).
// So on Windows the launcher keeps the start of the window's stderr and,
// when it ended in such a panic, says what happened.

// crashHeadBytes is how much of the window's stderr is kept: a panic
// before main is the first thing the program writes.
const crashHeadBytes = 4096

// headBuf keeps the first crashHeadBytes written to it.
type headBuf struct {
	mu sync.Mutex
	b  []byte
}

func (h *headBuf) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := crashHeadBytes - len(h.b); n > 0 {
		h.b = append(h.b, p[:min(n, len(p))]...)
	}
	return len(p), nil
}

func (h *headBuf) bytes() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.b
}

// windowCrash reads the window's exit code and the start of its stderr: a
// Go panic before main (exit 2, stderr opening with "panic: ") is no usage
// error. Without a display it is exit 2 with what to do (as on Linux);
// any other is a bug, exit 70 as the window's own crash handler gives.
// msg is "" when the code stands as it is.
func windowCrash(code int, stderr []byte) (int, string) {
	if code != 2 || !bytes.HasPrefix(stderr, []byte("panic: ")) {
		return code, ""
	}
	first, _, _ := bytes.Cut(stderr, []byte("\n"))
	first = bytes.TrimRight(bytes.TrimSpace(bytes.TrimPrefix(first, []byte("panic: "))), ".")
	if bytes.HasPrefix(first, []byte("glfw: ")) {
		return 2, fmt.Sprintf("soundworld: the window cannot open: no display to open it on (%s).\n"+
			"  Start it from a Windows desktop session; under wine, set DISPLAY to a running X server\n"+
			"  (or run it inside xvfb-run). The text commands (render, probe, level, gate, check,\n"+
			"  atlas) need no display.", first)
	}
	return 70, fmt.Sprintf("soundworld: internal error (a bug): the window program crashed as it started, before its main: %s", first)
}
