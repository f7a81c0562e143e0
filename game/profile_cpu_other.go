//go:build !unix

package game

import "time"

// processCPU is not measured here (no getrusage).
func processCPU() (time.Duration, bool) { return 0, false }
