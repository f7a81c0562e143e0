package audio

import (
	"math"
	"sync"
)

// Resampling to the mix rate (O1, O3), and between any two rates for the
// gate's recordings (Resample, ResamplePlanar). O1 (revision 3) asks for a
// transparent resampler: flat within ±0.1 dB up to 0.95 of the lower Nyquist,
// images and aliases at least 100 dB down. Design: ONE polyphase stage with
// the exact rational ratio l/m (2/1 for 22.05 kHz, 441/320 for 32 kHz,
// 147/160 for 48 kHz) and exact phases — output frame n sits at input time
// n·m/l, its phase (n·m) mod l picks a table row, no interpolation between
// rows. Not multi-stage: at these ratios the transition band [0.95, 1.0] of
// the lower Nyquist lies at the final band edge, so some stage must run the
// full-length sharp filter at about the output rate anyway; extra stages would
// only add roundings and group delay. Only a ratio needing more than
// rsPhases rows (an odd rate such as 22254 Hz: l = 7350) interpolates
// linearly between rows (error below −130 dB).
//
// The prototype is a Kaiser-windowed sinc (cutoff mid-transition, β and
// length from Kaiser's formulas for rsAtten dB), designed and run in float64
// with every product explicitly rounded (float64(x*y)) so no architecture
// fuses a multiply-add, and with a fixed summation order (four partial sums,
// then (s0+s1)+(s2+s3)): the same wave gives the same samples on amd64 and
// arm64 (O3). The sums run four output frames at a time in dot.go's kernel
// (AVX assembly on amd64, the same order and roundings as the portable Go).
// Why not a library: beep's Resample is Lagrange interpolation
// with no anti-alias filter and its float64 sums may be fused on arm64; the
// pure-Go soxr ports use SIMD code whose summation order differs per
// architecture; gonum has no filter design. See docs/fidelity.md (O1).
const (
	rsPass   = 0.95 // passband edge, fraction of the lower Nyquist (O1: flat within ±0.1 dB)
	rsStop   = 1.0  // stopband edge, fraction of the lower Nyquist (O1: ≥ 100 dB down)
	rsAtten  = 106  // stopband attenuation the window is designed for, dB (6 dB over O1's 100: Kaiser's formula is approximate)
	rsPhases = 1024 // table phases when the exact ratio needs more (then interpolated linearly)
)

