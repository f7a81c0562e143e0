package measure

import (
	"math"
	"sort"
	"sync"
)

// What a loudness meter shows besides integrated and short-term loudness:
// loudness range (EBU Tech 3342), true peak (ITU-R BS.1770-4 Annex 2) and
// the maximum momentary loudness (EBU Tech 3341, 400 ms).

// Meter is the meter part of a measurement (the stereo programme, or the one
// channel of a single-channel recording).
type Meter struct {
	// LRA is the loudness range in LU (Tech 3342): the spread between the
	// 10th and 95th percentiles of the 3 s short-term loudness every 100 ms,
	// after an absolute gate at −70 LUFS and a relative one 20 LU below the
	// power mean of what passed the first; NaN when no window passes.
	LRA, LRALow, LRAHigh float64 // LU; the percentiles in LUFS
	// MomentaryMax is the loudest 400 ms block (LUFS; Silence if none).
	MomentaryMax float64
	// TruePeak is the highest absolute value of the signal oversampled to
	// at least 176.4 kHz (dBTP, BS.1770-4 Annex 2), over both channels; SamplePeak the highest
	// absolute sample (dBFS).
	TruePeak, TruePeakL, TruePeakR float64
	SamplePeak                     float64
}

const (
	lraRelGate = -20  // LU below the abs-gated power mean (Tech 3342)
	lraLow     = 0.10 // percentiles of the gated short-term distribution
	lraHigh    = 0.95
)

// meter measures the programme of the two channels' segment powers pl, pr
// (pr all zero for a single channel) and true peaks of l and r, leaving out
// segments with keep false.
func meter(l, r []float32, pl, pr []float64, keep []bool, single bool, rate int) Meter {
	var m Meter
	prog := make([]float64, len(pl))
	for i := range pl {
		prog[i] = pl[i] + pr[i]
	}
	blocks, _ := windowMeans(prog, blockSegs, keep)
	m.MomentaryMax = Silence
	for _, z := range blocks {
		m.MomentaryMax = math.Max(m.MomentaryMax, lk(z))
	}
	st, _ := windowMeans(prog, shortSegs, keep)
	m.LRA, m.LRALow, m.LRAHigh = loudnessRange(st)
	// True peak over each run of kept segments.
	seg := rate / 10
	tp := tpFilterFor(rate)
	var tl, tr, sp float64
	for a := 0; a < len(keep); {
		if !keep[a] {
			a++
			continue
		}
		b := a
		for b < len(keep) && keep[b] {
			b++
		}
		end := b * seg
		if b == len(keep) {
			end = min(len(l), len(r)) // the trailing part of a segment with it
		}
		x, y := l[a*seg:end], r[a*seg:end]
		t, s := tp.truePeak(x)
		tl, sp = math.Max(tl, t), math.Max(sp, s)
		if !single {
			t, s = tp.truePeak(y)
			tr, sp = math.Max(tr, t), math.Max(sp, s)
		}
		a = b
	}
	if single {
		tr = tl
	}
	m.TruePeakL, m.TruePeakR = dbfs(tl), dbfs(tr)
	m.TruePeak, m.SamplePeak = math.Max(m.TruePeakL, m.TruePeakR), dbfs(sp)
	return m
}

// loudnessRange is Tech 3342's LRA of short-term mean squares st (the
// programme's, one per 100 ms step).
func loudnessRange(st []float64) (lra, low, high float64) {
	var pass []float64
	var sum float64
	for _, z := range st {
		if lk(z) > absGate {
			pass = append(pass, z)
			sum += z
		}
	}
	if len(pass) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	rel := lk(sum/float64(len(pass))) + lraRelGate
	var l []float64
	for _, z := range pass {
		if v := lk(z); v > rel {
			l = append(l, v)
		}
	}
	sort.Float64s(l)
	// Tech 3342's percentiles: the sorted values at 0-based rank
	// round((n−1)·p), no interpolation.
	rank := func(p float64) float64 { return l[int(math.Round(float64(len(l)-1)*p))] }
	low, high = rank(lraLow), rank(lraHigh)
	return high - low, low, high
}

// True peak: oversampling by a polyphase windowed-sinc interpolator of 12
// taps a phase to at least 176.4 kHz (4× at 44.1 and 48 kHz, 2× at 96 kHz,
// 8× at 22.05 kHz; ffmpeg's ebur128 reads its true peak at 192 kHz, and 4×
// at 22.05 kHz over-reads a sweep by 0.5 dB): phase p/over (p = 1..over−1)
// of the output between samples i and i+1 is Σ x[i+k]·g(p/over − k),
// k = −5..6, g(t) = sinc(t)·Kaiser(t/6.5, β = 5.5), each phase scaled to
// unity gain at DC. Phase 0 is the sample itself. On sines up to 16 kHz at
// 44.1 kHz it reads the crest to within ±0.1 dB (TestTruePeakInterSample).
const (
	tpTaps = 12
	tpLead = 5 // taps before the sample
)

