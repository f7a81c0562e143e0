//go:build unix

package dat

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe given as a dat is refused at once; it used to hang in open(2)
// waiting for a writer.
func TestOpenRefusesNamedPipe(t *testing.T) {
	portal, cell := roleImages(t)
	dir := writeDir(t, portal, cell)
	fifo := filepath.Join(t.TempDir(), "pipe.dat")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	cellPath := filepath.Join(dir, CellFile)
	if err := syscall.Unlink(cellPath); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(cellPath, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 2)
	go func() { _, err := Open(fifo); done <- err }()
	go func() { _, err := OpenDir(dir); done <- err }()
	for range 2 {
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "named pipe, not a regular file") {
				t.Errorf("got %v, want a named-pipe error", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Open on a named pipe did not return (hang)")
		}
	}
}
