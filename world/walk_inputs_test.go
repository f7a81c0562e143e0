package world

import (
	"fmt"
	"strings"
	"testing"
)

// The change and point times are the grid time of the tick each call first
// took effect on: a call made after tick k (at k·735/44100 s) is heard at tick
// k+1, which render reaches at (k+1)·735/44100 s.
func TestInputLog_WalkTimes(t *testing.T) {
	s, _ := simFixture(t, 1)
	s.RecordInputs()
	s.Reset(1)
	s.Tick(0) // tick 0
	step := func(n int) {
		for i := 0; i < n; i++ {
			s.Tick(NextStepDt(s.Now()))
		}
	}
	step(3) // ticks 1..3
	s.SetEye(5)
	step(2) // ticks 4, 5
	l := s.Player()
	s.SetPlayer(Loc{Landblock: l.Landblock, X: l.X + 1, Y: l.Y}, 90)
	step(1)            // tick 6
	s.SetPlayer(l, 90) // back, after tick 6
	s.Tick(0)          // a zero tick with a move pending: not exact
	step(4)            // ticks 7..10
	w, warn, err := s.Inputs().Walk()
	if err != nil {
		t.Fatal(err)
	}
	grid := func(k int) float64 { return float64(k*735) / 44100 }
	if len(w.Changes) != 2 || w.Changes[1].T != grid(4) || *w.Changes[1].Eye != 5 {
		t.Errorf("changes %+v: want prefs at 0 and eye 5 at tick 4 (%v s)", w.Changes, grid(4))
	}
	// Points: start (tick 0), before the move (tick 5), the move (tick 6), back (tick 7), end (tick 10).
	var ts []float64
	for _, p := range w.Points {
		ts = append(ts, p.T)
	}
	want := []float64{grid(0), grid(5), grid(6), grid(7), grid(10)}
	if fmt.Sprint(ts) != fmt.Sprint(want) || w.Points[2].Loc.X != l.X+1 || w.Points[3].Heading != 90 || w.Points[1].Heading != 0 {
		t.Errorf("points %+v: want times %v, the move at tick 6 and back at 7", w.Points, want)
	}
	if len(warn) != 1 || !strings.Contains(warn[0], "zero-length tick") {
		t.Errorf("warnings %q: want the zero tick after a move", warn)
	}
}
