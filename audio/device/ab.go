package device

// A/B against a retail recording: the device can play a
// second source, B — a recording looped next to the live mix, A — and switch
// between them with an equal-power crossfade of FadeFrames (A and B are
// unrelated signals, so equal power keeps the loudness steady through the
// fade: no dip, no click, no gap). Both run all the time; the switch only
// moves the fade. B's gain matches its loudness to ours (the window computes
// it). The loop seam is crossfaded the same way when B is loaded.

import (
	"math"

	"soundworld/audio"
)

// FadeFrames is the crossfade length: 10 ms at 44100 Hz.
const FadeFrames = audio.SampleRate / 100

// abMix is B and the fade state; the Device guards it with mu.
type abMix struct {
	l, r   []float32 // the loop, seam already crossfaded
	pos    int
	gain   float32 // linear gain on B
	target float32 // 0 = A, 1 = B
	w      float32 // current fade position 0..1
	// A new B (or none) given while B is heard waits here until the fade to
	// A is done, so replacing or removing it never cuts the sound.
	next    [2][]float32
	pending bool
}

// loopOf builds a seamless loop from l, r: the last FadeFrames fade out over
// the first FadeFrames fading in (equal power), so playing the result
// cyclically has no jump at the wrap. Shorter than 3 fades: used as is.
func loopOf(l, r []float32) ([]float32, []float32) {
	n := min(len(l), len(r))
	if n < 3*FadeFrames {
		return append([]float32(nil), l[:n]...), append([]float32(nil), r[:n]...)
	}
	m := n - FadeFrames
	ol, or := make([]float32, m), make([]float32, m)
	copy(ol, l[:m])
	copy(or, r[:m])
	for i := 0; i < FadeFrames; i++ {
		u := (float64(i) + 0.5) / FadeFrames
		in, out := float32(math.Sin(u*math.Pi/2)), float32(math.Cos(u*math.Pi/2))
		ol[i] = l[i]*in + l[m+i]*out
		or[i] = r[i]*in + r[m+i]*out
	}
	return ol, or
}

// mix replaces buf (interleaved stereo, A) with the crossfaded output.
func (a *abMix) mix(buf []float32) {
	if len(a.l) == 0 && !a.pending {
		return
	}
	step := float32(1) / FadeFrames
	for i := 0; i+1 < len(buf); i += 2 {
		if a.pending && a.w == 0 { // faded out: the new B takes over (from its start)
			a.l, a.r, a.pos, a.pending = a.next[0], a.next[1], 0, false
			a.next = [2][]float32{}
		}
		if len(a.l) == 0 {
			return // no B (any more): A as is
		}
		switch {
		case a.w < a.target:
			a.w = min(a.target, a.w+step)
		case a.w > a.target:
			a.w = max(a.target, a.w-step)
		}
		bl, br := a.l[a.pos]*a.gain, a.r[a.pos]*a.gain
		if a.pos++; a.pos == len(a.l) {
			a.pos = 0
		}
		switch a.w {
		case 0:
			continue
		case 1:
			buf[i], buf[i+1] = clip1(bl), clip1(br)
		default:
			ga := float32(math.Cos(float64(a.w) * math.Pi / 2))
			gb := float32(math.Sin(float64(a.w) * math.Pi / 2))
			buf[i], buf[i+1] = clip1(buf[i]*ga+bl*gb), clip1(buf[i+1]*ga+br*gb)
		}
	}
}

func clip1(v float32) float32 { return max(-1, min(1, v)) }

// SetB loads B (44100 Hz stereo; nil removes it), playing from its start,
// and selects A. If B is being heard, it first fades to A (FadeFrames) and
// the new B takes over then: no cut.
func (d *Device) SetB(l, r []float32) {
	if d == nil {
		return
	}
	var ll, rr []float32
	if len(l) > 0 {
		ll, rr = loopOf(l, r)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ab.w == 0 {
		d.ab = abMix{l: ll, r: rr, gain: 1}
		return
	}
	d.ab.target, d.ab.next, d.ab.pending = 0, [2][]float32{ll, rr}, true
}

// SelectB crossfades to B (true) or back to A over FadeFrames.
func (d *Device) SelectB(on bool) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.ab.target = 0
	if on {
		d.ab.target = 1
	}
	d.mu.Unlock()
}

// SetBGain sets B's linear gain (the loudness match).
func (d *Device) SetBGain(g float32) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.ab.gain = g
	d.mu.Unlock()
}
