//go:build unix

package datcheck

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user + system CPU time so far (all threads).
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
