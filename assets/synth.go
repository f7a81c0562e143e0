package assets

// synth.go: the wave recipes named in holtburg/sound.txt [waves]. Each recipe
// turns a few parameters into float samples at SampleRate; Synthesize adds the
// shared steps (length, loop crossfade, edge fades, 16-bit scaling).

import (
	"math"

	"soundworld/dat"
)

// MaxWaveSeconds is the longest wave the stand-in may hold (s).
const MaxWaveSeconds = 4.0

// loopFade is the crossfade (s) that makes a bed loop seamlessly.
const loopFade = 0.4

// recipe is one kind of sound. params lists its own parameters with defaults;
// every recipe also takes len (s), seed and gain (peak, 0..1).
type recipe struct {
	loop   bool // a bed: crossfade tail into head
	params map[string]float64
	make   func(p map[string]float64, r *rng, n int) []float64
}

var commonParams = map[string]float64{"len": 1, "seed": 1, "gain": 0.8}

var recipes map[string]recipe

func init() {
	recipes = map[string]recipe{
		"wind":   {true, map[string]float64{"f": 400, "q": 0.9, "gust": 0.8, "whistle": 0}, windWave},
		"brook":  {true, map[string]float64{"f": 900, "bubbles": 70}, brookWave},
		"lap":    {true, map[string]float64{"f": 450, "swell": 0.85}, lapWave},
		"leaves": {true, map[string]float64{"f": 2600, "rustle": 3}, leavesWave},
		"murmur": {true, map[string]float64{"voices": 7, "f": 150}, murmurWave},
		"chirp":  {false, map[string]float64{"f": 3200, "n": 4, "sweep": 0.4}, chirpWave},
		"trill":  {false, map[string]float64{"f": 4200, "n": 12, "rate": 16}, trillWave},
		"croak":  {false, map[string]float64{"f": 110, "n": 2, "f1": 650}, croakWave},
		"knock":  {false, map[string]float64{"f": 1100, "n": 14, "rate": 17}, knockWave},
		"splash": {false, map[string]float64{"f": 2600, "drops": 5}, splashWave},
		"bark":   {false, map[string]float64{"f": 520, "n": 2, "far": 0.6}, barkWave},
		"hammer": {false, map[string]float64{"f": 1050, "decay": 0.6}, hammerWave},
		"thump":  {false, map[string]float64{"f": 90}, thumpWave},
		"bell":   {false, map[string]float64{"f": 392, "decay": 1.6}, bellWave},
		"chant":  {false, map[string]float64{"f": 147, "minor": 0, "f1": 700, "f2": 1150}, chantWave},
		"roar":   {false, map[string]float64{"f": 85}, roarWave},
		"laugh":  {false, map[string]float64{"f": 140, "n": 5}, laughWave},
		// Environs stingers (U1) without a recipe above.
		"thunder": {false, map[string]float64{"f": 160, "crack": 0.5}, thunderWave},
		"whisper": {false, map[string]float64{"f": 2600, "rate": 6}, whisperWave},
		"howl":    {false, map[string]float64{"f": 420, "rise": 0.5}, howlWave},
	}
}

// paramRange bounds every parameter by name (same name, same meaning and
// unit in every recipe), so no description can make a recipe hang or blow up.
var paramRange = map[string][2]float64{
	"len": {0, MaxWaveSeconds}, "seed": {0, 1e9}, "gain": {0.01, 1},
	"f": {20, 8000}, "f1": {100, 5000}, "f2": {100, 5000}, // Hz
	"q": {0.3, 20}, "gust": {0, 1}, "whistle": {0, 1}, "swell": {0, 1}, "far": {0, 1},
	"sweep": {0, 1}, "minor": {0, 1},
	"bubbles": {1, 200}, "rustle": {0.1, 20}, "rate": {1, 40}, // per s, Hz, per s
	"voices": {1, 16}, "n": {1, 64}, "drops": {0, 20},
	"decay": {0.05, 4}, // s
	"crack": {0, 1}, "rise": {0, 1},
}

