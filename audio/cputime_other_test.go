//go:build !linux

package audio

import "time"

// threadCPU is unavailable here: benchmarks report wall-clock rates only.
func threadCPU() time.Duration { return 0 }
