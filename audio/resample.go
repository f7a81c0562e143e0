package audio

import (
	"math"
	"sync"
)

// Resampling to the mix rate (O1, O3), and between any two rates for the
// gate's recordings (Resample, ResamplePlanar). A Kaiser-windowed sinc, evaluated on a
// polyphase table, in float64 with every product explicitly rounded
// (float64(x*y)) so no architecture fuses a multiply-add: the same wave gives
// the same samples on amd64 and arm64 (O3). Why not a library: beep's
// Resample is Lagrange interpolation with no anti-alias filter (content above
// 22.05 kHz in a 48 kHz wave comes through 3 dB down as aliases) and its
// float64 sums may be fused on arm64; the pure-Go soxr ports use SIMD code
// whose summation order differs per architecture. See docs/fidelity.md (O3).
const (
	rsPass   = 0.8  // passband edge, fraction of the lower Nyquist (flat within ±0.01 dB, TestO1_ResampleQuality)
	rsStop   = 1.0  // stopband edge, fraction of the lower Nyquist
	rsAtten  = 100  // stopband attenuation the window is designed for, dB
	rsPhases = 1024 // table phases when the exact ratio needs more (then interpolated linearly)
)

// resampler converts one rate to another: output frame n sits at input time
// n·m/l exactly (l/m = to/from in lowest terms).
type resampler struct {
	l, m   int       // output/input rate ratio in lowest terms
	half   int       // taps each side of the output instant
	phases int       // table rows (l, or rsPhases when interpolating)
	table  []float64 // (phases+1) rows × 2·half taps, each row summing to 1
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
	for k := 1; k < 200; k++ {
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
// for rsAtten dB, length from Kaiser's formula. For to = SampleRate the
// arithmetic is the one the golden pins (O3) were taken with.
func newResamplerBetween(from, to int) *resampler {
	g := gcd(to, from)
	r := &resampler{l: to / g, m: from / g}
	nyq := 0.5 * math.Min(1, float64(r.l)/float64(r.m)) // lower Nyquist, cycles per input sample
	fc := float64(nyq*(rsPass+rsStop)) / 2
	df := float64(nyq * (rsStop - rsPass))
	beta := 0.1102 * (rsAtten - 8.7)
	taps := (rsAtten - 8) / float64(2.285*float64(2*math.Pi*df))
	r.half = int(math.Ceil(taps/2)) + 1
	r.phases = r.l
	if r.phases > rsPhases {
		r.phases = rsPhases
	}
	w := 2 * r.half
	r.table = make([]float64, (r.phases+1)*w)
	i0b := besselI0(beta)
	for p := 0; p <= r.phases; p++ {
		frac := float64(p) / float64(r.phases)
		row := r.table[p*w : (p+1)*w]
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

// run resamples interleaved stereo in (n frames) into a new slice.
func (r *resampler) run(in []float32) []float32 {
	n := len(in) / 2
	out := make([]float32, 2*r.frames(n))
	w := 2 * r.half
	coef := make([]float64, w)
	for o := 0; o < len(out)/2; o++ {
		pos := int64(o) * int64(r.m)
		k := int(pos / int64(r.l))  // input frame at or before the instant
		ph := int(pos % int64(r.l)) // exact phase, 0..l−1
		var row []float64
		if r.phases == r.l {
			row = r.table[ph*w : (ph+1)*w]
		} else {
			x := float64(float64(ph)*float64(r.phases)) / float64(r.l)
			i := int(x)
			a := x - float64(i)
			lo, hi := r.table[i*w:(i+1)*w], r.table[(i+1)*w:(i+2)*w]
			for j := range coef {
				coef[j] = lo[j] + float64(a*(hi[j]-lo[j])) // explicit: no fused multiply-add
			}
			row = coef
		}
		first := k - (r.half - 1)
		var sl, sr float64
		for j, c := range row {
			s := first + j
			if s < 0 || s >= n {
				continue
			}
			sl += float64(float64(in[2*s]) * c)
			sr += float64(float64(in[2*s+1]) * c)
		}
		out[2*o], out[2*o+1] = float32(sl), float32(sr)
	}
	return out
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
	return resamplerBetween(from, to).run(in)
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
