package gate

import (
	"math"
	"slices"
	"sync"
	"testing"

	"soundworld/audio"
)

// A wave's inner onsets: the second attacks a one-shot (or a bed) holds
// after its start — a creak's ticks, a bed's bursts, a run of footsteps.
// A detection there is of a sound the recording really holds, so the truth
// counts it neither way. The rule reads the wave's own samples and nothing
// of the detector (whose answer depends on what plays around the wave):
//
//   - envelope: the mean square of L²+R² over 5 ms frames (innerFrame), the
//     broadband level as played. Broadband, not per band: a frequency glide
//     (a chirp) or the splatter of a tone's end rises in one band after
//     another without any new attack, and a band rule would excuse them.
//   - rise: a frame is an onset candidate when its level is at least
//     innerRise (10 dB) over the median level of the innerWindow (100 ms)
//     that ended innerAttack (30 ms) before it. 10 dB is a doubling of
//     loudness, far over a steady sound's frame-to-frame flicker (a 50 Hz
//     tone's 5 ms frames vary by ≤ 6.5 dB; a noise's frame exceeds its
//     median by 10 dB about once in a thousand frames); 30 ms is the attack
//     the truth already holds a start to (attackTime ≤ truthTol); 100 ms is
//     the ear's loudness integration time. The median, not the mean, is the
//     level the wave holds in that window (the adaptive threshold of Bello
//     et al., "A tutorial on onset detection in music signals", 2005): one
//     earlier tick in a window of digital silence does not make the window
//     loud, and a creak's ticks 60 ms apart are each an attack. A swell
//     slower than 10 dB in 30 ms is not an onset, nor is an end.
//   - floor: the level before is taken as no quieter than innerFloor
//     (60 dB) under the wave's loudest frame, so a rise out of a gap of
//     digital silence must reach the wave's own range to count.
//   - one attack: consecutive candidate frames are one onset, timed at the
//     first; an onset is inner when it begins later than the match window
//     (truthTol) after the wave's start (the start's own attack runs on
//     from frame 0 and is not inner).
const (
	innerFrame  = audio.SampleRate / 200 // samples: 5 ms
	innerRise   = 10.0                   // dB
	innerAttack = 6                      // frames: 30 ms
	innerWindow = 20                     // frames: 100 ms
	innerFloor  = 60.0                   // dB under the wave's loudest frame
)

// innerEnvelope is buf's (interleaved stereo) mean square L²+R² per
// innerFrame.
func innerEnvelope(buf []float32) []float64 {
	env := make([]float64, len(buf)/2/innerFrame)
	for f := range env {
		var s float64
		for i := f * innerFrame; i < (f+1)*innerFrame; i++ {
			l, r := float64(buf[2*i]), float64(buf[2*i+1])
			s += l*l + r*r
		}
		env[f] = s / innerFrame
	}
	return env
}

// innerRule returns the inner onsets (s from the wave's start) of buf, an
// interleaved stereo wave at audio.SampleRate, by the rule above.
func innerRule(buf []float32) []float64 {
	env := innerEnvelope(buf)
	peak := 0.0
	for _, e := range env {
		peak = max(peak, e)
	}
	floor := peak * math.Pow(10, -innerFloor/10)
	var out []float64
	in := false
	win := make([]float64, innerWindow)
	for f, e := range env {
		for k := range win { // frames before the wave are silence
			j := f - innerAttack - innerWindow + k
			win[k] = 0
			if j >= 0 {
				win[k] = env[j]
			}
		}
		slices.Sort(win)
		before := max((win[innerWindow/2-1]+win[innerWindow/2])/2, floor)
		rise := e > 0 && 10*math.Log10(e/before) >= innerRise
		if t := float64(f*innerFrame) / audio.SampleRate; rise && !in && t > truthTol {
			out = append(out, t)
		}
		in = rise
	}
	return out
}

