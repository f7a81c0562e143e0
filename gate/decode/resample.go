package decode

import (
	"math"
	"sync"
)

// Resampling to 44100 Hz: a Kaiser-windowed sinc evaluated on a polyphase
// table (one row of taps per fractional position n·M/L mod 1, with L/M =
// 44100/rate in lowest terms). Why not a library: beep's Resample, the pure-Go
// one at hand, is Lagrange interpolation, O(q²) divisions per sample (a
// 10-minute 48 kHz recording took minutes at a quality that keeps 10 kHz
// bands exact) with no anti-alias filter; the project's own windowed-sinc in
// audio/ (audio/resample.go) is not exported. This one is for analysis only
// (never for playback): ±64 taps, Kaiser β 8 (stop band ≈ −80 dB), cut-off
// 0.95 × the lower Nyquist, so bands up to 16 kHz pass flat.
const (
	rsHalf  = 64  // taps each side: a ≈ 0.04·rate transition (Kaiser: (A − 8)/(2.285·2π·taps))
	rsBeta  = 8.0 // Kaiser β
	rsCut   = 0.95
	rsTable = 4096 // at most this many phases are tabulated; beyond, taps are computed per sample
)

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func besselI0(x float64) float64 {
	s, t := 1.0, 1.0
	for k := 1; k < 50; k++ {
		t *= (x / 2) / float64(k)
		s += t * t
		if t*t < 1e-17*s {
			break
		}
	}
	return s
}

// taps fills dst (2·rsHalf values) with the filter for fractional position
// frac ∈ [0, 1): dst[j] weighs input sample base − rsHalf + 1 + j.
func taps(dst []float64, frac, g float64) {
	i0b := besselI0(rsBeta)
	var sum float64
	for j := range dst {
		d := frac + float64(rsHalf-1-j) // t − i
		x := d / rsHalf
		w := 0.0
		if x > -1 && x < 1 {
			w = besselI0(rsBeta*math.Sqrt(1-x*x)) / i0b
		}
		s := 1.0
		if d != 0 {
			s = math.Sin(math.Pi*g*d) / (math.Pi * g * d)
		}
		dst[j] = g * s * w
		sum += dst[j]
	}
	for j := range dst { // unity gain at DC
		dst[j] /= sum
	}
}

// Resample converts a stereo pair at rate Hz to 44100 Hz; the output has
// round(n·44100/rate) frames.
func Resample(l, r []float32, rate int) (ol, or []float32) { return Convert(l, r, rate, Rate) }

// Convert converts a stereo pair from one rate to another (tests make
// "retail recordings" at 48 kHz with it); round(n·to/from) frames.
func Convert(l, r []float32, from, to int) (ol, or []float32) {
	if from == to {
		return l, r
	}
	c := gcd(to, from)
	L, M := to/c, from/c
	g := rsCut * math.Min(1, float64(L)/float64(M))
	n := int(math.Round(float64(len(l)) * float64(to) / float64(from)))
	ol, or = make([]float32, n), make([]float32, n)
	var table [][]float64
	if L <= rsTable && n > L { // short inputs compute their few taps directly
		table = tableFor(L, M, g)
	}
	h := make([]float64, 2*rsHalf)
	for k := 0; k < n; k++ {
		pos := int64(k) * int64(M)
		base, phase := int(pos/int64(L)), int(pos%int64(L))
		w := h
		if table != nil {
			w = table[phase]
		} else {
			taps(h, float64(phase)/float64(L), g)
		}
		first := base - rsHalf + 1
		var sl, sr float64
		if first >= 0 && first+2*rsHalf <= len(l) {
			ll, rr := l[first:first+2*rsHalf], r[first:first+2*rsHalf]
			for j, c := range w {
				sl += c * float64(ll[j])
				sr += c * float64(rr[j])
			}
		} else {
			for j, c := range w {
				if i := first + j; i >= 0 && i < len(l) {
					sl += c * float64(l[i])
					sr += c * float64(r[i])
				}
			}
		}
		ol[k], or[k] = float32(sl), float32(sr)
	}
	return ol, or
}

var (
	tablesMu sync.Mutex
	tables   = map[[2]int][][]float64{}
)

// tableFor returns the (cached) polyphase table of L phases for L/M.
func tableFor(L, M int, g float64) [][]float64 {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tables[[2]int{L, M}]; ok {
		return t
	}
	t := make([][]float64, L)
	for p := range t {
		t[p] = make([]float64, 2*rsHalf)
		taps(t[p], float64(p)/float64(L), g)
	}
	tables[[2]int{L, M}] = t
	return t
}
