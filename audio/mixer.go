package audio

import "math"

// Mixer sums voices at 44100 Hz stereo (O1, O2). Render and live playback share it (O3).
//
// It keeps a frame clock (frames rendered so far). A VoiceStart with Time t
// takes effect at frame round(t·44100), or at once if that frame is already
// past, so a live run and an offline render of the same starts agree. Each of
// the 16 slots holds at most one voice; a start replaces whatever the slot
// holds, and a start with Wave 0 stops it (an eviction, P3). Voices play once
// from the first sample to the last with the gains they were born with (S6).
//
// The mix is deterministic: fixed slots summed in slot order, no clock but its
// own, no maps, no goroutines. A Mixer is not safe for concurrent use; the
// device bridge guards it with its lock.
type Mixer struct {
	bank    *Bank
	clock   int64 // frames rendered so far
	voices  [NumVoices]voice
	pending []event // sorted by frame, stable
}

// voice is one playing slot: the shared decoded wave and the read position.
type voice struct {
	buf    []float32 // interleaved stereo; nil = silent slot
	pos    int       // next frame
	gl, gr float32
}

// event is a start or stop waiting for its frame.
type event struct {
	frame int64
	vs    VoiceStart
}

// NewMixer builds a mixer playing waves from the bank.
func NewMixer(b *Bank) *Mixer { return &Mixer{bank: b} }

// Frame returns the mixer's clock: frames rendered so far.
func (x *Mixer) Frame() int64 { return x.clock }

// Prepare makes the samples of each start's wave now, on the caller's
// goroutine: the bank resamples a wave on its first use, and a mixer that
// renders on another goroutine (a device's writer) must only read them.
// Safe for concurrent use with Render (the bank is).
func (x *Mixer) Prepare(starts []VoiceStart) {
	for _, s := range starts {
		if s.Wave != 0 {
			x.bank.Samples(s.Wave) // an error stays in the bank: start plays nothing
		}
	}
}

// Apply starts/stops voices.
// Each takes effect at frame round(Time·44100) (at once if already past); events
// for the same frame apply in the order given. Out-of-range slots are ignored.
func (x *Mixer) Apply(starts []VoiceStart) {
	for _, s := range starts {
		if s.Slot < 0 || s.Slot >= NumVoices {
			continue
		}
		f := x.clock
		if t := math.Round(s.Time * SampleRate); t > float64(x.clock) && t < 1<<62 {
			f = int64(t) // NaN and the past fail the test: at once
		}
		// Insert after every event with frame ≤ f (stable).
		i := len(x.pending)
		for i > 0 && x.pending[i-1].frame > f {
			i--
		}
		x.pending = append(x.pending, event{})
		copy(x.pending[i+1:], x.pending[i:])
		x.pending[i] = event{frame: f, vs: s}
	}
}

// DropPending removes the starts and stops for slot that wait for a frame
// from on (a start made later in sim time and placed at from supersedes
// them: the device's input path, and render -from replaying it). Voices
// already playing are left alone.
func (x *Mixer) DropPending(slot int, from int64) {
	out := x.pending[:0]
	for _, e := range x.pending {
		if e.vs.Slot != slot || e.frame < from {
			out = append(out, e)
		}
	}
	x.pending = out
}

// start makes an event current: a start (decoded wave from the bank) or a stop.
func (x *Mixer) start(s VoiceStart) {
	v := &x.voices[s.Slot]
	*v = voice{}
	if s.Wave == 0 {
		return
	}
	buf, err := x.bank.Samples(s.Wave)
	if err != nil || len(buf) < 2 {
		return // the Manager never starts an undecodable wave; stay silent
	}
	*v = voice{buf: buf, gl: s.GainL, gr: s.GainR}
}

// Render fills dst (interleaved stereo float32, len even) with the next len(dst)/2 frames.
// Voices are summed in slot order, then the sum is hard-clipped to [−1, 1] (O2).
func (x *Mixer) Render(dst []float32) {
	dst = dst[:len(dst)&^1]
	clear(dst)
	frames := int64(len(dst) / 2)
	end := x.clock + frames
	for x.clock < end {
		for len(x.pending) > 0 && x.pending[0].frame <= x.clock {
			x.start(x.pending[0].vs)
			x.pending = x.pending[1:]
		}
		segEnd := end
		if len(x.pending) > 0 && x.pending[0].frame < segEnd {
			segEnd = x.pending[0].frame
		}
		off := int(frames - (end - x.clock))
		x.mix(dst[2*off : 2*(off+int(segEnd-x.clock))])
		x.clock = segEnd
	}
	if len(x.pending) == 0 {
		x.pending = nil // let the backing array go
	}
	clip(dst)
}