// checkParams rejects unknown parameters and values outside paramRange
// (len must be above 0 and at most 4 s).
func checkParams(ws WaveSpec) error {
	rc := recipes[ws.Recipe]
	for i := 3; i < len(ws.at.f); i++ {
		k := ws.at.f[i].s[:indexByte(ws.at.f[i].s, '=')]
		if _, ok := rc.params[k]; !ok {
			if _, ok := commonParams[k]; !ok {
				return ws.at.errAt(i, "recipe %s has no parameter %q", ws.Recipe, k)
			}
		}
		v, lim := ws.Params[k], paramRange[k]
		if k == "len" && (v <= 0 || v > MaxWaveSeconds) {
			return ws.at.errAt(i, "len %v s outside (0, %v]", v, MaxWaveSeconds)
		}
		if v < lim[0] || v > lim[1] {
			return ws.at.errAt(i, "%s %v outside [%v, %v]", k, v, lim[0], lim[1])
		}
	}
	return nil
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return len(s)
}

// param is ws's value for k, else the recipe's or the common default.
func param(ws WaveSpec, k string) float64 {
	if v, ok := ws.Params[k]; ok {
		return v
	}
	if v, ok := recipes[ws.Recipe].params[k]; ok {
		return v
	}
	return commonParams[k]
}

// Synthesize renders one wave record: 16-bit PCM mono at SampleRate.
func Synthesize(ws WaveSpec) *dat.Wave {
	rc := recipes[ws.Recipe]
	p := map[string]float64{}
	for k := range rc.params {
		p[k] = param(ws, k)
	}
	n := int(float64(param(ws, "len") * SampleRate))
	r := newRNG(param(ws, "seed"))
	var x []float64
	if rc.loop {
		fade := int(loopFade * SampleRate)
		x = loopify(rc.make(p, r, n+fade), fade)
	} else {
		x = rc.make(p, r, n)
		fadeEdges(x, 0.002, 0.05)
	}
	return pcmWave(ws.ID, toPCM16(x, param(ws, "gain")))
}

// pcmWave wraps 16-bit mono PCM bytes in a Wave with an 18-byte WAVEFORMATEX.
func pcmWave(id uint32, data []byte) *dat.Wave {
	f := dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: SampleRate,
		AvgBytesPerSec: 2 * SampleRate, BlockAlign: 2, BitsPerSample: 16}
	h := make([]byte, 18) // cbSize = 0
	le16(h[0:], f.Tag)
	le16(h[2:], f.Channels)
	le32(h[4:], f.SamplesPerSec)
	le32(h[8:], f.AvgBytesPerSec)
	le16(h[12:], f.BlockAlign)
	le16(h[14:], f.BitsPerSample)
	return &dat.Wave{ID: id, Format: f, Header: h, Data: data}
}

func le16(b []byte, v uint16) { b[0], b[1] = byte(v), byte(v>>8) }
func le32(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }

// windWave: pinkish noise through a band-pass whose centre and level drift
// like gusts; whistle > 0 adds a narrow moaning band (wind over rocks).
func windWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	pink := newOnePole(1200)
	band, moan := &svf{}, &svf{}
	sweep, gust, flurry := newSmoothNoise(r, 0.6), newSmoothNoise(r, 0.9), newSmoothNoise(r, 2.5)
	fw := newSmoothNoise(r, 0.35)
	rumble := newOnePole(90)
	f, q, gustDepth, whistle := p["f"], p["q"], p["gust"], float64(4*p["whistle"])
	var s, g, w, amp float64
	for i := range out {
		s, w = sweep.next(), fw.next()
		g = float64(0.75*gust.next()) + float64(0.25*flurry.next())
		if i%32 == 0 {
			// Gust level: lulls down to −20·gust dB below the peaks.
			amp = fpow10(float64(-gustDepth * (0.5 - float64(0.5*g))))
			// The whoosh: the band's centre rides the gust between ½ and 2× f.
			band.set(float64(f*fexp2(float64(0.6*s)+float64(0.4*g))), q)
			moan.set(float64(float64(f*2.2)*(1+float64(0.2*w))), 12)
		}
		v := pink.step(r.noise())
		_, bp, _ := band.step(v)
		_, mp, _ := moan.step(v)
		out[i] = float64(amp * (bp + float64(0.25*rumble.step(v)) + float64(float64(whistle*mp)*(0.5+float64(0.5*w)))))
	}
	return out
}

