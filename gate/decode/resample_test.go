package decode

import (
	"math"
	"testing"
)

// Tones keep their level through 48 kHz → 44.1 kHz (and 22.05/8 kHz up), and
// a 23 kHz tone, above the new Nyquist, is removed rather than aliased to 21.1 kHz.
func TestResampleFlatAndAntiAliased(t *testing.T) {
	for _, c := range []struct {
		rate   int
		f      float64
		wantDB float64 // output RMS re input RMS
		tol    float64
	}{
		{48000, 1000, 0, 0.05},
		{48000, 10000, 0, 0.05},
		{48000, 16000, 0, 0.1},
		{48000, 23000, -60, 100}, // at most −60 dB
		{22050, 5000, 0, 0.05},
		{8000, 1000, 0, 0.05},
		{44099, 3000, 0, 0.05}, // coprime rates: taps computed per sample
	} {
		in := sine(c.rate*2, c.rate, c.f, 0.5)
		l, r := Resample(in, in, c.rate)
		if want := int(math.Round(float64(len(in)) * Rate / float64(c.rate))); len(l) != want || len(r) != want {
			t.Fatalf("%+v: %d frames, want %d", c, len(l), want)
		}
		got := 20 * math.Log10(rms(l, 2000, len(l)-2000)/(0.5/math.Sqrt2))
		if c.wantDB == -60 {
			if got > -60 {
				t.Errorf("%+v: %.1f dB, want below -60 (no alias)", c, got)
			}
			continue
		}
		if math.Abs(got-c.wantDB) > c.tol {
			t.Errorf("%+v: %.3f dB, want %g ± %g", c, got, c.wantDB, c.tol)
		}
		if k := upCrossings(l, 0, Rate); math.Abs(float64(k)-c.f) > 1 {
			t.Errorf("%+v: %d crossings in 1 s, want %g", c, k, c.f)
		}
	}
}
