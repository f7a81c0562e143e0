//go:build unix

package game

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) every thread of this process
// has used so far: with Mesa's software GL that includes its rasteriser
// threads, the cost of drawing that Draw's own time leaves out.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
