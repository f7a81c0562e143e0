// Package measure holds the gate's measurements, the same code for our
// renders and for the retail recording: ITU-R BS.1770-4 loudness per channel,
// balance, one-shot onsets by band-wise mid/side novelty and the bed's
// 1/3-octave spectrum. Input is 44100 Hz stereo float32 (gate/decode's
// output); the loudness, balance and meter read the recording at its own rate
// when given it (Native).
package measure

import (
	"math"
	"sort"
)

// Rate is the analysis sample rate in Hz.
const Rate = 44100

// BS.1770-4 constants.
const (
	segSeconds    = 0.1 // step of the gating blocks and of the short-term series (75 % overlap of 400 ms)
	blockSegs     = 4   // 400 ms gating block (BS.1770-4 §2.8)
	shortSegs     = 30  // 3 s short-term window (EBU Tech 3341)
	absGate       = -70 // LKFS, absolute gate
	relGate       = -10 // LU below the absolute-gated mean, relative gate
	loudnessShift = -0.691
	// Silence is what a loudness of nothing reports (no block passed the gate).
	Silence = -200.0
)

// biquad is one second-order IIR section, direct form I coefficients (a0 = 1).
type biquad struct{ b0, b1, b2, a1, a2 float64 }

// kWeighting returns BS.1770's two K-weighting stages for sample rate fs: the
// high-shelf "pre-filter" (+4 dB above ~1.7 kHz, the head) and the RLB
// high-pass. The standard tabulates coefficients for 48 kHz only; these are
// the analogue prototypes of those tables (f0, gain, Q as in libebur128 and
// pyloudnorm), mapped by the bilinear transform, which reproduce the 48 kHz
// tables to ~1e-8 (TestKWeightingMatchesStandardAt48k).
func kWeighting(fs float64) [2]biquad {
	// Stage 1: high shelf.
	f0, g, q := 1681.974450955533, 3.999843853973347, 0.7071752369554196
	k := math.Tan(math.Pi * f0 / fs)
	vh := math.Pow(10, g/20)
	vb := math.Pow(vh, 0.4996667741545416)
	a0 := 1 + k/q + k*k
	shelf := biquad{
		b0: (vh + vb*k/q + k*k) / a0,
		b1: 2 * (k*k - vh) / a0,
		b2: (vh - vb*k/q + k*k) / a0,
		a1: 2 * (k*k - 1) / a0,
		a2: (1 - k/q + k*k) / a0,
	}
	// Stage 2: RLB high-pass.
	f0, q = 38.13547087602444, 0.5003270373238773
	k = math.Tan(math.Pi * f0 / fs)
	a0 = 1 + k/q + k*k
	hp := biquad{b0: 1, b1: -2, b2: 1, a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	return [2]biquad{shelf, hp}
}

// segmentPowers K-weights x (rate Hz) and returns the mean square of each whole 100 ms
// segment (a trailing partial segment is dropped).
func segmentPowers(x []float32, rate int) []float64 {
	f := kWeighting(float64(rate))
	seg := rate / 10
	out := make([]float64, len(x)/seg)
	// Two cascaded direct-form-I sections; state in float64.
	var x1, x2, y1, y2, z1, z2 float64 // stage-1 inputs, stage-1 outputs (= stage-2 inputs), stage-2 outputs
	s, h := f[0], f[1]
	for i := range out {
		var sum float64
		for _, v := range x[i*seg : (i+1)*seg] {
			in := float64(v)
			y := s.b0*in + s.b1*x1 + s.b2*x2 - s.a1*y1 - s.a2*y2
			x2, x1 = x1, in
			z := h.b0*y + h.b1*y1 + h.b2*y2 - h.a1*z1 - h.a2*z2
			y2, y1 = y1, y
			z2, z1 = z1, z
			sum += z * z
		}
		out[i] = sum / float64(seg)
	}
	return out
}

// lk is BS.1770's loudness of a mean square z (one channel, weight 1).
func lk(z float64) float64 {
	if z <= 0 {
		return Silence
	}
	return loudnessShift + 10*math.Log10(z)
}

// windowMeans returns the mean of each run of w consecutive segments, stepping
// one segment, skipping any run that touches a segment with keep[i] false.
// idx gives each mean's first segment.
func windowMeans(p []float64, w int, keep []bool) (means []float64, idx []int) {
	for i := 0; i+w <= len(p); i++ {
		var s float64
		ok := true
		for j := i; j < i+w; j++ {
			if keep != nil && !keep[j] {
				ok = false
				break
			}
			s += p[j]
		}
		if ok {
			means = append(means, s/float64(w))
			idx = append(idx, i)
		}
	}
	return means, idx
}

// integrated is BS.1770-4's gated integrated loudness of 400 ms block mean
// squares (§2.8, eqs. 5–7): the mean of the blocks above the absolute gate
// (−70 LKFS) sets the relative gate 10 LU below it, and the result is the
// mean of the blocks above both gates. The absolute gate holds in the second
// pass too: for quiet material the relative gate falls below −70 LKFS and
// would otherwise let blocks in that the first pass left out. Silence when no
// block passes.
func integrated(blocks []float64) float64 {
	gated := func(thr float64) (float64, int) {
		thr = math.Max(thr, absGate)
		var s float64
		n := 0
		for _, z := range blocks {
			if lk(z) > thr {
				s += z
				n++
			}
		}
		if n == 0 {
			return 0, 0
		}
		return s / float64(n), n
	}
	m, n := gated(absGate)
	if n == 0 {
		return Silence
	}
	m, n = gated(lk(m) + relGate)
	if n == 0 {
		return Silence
	}
	return lk(m)
}

// Loudness is the loudness part of a measurement.
type Loudness struct {
	IntegratedL, IntegratedR float64 // LUFS, each channel measured alone
	Integrated               float64 // LUFS, the stereo programme (L and R weights 1), or the one channel when Single
	// Single: a one-channel recording measured as one channel (MeasureSingle):
	// the programme is that channel alone; L and R both hold it.
	Single bool `json:"single_channel"`
	// ShortTermL, ShortTermR: 3 s windows every 100 ms (LUFS; Silence below
	// the floor); ShortTermT the window's centre in s from the signal's start.
	// Windows touching an ignored range are left out.
	ShortTermL, ShortTermR, ShortTermT []float64
}

func measureLoudness(pl, pr []float64, keep []bool) Loudness {
	var out Loudness
	bl, _ := windowMeans(pl, blockSegs, keep)
	br, _ := windowMeans(pr, blockSegs, keep)
	out.IntegratedL, out.IntegratedR = integrated(bl), integrated(br)
	sum := make([]float64, len(bl))
	for i := range bl {
		sum[i] = bl[i] + br[i]
	}
	out.Integrated = integrated(sum)
	sl, idx := windowMeans(pl, shortSegs, keep)
	sr, _ := windowMeans(pr, shortSegs, keep)
	for i := range sl {
		out.ShortTermL = append(out.ShortTermL, math.Max(lk(sl[i]), Silence))
		out.ShortTermR = append(out.ShortTermR, math.Max(lk(sr[i]), Silence))
		out.ShortTermT = append(out.ShortTermT, (float64(idx[i])+shortSegs/2)*segSeconds)
	}
	return out
}

// quantile returns the q-quantile (0..1) of v by linear interpolation between
// order statistics (the "type 7" rule); NaN for an empty v. v is not changed.
func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	h := q * float64(len(s)-1)
	lo := int(math.Floor(h))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// Quantile is quantile for other packages.
func Quantile(v []float64, q float64) float64 { return quantile(v, q) }
