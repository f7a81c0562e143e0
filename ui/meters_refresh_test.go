package ui

import (
	"testing"
	"time"
)

// Issue 17 item 6: the Meters panel's numbers are re-read at a fixed
// wall-clock rate (10 Hz) whatever the frame rate: at 144 and 60 frames a
// second 10 times a second, at 5 frames a second on every frame (2 s of
// frames each).
func TestMeterNumbers_WallClockRate(t *testing.T) {
	for _, c := range []struct {
		fps  float64
		want int
	}{{144, 20}, {60, 20}, {30, 20}, {5, 10}} {
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		var last time.Time
		n := 0
		for i := 0; float64(i) < 2*c.fps; i++ {
			now := t0.Add(time.Duration(float64(i) / c.fps * float64(time.Second)))
			if NumbersDue(last, now) {
				last, n = now, n+1
			}
		}
		if n < c.want-1 || n > c.want {
			t.Errorf("%v FPS: %d refreshes in 2 s, want %d", c.fps, n, c.want)
		}
	}
}
