package crash

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

// capture runs f with Report's exit and stderr replaced; it returns the exit
// code asked for (−1: none) and what was printed.
func capture(t *testing.T, f func()) (int, string) {
	t.Helper()
	var out bytes.Buffer
	code := -1
	oldErr, oldExit := stderr, exit
	once = sync.Once{}
	stderr, exit = &out, func(c int) { code = c }
	t.Cleanup(func() { once, stderr, exit = sync.Once{}, oldErr, oldExit })
	f()
	return code, out.String()
}

func TestRecover_ReportsAndExits70(t *testing.T) {
	cleaned := 0
	Setup("soundworld test", func() { cleaned++ })
	code, out := capture(t, func() {
		defer Recover()
		var m map[string]int
		//lint:ignore SA5000 the runtime panic under test
		m["x"] = 1
	})
	if code != 70 {
		t.Errorf("exit %d, want 70", code)
	}
	if !strings.HasPrefix(out, "soundworld test: internal error (a bug): assignment to entry in nil map\n") {
		t.Errorf("report %q", out)
	}
	if !strings.Contains(out, "crash_test.go") || !strings.Contains(out, "goroutine ") {
		t.Errorf("report has no stack: %q", out)
	}
	if cleaned != 1 {
		t.Errorf("clean-up ran %d times, want 1", cleaned)
	}
}

// A worker's panic is carried to the caller and raised there with the
// worker's stack; the other workers finish.
func TestCarry_RaisesOnCaller(t *testing.T) {
	var c Carry
	var wg sync.WaitGroup
	done := 0
	var mu sync.Mutex
	for i := range 4 {
		wg.Go(func() {
			defer c.Catch()
			if i == 2 {
				panic(errors.New("worker two"))
			}
			mu.Lock()
			done++
			mu.Unlock()
		})
	}
	wg.Wait()
	if !c.Failed() || done != 3 {
		t.Fatalf("failed %v, %d workers done; want true, 3", c.Failed(), done)
	}
	code, out := capture(t, func() {
		defer Recover()
		c.Raise()
	})
	if code != 70 || !strings.Contains(out, "internal error (a bug): worker two\n") || !strings.Contains(out, "re-raised at:") {
		t.Errorf("exit %d, report %q", code, out)
	}
	var none Carry
	none.Raise() // nothing carried: no panic
}

// Failed reports whether a worker panicked.
func (c *Carry) Failed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bug != nil
}
