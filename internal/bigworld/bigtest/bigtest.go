// Package bigtest opens, in tests and benchmarks, the generated full-size
// world (internal/bigworld, generated once per machine).
package bigtest

import (
	"testing"

	"soundworld/dat"
	"soundworld/internal/bigworld"
)

// Archive opens the generated world's two dats, closed when tb ends.
func Archive(tb testing.TB) *dat.Archive {
	tb.Helper()
	dir, err := bigworld.Cached()
	if err != nil {
		tb.Fatal(err)
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { a.Close() })
	return a
}
