package game

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/explorer/clock"
)

// Driven by a fake clock at 5, 20 and 60 FPS with W held for
// 3 s of real time, Update advances the Sim by 3 s (time scale 1) and the
// listener runs 3 × 9.5 = 28.5 m north, whatever the frame rate. At 2× the
// Sim runs 6 s while the walk stays 28.5 m (legs keep real time).
func TestUpdate_FakeClockKeepsTimeAndWalkingDistance(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, fps := range []float64{5, 20, 60} {
			g := standInGame(t)
			g.st.Follow = true
			g.st.TimeScale = scale
			now := 0.0
			g.clk = clock.New(func() float64 { return now })
			g.held = func(k ebiten.Key) bool { return k == ebiten.KeyW }
			g.sim.SetListener(g.sim.Listener().Pos.X, g.sim.Listener().Pos.Y, 0) // facing north
			if err := g.Update(); err != nil {                                   // starts the clock
				t.Fatal(err)
			}
			t0, p0 := g.snap.Time, g.sim.Listener().Pos
			frames := int(math.Round(3 * fps))
			for i := 0; i < frames; i++ {
				now += 1 / fps
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
			}
			p1 := g.sim.Listener().Pos
			dist := math.Hypot(float64(p1.X-p0.X), float64(p1.Y-p0.Y))
			if got, want := g.snap.Time-t0, 3*scale; math.Abs(got-want) > clock.Step+1e-9 {
				t.Errorf("%v FPS, %vx: got %.4f s of sim time in 3 s, want %.4f", fps, scale, got, want)
			}
			if math.Abs(dist-28.5) > 0.01 || math.Abs(float64(p1.X-p0.X)) > 0.01 {
				t.Errorf("%v FPS, %vx: W held 3 s walked %.3f m (dx %.3f), want 28.5 m north", fps, scale, dist, p1.X-p0.X)
			}
			if g.clk.Behind() {
				t.Errorf("%v FPS, %vx: clock says behind (rate %v), want keeping time", fps, scale, g.clk.Rate())
			}
		}
	}
}
