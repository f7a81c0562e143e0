package game

import (
	"slices"
	"testing"
)

// Issue 21 item 7: notices are timed in wall-clock seconds, not frames. A
// toast shows for toastSeconds of wall time however many frames pass (at
// 2 frames a second a 240-frame toast stayed two minutes; at 600 frames a
// second it flashed for 0.4 s); the status bar refreshes 10 times a wall
// second, and in the frame an F12 picture is taken.
func TestNotices_WallClockSeconds(t *testing.T) {
	g := newStandInGame(t)
	now := 100.0
	g.src.Wall = func() float64 { return now }
	g.setToast("Sim reset with seed 7")
	shown := func() bool { return slices.Contains(g.banners(), "Sim reset with seed 7") }
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
	g.status[0] = "x"
	g.statusDue()
	g.frame += 60
	if g.statusDue() {
		t.Error("the status bar refreshed with no wall time passing")
	}
	now += 0.11
	if !g.statusDue() {
		t.Error("the status bar did not refresh after 0.11 wall seconds")
	}
	g.shotReq = true
	if !g.statusDue() {
		t.Error("the status bar is not refreshed for an F12 picture")
	}
}
