package game

import (
	"sync/atomic"
	"testing"
	"time"
)

// The window's focus (G4) is read off the game goroutine: focused never
// waits for a read, counts as true until the first read has finished,
// then follows the reads, and close stops them.
func TestFocusPoller_NeverWaitsAndFollows(t *testing.T) {
	var want atomic.Bool
	var reads atomic.Int32
	gate := make(chan struct{})
	p := newFocusPoller(func() bool {
		if reads.Add(1) == 1 {
			<-gate // the first read hangs, as the main thread can while the window opens
		}
		return want.Load()
	})
	done := make(chan bool)
	go func() { done <- p.focused() }()
	select {
	case f := <-done:
		if !f {
			t.Errorf("before the first read: unfocused, want focused")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("focused waited for the read")
	}
	close(gate)
	waitFor(t, "unfocused after the first read", func() bool { return !p.focused() })
	want.Store(true)
	waitFor(t, "focused again", func() bool { return p.focused() })
	p.close()
	time.Sleep(3 * focusEvery) // a read under way may finish
	n := reads.Load()
	time.Sleep(10 * focusEvery)
	if reads.Load() != n {
		t.Errorf("reads went on after close: %d then %d", n, reads.Load())
	}
	p.close() // twice is fine
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within 5 s", what)
		}
	}
}
