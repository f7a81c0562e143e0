package measure

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func tone(sec, f, dbfs float64) []float32 {
	n := int(sec * Rate)
	a := math.Pow(10, dbfs/20)
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(a * math.Sin(2*math.Pi*f*float64(i)/Rate))
	}
	return s
}

func silence(sec float64) []float32 { return make([]float32, int(sec*Rate)) }

func cat(parts ...[]float32) []float32 {
	var s []float32
	for _, p := range parts {
		s = append(s, p...)
	}
	return s
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.4f, want %.4f ± %g", what, got, want, tol)
	}
}

// BS.1770-4 Table 1 and Table 2: the 48 kHz K-weighting coefficients.
func TestKWeightingMatchesStandardAt48k(t *testing.T) {
	k := kWeighting(48000)
	want := [2]biquad{
		{1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241, 0.73248077421585},
		{1, -2, 1, -1.99004745483398, 0.99007225036621},
	}
	for s := range k {
		g, w := k[s], want[s]
		for i, p := range [][2]float64{{g.b0, w.b0}, {g.b1, w.b1}, {g.b2, w.b2}, {g.a1, w.a1}, {g.a2, w.a2}} {
			if math.Abs(p[0]-p[1]) > 1e-8 {
				t.Errorf("stage %d coefficient %d = %.14f, want %.14f", s+1, i, p[0], p[1])
			}
		}
	}
}

// BS.1770-4 §2.1 note: a 0 dBFS 1 kHz sine in one channel (L, C or R) reads
// −3.01 LKFS; so −20 dBFS at 997 Hz in the left channel reads −23.01, and
// the same sine in both channels doubles the power: +3.01 LU.
func TestBS1770_SineReferences(t *testing.T) {
	r := Measure(tone(10, 997, -20), silence(10), nil)
	near(t, "one channel −20 dBFS: programme", r.Loudness.Integrated, -23.01, 0.05)
	near(t, "one channel −20 dBFS: left alone", r.Loudness.IntegratedL, -23.01, 0.05)
	if r.Loudness.IntegratedR != Silence {
		t.Errorf("silent right channel: %v, want Silence", r.Loudness.IntegratedR)
	}
	full := tone(10, 1000, 0)
	r = Measure(full, full, nil)
	near(t, "full scale both: programme", r.Loudness.Integrated, 0.0, 0.05)
	near(t, "full scale both: each channel", r.Loudness.IntegratedL, -3.01, 0.05)
	for _, v := range r.Loudness.ShortTermL {
		near(t, "short-term of a steady sine", v, -3.01, 0.05)
	}
	if len(r.Loudness.ShortTermL) != 100-30+1 { // 100 segments, 30 per window
		t.Errorf("%d short-term values in 10 s, want 71", len(r.Loudness.ShortTermL))
	}
}

// EBU Tech 3341 (2016) test cases 1, 3 and 4: stereo 1 kHz sines; integrated −23.0 ± 0.1 LUFS.
func TestEBU3341_Cases(t *testing.T) {
	t.Parallel() // minutes of CPU on a loaded runner: overlaps the other long tests
	case1 := tone(20, 1000, -23)
	case3 := cat(tone(10, 1000, -36), tone(60, 1000, -23), tone(10, 1000, -36))
	case4 := cat(tone(10, 1000, -72), tone(10, 1000, -36), tone(60, 1000, -23), tone(10, 1000, -36), tone(10, 1000, -72))
	for i, c := range [][]float32{case1, case3, case4} {
		r := Measure(c, c, nil)
		near(t, []string{"case 1", "case 3 (relative gate)", "case 4 (absolute gate)"}[i], r.Loudness.Integrated, -23.0, 0.1)
	}
}

func TestIgnoreRanges(t *testing.T) {
	x := cat(tone(10, 1000, -30), tone(2, 1000, 0), tone(10, 1000, -30))
	r := Measure(x, x, []Range{{10, 12}})
	near(t, "loud part ignored", r.Loudness.Integrated, -30+3.01-3.01, 0.05)
	near(t, "seconds without the ignored part", r.Seconds, 20, 0.1001)
	r = Measure(x, x, nil)
	if r.Loudness.Integrated < -25 {
		t.Errorf("without ignore the loud part counts: %v", r.Loudness.Integrated)
	}
}