// innerOnsets are wave's inner onsets (innerRule), cached per bank and wave.
func innerOnsets(bank *audio.Bank, wave uint32) ([]float64, error) {
	type key struct {
		bank *audio.Bank
		wave uint32
	}
	innerMu.Lock()
	defer innerMu.Unlock()
	k := key{bank, wave}
	if v, ok := innerCache[k]; ok {
		return v.([]float64), nil
	}
	buf, err := bank.Samples(wave)
	if err != nil {
		return nil, err
	}
	out := innerRule(buf)
	innerCache[k] = out
	return out, nil
}

var (
	innerMu    sync.Mutex
	innerCache = map[any]any{}
)

// synthWave is an interleaved stereo wave of seconds whose amplitude at
// time t (s) is amp(t), a 440 Hz sine, the same on both sides.
func synthWave(seconds float64, amp func(t float64) float64) []float32 {
	n := int(seconds * audio.SampleRate)
	buf := make([]float32, 2*n)
	for i := 0; i < n; i++ {
		t := float64(i) / audio.SampleRate
		v := float32(amp(t) * math.Sin(2*math.Pi*440*t))
		buf[2*i], buf[2*i+1] = v, v
	}
	return buf
}

// ramp is 0 before a, 1 after a+d, linear between (a tone's 5 ms ramps).
func ramp(t, a, d float64) float64 { return min(1, max(0, (t-a)/d)) }

// TestInnerRule: the rule on waves whose inner onsets are known by
// construction. Each expected onset must be found within one frame and a
// half (7.5 ms; the rule times an onset at the first 5 ms frame that
// passes), and nothing else.
func TestInnerRule(t *testing.T) {
	db := func(x float64) float64 { return math.Pow(10, x/20) }
	cases := []struct {
		name string
		amp  func(t float64) float64
		len  float64
		want []float64
	}{
		{"a tone, then a burst 20 dB up 300 ms later", func(t float64) float64 {
			return 0.05*ramp(t, 0, 0.005) + 0.45*ramp(t, 0.3, 0.002)*(1-ramp(t, 0.45, 0.005))
		}, 0.8, []float64{0.3}},
		{"a tone swelling by 20 dB over 0.5 s", func(t float64) float64 {
			return ramp(t, 0, 0.005) * db(-20+20*ramp(t, 0.2, 0.5))
		}, 1.0, nil},
		{"a single tone with 5 ms ramps (its end)", func(t float64) float64 {
			return ramp(t, 0, 0.005) * (1 - ramp(t, 0.095, 0.005))
		}, 0.4, nil},
		{"a 6 dB step is no onset", func(t float64) float64 {
			return 0.2*ramp(t, 0, 0.005) + 0.2*ramp(t, 0.3, 0.002)
		}, 0.6, nil},
		{"three 5 ms ticks 120 ms apart over silence", func(t float64) float64 {
			tick := func(a float64) float64 { return ramp(t, a, 0.001) * (1 - ramp(t, a+0.004, 0.001)) }
			return tick(0) + tick(0.12) + tick(0.24)
		}, 0.4, []float64{0.12, 0.24}},
		{"a tick every 60 ms: each is an attack", func(t float64) float64 {
			a := math.Mod(t, 0.06)
			return ramp(a, 0, 0.001) * (1 - ramp(a, 0.004, 0.001))
		}, 0.35, []float64{0.06, 0.12, 0.18, 0.24, 0.30}},
		{"a tone with a 5 dB tremolo at 8 Hz", func(t float64) float64 {
			return ramp(t, 0, 0.005) * db(-5+5*math.Sin(2*math.Pi*8*t))
		}, 1.0, nil},
		{"a burst 12 dB up after 40 ms of digital silence", func(t float64) float64 {
			return 0.1*ramp(t, 0, 0.005)*(1-ramp(t, 0.2, 0.005)) + 0.4*ramp(t, 0.245, 0.002)
		}, 0.5, []float64{0.245}},
	}
	for _, c := range cases {
		got := innerRule(synthWave(c.len, c.amp))
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			ok = math.Abs(got[i]-c.want[i]) <= 0.0075
		}
		if !ok {
			t.Errorf("%s: inner onsets %v, want %v", c.name, got, c.want)
		}
	}
}
