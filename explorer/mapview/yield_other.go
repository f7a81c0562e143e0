//go:build !js

package mapview

import "runtime"

// yielder lets the frame goroutine run between landblocks (see atlas.run):
// with threads, Gosched is enough (the js build hands the page's one
// thread back to the browser too, yield_js.go).
type yielder struct{}

func (*yielder) yield() { runtime.Gosched() }
