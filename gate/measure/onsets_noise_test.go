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
	var want []float64
	for k := 1; k < int(sec); k++ {
		t0 := float64(k) + 0.013*float64(k%3)
		want = append(want, t0)
		i0, n, ramp := int(t0*Rate), Rate/10, Rate/200
		for i := 0; i < n; i++ {
			g := min(1, float64(i)/float64(ramp), float64(n-i)/float64(ramp))
			v := g * 0.01 * math.Sin(2*math.Pi*1200*float64(i)/Rate)
			l[i0+i] += float32(v)
			r[i0+i] += float32(0.5 * v)
		}
	}
	onsetsAt(t, Measure(l, r, nil).Onsets.Times, want)
}