// bubble adds one Minnaert-like bubble: a short sine whose pitch rises.
func bubble(out []float64, at int, f, amp, tau float64) { damped(out, at, f, 6, tau, amp) }

// brookWave: a babbling stream — hissing band noise with fast turbulence and
// a steady patter of small rising bubbles.
func brookWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	hiss, low := newSVF(float64(p["f"]*2), 0.6), newSVF(float64(p["f"]*0.5), 0.8)
	turb := newSmoothNoise(r, 9)
	for i := range out {
		v := r.noise()
		_, h, _ := hiss.step(v)
		_, l, _ := low.step(v)
		t := turb.next()
		out[i] = float64(float64(0.15*h)*(0.6+float64(0.4*t))) + float64(float64(0.4*l)*(0.7+float64(0.3*t)))
	}
	for t := float64(r.unit() / p["bubbles"]); t < float64(float64(n)/SampleRate); t += float64(-flog(1-r.unit()) / p["bubbles"]) {
		a := r.unit()
		bubble(out, int(float64(t*SampleRate)), float64(r.between(0.5, 2)*p["f"]), 0.1+float64(float64(0.5*a)*a), r.between(0.005, 0.015))
	}
	return out
}

// lapWave: still water lapping at a bank — slow swells of low noise and the
// odd soft, deep bubble.
func lapWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	lp := newSVF(p["f"], 0.9)
	swell := newSmoothNoise(r, 0.7)
	depth := p["swell"]
	for i := range out {
		l, _, _ := lp.step(r.noise())
		s := 0.5 + float64(0.5*swell.next())
		out[i] = float64(l * (1 - depth + float64(float64(float64(depth*s)*s)*s)))
	}
	for t := float64(r.unit() / 3); t < float64(float64(n)/SampleRate); t += r.between(0.2, 0.6) {
		bubble(out, int(float64(t*SampleRate)), r.between(180, 420), r.between(0.05, 0.15), r.between(0.015, 0.03))
	}
	return out
}

// leavesWave: leaves rustling in a wood — bright noise with a restless,
// squared envelope over a soft low wind.
func leavesWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	hi, lo := newSVF(p["f"], 0.7), newSVF(260, 0.7)
	rust, wind := newSmoothNoise(r, p["rustle"]), newSmoothNoise(r, 0.4)
	crackle := newSmoothNoise(r, 25)
	for i := range out {
		v := r.noise()
		_, _, h := hi.step(v)
		l, _, _ := lo.step(v)
		a := 0.5 + float64(0.5*rust.next())
		c := math.Max(0, crackle.next())
		out[i] = float64(float64(h*(0.15+float64(float64(0.85*a)*a)))*(0.6+float64(0.8*c))) + float64(float64(1.5*l)*(0.7+float64(0.3*wind.next())))
	}
	return out
}

// murmurWave: a market square heard from a little way off — several voices
// (buzz through per-syllable vowel formants) talking in bursts, muffled.
func murmurWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	vowels := [][2]float64{{730, 1090}, {530, 1840}, {270, 2290}, {570, 840}, {440, 1020}, {660, 1720}}
	for v := 0; v < int(p["voices"]); v++ {
		pitch := float64(p["f"] * r.between(0.7, 1.6))
		f1, f2 := &svf{}, &svf{}
		ph := r.unit()
		jit := newSmoothNoise(r, 3)
		i := int(float64(r.between(0, 0.8) * SampleRate))
		level := r.between(0.4, 1)
		for i < n {
			// A burst of 3–8 syllables, then a pause.
			for s := 3 + int(float64(r.unit()*6)); s > 0 && i < n; s-- {
				vw := vowels[int(float64(r.unit()*float64(len(vowels))))]
				f1.set(vw[0], 6)
				f2.set(vw[1], 8)
				syl := int(float64(r.between(0.12, 0.26) * SampleRate))
				for k := 0; k < syl && i+k < n; k++ {
					ph += float64(float64(pitch*(1+float64(0.06*jit.next()))) / SampleRate)
					src := saw(ph) + float64(0.3*r.noise())
					_, a, _ := f1.step(src)
					_, b, _ := f2.step(src)
					env := fsin(float64(float64(math.Pi*float64(k)) / float64(syl)))
					out[i+k] += float64(float64(level*env) * (a + float64(0.5*b)))
				}
				i += syl
			}
			i += int(float64(r.between(0.3, 1.2) * SampleRate))
		}
	}
	muffle, room := newSVF(1400, 0.7), newSVF(250, 0.7)
	for i := range out {
		l, _, _ := muffle.step(out[i])
		hum, _, _ := room.step(r.noise())
		out[i] = l + float64(0.2*hum)
	}
	comb(out, 0.047, 0.3)
	return out
}

