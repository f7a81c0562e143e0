package audio

import (
	"math"
	"testing"
)

// sineAt returns n frames of a stereo sine of amplitude a at f Hz sampled at rate.
func sineAt(n, rate int, f, a float64) []float32 {
	s := make([]float32, 2*n)
	for i := range n {
		v := float32(a * math.Sin(2*math.Pi*f*float64(i)/float64(rate)))
		s[2*i], s[2*i+1] = v, v
	}
	return s
}

// fitSine least-squares fits a·sin + b·cos at f Hz (44100 Hz samples, left
// channel) over the middle half and returns the amplitude and the rms of what
// is left (the images, aliases and noise the resampler added).
func fitSine(y []float32, f float64) (amp, resid float64) {
	amp, resid, _ = fitSinePhase(y, f)
	return amp, resid
}

// fitSinePhase is fitSine that also returns the phase of the fitted sine
// (0 for sin(2πf·t), t = frame/44100).
func fitSinePhase(y []float32, f float64) (amp, resid, phase float64) {
	return fitSineAt(y, f, SampleRate)
}

func dB(x float64) float64 { return 20 * math.Log10(x) }

// resampleResponse measures rate → 44100 Hz on stereo sines of amplitude
// 0.5 (independent arithmetic: math.Sin input, a least-squares fit of the
// output): ripple is the largest |gain| in dB over tones up to 0.95 of the
// lower Nyquist; floor is the largest residual (images, aliases, noise — all
// the output that is not the tone) in dB below the input tone, over tones up to
// 0.995 of the lower Nyquist and, above the output's Nyquist (48 kHz only),
// the whole output of tones from 22.15 to 23.95 kHz; minus3 is the frequency
// in Hz where the gain falls through −3 dB.
func resampleResponse(rate int) (ripple, floor, minus3 float64) {
	nyq := 0.5 * math.Min(float64(rate), SampleRate)
	r := resamplerFor(rate)
	floor = -400
	for k := 1; k <= 20; k++ {
		f := 0.995 * nyq * float64(k) / 20
		amp, res := fitSine(r.run(sineAt(rate/4, rate, f, 0.5), 2), f)
		if f <= 0.95*nyq {
			ripple = max(ripple, math.Abs(dB(amp/0.5)))
		}
		floor = max(floor, dB(res/(0.5/math.Sqrt2))) // rms below the input tone's
	}
	for f := 22050.0 + 100; rate > SampleRate && f < 24000; f += 300 {
		out := r.run(sineAt(12000, 48000, f, 0.5), 2)
		var e float64
		n := len(out) / 2
		for i := n / 4; i < 3*n/4; i++ {
			e += float64(out[2*i]) * float64(out[2*i])
		}
		floor = max(floor, dB(math.Sqrt(e/float64(n/2))/(0.5/math.Sqrt2)))
	}
	lo, hi := 0.9*nyq, 1.05*nyq // bisect the −3 dB point
	for range 16 {
		f := (lo + hi) / 2
		if amp, _ := fitSine(r.run(sineAt(rate/8, rate, f, 0.5), 2), f); dB(amp/0.5) > -3 {
			lo = f
		} else {
			hi = f
		}
	}
	return ripple, floor, lo
}

// TestO1_TransparentResampler (O1 revision 3): flat within ±0.1 dB up to
// 0.95 of the lower Nyquist (22.05 → 44.1 kHz: to 10.47 kHz; 48 → 44.1 kHz:
// to 20.95 kHz) and images and aliases at least 100 dB down, for the rates
// end-of-retail waves use. The revision-2 resampler (passband to 0.8) was
// −7.8 dB at 10 kHz from 22.05 kHz.
func TestO1_TransparentResampler(t *testing.T) {
	for _, rate := range []int{11025, 22050, 32000, 48000} {
		ripple, floor, m3 := resampleResponse(rate)
		t.Logf("O1: %d Hz → 44100: ripple ±%.4f dB to %.0f Hz, −3 dB at %.0f Hz, images/aliases %.1f dB",
			rate, ripple, 0.95*0.5*math.Min(float64(rate), SampleRate), m3, floor)
		if ripple > 0.1 {
			t.Errorf("O1: %d Hz: passband ripple %.4f dB, want ≤ 0.1", rate, ripple)
		}
		if floor > -100 {
			t.Errorf("O1: %d Hz: images/aliases at %.1f dB, want ≤ −100", rate, floor)
		}
	}
}

// TestO1_ResampleZeroPhase: output frame n is the input at time n·rate/44100
// exactly — no group delay, so a resampled voice starts on its frame (O1,
// O2's start frames). A 1 kHz sine keeps phase 0 within 1e-5 rad (0.002 samples).
func TestO1_ResampleZeroPhase(t *testing.T) {
	for _, rate := range []int{11025, 22050, 22254, 48000} {
		out := resamplerFor(rate).run(sineAt(rate/2, rate, 1000, 0.5), 2)
		if _, _, ph := fitSinePhase(out, 1000); math.Abs(ph) > 1e-5 {
			t.Errorf("O1: %d Hz: phase %.3g rad, want 0", rate, ph)
		}
	}
}

// TestO3_ResampleDeterministic: the sinc table and sums use no library
// transcendental and no fusable multiply-add; sinDet agrees with math.Sin.
func TestO3_ResampleDeterministic(t *testing.T) {
	for x := -300.0; x < 300; x += 0.37 {
		if d := math.Abs(sinDet(x) - math.Sin(x)); d > 1e-12 {
			t.Fatalf("sinDet(%v) off by %g", x, d)
		}
	}
	a := newResampler(22254).run(sineAt(5000, 22254, 1000, 0.5), 2)
	b := resamplerFor(22254).run(sineAt(5000, 22254, 1000, 0.5), 2)
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("resample not reproducible at %d", i)
		}
	}
}
