package audio

import (
	"fmt"
	"math"
	"runtime"
	"testing"
)

// benchResample runs f b.N times and reports output frames per wall second
// (frames/s) and per CPU second of the benchmark's own thread (frames/cpu-s,
// Linux only; the figure to compare on a loaded machine).
func benchResample(b *testing.B, frames int, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(b.N)*float64(frames)/b.Elapsed().Seconds(), "frames/s")
	if c := threadCPU() - c0; c > 0 {
		b.ReportMetric(float64(b.N)*float64(frames)/c.Seconds(), "frames/cpu-s")
	}
}

// BenchmarkResample measures the O1 resampler in output frames per second
// (frames/s) for the common source rates, mono and stereo — with the
// kernel this CPU uses (new) and the portable one (new-portable) — beside the
// revision-2 design (rev2Resample: passband to 0.8 of the lower Nyquist,
// 100 dB window, one accumulator per channel, a bounds test per tap) so the
// two are compared in one run.
func BenchmarkResample(b *testing.B) {
	for _, rate := range []int{22050, 32000, 48000} {
		for _, ch := range []int{1, 2} {
			in := make([]float32, ch*rate) // 1 s
			for i := range in {
				in[i] = float32(math.Sin(float64(i) * 0.01))
			}
			stereo := in
			if ch == 1 { // the revision-2 resampler ran every wave as stereo
				stereo = make([]float32, 2*rate)
				for i, v := range in {
					stereo[2*i], stereo[2*i+1] = v, v
				}
			}
			r := resamplerFor(rate)
			old := newRev2Resampler(rate)
			b.Run(fmt.Sprintf("rate=%d/ch=%d/new", rate, ch), func(b *testing.B) {
				benchResample(b, r.frames(rate), func() { r.run(in, ch) })
			})
			b.Run(fmt.Sprintf("rate=%d/ch=%d/new-portable", rate, ch), func(b *testing.B) {
				portableKernel(func() { benchResample(b, r.frames(rate), func() { r.run(in, ch) }) })
			})
			b.Run(fmt.Sprintf("rate=%d/ch=%d/rev2", rate, ch), func(b *testing.B) {
				benchResample(b, old.frames(rate), func() { old.run(stereo) })
			})
		}
	}
}

// rev2Resampler is the revision-2 resampler, kept only as the benchmark's
// baseline (design: pass 0.8, stop 1.0, 100 dB; run: interleaved stereo).
type rev2Resampler struct {
	l, m, half, phases int
	table              []float64
}

func newRev2Resampler(rate int) *rev2Resampler {
	g := gcd(SampleRate, rate)
	r := &rev2Resampler{l: SampleRate / g, m: rate / g}
	nyq := 0.5 * math.Min(1, float64(r.l)/float64(r.m))
	fc, df := nyq*0.9, nyq*0.2
	beta := 0.1102 * (100 - 8.7)
	r.half = int(math.Ceil((100-8)/(2.285*2*math.Pi*df)/2)) + 1
	r.phases = min(r.l, rsPhases)
	w := 2 * r.half
	r.table = make([]float64, (r.phases+1)*w)
	for p := 0; p <= r.phases; p++ {
		row := r.table[p*w : (p+1)*w]
		sum := 0.0
		for j := range row {
			d := float64(j-(r.half-1)) - float64(p)/float64(r.phases)
			h := 2 * fc
			if x := 2 * fc * d; x != 0 {
				h = h * math.Sin(math.Pi*x) / (math.Pi * x)
			}
			if u := d / float64(r.half); u > -1 && u < 1 {
				row[j] = h * besselI0(beta*math.Sqrt(1-u*u)) / besselI0(beta)
			}
			sum += row[j]
		}
		for j := range row {
			row[j] /= sum
		}
	}
	return r
}

func (r *rev2Resampler) frames(n int) int {
	return int((int64(n)*int64(r.l) + int64(r.m) - 1) / int64(r.m))
}

func (r *rev2Resampler) run(in []float32) []float32 {
	n := len(in) / 2
	out := make([]float32, 2*r.frames(n))
	w := 2 * r.half
	coef := make([]float64, w)
	for o := 0; o < len(out)/2; o++ {
		pos := int64(o) * int64(r.m)
		k, ph := int(pos/int64(r.l)), int(pos%int64(r.l))
		row := r.table[ph*w : (ph+1)*w]
		if r.phases != r.l {
			x := float64(ph) * float64(r.phases) / float64(r.l)
			i := int(x)
			lo, hi := r.table[i*w:(i+1)*w], r.table[(i+1)*w:(i+2)*w]
			for j := range coef {
				coef[j] = lo[j] + (x-float64(i))*(hi[j]-lo[j])
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
