package world_test

import (
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/world"
)

// TestE3_RenderAtTheForge renders 10 s standing by the stand-in forge (the
// mixer included) twice: the runs are byte-identical (O3; the golden
// scenario forge-seed2 pins the same render on arm64 too), and the event log
// shows the hammer (SoundType 0x69) through the hook path with the forge's
// table exactly at the animation's hammer frames. The schedule is worked
// from retail's rules, not from this code: the forge is created on the first
// tick (t = 0); hammer frame f ends at (f + 1)/30 s into each 3 s loop (90
// frames at 30/s); the object advances only once ≥ 1/30 s has passed since
// its last update, so at 60 ticks a second a crossing is heard at most 3
// ticks (0.05 s) late and never early.
func TestE3_RenderAtTheForge(t *testing.T) {
	sc := goldenScenario{name: "forge", seed: 2, x0: forgeX, y0: forgeY - 6, x1: forgeX, y1: forgeY - 6, seconds: 10}
	wav1, log1 := renderGolden(t, sc)
	wav2, log2 := renderGolden(t, sc)
	if string(wav1) != string(wav2) || string(log1) != string(log2) {
		t.Fatal("O3: two renders at the forge differ")
	}
	a := standIn(t)
	s := newSim(t, world.Config{Archive: a, Seed: 2})
	s.SetListener(forgeX, forgeY-6, 0)
	var hammer []world.Event
	s.SetOnEvent(func(ev world.Event) {
		if ev.Source == audio.SourceObject && ev.SType == assets.HammerSType {
			hammer = append(hammer, ev)
		}
	})
	runFor(s, 10)
	var want []float64
	for loop := 0.0; loop < 10; loop += 3 {
		for _, f := range assets.ForgeHammerFrames {
			if c := loop + float64(f+1)/30; c < 10-0.05 {
				want = append(want, c)
			}
		}
	}
	if len(hammer) != len(want) {
		t.Fatalf("got %d hammer plays, want %d (frames %v every 3 s)", len(hammer), len(want), assets.ForgeHammerFrames)
	}
	for i, ev := range hammer {
		frame := assets.ForgeHammerFrames[i%len(assets.ForgeHammerFrames)]
		if ev.Time < want[i]-1e-9 || ev.Time > want[i]+0.05+1e-9 || ev.Table != assets.ForgeTable ||
			ev.Object == nil || ev.Object.Frame != frame || ev.Object.Anim != assets.ForgeAnim || ev.Outcome != audio.OutcomeStart {
			t.Errorf("hammer %d: %+v %+v, want frame %d heard in [%v, %v]", i, ev.Play, ev.Object, frame, want[i], want[i]+0.05)
		}
	}
}
