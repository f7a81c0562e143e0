package audio

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used (user +
// system). Benchmarks lock their goroutine to its thread and report work per
// CPU-second beside the wall-clock rate: on a machine shared with other jobs
// the wall clock mostly measures the others.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
