package game

import (
	"slices"
	"testing"
)

// Notices are timed in wall-clock seconds, not frames: a toast shows for
// toastSeconds of wall time however many frames pass (a count of frames
// would keep it up for minutes at 2 frames a second and flash it at 600).
func TestNotices_WallClockSeconds(t *testing.T) {
	g := newStandInGame(t)
	now := 100.0
	g.wall = func() float64 { return now }
	g.setToast("Sim reset with seed 7")
	shown := func() bool { return slices.Contains(g.hudNow().banners(), "Sim reset with seed 7") }
	g.frame += 10 * 60 * tps // ten minutes of frames at full speed, no wall time
	if !shown() {
		t.Fatal("the toast vanished after frames with no wall time passing")
	}
	now += toastSeconds - 0.01
	if !shown() {
		t.Fatalf("the toast is gone before %v wall seconds", toastSeconds)
	}
	now += 0.02
	if shown() {
		t.Fatalf("the toast still shows after %v wall seconds", toastSeconds)
	}
}
