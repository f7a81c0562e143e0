package measure

import (
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
	onsetsAt(t, Measure(l, r, nil).Onsets.Times, want)
}
