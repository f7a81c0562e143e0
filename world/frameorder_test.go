package world_test

import (
	"testing"

	"soundworld/audio"
	"soundworld/world"
)

// TestE3_ObjectsBeforeAmbientDrain (E3/A10 [D4: SmartBox::UseTime 146255]):
// in one frame the world's objects run (CPhysics::UseTime) BEFORE the
// ambient drain (Ambient::UseTime). On the stand-in, on the golden walk
// prefs-single-panoff-seed3 (20 s from the spawn's north to its south),
// every frame without a cell change that logs both object and ambient rows
// logs every object row first (a cell change's UpdatePlayQueue fires
// before the objects, in ChangePosition: those frames are left out); the
// walk must hold such frames for the test to mean anything.
func TestE3_ObjectsBeforeAmbientDrain(t *testing.T) {
	a := standIn(t)
	p := audio.DefaultPrefs()
	p.Squared, p.Pan, p.EffectVolume, p.AmbientVolume = false, false, 0.5, 0.7
	s := newSim(t, world.Config{Archive: a, Seed: 3, Prefs: p})
	type row struct {
		t   float64
		obj bool
	}
	var rows []row
	s.SetOnEvent(func(ev world.Event) {
		switch ev.Source {
		case audio.SourceObject:
			rows = append(rows, row{ev.Time, true})
		case audio.SourceBed, audio.SourceOneShot:
			rows = append(rows, row{ev.Time, false})
		}
	})
	changed := map[float64]bool{} // frames with a cell change (A2 rebuild)
	for i := range 20 * 60 {      // the golden's steps: 735 samples of 44100 Hz
		t0 := float64(i*735) / 44100
		f := float32(t0 / 20)
		s.SetListener(spawnX+10*f, spawnY+30-60*f, 200)
		n := s.Ambient().Rebuilds()
		s.Tick(t0 - s.Now())
		if s.Ambient().Rebuilds() != n {
			changed[s.Now()] = true
		}
	}
	shared := 0
	for i := 1; i < len(rows); i++ {
		if rows[i].t != rows[i-1].t || changed[rows[i].t] {
			continue
		}
		if rows[i].obj && !rows[i-1].obj {
			t.Fatalf("E3/A10: at %v s an object row follows an ambient row in the same frame", rows[i].t)
		}
		if !rows[i].obj && rows[i-1].obj {
			shared++
		}
	}
	if shared == 0 {
		t.Fatal("the walk holds no frame with both object and ambient rows: the test pins nothing")
	}
}