// mix adds every voice into out, slot by slot, advancing the voices.
//
// For speed the voices go in groups of up to four through one pass over out,
// but every sample still receives its voices' products in slot order, each
// product rounded to float32 before it is added (the explicit conversions
// forbid fused multiply-adds), so the sum is bit-identical to adding the
// voices one at a time, on every architecture (O2, O3).
func (x *Mixer) mix(out []float32) {
	var grp [4]int
	ng := 0
	for i := range x.voices {
		if x.voices[i].buf == nil {
			continue
		}
		grp[ng] = i
		ng++
		if ng == len(grp) {
			x.mixGroup(out, grp[:ng])
			ng = 0
		}
	}
	if ng > 0 {
		x.mixGroup(out, grp[:ng])
	}
}

// mixGroup adds the voices in slots g (ascending) into out: the common length
// in one pass, then each voice's longer tail in slot order.
func (x *Mixer) mixGroup(out []float32, g []int) {
	n := len(out)
	var src [4][]float32
	for k, i := range g {
		v := &x.voices[i]
		src[k] = v.buf[2*v.pos:]
		n = min(n, len(src[k]))
	}
	n &^= 1
	d := out[:n]
	switch len(g) {
	case 4:
		add4(d, src[0], src[1], src[2], src[3], &x.voices[g[0]], &x.voices[g[1]], &x.voices[g[2]], &x.voices[g[3]])
	case 3:
		add2(d, src[0], src[1], &x.voices[g[0]], &x.voices[g[1]])
		addScaled(d, src[2][:n], x.voices[g[2]].gl, x.voices[g[2]].gr)
	case 2:
		add2(d, src[0], src[1], &x.voices[g[0]], &x.voices[g[1]])
	case 1:
		addScaled(d, src[0][:n], x.voices[g[0]].gl, x.voices[g[0]].gr)
	}
	for k, i := range g {
		v := &x.voices[i]
		m := min(len(out), len(src[k])) &^ 1
		if m > n {
			addScaled(out[n:m], src[k][n:m], v.gl, v.gr)
		}
		v.pos += m / 2
		if 2*v.pos >= len(v.buf) {
			*v = voice{} // played to the end (S6: no loop)
		}
	}
}

// addScaled adds src·(gl, gr) into dst, both interleaved stereo of equal length.
func addScaled(dst, src []float32, gl, gr float32) {
	n := len(src) &^ 1
	dst, src = dst[:n], src[:n]
	for i := 0; i+1 < len(src); i += 2 {
		dst[i], dst[i+1] = addFrame(dst[i], dst[i+1], src, i, gl, gr)
	}
}

// add2 adds two voices into d in slot order, one pass.
func add2(d, a, b []float32, va, vb *voice) {
	n := len(d) &^ 1
	d, a, b = d[:n], a[:n], b[:n]
	al, ar, bl, br := va.gl, va.gr, vb.gl, vb.gr
	for i := 0; i+1 < len(d); i += 2 {
		l, r := addFrame(d[i], d[i+1], a, i, al, ar)
		d[i], d[i+1] = addFrame(l, r, b, i, bl, br)
	}
}

// add4 adds four voices into d in slot order, one pass (two add2 passes
// give the same sums but read and write d twice).
func add4(d, a, b, c, e []float32, va, vb, vc, ve *voice) {
	n := len(d) &^ 1
	d, a, b, c, e = d[:n], a[:n], b[:n], c[:n], e[:n]
	al, ar, bl, br := va.gl, va.gr, vb.gl, vb.gr
	cl, cr, el, er := vc.gl, vc.gr, ve.gl, ve.gr
	for i := 0; i+1 < len(d); i += 2 {
		l, r := addFrame(d[i], d[i+1], a, i, al, ar)
		l, r = addFrame(l, r, b, i, bl, br)
		l, r = addFrame(l, r, c, i, cl, cr)
		d[i], d[i+1] = addFrame(l, r, e, i, el, er)
	}
}

// addFrame is (l, r) plus the stereo frame at s[i:i+2] at gains (gl, gr);
// each product is rounded to float32 before the sum, so no machine fuses
// a multiply-add (O3: the same bits everywhere).
func addFrame(l, r float32, s []float32, i int, gl, gr float32) (float32, float32) {
	return l + float32(s[i]*gl), r + float32(s[i+1]*gr)
}

// clip hard-clips s to [−1, 1] (O2, ASSUMED: DirectSound saturates).
func clip(s []float32) {
	for i, v := range s {
		if v > 1 {
			s[i] = 1
		} else if v < -1 {
			s[i] = -1
		}
	}
}