func TestBalance(t *testing.T) {
	r := Measure(tone(10, 1000, -20), tone(10, 1000, -26), nil)
	near(t, "balance median", r.Balance.Median, 6, 0.01)
	near(t, "balance spread", r.Balance.Spread, 0, 0.01)
}

// noise returns Gaussian white noise of standard deviation sd.
func noise(rng *rand.Rand, sec, sd float64) []float32 {
	s := make([]float32, int(sec*Rate))
	for i := range s {
		s[i] = float32(rng.NormFloat64() * sd)
	}
	return s
}

// White noise of variance σ² puts σ²·(band width)/(Rate/2) in a band: the
// expected level of every 1/3-octave band follows from its edges alone.
func TestBedBandsOfWhiteNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const sd = 0.01
	l, r := noise(rng, 30, sd), noise(rng, 30, sd)
	b := Measure(l, r, nil).Bed
	binHz := float64(Rate) / bedN
	for i, fc := range BandCentres() {
		lo, hi := fc*math.Pow(10, -0.05), fc*math.Pow(10, 0.05)
		// The band sums whole bins: its width is the bin count × bin width.
		bins := math.Ceil(hi/binHz) - math.Ceil(lo/binHz)
		want := 10 * math.Log10(sd*sd*bins*binHz/(Rate/2))
		// The median of a band's power over frames sits below its mean for the
		// few-bin low bands (a χ² with few degrees of freedom): allow more there.
		tol := 0.5
		if bins < 20 {
			tol = 2.0
		}
		near(t, "band "+ftoa(b.Centres[i]), b.Levels[i], want, tol)
	}
	near(t, "broadband bed level", b.Level, 10*math.Log10(sd*sd), 0.3)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) + " Hz" }

// The quiet half of the frames ignores loud bursts covering a third of the time.
func TestBedIgnoresBursts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bed := noise(rng, 30, 0.01)
	withBursts := append([]float32(nil), bed...)
	for s := 0.0; s+1 < 30; s += 3 {
		for i := int(s * Rate); i < int((s+1)*Rate); i++ {
			withBursts[i] += float32(rng.NormFloat64() * 0.3)
		}
	}
	a := Measure(bed, bed, nil).Bed.Level
	b := Measure(withBursts, withBursts, nil).Bed.Level
	near(t, "bed level with bursts", b, a, 0.5)
}

// Decaying noise bursts at known times over a quiet noise bed, alternately
// left and right: each is found within 30 ms, nothing else is, and its side is right.
func TestOnsetsSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	l, r := noise(rng, 60, 0.003), noise(rng, 60, 0.003)
	var times []float64
	for i := 0; i < 40; i++ {
		t0 := 0.7 + float64(i)*1.37 + 0.2*rng.Float64()
		times = append(times, t0)
		dst, other := l, r
		if i%2 == 1 {
			dst, other = r, l
		}
		for k := 0; k < int(0.3*Rate); k++ {
			v := rng.NormFloat64() * 0.1 * math.Exp(-float64(k)/Rate/0.08)
			dst[int(t0*Rate)+k] += float32(v)
			other[int(t0*Rate)+k] += float32(0.25 * v)
		}
	}
	o := Measure(l, r, nil).Onsets
	if len(o.Times) != len(times) {
		t.Fatalf("%d onsets, want %d: %v", len(o.Times), len(times), o.Times)
	}
	for i, want := range times {
		if math.Abs(o.Times[i]-want) > 0.03 {
			t.Errorf("onset %d at %.3f s, want %.3f", i, o.Times[i], want)
		}
		// Side: the burst is 12 dB louder on its side (0.25 amplitude on the other).
		if (i%2 == 0) != (o.Side[i] > 6) || (i%2 == 1) != (o.Side[i] < -6) {
			t.Errorf("onset %d side %.1f dB", i, o.Side[i])
		}
	}
	near(t, "rate per minute", o.PerMinute, 40, 0.01)
	near(t, "left share", o.LeftShare, 0.5, 0.01)
}

func TestMovingMedian(t *testing.T) {
	v := []float64{5, 1, 4, 2, 3, 9, 0}
	got := movingMedian(v, 1)
	want := []float64{3, 4, 2, 3, 3, 3, 4.5}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("movingMedian = %v, want %v", got, want)
		}
	}
}

