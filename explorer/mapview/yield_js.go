//go:build js

package mapview

import (
	"runtime"
	"time"
)

// yielder lets the frame goroutine run between landblocks. In a browser
// page every goroutine shares the page's one thread, and a goroutine that
// only calls Gosched keeps the thread from the browser (no frame is shown,
// no event handled) until it blocks. So after pageSlice of work it sleeps:
// with every goroutine blocked, Go hands the thread back to the browser.
type yielder struct{ since time.Time }

// pageSlice is the most work between two hand-backs (a tenth of a second
// would already show as a stutter; a 1 ms sleep costs 1-4 ms).
const pageSlice = 10 * time.Millisecond

func (y *yielder) yield() {
	if y.since.IsZero() {
		y.since = time.Now()
	}
	if time.Since(y.since) < pageSlice {
		runtime.Gosched()
		return
	}
	time.Sleep(time.Millisecond)
	y.since = time.Now()
}
