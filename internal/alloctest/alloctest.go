// Package alloctest measures, in tests, how many bytes a call allocates
// (the bounded-decoding checks: an input may cost at most a multiple of
// its size).
package alloctest

import "runtime"

// Bytes is what f allocates in all (runtime.MemStats.TotalAlloc, garbage
// included), after a collection so earlier garbage is not counted.
func Bytes(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}
