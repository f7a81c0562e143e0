package world_test

import (
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/world"
)

// TestE3_StandInWindmillMotionTable (E3 [D4]): the stand-in windmill's
// Setup names a motion table whose default cycle plays its animation
// (creaks on frames 20 and 80 of 120) at 60 frames/s instead of the default
// animation's 30: the creaks leave their frames at 21/60 s and 81/60 s, then
// every 1 s (not 0.7 s, 2.7 s and every 2 s). Each within 3 ticks of that
// (the 1/30 s physics gate at 60 ticks a second).
func TestE3_StandInWindmillMotionTable(t *testing.T) {
	a := standIn(t)
	s := newSim(t, world.Config{Archive: a, Seed: 1})
	var times []float64
	s.SetOnEvent(func(ev world.Event) {
		if ev.Source == audio.SourceObject && ev.Object != nil && ev.Object.Setup == assets.WindmillSetup {
			times = append(times, ev.Time)
		}
	})
	s.SetPlayer(world.Loc{Landblock: 0xA9B4, X: assets.WindmillX - 5, Y: assets.WindmillY}, 0)
	s.Tick(0)
	for range 6 * 60 {
		s.Tick(world.NextStepDt(s.Now()))
	}
	var want []float64
	for c := 21.0 / 60; c < 6-3.0/60; c += 1 {
		want = append(want, c)
	}
	if len(times) != len(want) {
		t.Fatalf("windmill creaks at %v, want %d near %v (every 1 s)", times, len(want), want)
	}
	for i, tt := range times {
		if tt < want[i]-1e-9 || tt > want[i]+3.0/60+1e-9 {
			t.Errorf("creak %d at %v s, want within [%v, %v]", i, tt, want[i], want[i]+3.0/60)
		}
	}
	if sn := s.Snapshot(); len(sn.Objects) == 0 {
		t.Fatal("no objects")
	} else {
		for _, o := range sn.Objects {
			if o.Setup == assets.WindmillSetup && o.Motion != assets.WindmillMotion {
				t.Errorf("windmill view: motion 0x%08X, want 0x%08X", o.Motion, assets.WindmillMotion)
			}
		}
	}
}