// tone adds a sine note whose frequency moves from f0 to f1 (Hz) over dur
// seconds, with a sin² envelope and a touch of second harmonic.
func tone(out []float64, at int, dur, f0, f1, amp float64) {
	m := min(int(float64(dur*SampleRate)), len(out)-at)
	ph := 0.0
	for k := 0; k < m; k++ {
		u := float64(float64(k) / float64(m))
		ph += float64(float64(2*math.Pi*(f0+float64((f1-f0)*u))) / SampleRate)
		e := fsin(float64(math.Pi * u))
		out[at+k] += float64(float64(float64(amp*e)*e) * (fsin(ph) + float64(0.15*fsin(float64(2*ph)))))
	}
}

// chirpWave: a songbird phrase — n quick whistled notes swooping up or down.
func chirpWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	t := 0.05
	for c := 0; c < int(p["n"]); c++ {
		d := r.between(0.05, 0.11)
		f0 := float64(p["f"] * r.between(0.85, 1.2))
		dir := 1.0
		if r.unit() < 0.5 {
			dir = -1
		}
		tone(out, int(float64(t*SampleRate)), d, f0, float64(f0*(1+float64(dir*p["sweep"]))), r.between(0.6, 1))
		t += d + r.between(0.04, 0.14)
	}
	return out
}

// trillWave: a rapid trill — many short down-slurred notes, falling in pitch.
func trillWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	step := float64(1 / p["rate"])
	for c := 0; c < int(p["n"]); c++ {
		f := float64(p["f"] * (1 - float64(float64(0.25*float64(c))/p["n"])))
		tone(out, int(float64((0.03+float64(float64(c)*step))*SampleRate)), float64(step*0.7), float64(f*1.25), f, 0.7+float64(0.3*r.unit()))
	}
	return out
}

// croakWave: a frog — a low buzzy pulse train rattling at ~30 Hz through a
// throat formant, in n croaks.
func croakWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	f1, f2 := newSVF(p["f1"], 4), newSVF(float64(p["f1"]*2.6), 5)
	t := 0.02
	for c := 0; c < int(p["n"]); c++ {
		d := r.between(0.16, 0.24)
		m := min(int(float64(d*SampleRate)), n-int(float64(t*SampleRate)))
		at := int(float64(t * SampleRate))
		ph, rat, f := 0.0, 0.0, p["f"]
		for k := 0; k < m; k++ {
			u := float64(float64(k) / float64(m))
			ph += float64(float64(f*(1.1-float64(0.2*u))) / SampleRate)
			rat += 28.0 / SampleRate // rattle rate, Hz
			pulse := math.Max(0, fsin(float64(2*math.Pi*rat)))
			src := float64(float64(saw(ph)*pulse) * pulse)
			_, a, _ := f1.step(src)
			_, b, _ := f2.step(src)
			out[at+k] += float64((a + float64(0.5*b)) * fsin(float64(math.Pi*math.Sqrt(u))))
		}
		t += d + r.between(0.08, 0.16)
	}
	return out
}

