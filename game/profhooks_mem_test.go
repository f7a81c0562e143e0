package game

import (
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/game/clock"
)

// Issue 10 "memory stays flat": the profiler's state (the timeline history,
// the input record, the meter tap, the window's own mix) is bounded. The
// window runs at 4× for 40 simulated minutes (Update only, a fake clock at
// 60 FPS, W held now and then so the record has moves); the live heap after
// 40 min is within 4 MB of the heap after 10 min.
func TestProfiler_MemoryFlatAt4x(t *testing.T) {
	if testing.Short() {
		t.Skip("40 simulated minutes")
	}
	g := standInGame(t)
	g.st.TimeScale = 4
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	frame := 0
	g.held = func(k ebiten.Key) bool { return k == ebiten.KeyQ && frame%600 < 30 } // turn in place now and then
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	run := func(simMinutes float64) {
		for g.snap.Time < simMinutes*60 {
			now += 1.0 / 60
			frame++
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	run(10)
	h10, inputs10 := heap(), len(g.sim.Inputs().Inputs)
	run(40)
	h40, inputs40 := heap(), len(g.sim.Inputs().Inputs)
	t.Logf("heap %.1f MB at 10 min, %.1f MB at 40 min; input record %d → %d entries; history %d bars %d rows",
		float64(h10)/1e6, float64(h40)/1e6, inputs10, inputs40, len(g.ui.History().Bars), len(g.ui.History().Rows))
	if h40 > h10+4<<20 {
		t.Errorf("heap grew from %d to %d bytes between 10 and 40 simulated minutes", h10, h40)
	}
}
