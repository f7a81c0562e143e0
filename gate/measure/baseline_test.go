package measure

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// TestSlidingMedianHoldsTheLastValuesSorted: after every push the median's
// sorted values are the last baseFrames values pushed, sorted afresh
// (values drawn from 20 levels, so many are equal, and some between).
func TestSlidingMedianHoldsTheLastValuesSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sm := newSlidingMedians(1)[0]
	var all []float64
	for k := 0; k < 2000; k++ {
		x := float64(rng.IntN(20))
		if k%7 == 0 {
			x = rng.NormFloat64()
		}
		sm.push(x)
		all = append(all, x)
		want := append([]float64(nil), all[max(0, len(all)-baseFrames):]...)
		sort.Float64s(want)
		for i := range want {
			if want[i] != sm.sorted[i] {
				t.Fatalf("push %d: value %d is %g, want %g", k, i, sm.sorted[i], want[i])
			}
		}
	}
}

// TestOnsetsToneAfterALoudOpening: a take, over white noise uncorrelated
// between the channels, opens on a 1.2 kHz tone (5 ms ramps) lift dB over
// a 100 ms tone of the same pitch that starts later; that one is 2 dB over
// the noise broadband, so 21 dB over it in its third of an octave
// (TestOnsetsNarrowTonesUnderNoise works the band out). The opening lifts
// the band's running mean over the later tone's own height, as an
// opening sound did before the missed starts in the first half second of
// the truth set's takes under noise; the band's median over the last
// second (noise for more than half of it) is not lifted. On 16 noise
// draws every later tone is found within 30 ms; on the mean alone none is.
func TestOnsetsToneAfterALoudOpening(t *testing.T) {
	for _, c := range []struct{ lift, open, at float64 }{{10, 0.15, 0.5}, {20, 0.2, 0.6}} {
		found := 0
		for seed := uint64(50); seed < 66; seed++ {
			if toneAfterOpening(seed, c.lift, c.open, c.at) {
				found++
			}
		}
		if found != 16 {
			t.Errorf("opening %.2f s, %.0f dB over a tone at %.2f s: found %d of 16", c.open, c.lift, c.at, found)
		}
	}
}

// TestMedianBaselineAddsNoMurmurOnsets: a murmur (six talkers' syllables,
// noise under raised-cosine envelopes of 80–300 ms at random levels
// within ±6 dB), 20 s, eight draws. Its band levels wander; read against
// their median instead of their mean its syllables would pass where they
// did not. The median baseline may add at most 5% (at least one) to the
// onsets the mean alone finds.
func TestMedianBaselineAddsNoMurmurOnsets(t *testing.T) {
	count := func() (n int) {
		for seed := uint64(41); seed < 49; seed++ {
			n += len(Measure(murmur(seed)).Onsets.Times)
		}
		return n
	}
	with := count()
	medianBaseline = false
	without := count()
	medianBaseline = true
	t.Logf("murmur, 8 × 20 s: %d onsets with the median baseline, %d on the mean alone", with, without)
	if allowed := without + max(1, int(math.Ceil(0.05*float64(without)))); with > allowed {
		t.Errorf("murmur: %d onsets with the median baseline, %d on the mean alone (at most %d allowed)", with, without, allowed)
	}
}

// toneAfterOpening mixes TestOnsetsToneAfterALoudOpening's take (an
// opening open s long, lift dB over a 100 ms tone at at s) over the noise
// drawn from seed and reports whether the tone is found.
func toneAfterOpening(seed uint64, lift, open, at float64) bool {
	rng := rand.New(rand.NewPCG(29, seed))
	const sec, sd = 2.0, 0.01
	l, r := noise(rng, sec, sd), noise(rng, sec, sd)
	// Mean square of a sine of amplitude a is a²/2; the noise's is sd².
	a := math.Sqrt(2 * sd * sd * math.Pow(10, 0.2))
	add := func(t0, dur, amp float64) {
		i0, n, ramp := int(t0*Rate), int(dur*Rate), float64(Rate)/200
		for i := 0; i < n; i++ {
			v := float32(min(1, float64(i)/ramp, float64(n-i)/ramp) * amp * math.Sin(2*math.Pi*1200*float64(i)/Rate))
			l[i0+i] += v
			r[i0+i] += v
		}
	}
	add(0, open, a*math.Pow(10, lift/20))
	add(at, 0.1, a)
	for _, g := range Measure(l, r, nil).Onsets.Times {
		if math.Abs(g-at) <= 0.03 {
			return true
		}
	}
	return false
}

// murmur is TestMedianBaselineAddsNoMurmurOnsets's bed (each talker at
// its own pan) and no ranges to ignore.
func murmur(seed uint64) (l, r []float32, ignore []Range) {
	rng := rand.New(rand.NewPCG(30, seed))
	const sec = 20.0
	l, r = make([]float32, int(sec*Rate)), make([]float32, int(sec*Rate))
	for talker := 0; talker < 6; talker++ {
		pan := rng.Float64() // share of the power on the left
		t0 := 0.3 * rng.Float64()
		for t0 < sec-0.4 {
			d := 0.08 + 0.22*rng.Float64()
			a := 0.02 * math.Pow(10, (12*rng.Float64()-6)/20)
			i0, n := int(t0*Rate), int(d*Rate)
			for i := 0; i < n; i++ {
				g := a * 0.5 * (1 - math.Cos(2*math.Pi*float64(i)/float64(n)))
				v := g * rng.NormFloat64()
				l[i0+i] += float32(v * math.Sqrt(pan))
				r[i0+i] += float32(v * math.Sqrt(1-pan))
			}
			t0 += d + 0.02 + 0.15*rng.Float64()
		}
	}
	return l, r, nil
}