// Short, empty and unequal inputs measure to "nothing" without a panic.
func TestShortInputs(t *testing.T) {
	for _, n := range []int{0, 1, 100, 4409, 4410, 9000} {
		x := tone(float64(n)/Rate, 1000, -20)
		r := Measure(x, x, nil)
		if n < 4*4410 && r.Loudness.Integrated != Silence {
			t.Errorf("%d samples: integrated %v, want Silence (no 400 ms block)", n, r.Loudness.Integrated)
		}
		if len(r.Onsets.Times) != 0 || len(r.Bed.Levels) != 26 {
			t.Errorf("%d samples: %d onsets, %d bands", n, len(r.Onsets.Times), len(r.Bed.Levels))
		}
	}
	r := Measure(tone(1, 1000, -20), tone(0.5, 1000, -20), []Range{{0, 10}})
	if r.Seconds != 0 {
		t.Errorf("all ignored: %v s analysed", r.Seconds)
	}
}

// A thud panned left (gains 1 and 0.4: 7.96 dB) under a louder centred bed
// of the same band (S4: beds play at pan 0, the same on both sides) is found
// in the side signal, where the bed cancels, and its side and level are read
// from the mid/side cross spectrum; a click-free centred one-shot in a band
// the bed leaves free reads as centre. Expected values are the signals' own
// arithmetic, not the detector's output.
func TestOnsetsPannedUnderCentredBed(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const sec = 40
	bed := noise(rng, sec, 0.2)
	lp := 0.0 // one-pole low-pass at about 300 Hz: the bed's colour
	a := 1 - math.Exp(-2*math.Pi*300/Rate)
	for i := range bed {
		lp += a * (float64(bed[i]) - lp)
		bed[i] = float32(lp)
	}
	l, r := append([]float32(nil), bed...), append([]float32(nil), bed...)
	const gl, gr = 1.0, 0.4
	var thuds, tones []float64
	var thudMS []float64 // the thud's L+R mean square over 150 ms, per thud
	for i := 0; i < 12; i++ {
		t0 := 1.3 + float64(i)*3.1
		thuds = append(thuds, t0)
		var ms float64
		for k := 0; k < int(0.6*Rate); k++ {
			tt := float64(k) / Rate
			v := 0.03 * math.Sin(2*math.Pi*120*tt) * math.Exp(-tt/0.12)
			l[int(t0*Rate)+k] += float32(gl * v)
			r[int(t0*Rate)+k] += float32(gr * v)
			if tt < 0.150 {
				ms += (gl*gl + gr*gr) * v * v
			}
		}
		thudMS = append(thudMS, ms/(0.150*Rate))
		// A centred 3 kHz tone burst 1.5 s later.
		t1 := t0 + 1.5
		tones = append(tones, t1)
		for k := 0; k < int(0.3*Rate); k++ {
			tt := float64(k) / Rate
			v := float32(0.06 * math.Sin(2*math.Pi*3000*tt) * math.Exp(-tt/0.06))
			l[int(t1*Rate)+k] += v
			r[int(t1*Rate)+k] += v
		}
	}
	// The thud is well under the bed in the mid: check the premise.
	var bedMS float64
	for _, v := range bed {
		bedMS += 2 * float64(v) * float64(v)
	}
	bedMS /= float64(len(bed))
	if rel := 10 * math.Log10(thudMS[0]/bedMS); rel > -6 {
		t.Fatalf("premise: the thud is %.1f dB re the bed, want ≤ −6", rel)
	}
	o := Measure(l, r, nil).Onsets
	want := append(append([]float64(nil), thuds...), tones...)
	if len(o.Times) != len(want) {
		t.Fatalf("%d onsets, want %d: %.3f", len(o.Times), len(want), o.Times)
	}
	for i, ti := range o.Times {
		j := i / 2 // the onsets alternate thud, tone
		thud := i%2 == 0
		w := tones[j]
		if thud {
			w = thuds[j]
		}
		if math.Abs(ti-w) > 0.03 {
			t.Errorf("onset %d at %.3f s, want %.3f", i, ti, w)
		}
		if thud {
			// The bed, 10 dB louder in the mid, leaves noise in the cross
			// term (13 frames × 2 bins): the side's class is exact, its size
			// within 3 dB.
			near(t, "thud side", o.Side[i], 20*math.Log10(gl/gr), 3)
			near(t, "thud level", o.Level[i], 10*math.Log10(thudMS[j]), 2)
		} else if math.Abs(o.Side[i]) > 1 {
			t.Errorf("centred tone %d: side %.2f dB", j, o.Side[i])
		}
	}
}