// resampler converts one rate to another: output frame n sits at input time
// n·m/l exactly (l/m = to/from in lowest terms).
type resampler struct {
	l, m   int       // output/input rate ratio in lowest terms
	half   int       // taps each side of the output instant
	w      int       // row length: 2·half rounded up to a multiple of 4 (zeros at the end)
	phases int       // table rows (l, or rsPhases when interpolating)
	table  []float64 // (phases+1) rows × w taps, each row summing to 1
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// besselI0 is the modified Bessel function of order 0 by its power series
// (pure arithmetic: no library transcendental, identical on every CPU).
func besselI0(x float64) float64 {
	sum, term := 1.0, 1.0
	q := float64(x*x) / 4
	for k := 1; k < 500; k++ {
		term = float64(term*q) / float64(k*k)
		sum += term
		if term < float64(sum*1e-17) {
			break
		}
	}
	return sum
}

// sinDet is sin(x) by range reduction to [−π, π] and its Taylor series, with
// every product rounded explicitly. math.Sin is not used because Go compiles
// its polynomial with fused multiply-adds on arm64 and not on amd64, so its
// last bit can differ between the two (O3).
func sinDet(x float64) float64 {
	x -= float64(2 * math.Pi * math.Round(x/(2*math.Pi))) // explicit: no fused multiply-add
	x2 := float64(x * x)
	term, sum := x, x
	for k := 1; k < 40; k++ {
		term = float64(-term*x2) / float64((2*k)*(2*k+1))
		sum += term
		if math.Abs(term) < 1e-18 {
			break
		}
	}
	return sum
}

// newResamplerBetween designs the filter for from → to: cutoff halfway
// through the transition band [rsPass, rsStop]·(lower Nyquist), Kaiser window
// for rsAtten dB, length from Kaiser's formula.
func newResamplerBetween(from, to int) *resampler {
	g := gcd(to, from)
	r := &resampler{l: to / g, m: from / g}
	nyq := 0.5 * math.Min(1, float64(r.l)/float64(r.m)) // lower Nyquist, cycles per input sample
	fc := float64(nyq*(rsPass+rsStop)) / 2
	df := float64(nyq * (rsStop - rsPass))
	beta := 0.1102 * (rsAtten - 8.7)
	taps := (rsAtten - 8) / float64(2.285*float64(2*math.Pi*df))
	r.half = int(math.Ceil(taps/2)) + 1
	r.w = (2*r.half + 3) / 4 * 4
	r.phases = r.l
	if r.phases > rsPhases {
		r.phases = rsPhases
	}
	r.table = make([]float64, (r.phases+1)*r.w)
	i0b := besselI0(beta)
	for p := 0; p <= r.phases; p++ {
		frac := float64(p) / float64(r.phases)
		row := r.table[p*r.w : p*r.w+2*r.half]
		sum := 0.0
		for j := range row {
			d := float64(j-(r.half-1)) - frac // input sample's distance from the output instant
			x := float64(2*fc) * d
			h := float64(2 * fc)
			if x != 0 {
				h = float64(h*sinDet(float64(math.Pi*x))) / float64(math.Pi*x)
			}
			u := d / float64(r.half)
			win := 0.0
			if u > -1 && u < 1 {
				win = besselI0(float64(beta*math.Sqrt(1-float64(u*u)))) / i0b
			}
			row[j] = float64(h * win)
			sum += row[j]
		}
		for j := range row { // unity gain at DC for every phase
			row[j] /= sum
		}
	}
	return r
}

// frames returns the output length for n input frames: every output instant
// n·m/l that falls before the input's end.
func (r *resampler) frames(n int) int {
	return int((int64(n)*int64(r.l) + int64(r.m) - 1) / int64(r.m))
}

// run resamples interleaved audio of ch channels (1 or 2; n frames) into a
// new interleaved slice of the same channel count.
func (r *resampler) run(in []float32, ch int) []float32 {
	if ch != 1 && ch != 2 {
		panic("audio: resampler: 1 or 2 channels")
	}
	n := len(in) / ch
	nout := r.frames(n)
	out := make([]float32, ch*nout)
	// Each channel as a zero-padded float64 copy, one after the other in buf:
	// half−1 zeros before the first frame and w after the last, so every row
	// reads whole.
	plen := (r.half - 1) + n + r.w
	buf := make([]float64, ch*plen)
	for i := range n {
		for c := range ch {
			buf[c*plen+r.half-1+i] = float64(in[i*ch+c])
		}
	}
	// Four output frames per kernel call (both channels of a stereo frame
	// share its row).
	var coef [4][]float64
	if r.phases != r.l {
		for g := range coef {
			coef[g] = make([]float64, r.w)
		}
	}
	var k [4]int
	var rows, x [4][]float64
	var sums dotLanes
	stepK, stepPh := r.m/r.l, r.m%r.l
	at, ph := 0, 0 // input frame at or before the instant, exact phase 0..l−1
	for o := 0; o < nout; o += 4 {
		for g := range 4 {
			if o+g >= nout { // past the end: repeat the first frame, unused
				k[g], rows[g] = k[0], rows[0]
				continue
			}
			k[g], rows[g] = at, r.row(ph, coef[g])
			at, ph = at+stepK, ph+stepPh
			if ph >= r.l {
				at, ph = at+1, ph-r.l
			}
		}
		last := min(4, nout-o)
		if ch == 1 {
			for g := range 4 {
				x[g] = buf[k[g] : k[g]+r.w]
			}
			dot4x4((*[4][4]float64)(sums[:4]), &x, &rows, r.w)
			for g := range last {
				out[o+g] = sums.sum(g)
			}
			continue
		}
		dot4x2(&sums, buf, plen, &k, &rows, r.w)
		for g := range last {
			out[2*(o+g)], out[2*(o+g)+1] = sums.sum(g), sums.sum(4+g)
		}
	}
	return out
}

// row returns the coefficients for exact phase ph (0..l−1): a table row, or,
// when the table holds fewer phases than l, the linear blend of the two rows
// around it written into coef.
func (r *resampler) row(ph int, coef []float64) []float64 {
	w := r.w
	if r.phases == r.l {
		return r.table[ph*w : (ph+1)*w]
	}
	x := float64(float64(ph)*float64(r.phases)) / float64(r.l)
	i := int(x)
	a := x - float64(i)
	lo, hi := r.table[i*w:(i+1)*w], r.table[(i+1)*w:(i+2)*w]
	for j := range coef {
		coef[j] = lo[j] + float64(a*(hi[j]-lo[j])) // explicit: no fused multiply-add
	}
	return coef
}

var (
	resamplersMu sync.Mutex
	resamplers   = map[[2]int]*resampler{}
)

// resamplerFor returns the (cached) resampler from rate to SampleRate.
func resamplerFor(rate int) *resampler { return resamplerBetween(rate, SampleRate) }

// resamplerBetween returns the (cached) resampler from → to; safe for
// concurrent use (a resampler is read-only once made).
func resamplerBetween(from, to int) *resampler {
	resamplersMu.Lock()
	defer resamplersMu.Unlock()
	k := [2]int{from, to}
	r := resamplers[k]
	if r == nil {
		r = newResamplerBetween(from, to)
		resamplers[k] = r
	}
	return r
}

// Resample converts interleaved stereo in at from Hz to to Hz (both > 0)
// with the mix's windowed-sinc resampler: output frame n is the input at time
// n·from/to exactly, and there are ceil(frames·to/from) of them. The same
// rates give a copy of in. Safe for concurrent use.
func Resample(in []float32, from, to int) []float32 {
	if from <= 0 || to <= 0 {
		panic("audio.Resample: rates must be positive")
	}
	if from == to {
		return append([]float32(nil), in[:len(in)/2*2]...)
	}
	return resamplerBetween(from, to).run(in, 2)
}

// ResamplePlanar is Resample for a stereo pair of equal-length channels.
func ResamplePlanar(l, r []float32, from, to int) (ol, or []float32) {
	n := min(len(l), len(r))
	in := make([]float32, 2*n)
	for i := range n {
		in[2*i], in[2*i+1] = l[i], r[i]
	}
	out := Resample(in, from, to)
	ol, or = make([]float32, len(out)/2), make([]float32, len(out)/2)
	for i := range ol {
		ol[i], or[i] = out[2*i], out[2*i+1]
	}
	return ol, or
}
