package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// EBU Tech 3342 (2016) test signals 1–4: stereo 1 kHz sines (the level in
// each channel, so a −20 dBFS pair reads −20 LUFS), played in sequence;
// expected loudness range 10, 5, 20 and 15 LU, ±1 LU.
func TestEBU3342_LoudnessRange(t *testing.T) {
	t.Parallel() // minutes of CPU on a loaded runner: overlaps the other long tests
	for i, c := range []struct {
		levels []float64 // dBFS, 20 s each
		want   float64
	}{
		{[]float64{-20, -30}, 10},
		{[]float64{-20, -15}, 5},
		{[]float64{-40, -20}, 20},
		{[]float64{-50, -35, -20, -35, -50}, 15},
	} {
		var x []float32
		for _, lv := range c.levels {
			x = append(x, tone(20, 1000, lv)...)
		}
		m := Measure(x, x, nil).Meter
		if math.Abs(m.LRA-c.want) > 1 {
			t.Errorf("Tech 3342 case %d: LRA %.2f LU, want %g ± 1", i+1, m.LRA, c.want)
		}
	}
}

// BS.1770-4 Annex 2: the true peak is the peak of the signal between its
// samples. Sines of amplitude A whose samples never hit the crest (fs/4 at
// 45°: every sample at A/√2, 3.01 dB under it; and other frequencies at
// random phases) read 20·log10(A) dBTP within ±0.2 dB, while the sample
// peak may read lower.
func TestTruePeakInterSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct {
		f, phase float64 // Hz, rad
		a        float64 // amplitude
	}{
		{Rate / 4, math.Pi / 4, 0.5},
		{Rate / 4, math.Pi / 4, 1.0},
		{Rate / 3, 0, 0.9},             // samples at 0°, 120°, 240°: 1.25 dB under
		{Rate / 6, 0, 0.9},             // 0°, 60°, …: 1.25 dB under
		{Rate / 8.0, math.Pi / 8, 0.9}, // 22.5°, 67.5°, …: 0.69 dB under
		{Rate / 5, 0, 0.6},             // 0°, 72°, …: 0.44 dB under
		{997, rng.Float64() * 2 * math.Pi, 0.8},
		{5000, rng.Float64() * 2 * math.Pi, 0.7},
		{8000, rng.Float64() * 2 * math.Pi, 0.7},
		{12000, math.Pi / 3, 0.9},
		{15000, rng.Float64() * 2 * math.Pi, 0.5},
		{16000, 0.1, 0.5},
	} {
		n := Rate // 1 s
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(c.a * math.Sin(2*math.Pi*c.f*float64(i)/Rate+c.phase) * fade(i, n))
		}
		m := Measure(x, make([]float32, n), nil).Meter
		want := 20 * math.Log10(c.a)
		t.Logf("%g Hz: true peak error %+.3f dB (sample peak %+.3f)", c.f, m.TruePeak-want, m.SamplePeak-want)
		if math.Abs(m.TruePeak-want) > 0.2 {
			t.Errorf("%g Hz at %.2f rad, amplitude %g: true peak %.3f dBTP, want %.3f ± 0.2 (sample peak %.3f)", c.f, c.phase, c.a, m.TruePeak, want, m.SamplePeak)
		}
		if m.TruePeakR != Silence || m.TruePeakL != m.TruePeak {
			t.Errorf("%g Hz: left %v right %v, want left only", c.f, m.TruePeakL, m.TruePeakR)
		}
	}
	// fs/4 at 45°: the samples are 3.01 dB under the crest.
	x := make([]float32, Rate)
	for i := range x {
		x[i] = float32(math.Sin(math.Pi/2*float64(i)+math.Pi/4) * fade(i, len(x)))
	}
	m := Measure(x, x, nil).Meter
	near(t, "sample peak of fs/4 at 45°", m.SamplePeak, -3.0103, 0.01)
	near(t, "true peak of fs/4 at 45°", m.TruePeak, 0, 0.2)
	// Without the fade, the abrupt start overshoots between the samples
	// (the silence before the file counts): the true peak reads higher, by
	// an amount that depends on the interpolation filter (ours +0.14 dB,
	// ffmpeg's 192 kHz resampler +0.6 dB on this signal).
	for i := range x {
		x[i] = float32(0.5 * math.Sin(math.Pi/2*float64(i)+math.Pi/4))
	}
	if m := Measure(x, x, nil).Meter; m.TruePeak < -6.02+0.1 {
		t.Errorf("abrupt fs/4 start: true peak %.2f dBTP, want above the steady −6.02 (the onset overshoots)", m.TruePeak)
	}
}

// fade is a 20 ms raised-cosine fade in and out for sample i of n: a sine
// that starts at full amplitude overshoots between its first samples (a
// band-limited step), which is not the steady inter-sample peak tested.
func fade(i, n int) float64 {
	const f = Rate / 50
	switch {
	case i < f:
		return 0.5 - 0.5*math.Cos(math.Pi*float64(i)/f)
	case n-1-i < f:
		return 0.5 - 0.5*math.Cos(math.Pi*float64(n-1-i)/f)
	}
	return 1
}

// The maximum momentary loudness is the loudest 400 ms block: a 1 s
// −20 dBFS stereo burst in −40 reads −20 LUFS; integrated stays gated.
func TestMomentaryMax(t *testing.T) {
	x := cat(tone(5, 1000, -40), tone(1, 1000, -20), tone(5, 1000, -40))
	m := Measure(x, x, nil).Meter
	near(t, "momentary max", m.MomentaryMax, -20, 0.05)
	if s := MeasureSingle(x, nil).Meter.MomentaryMax; math.Abs(s-(-20-10*math.Log10(2))) > 0.05 {
		t.Errorf("single channel momentary max %.3f, want −23.01", s)
	}
}
