// Package pipetest checks, in tests, that a reader refuses a named pipe at
// once instead of blocking on it.
package pipetest

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// RefusedAtOnce makes a named pipe called name in a temp folder and calls
// read on it: read must return within 5 s with an error that says "named
// pipe". Skips where named pipes cannot be made.
func RefusedAtOnce(t *testing.T, name string, read func(path string) error) {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), name)
	if err := Mkfifo(fifo); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { done <- read(fifo) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("%s as a named pipe: got %v, want it refused as one", name, err)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s as a named pipe: the read blocked", name)
	}
}