// knockWave: a woodpecker drumming — a burst of n sharp wooden knocks.
func knockWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	for c := 0; c < int(p["n"]); c++ {
		at := int(float64((0.02 + float64(float64(float64(c)/p["rate"])*(1+float64(0.01*float64(c))))) * SampleRate))
		if at >= n {
			break
		}
		amp := 1 - float64(float64(0.4*float64(c))/p["n"])
		damped(out, at, float64(p["f"]*r.between(0.97, 1.03)), 0, 0.008, amp)
		damped(out, at, float64(p["f"]*2.3), 0, 0.004, float64(0.5*amp))
		for k := 0; k < 40 && at+k < n; k++ {
			out[at+k] += float64(float64(float64(0.6*amp)*r.noise()) * (1 - float64(float64(k)/40)))
		}
	}
	return out
}

// splashWave: something dropping into water — a noisy burst whose colour
// falls, then a few droplets.
func splashWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	bp := &svf{}
	body := newSVF(180, 1)
	for k := range out {
		t := float64(float64(k) / SampleRate)
		if k%32 == 0 {
			bp.set(float64(p["f"]*fexp(float64(-t*4)))+500, 0.8)
		}
		v := r.noise()
		_, b, _ := bp.step(v)
		_, lo, _ := body.step(v)
		env := float64(math.Min(1, float64(t/0.004)) * fexp(float64(-t/0.12)))
		out[k] = float64((b + float64(float64(1.5*lo)*fexp(float64(-t/0.05)))) * env)
	}
	for d := 0; d < int(p["drops"]); d++ {
		bubble(out, int(float64(r.between(0.15, 0.8)*SampleRate)), r.between(700, 1900), r.between(0.15, 0.4), r.between(0.008, 0.02))
	}
	return out
}

// barkWave: a dog barking in the distance — harsh falling "wuf"s, dulled by
// distance (far 0..1) and with a faint echo.
func barkWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	f1, f2 := newSVF(900, 2.5), newSVF(1900, 4)
	t := 0.05
	for c := 0; c < int(p["n"]); c++ {
		d := r.between(0.13, 0.18)
		at, m := int(float64(t*SampleRate)), int(float64(d*SampleRate))
		ph := 0.0
		f := float64(p["f"] * r.between(0.93, 1.07))
		for k := 0; k < m && at+k < n; k++ {
			u := float64(float64(k) / float64(m))
			ph += float64(float64(f*(1-float64(0.35*u))) / SampleRate)
			src := saw(ph) + float64(0.4*r.noise())
			_, a, _ := f1.step(src)
			_, b, _ := f2.step(src)
			env := float64(float64(math.Min(1, float64(u/0.06))*fexp(float64(-3*u))) * math.Min(1, float64((1-u)/0.1)))
			out[at+k] += float64((a + float64(0.6*b)) * env)
		}
		t += d + r.between(0.25, 0.4)
	}
	dull := newSVF(3000-float64(2200*p["far"]), 0.7)
	for i := range out {
		out[i], _, _ = dull.step(out[i])
	}
	comb(out, 0.21, float64(0.25*p["far"]))
	return out
}

// hammerWave: a smith's hammer on the anvil — a hard click and thud, then the
// steel ringing in inharmonic partials (a free bar: 1, 2.76, 5.40, 8.93).
func hammerWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	ratios := []float64{1, 2.76, 5.40, 8.93}
	amps := []float64{1, 0.55, 0.3, 0.15}
	for i, q := range ratios {
		tau := float64(p["decay"] / (1 + float64(1.2*float64(i))))
		damped(out, 0, float64(p["f"]*q), 0, tau, amps[i])
		damped(out, 0, float64(p["f"]*q)+1.3, 0, float64(tau*0.8), float64(amps[i]*0.4)) // slow beating
	}
	damped(out, 0, 160, -0.5, 0.03, 1.2)
	noiseBurst(out, r, newSVF(3000, 0.7), true, 2.5, 0.006*SampleRate) // the click
	return out
}

