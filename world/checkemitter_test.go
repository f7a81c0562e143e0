package world

import (
	"bytes"
	"math"
	"testing"

	"soundworld/audio"
)

// checkEmitter checks an emitter's values as LoadLayout checks the layout
// file EncodeLayout writes of it: the two verdicts agree on every field's
// boundaries (values just inside and just outside each bound).
func TestCheckEmitter_AsLayout(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	z, badZ := float32(3), nan
	ok := Emitter{Name: "forge", Landblock: 0xA9B4, X: 84, Y: 7, SoundTable: 0x20000010, SType: 105, Volume: 0.5, Interval: [2]float32{2, 4}}
	wave := Emitter{Name: "w", X: 1, Y: 1, Wave: 0x0A000031, Path: audio.PathSoundHook, Volume: 1}
	tweak := wave
	tweak.Path, tweak.Probability = audio.PathTweakedHook, 0.5
	edits := []func(*Emitter){
		func(*Emitter) {},
		func(e *Emitter) { e.Name = "" }, func(e *Emitter) { e.Name = " \t" }, func(e *Emitter) { e.Name = "\xff" },
		func(e *Emitter) { e.X = 0 }, func(e *Emitter) { e.X = -0.001 }, func(e *Emitter) { e.X = 191.99 },
		func(e *Emitter) { e.X = BlockSize }, func(e *Emitter) { e.Y = nan }, func(e *Emitter) { e.Y = inf },
		func(e *Emitter) { e.Z = &z }, func(e *Emitter) { e.Z = &badZ },
		func(e *Emitter) { e.Path = 4 }, func(e *Emitter) { e.Path = 255 },
		func(e *Emitter) { e.SoundTable = 0x0A000010 }, func(e *Emitter) { e.SoundTable = 0x20FFFFFF },
		func(e *Emitter) { e.SType = 0 }, func(e *Emitter) { e.SType = 1 }, func(e *Emitter) { e.SType = 0xCC },
		func(e *Emitter) { e.SType = 0xCD }, func(e *Emitter) { e.Wave = 0x20000031 }, func(e *Emitter) { e.Wave = 0x0AFFFFFF },
		func(e *Emitter) { e.Probability = 1 }, func(e *Emitter) { e.Probability = 1.0001 },
		func(e *Emitter) { e.Probability = -0.0001 }, func(e *Emitter) { e.Probability = nan },
		func(e *Emitter) { e.Volume = 0 }, func(e *Emitter) { e.Volume = -0.0001 }, func(e *Emitter) { e.Volume = inf },
		func(e *Emitter) { e.Volume = 1e38 }, func(e *Emitter) { e.Interval = [2]float32{0, 0} },
		func(e *Emitter) { e.Interval = [2]float32{-1, 2} }, func(e *Emitter) { e.Interval = [2]float32{3, 2} },
		func(e *Emitter) { e.Interval[1] = nan }, func(e *Emitter) { e.Interval[1] = inf },
	}
	n, bad := 0, 0
	for _, base := range []Emitter{ok, wave, tweak} {
		for i, edit := range edits {
			e := base
			edit(&e)
			_, layoutErr := LoadLayout(bytes.NewReader(EncodeLayout([]Emitter{e})), "emitter")
			err := checkEmitter(e)
			if (err == nil) != (layoutErr == nil) {
				t.Errorf("path %v, edit %d (%+v): checkEmitter %v, layout %v", base.Path, i, e, err, layoutErr)
			}
			n++
			if layoutErr != nil {
				bad++
			}
		}
	}
	if bad == 0 || bad == n {
		t.Fatalf("%d of %d emitters refused: the table does not test both verdicts", bad, n)
	}
}
