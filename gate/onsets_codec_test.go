package gate

import (
	"errors"
	"testing"

	"soundworld/audio"
	"soundworld/gate/degrade"
	"soundworld/gate/measure"
)

// TestOnsetsThroughOgg: takes 7 and 9 of the tuning set (master seed 1),
// a forge emitter's quiet strikes over near silence in the big world, put
// through Ogg Vorbis q3. The codec heralds each attack by its pre-echo (up
// to a long block, 46 ms, early, 30–40 dB under it), which split the
// attack's rise over two frames and hid about half the strikes. Against the
// render's event log: recall and precision ≥ 0.9. Skipped without oggenc
// (scripts/gate-truth.sh installs it).
func TestOnsetsThroughOgg(t *testing.T) {
	big, towns := truthTowns(t)
	takes := drawTakes(1, 12, towns)
	sc := truthScore{kept: map[string]int{}, excluded: map[string]int{}}
	for _, k := range []truthTake{takes[7], takes[9]} {
		if !k.big {
			t.Fatalf("take %s: want the big world's", k)
		}
		mix, ev := renderTake(t, big, audio.NewBank(big), k)
		l, r, err := degrade.Codec(mix.L, mix.R, "ogg")
		if errors.Is(err, degrade.ErrNoEncoder) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		sc.add(masked(ev, l, r, 0, 0), measure.Measure(l, r, nil).Onsets)
	}
	kept := sc.tp + len(sc.missed)
	recall, precision := float64(sc.tp)/float64(max(kept, 1)), float64(sc.tp)/float64(max(sc.detections, 1))
	t.Logf("%d kept starts: recall %.3f, precision %.3f", kept, recall, precision)
	if kept < 20 || recall < 0.9 || precision < 0.9 {
		t.Errorf("%d kept starts, recall %.3f, precision %.3f; want ≥ 20, ≥ 0.9 and ≥ 0.9", kept, recall, precision)
	}
}
