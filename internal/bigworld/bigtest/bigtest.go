// Package bigtest opens, in tests and benchmarks, the generated full-size
// world (internal/bigworld, generated once per machine).
package bigtest

import (
	"testing"

	"soundworld/dat"
	"soundworld/internal/bigworld"
)

// Dir is the folder of the generated world's two dats (bigworld.Cached:
// generated on first use); a failure ends the test.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := bigworld.Cached()
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// Archive opens the generated world's two dats, closed when tb ends.
func Archive(tb testing.TB) *dat.Archive {
	tb.Helper()
	a, err := dat.OpenDir(Dir(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { a.Close() })
	return a
}
