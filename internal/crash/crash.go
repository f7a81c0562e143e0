// Package crash turns a Go panic — always a bug in soundworld, never the
// user's mistake — into one clear report and exit code 70 (EX_SOFTWARE of
// sysexits.h), so a script can tell a crash from a refusal (exit 2). An
// unrecovered panic would exit 2 with Go's own dump, or, in a goroutine
// other than main's, skip every deferred clean-up.
//
// Contract: every goroutine the programs start runs its body under
// `defer crash.Recover()` (or is started with crash.Go); the libraries' worker
// pool (internal/pool: atlas, datcheck, gate) catches a worker's panic with a
// Carry and raises it again on the caller's goroutine, where that goroutine's
// Recover reports it. Ebitengine calls the window's Update and Draw on goroutines of
// its own: game.Run wraps them the same way.
package crash

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
)

// Code is the exit code of an internal error (a bug).
const Code = 70

var (
	mu      sync.Mutex
	prog    = "soundworld"
	cleanup []func()
	stderr  io.Writer = os.Stderr
	exit              = os.Exit
	once    sync.Once
)

// Setup names the program in the report and adds a clean-up run before the
// exit (the commands' temp files: outputs.RemoveTemps).
func Setup(name string, clean func()) {
	mu.Lock()
	defer mu.Unlock()
	prog = name
	if clean != nil {
		cleanup = append(cleanup, clean)
	}
}

// Bug is a panic carried from a worker goroutine to its caller (Carry): the
// original value and the stack where it happened.
type Bug struct {
	Value any
	Stack []byte
}

func (b *Bug) Error() string { return fmt.Sprint(b.Value) }

// Recover reports a panic of the calling goroutine as an internal error and
// exits with Code. Use it deferred, directly: `defer crash.Recover()`.
func Recover() {
	if r := recover(); r != nil {
		Report(r, debug.Stack())
	}
}

// Go runs f on a new goroutine under Recover.
func Go(f func()) {
	go func() {
		defer Recover()
		f()
	}()
}

// Report prints "PROG: internal error (a bug): VALUE", the stack (the
// worker's, for a carried Bug, then the one that raised it), runs the
// clean-ups and exits with Code. Only the first of several panicking
// goroutines reports; the others wait for the exit.
func Report(v any, stack []byte) {
	reported := false
	once.Do(func() {
		reported = true
		mu.Lock()
		name, clean, w := prog, cleanup, stderr
		mu.Unlock()
		if b, ok := v.(*Bug); ok {
			fmt.Fprintf(w, "%s: internal error (a bug): %v\n%s\nre-raised at:\n%s", name, b.Value, b.Stack, stack)
		} else {
			fmt.Fprintf(w, "%s: internal error (a bug): %v\n%s", name, v, stack)
		}
		fmt.Fprintf(w, "%s: please report this with the lines above; exit %d\n", name, Code)
		for _, c := range clean {
			c()
		}
	})
	if !reported {
		select {} // another goroutine is reporting and will exit
	}
	exit(Code)
}

// Carry holds the first panic of a pool of worker goroutines so the caller
// can raise it on its own goroutine once the pool has stopped.
type Carry struct {
	mu  sync.Mutex
	bug *Bug
}

// Catch recovers a worker's panic into c. Use it deferred, directly:
// `defer c.Catch()`. The worker then returns normally.
func (c *Carry) Catch() {
	if r := recover(); r != nil {
		c.mu.Lock()
		if c.bug == nil {
			if b, ok := r.(*Bug); ok {
				c.bug = b
			} else {
				c.bug = &Bug{Value: r, Stack: debug.Stack()}
			}
		}
		c.mu.Unlock()
	}
}

// Raise panics with the carried Bug, if any (call after the pool stopped).
func (c *Carry) Raise() {
	c.mu.Lock()
	b := c.bug
	c.mu.Unlock()
	if b != nil {
		panic(b)
	}
}
