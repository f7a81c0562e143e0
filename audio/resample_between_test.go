package audio

import (
	"math"
	"testing"
)

// fitSineRate is fitSine for y sampled at rate: the amplitude of the f Hz sine
// in the middle half of the left channel and the rms of what is left.
func fitSineRate(y []float32, f float64, rate int) (amp, resid float64) {
	amp, resid, _ = fitSineAt(y, f, rate)
	return amp, resid
}

// fitSineAt least-squares fits a·sin + b·cos at f Hz to the left channel of
// y (rate Hz) over the middle half: the amplitude, the rms of what is left
// and the phase (0 for sin(2πf·t), t = frame/rate).
func fitSineAt(y []float32, f float64, rate int) (amp, resid, phase float64) {
	n := len(y) / 2
	lo, hi := n/4, 3*n/4
	var ss, cc, sc, ys, yc float64
	for i := lo; i < hi; i++ {
		w := 2 * math.Pi * f * float64(i) / float64(rate)
		s, c, v := math.Sin(w), math.Cos(w), float64(y[2*i])
		ss, cc, sc, ys, yc = ss+s*s, cc+c*c, sc+s*c, ys+v*s, yc+v*c
	}
	det := ss*cc - sc*sc
	a := (ys*cc - yc*sc) / det
	b := (yc*ss - ys*sc) / det
	var e float64
	for i := lo; i < hi; i++ {
		w := 2 * math.Pi * f * float64(i) / float64(rate)
		d := float64(y[2*i]) - a*math.Sin(w) - b*math.Cos(w)
		e += d * d
	}
	return math.Hypot(a, b), math.Sqrt(e / float64(hi-lo)), math.Atan2(b, a)
}

// TestO1_ResampleBetweenRates: Resample from and to rates other than the
// mix's (the gate's recordings, and its 44.1 → 48 kHz test recordings) keeps
// TestO1_ResampleQuality's thresholds: tones in the passband within ±0.01 dB
// and everything else 80 dB down, and a tone above the output's Nyquist
// removed to −80 dB rather than aliased. Moved from gate/decode's own
// resampler's test (its cases: 48 kHz down to 44.1, 22.05 and 8 kHz up,
// coprime 44099 → 44100), plus 44.1 → 48 and 44.1 → 8 kHz.
func TestO1_ResampleBetweenRates(t *testing.T) {
	for _, c := range []struct {
		from, to int
		f        float64
		alias    bool // f is above the output's Nyquist: must come out ≤ −80 dB
	}{
		{48000, 44100, 1000, false},
		{48000, 44100, 10000, false},
		{48000, 44100, 16000, false},
		{48000, 44100, 23000, true},
		{22050, 44100, 5000, false},
		{8000, 44100, 1000, false},
		{44099, 44100, 3000, false},
		{44100, 48000, 1000, false},
		{44100, 48000, 17000, false},
		{44100, 8000, 1000, false},
		{44100, 8000, 5000, true},
	} {
		in := sineAt(c.from/2, c.from, c.f, 0.5)
		out := Resample(in, c.from, c.to)
		if want := (len(in)/2*c.to + c.from - 1) / c.from; len(out)/2 != want {
			t.Fatalf("%+v: %d frames, want %d", c, len(out)/2, want)
		}
		if c.alias {
			var e float64
			n := len(out) / 2
			for i := n / 4; i < 3*n/4; i++ {
				e += float64(out[2*i]) * float64(out[2*i])
			}
			if got := dB(math.Sqrt(e/float64(n/2)) / (0.5 / math.Sqrt2)); got > -80 {
				t.Errorf("O1: %+v: aliases at %.1f dB, want ≤ −80", c, got)
			}
			continue
		}
		amp, res := fitSineRate(out, c.f, c.to)
		ripple, resid := math.Abs(dB(amp/0.5)), dB(res/(0.5/math.Sqrt2))
		t.Logf("O1: %d → %d Hz, %g Hz: level %.4f dB, residual %.1f dB", c.from, c.to, c.f, ripple, resid)
		if ripple > 0.01 {
			t.Errorf("O1: %+v: level off by %.4f dB, want ≤ 0.01", c, ripple)
		}
		if resid > -80 {
			t.Errorf("O1: %+v: images/aliases at %.1f dB, want ≤ −80", c, resid)
		}
	}
}

// TestO1_ResamplePlanarMatchesInterleaved: the planar form gives the same
// samples as the interleaved one, the same rates give the input back, and the
// cache gives the same resampler to concurrent callers.
func TestO1_ResamplePlanarMatchesInterleaved(t *testing.T) {
	in := sineAt(4800, 48000, 440, 0.5)
	for i := range in {
		if i%2 == 1 {
			in[i] *= -0.5 // the channels differ
		}
	}
	l, r := make([]float32, len(in)/2), make([]float32, len(in)/2)
	for i := range l {
		l[i], r[i] = in[2*i], in[2*i+1]
	}
	want := Resample(in, 48000, 44100)
	ol, or := ResamplePlanar(l, r, 48000, 44100)
	if len(ol) != len(want)/2 || len(or) != len(want)/2 {
		t.Fatalf("planar %d/%d frames, want %d", len(ol), len(or), len(want)/2)
	}
	for i := range ol {
		if ol[i] != want[2*i] || or[i] != want[2*i+1] {
			t.Fatalf("frame %d: planar (%v, %v), interleaved (%v, %v)", i, ol[i], or[i], want[2*i], want[2*i+1])
		}
	}
	if same := Resample(in, 44100, 44100); len(same) != len(in) || same[1] != in[1] {
		t.Fatal("same rates do not give the input back")
	}
	done := make(chan *resampler)
	for range 8 {
		go func() { done <- resamplerBetween(32000, 48000) }()
	}
	first := <-done
	for range 7 {
		if <-done != first {
			t.Fatal("concurrent callers got different resamplers for one rate pair")
		}
	}
}