// noiseBurst adds to out the first burst samples of noise through f (its
// high-pass output if high, else its low-pass), amp at the start falling
// linearly to 0. Callers pass burst as a constant expression (seconds ×
// SampleRate), exact as before the split.
func noiseBurst(out []float64, r *rng, f *svf, high bool, amp, burst float64) {
	for k := 0; float64(k) < burst && k < len(out); k++ {
		l, _, h := f.step(r.noise())
		if high {
			l = h
		}
		out[k] += float64(float64(amp*l) * (1 - float64(float64(k)/burst)))
	}
}

// thumpWave: a dull heavy thud with a falling pitch.
func thumpWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	damped(out, 0, float64(p["f"]*1.4), -1.2, 0.12, 1)
	noiseBurst(out, r, newSVF(400, 0.7), false, 1.5, 0.03*SampleRate) // the thud
	return out
}

// bellWave: a tower bell struck once — the church-bell partials hum, prime,
// minor third, fifth, nominal… each with its own decay, lower ones longer.
func bellWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	ratios := []float64{0.5, 1, 1.19, 1.5, 2, 2.51, 2.66, 3.01}
	amps := []float64{0.6, 1, 0.7, 0.35, 0.8, 0.3, 0.25, 0.2}
	for i, q := range ratios {
		tau := float64(float64(p["decay"]*1.3) / (1 + float64(0.45*float64(i))))
		damped(out, 0, float64(p["f"]*q), 0, tau, amps[i])
		damped(out, 0, float64(float64(p["f"]*q)*1.002), 0, tau, float64(amps[i]*0.5))
	}
	strike := 0.01 * SampleRate // samples
	for k := 0; float64(k) < strike && k < n; k++ {
		out[k] += float64(float64(0.5*r.noise()) * (1 - float64(float64(k)/strike)))
	}
	return out
}

// chantWave: a distant choir holding a chord (root, third, fifth, octave) on
// an open vowel, swelling in and dying away in a stone hall.
func chantWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	third := 1.26
	if p["minor"] != 0 {
		third = 1.19
	}
	f1, f2, f3 := newSVF(p["f1"], 5), newSVF(p["f2"], 6), newSVF(2600, 8)
	notes := []float64{1, third, 1.5, 2}
	type voice struct{ ph, f float64 }
	var vs []voice
	for _, q := range notes {
		for d := 0; d < 2; d++ {
			vs = append(vs, voice{r.unit(), float64(float64(p["f"]*q) * r.between(0.996, 1.004))})
		}
	}
	vib := newSmoothNoise(r, 5)
	for i := range out {
		t := float64(float64(i) / SampleRate)
		v := float64(0.004 * vib.next())
		src := 0.0
		for j := range vs {
			vs[j].ph += float64(float64(vs[j].f*(1+float64(v*float64(j%2*2-1)))) / SampleRate)
			src += saw(vs[j].ph)
		}
		src += float64(0.2 * r.noise())
		_, a, _ := f1.step(src)
		_, b, _ := f2.step(src)
		_, c, _ := f3.step(src)
		env := float64(math.Min(1, float64(t/0.6)) * math.Min(1, float64((float64(float64(n)/SampleRate)-t)/0.9)))
		out[i] = float64(env * (a + float64(0.6*b) + float64(0.15*c)))
	}
	comb(out, 0.083, 0.45)
	comb(out, 0.131, 0.3)
	return out
}

// roarWave: a great beast's roar — a low growling buzz, rising and falling,
// with breath noise.
func roarWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	f1, f2 := newSVF(480, 3), newSVF(1100, 4)
	growl := newSmoothNoise(r, 32)
	T := float64(float64(n) / SampleRate)
	ph := 0.0
	for i := range out {
		t := float64(float64(i) / SampleRate)
		f := float64(p["f"] * (0.75 + float64(0.5*fsin(float64(float64(math.Pi*t)/T)))))
		ph += float64(float64(f*(1+float64(0.05*growl.next()))) / SampleRate)
		g := 0.6 + float64(0.4*growl.next())
		src := float64(saw(ph)*g) + float64(0.6*r.noise())
		_, a, _ := f1.step(src)
		_, b, _ := f2.step(src)
		env := float64(math.Min(1, float64(t/0.35)) * math.Min(1, float64((T-t)/0.8)))
		out[i] = float64(env * (a + float64(0.7*b)))
	}
	comb(out, 0.07, 0.3)
	return out
}

