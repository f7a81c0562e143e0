package game

import (
	"strings"
	"testing"
	"time"
)

// A shot that stops making progress fails after shotPatience with what it
// waits for; any change restarts the wait; exactly shotPatience is still
// patience (the error comes only after it).
func TestShotWatch_StallsAfterPatience(t *testing.T) {
	var w shotWatch
	t0 := time.Unix(1000, 0)
	s := shotState{Ticks: 5, TilesLoading: 2}
	if err := w.stalled(s, t0, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := w.stalled(s, t0.Add(time.Minute), time.Minute); err != nil {
		t.Fatalf("at exactly the patience: %v", err)
	}
	s.TilesLoading = 1 // progress
	if err := w.stalled(s, t0.Add(90*time.Second), time.Minute); err != nil {
		t.Fatalf("after progress: %v", err)
	}
	if err := w.stalled(s, t0.Add(150*time.Second), time.Minute); err != nil {
		t.Fatalf("60 s after the progress: %v", err)
	}
	err := w.stalled(s, t0.Add(150*time.Second+time.Nanosecond), time.Minute)
	if err == nil || !strings.Contains(err.Error(), "tiles loading 1") {
		t.Fatalf("stalled: got %v, want an error naming the tiles still loading", err)
	}
}
