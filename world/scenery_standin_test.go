package world_test

import (
	"math"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/world"
)

// TestScenery_StandInChimesNearTheStart: the stand-in's town scenes place
// wind chimes (a sounding scenery kind) by retail's algorithm; at least one
// stands within its audible radius of the Holtburg spawn (0xA9B4 (84, 7.1)),
// and a Sim standing there hears chimes through sound_hook as object
// sources with the scenery id bit, at the animation's hook frames.
func TestScenery_StandInChimesNearTheStart(t *testing.T) {
	a := standIn(t)
	land, err := world.NewLand(a)
	if err != nil {
		t.Fatal(err)
	}
	cat := world.NewObjectCatalog(land, a)
	const spawnX, spawnY = 0xA9*192 + 84.0, 0xB4*192 + 7.1
	nearest := math.Inf(1)
	for _, lb := range []uint16{0xA9B3, 0xA9B4} {
		for _, p := range cat.Scenery(lb) {
			if p.ObjID == assets.ChimeSetup {
				w := p.Loc.World()
				nearest = min(nearest, math.Hypot(float64(w.X)-spawnX, float64(w.Y)-spawnY))
			}
		}
	}
	if r := float64(audio.AudibleRadius(1, 1)); !(nearest < r) {
		t.Fatalf("nearest chime %.1f m from the spawn, want one within the SoundHook's audible radius %.1f m", nearest, r)
	}
	s := newSim(t, world.Config{Archive: a, Seed: 1})
	s.SetListener(spawnX, spawnY, 0)
	var chimes []world.Event
	s.SetOnEvent(func(ev world.Event) {
		if ev.Source == audio.SourceObject && ev.Wave == assets.ChimeWave {
			chimes = append(chimes, ev)
		}
	})
	runFor(s, 9)
	if len(chimes) == 0 {
		t.Fatal("no chime heard in 9 s at the spawn")
	}
	for _, ev := range chimes {
		o := ev.Object
		if o == nil || o.ObjectID&0xC000 != world.SceneryIDBit || o.Setup != assets.ChimeSetup || o.Anim != assets.ChimeAnim {
			t.Fatalf("chime event %+v %+v: want a scenery object (id bit 0x4000) of the chime Setup", ev.Play, o)
		}
		// Created at t = 0: hook frame f is passed at (f+1)/30 s into each
		// 8 s loop, heard at most 3 ticks (0.05 s) later (E3 cadence).
		ok := false
		for _, f := range assets.ChimeFrames {
			for loop := 0.0; loop < 9; loop += 8 {
				c := loop + float64(f+1)/30
				ok = ok || (ev.Time >= c-1e-9 && ev.Time <= c+0.05+1e-9)
			}
		}
		if !ok || o.Frame != assets.ChimeFrames[0] && o.Frame != assets.ChimeFrames[1] {
			t.Errorf("chime at %v s frame %d: not at a hook frame's end %v", ev.Time, o.Frame, assets.ChimeFrames)
		}
	}
}
