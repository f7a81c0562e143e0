package capture

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A sidecar that is a named pipe (-from in render, shot, capture and the
// window) is refused at once.
func TestReadSidecar_RefusesNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "shot.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadSidecar(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("got %v, want the named pipe refused", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadSidecar blocked on a named pipe")
	}
}
