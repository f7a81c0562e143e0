package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOnsetsNarrowTonesUnderNoise: a 100 ms tone (5 ms ramps) once a
// second, centred, at 300 Hz, 500 Hz or 1.2 kHz, over white noise
// uncorrelated between the channels (big world 0x0A001005 under noise at
// 20 dB SNR). Each tone's mean square is 4 dB under the noise's
// (broadband SNR −4 dB, so its first 50 ms lie well within 20 dB of the
// mix: the rule says it must be found), and white noise of
// variance σ² puts σ²·W/(Rate/2) in a band W Hz wide, so in the third of
// an octave around the tone (W = 0.23·f) the tone stands
// −4 + 10·log10(22050/(0.23·f)) dB over it: +21 dB at 300 Hz, +19 dB at
// 500 Hz, +15 dB at 1.2 kHz, held for 100 ms. Every one of the 19 tones
// after the first second is found within 30 ms, and nothing else. One
// frame of a band a few bins wide fluctuates by 3–6 dB under noise, so
// measured frame by frame such a start scores z ≈ 4–5 in one or two bands
// and is lost (the old detector finds 6, 10 and 19 of 19); averaged over the 58 ms it
// holds (sustainedZ) it is not. Further under the noise fewer are found
// (docs/gate-onsets.md).
func TestOnsetsNarrowTonesUnderNoise(t *testing.T) {
	for _, hz := range []float64{300, 500, 1200} {
		found, onsets := narrowTones(hz, -4)
		if found != 19 || onsets != 19 {
			t.Errorf("%.0f Hz: %d of 19 tones found, %d onsets", hz, found, onsets)
		}
	}
}

// narrowTones mixes a tone at hz, snr dB under white noise (broadband mean
// squares), for 100 ms once a second over 20 s, and returns how many of
// the 19 after the first second are found within 30 ms and how many
// onsets there are.
func narrowTones(hz, snr float64) (found, onsets int) {
	rng := rand.New(rand.NewPCG(29, 20))
	const sec, sd = 20.0, 0.01
	l, r := noise(rng, sec, sd), noise(rng, sec, sd)
	// Mean square of a sine of amplitude a is a²/2; the noise's is sd².
	a := math.Sqrt(2 * sd * sd * math.Pow(10, snr/10))
	want := addTones(l, r, hz, a, 1, 1)
	got := Measure(l, r, nil).Onsets.Times
	for _, w := range want {
		for _, g := range got {
			if math.Abs(g-w) <= 0.03 {
				found++
				break
			}
		}
	}
	return found, len(got)
}

// addTones adds to l, r (at least 20 s) a 100 ms tone at hz (5 ms ramps)
// of amplitude amp, times gl on the left and gr on the right, once a
// second from 1 s on, each 0, 13 or 26 ms late in turn, and returns the
// tones' start times (s).
func addTones(l, r []float32, hz, amp, gl, gr float64) []float64 {
	var want []float64
	for k := 1; k < len(l)/Rate; k++ {
		t0 := float64(k) + 0.013*float64(k%3)
		want = append(want, t0)
		i0, n, ramp := int(t0*Rate), Rate/10, Rate/200
		for i := 0; i < n; i++ {
			g := min(1, float64(i)/float64(ramp), float64(n-i)/float64(ramp))
			v := g * amp * math.Sin(2*math.Pi*hz*float64(i)/Rate)
			l[i0+i] += float32(gl * v)
			r[i0+i] += float32(gr * v)
		}
	}
	return want
}
