package assets

// dsp.go: the small signal toolkit the wave recipes are made of. Everything is
// float64 at SampleRate, deterministic (seeded PRNG, no clock).

import "math"

// SampleRate is the rate of every synthesised wave, Hz (retail's common rate).
const SampleRate = 22050

// rng is splitmix64: tiny, fast and the same on every machine.
type rng struct{ s uint64 }

func newRNG(seed float64) *rng { return &rng{s: uint64(seed)*0x9E3779B97F4A7C15 + 0x1234567} }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// unit is uniform in [0, 1).
func (r *rng) unit() float64 { return float64(float64(r.next()>>11) / (1 << 53)) }

// noise is uniform in [−1, 1).
func (r *rng) noise() float64 { return float64(2*r.unit()) - 1 }

// between is uniform in [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + float64((hi-lo)*r.unit()) }

// svf is a topology-preserving state-variable filter (trapezoidal integrators):
// stable under fast cutoff changes, which the wind and water recipes need.
type svf struct{ k, a1, a2, a3, ic1, ic2 float64 }

// set tunes the filter to centre/cutoff fc (Hz) and resonance q.
func (f *svf) set(fc, q float64) {
	fc = math.Max(10, math.Min(fc, 0.45*SampleRate))
	g := ftan(float64(float64(math.Pi*fc) / SampleRate))
	f.k = float64(1 / q)
	f.a1 = float64(1 / (1 + float64(g*(g+f.k))))
	f.a2 = float64(g * f.a1)
	f.a3 = float64(g * f.a2)
}

// step filters one sample and returns the low-pass, unity-peak band-pass and
// high-pass outputs.
func (f *svf) step(v0 float64) (lp, bp, hp float64) {
	v3 := v0 - f.ic2
	v1 := float64(f.a1*f.ic1) + float64(f.a2*v3)
	v2 := f.ic2 + float64(f.a2*f.ic1) + float64(f.a3*v3)
	f.ic1 = float64(2*v1) - f.ic1
	f.ic2 = float64(2*v2) - f.ic2
	return v2, float64(f.k * v1), v0 - float64(f.k*v1) - v2
}

func newSVF(fc, q float64) *svf { f := &svf{}; f.set(fc, q); return f }

// onePole is a one-pole low-pass with cutoff fc (Hz).
type onePole struct{ a, y float64 }

func newOnePole(fc float64) *onePole {
	return &onePole{a: 1 - fexp(float64(float64(-2*math.Pi*fc)/SampleRate))}
}

func (p *onePole) step(x float64) float64 { p.y += float64(p.a * (x - p.y)); return p.y }

// smoothNoise is random motion in [−1, 1] that changes at about rate Hz:
// smoothstep interpolation between random points.
type smoothNoise struct {
	r      *rng
	step   float64 // per sample
	t      float64
	v0, v1 float64
}

func newSmoothNoise(r *rng, rate float64) *smoothNoise {
	return &smoothNoise{r: r, step: float64(rate / SampleRate), v0: r.noise(), v1: r.noise()}
}

func (s *smoothNoise) next() float64 {
	s.t += s.step
	if s.t >= 1 {
		s.t -= 1
		s.v0, s.v1 = s.v1, s.r.noise()
	}
	w := float64(float64(s.t*s.t) * (3 - float64(2*s.t))) // smoothstep: as smooth as a cosine, cheaper
	return s.v0 + float64((s.v1-s.v0)*w)
}

// saw is a naive sawtooth in [−1, 1); phase in cycles.
func saw(phase float64) float64 { return float64(2*(phase-math.Floor(phase))) - 1 }

// damped adds a damped sine of freq f (Hz, multiplied by 1+glide·t) and time
// constant tau (s) to out starting at sample start, amplitude amp. It runs a
// rotating phasor (re-tuned every 16 samples when gliding) instead of calling
// sin per sample: the whole stand-in must build in well under 300 ms.
func damped(out []float64, start int, f, glide, tau, amp float64) {
	full := int(float64(float64(tau*7) * SampleRate)) // e^-7: −61 dB, then a short taper to 0
	n := min(len(out)-start, full)
	taper := full / 8
	const attack = SampleRate / 2000 // 0.5 ms: no slope step at the onset
	decay := fexp(float64(-1 / (float64(tau * SampleRate))))
	re, im := amp, 0.0 // phasor: amplitude·(cos φ, sin φ)
	var c, s float64
	for i := 0; i < n; i++ {
		if i%16 == 0 && (i == 0 || glide != 0) {
			w := float64(float64(float64(2*math.Pi*f)*(1+float64(float64(glide*float64(i))/SampleRate))) / SampleRate)
			c, s = float64(decay*fcos(w)), float64(decay*fsin(w))
		}
		re, im = float64(re*c)-float64(im*s), float64(re*s)+float64(im*c)
		g := im
		if left := full - i; left < taper {
			g *= float64(float64(left) / float64(taper))
		}
		if i < attack {
			g *= float64(float64(i) / attack)
		}
		out[start+i] += g
	}
}

// comb adds a feedback echo (delay s, gain g < 1) in place: a cheap room.
func comb(x []float64, delay, g float64) {
	d := int(float64(delay * SampleRate))
	for i := d; i < len(x); i++ {
		x[i] += float64(g * x[i-d])
	}
}

// loopify crossfades the last fade samples of x into its head (equal power) and
// returns the first len(x)−fade samples: played back to back, they join
// without a click, so a bed re-fired every period sounds continuous.
func loopify(x []float64, fade int) []float64 {
	n := len(x) - fade
	for i := 0; i < fade; i++ {
		w := float64(float64(i) / float64(fade)) // 0 at head → 1 at the end of the fade
		a := fsin(float64(0.5 * math.Pi * w))
		b := fcos(float64(0.5 * math.Pi * w))
		x[i] = float64(x[i]*a) + float64(x[n+i]*b)
	}
	return x[:n]
}

// fadeEdges applies short raised-cosine fades at both ends (s), so one-shots
// never click on or off.
func fadeEdges(x []float64, in, out float64) {
	ni, no := int(float64(in*SampleRate)), int(float64(out*SampleRate))
	for i := 0; i < ni && i < len(x); i++ {
		x[i] *= 0.5 - float64(0.5*fcos(float64(float64(math.Pi*float64(i))/float64(ni))))
	}
	for i := 0; i < no && i < len(x); i++ {
		x[len(x)-1-i] *= 0.5 - float64(0.5*fcos(float64(float64(math.Pi*float64(i))/float64(no))))
	}
}

// toPCM16 scales x so its peak is gain (0..1 of full scale) and returns 16-bit
// little-endian PCM bytes.
func toPCM16(x []float64, gain float64) []byte {
	peak := 0.0
	mean := 0.0
	for _, v := range x {
		mean += v
	}
	if len(x) > 0 {
		mean /= float64(len(x))
	}
	for _, v := range x {
		if a := math.Abs(v - mean); a > peak {
			peak = a
		}
	}
	scale := 0.0
	if peak > 0 {
		scale = float64(float64(gain*32767) / peak)
	}
	out := make([]byte, 2*len(x))
	for i, v := range x {
		f := float64((v - mean) * scale)
		switch { // clamp, then round half away from zero
		case f >= 32767:
			f = 32767
		case f <= -32768:
			f = -32768
		case f >= 0:
			f += 0.5
		default:
			f -= 0.5
		}
		s := int16(f)
		out[2*i] = byte(s)
		out[2*i+1] = byte(uint16(s) >> 8)
	}
	return out
}