// tpFilter is the interpolator for one oversampling factor.
type tpFilter struct {
	phases [][tpTaps]float64
	// rest[p] is Σ|g| of phase p's taps other than the two nearest (k =
	// tpLead, tpLead+1), gain the largest Σ|g| of a phase: an interpolated
	// value y of phase p between x[i] and x[i+1] has
	// |y| ≤ |g₀·x[i] + g₁·x[i+1]| + rest[p]·(largest |x| under the taps)
	// ≤ gain·(largest |x| under the taps).
	rest []float64
	gain float64
}

var tpFilters sync.Map // oversampling factor → *tpFilter

// tpOverFor is the oversampling factor at rate Hz: the least that reaches
// 176.4 kHz, at least 1.
func tpOverFor(rate int) int { return max(1, (176400+rate-1)/rate) }

func tpFilterFor(rate int) *tpFilter {
	over := tpOverFor(rate)
	if f, ok := tpFilters.Load(over); ok {
		return f.(*tpFilter)
	}
	f := newTPFilter(over)
	tpFilters.Store(over, f)
	return f
}

func newTPFilter(over int) *tpFilter {
	const beta, half = 5.5, 6.5
	i0 := func(x float64) float64 { // modified Bessel I0, power series
		s, t := 1.0, 1.0
		for k := 1; k < 40; k++ {
			t *= (x / 2) / float64(k)
			s += t * t
		}
		return s
	}
	f := &tpFilter{phases: make([][tpTaps]float64, over-1), rest: make([]float64, over-1)}
	for p := 1; p < over; p++ {
		ph := &f.phases[p-1]
		var sum float64
		for k := 0; k < tpTaps; k++ {
			t := float64(p)/float64(over) - float64(k-tpLead)
			g := 1.0
			if t != 0 {
				g = math.Sin(math.Pi*t) / (math.Pi * t)
			}
			u := t / half
			w := 0.0
			if u > -1 && u < 1 {
				w = i0(beta*math.Sqrt(1-u*u)) / i0(beta)
			}
			ph[k] = g * w
			sum += g * w
		}
		var all float64
		for k := range ph {
			ph[k] /= sum
			all += math.Abs(ph[k])
			if k != tpLead && k != tpLead+1 {
				f.rest[p-1] += math.Abs(ph[k])
			}
		}
		f.gain = math.Max(f.gain, all)
	}
	return f
}

// truePeak returns the largest absolute value of x oversampled (linear, not
// dB), and its largest absolute sample. An instant is interpolated only when
// the bounds above say it could beat the peak found so far (which starts at
// the sample peak): the result is exact, and most of a programme costs a
// block maximum, or two products a phase.
func (tf *tpFilter) truePeak(x []float32) (tp, sp float64) {
	const block = 16 // samples: short, so the maximum under the taps stays close to the block's own
	absMax := func(s []float32) float64 {
		// On the bits: |v| is v without its sign bit, and non-negative
		// floats order as their bits do; no branch on the sign, which a
		// noisy signal makes unpredictable.
		var m uint32
		for _, v := range s {
			m = max(m, math.Float32bits(v)&^(1<<31))
		}
		return float64(math.Float32frombits(m))
	}
	sp = absMax(x)
	tp = sp
	far := make([]float64, len(tf.phases))
	for lo := 0; lo < len(x); lo += block {
		hi := min(len(x), lo+block)
		m := absMax(x[max(0, lo-tpLead):min(len(x), hi+tpTaps-tpLead)]) // under the block's taps
		if tf.gain*m <= tp {
			continue
		}
		for p := range far {
			far[p] = tf.rest[p] * m
		}
		// Before the first sample the signal is silence, as a meter sees a
		// file that starts (an abrupt start overshoots between its samples
		// like any band-limited step). At the end only instants whose taps
		// all lie in the file are read: ffmpeg's ebur128 reads no more (an
		// abrupt stop's ringing is not in its peak; a sweep stopped at −3 dBFS
		// read 1.2 dB over it otherwise).
		start := lo
		if lo == 0 {
			start = -1 // between the silence before and the first sample
		}
		for i := start; i < min(hi, len(x)-tpTaps+tpLead+1); i++ {
			var a, b float64 // the samples either side (0 outside x)
			if i >= 0 {
				a = float64(x[i])
			}
			if i+1 < len(x) {
				b = float64(x[i+1])
			}
			for p := range tf.phases {
				ph := &tf.phases[p]
				if math.Abs(ph[tpLead]*a+ph[tpLead+1]*b)+far[p] <= tp {
					continue
				}
				var s float64
				for k, g := range ph {
					if j := i - tpLead + k; j >= 0 && j < len(x) {
						s += g * float64(x[j])
					}
				}
				if s < 0 {
					s = -s
				}
				if s > tp {
					tp = s
				}
			}
		}
	}
	return tp, sp
}

// dbfs is 20·log10 of an amplitude, floored at Silence.
func dbfs(a float64) float64 {
	if !(a > 0) {
		return Silence
	}
	return math.Max(20*math.Log10(a), Silence)
}
