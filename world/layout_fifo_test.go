package world

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe given as a layout (a flag or the Emitters panel's load box)
// is refused at once instead of waiting for a writer forever (issue 12 item 5).
func TestLoadLayoutFile_RefusesNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "layout.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := LoadLayoutFile(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("got %v, want the named pipe refused", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("LoadLayoutFile blocked on a named pipe")
	}
}
