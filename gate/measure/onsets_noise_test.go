package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOnsetsTonesOverNoise: a 100 ms 1.2 kHz tone (5 ms ramps) once a
// second, panned left, over white noise uncorrelated between the channels
// some 40 dB under it in the tone's band (big world 0x0A001005 under
// noise at 20 dB SNR). Every tone is an audible start: all 19 after the
// first second are found within 30 ms, and nothing else is. With the
// spread taken from a band's distance to its running mean, each tone's
// 100 ms kept its bands' spread at 10–12 dB and the next tone scored under
// the threshold (changeVar).
func TestOnsetsTonesOverNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	const sec = 20.0
	l, r := noise(rng, sec, 0.001), noise(rng, sec, 0.001)
	want := addTones(l, r, 1200, 0.01, 1, 0.5)
	got := Measure(l, r, nil).Onsets.Times
	if len(got) != len(want) {
		t.Fatalf("%d onsets, want %d: %.3f", len(got), len(want), got)
	}
	for i, w := range want {
		if math.Abs(got[i]-w) > 0.03 {
			t.Errorf("onset %d at %.3f s, want %.3f", i, got[i], w)
		}
	}
}