// laughWave: a slow, deep, menacing "ha… ha… ha…" falling in pitch, in a hall.
func laughWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	f1, f2 := newSVF(700, 4), newSVF(1150, 5)
	t := 0.05
	for c := 0; c < int(p["n"]); c++ {
		d := 0.16
		at, m := int(float64(t*SampleRate)), int(float64(d*SampleRate))
		f := float64(p["f"] * (1 - float64(0.06*float64(c))))
		ph := 0.0
		for k := 0; k < m && at+k < n; k++ {
			u := float64(float64(k) / float64(m))
			ph += float64(float64(f*(1.05-float64(0.1*u))) / SampleRate)
			src := saw(ph) + float64(float64(0.5*r.noise())*(1-u))
			_, a, _ := f1.step(src)
			_, b, _ := f2.step(src)
			env := float64(float64(math.Min(1, float64(u/0.15))*fexp(float64(-2.5*u))) * math.Min(1, float64((1-u)/0.1)))
			out[at+k] += float64((a + float64(0.6*b)) * env)
		}
		t += d + 0.1 + float64(0.02*float64(c))
	}
	comb(out, 0.11, 0.45)
	return out
}

// thunderWave: a sharp crack, then a long rumble rolling away — low-passed
// noise in slow swells.
func thunderWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	lp, crack := newSVF(p["f"], 0.7), newSVF(2500, 0.8)
	roll := newSmoothNoise(r, 3)
	T := float64(float64(n) / SampleRate)
	for i := range out {
		t := float64(float64(i) / SampleRate)
		l, _, _ := lp.step(r.noise())
		env := float64(float64(fexp(float64(-t/(float64(0.45*T))))*(0.6+float64(0.4*roll.next()))) * math.Min(1, float64(t/0.02)))
		out[i] = float64(float64(2.5*l) * env)
		if t < 0.3 {
			_, c, _ := crack.step(r.noise())
			out[i] += float64(float64(p["crack"]*c) * fexp(float64(-t/0.05)))
		}
	}
	return out
}

// whisperWave: breathy unvoiced syllables — band-passed noise gated by a slow
// random syllable envelope, in a small echoing room.
func whisperWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	b1, b2 := newSVF(p["f"], 3), newSVF(float64(p["f"]*1.7), 4)
	syl := newSmoothNoise(r, p["rate"])
	T := float64(float64(n) / SampleRate)
	for i := range out {
		t := float64(float64(i) / SampleRate)
		s := r.noise()
		_, a, _ := b1.step(s)
		_, b, _ := b2.step(s)
		env := float64(math.Min(1, float64(t/0.3)) * math.Min(1, float64((T-t)/0.5)))
		out[i] = float64(float64((a+float64(0.6*b))*math.Max(0, syl.next())) * env)
	}
	comb(out, 0.09, 0.35)
	return out
}

// howlWave: a long howl — a voiced tone gliding up by rise octaves and
// falling away, with a little vibrato and breath.
func howlWave(p map[string]float64, r *rng, n int) []float64 {
	out := make([]float64, n)
	vib := newSmoothNoise(r, 6)
	T := float64(float64(n) / SampleRate)
	ph := 0.0
	for i := range out {
		t := float64(float64(i) / SampleRate)
		u := float64(t / T)
		f := float64(p["f"] * fexp2(float64(p["rise"]*fsin(float64(math.Pi*math.Min(1, float64(1.3*u)))))))
		ph += float64(float64(f*(1+float64(0.01*vib.next()))) / SampleRate)
		src := fsin(float64(2*math.Pi*ph)) + float64(0.3*fsin(float64(4*math.Pi*ph))) + float64(0.1*fsin(float64(6*math.Pi*ph))) + float64(0.05*r.noise())
		out[i] = float64(float64(src*math.Min(1, float64(t/0.3))) * math.Min(1, float64((T-t)/0.6)))
	}
	comb(out, 0.12, 0.4)
	return out
}
