package audio

import "math"

// Output meters: peak and RMS per channel in dBFS, a held
// peak, and clipping, computed from the interleaved stereo float32 samples the
// mixer produced (the ones sent to the device, or rendered without one). The
// meter counts time in frames at SampleRate, never by a clock, so a test
// feeding known signals gets exact timings. Not a retail rule: a tool display.

// Meter ballistics.
const (
	MeterRMSWindow = 0.3  // s, sliding RMS window
	MeterHold      = 1.5  // s a peak is held before it falls
	MeterRelease   = 20.0 // dB/s the displayed peak falls after the hold
	MeterClipHold  = 3.0  // s the clip light stays on after the last clipped sample
	MeterFloor     = -90  // dBFS shown for silence
)

// MeterReading is the meter's state for display. Index 0 is left, 1 right.
type MeterReading struct {
	Peak     [2]float64 // dBFS: instant attack, falls MeterRelease dB/s
	Hold     [2]float64 // dBFS: the highest sample of the last MeterHold s (the true maximum)
	RMS      [2]float64 // dBFS over the last MeterRMSWindow s
	Clip     [2]bool    // a sample reached full scale (|x| ≥ 1) in the last MeterClipHold s
	Clipped  int64      // samples at full scale since the meter started
	Frames   int64      // frames fed so far
	Overload bool       // Clip[0] || Clip[1]
}

// Meter computes MeterReading from fed samples. Not safe for concurrent use
// (MeterTap guards one).
type Meter struct {
	frames  int64
	clipped int64
	ch      [2]meterChan
	win     int // RMS window in frames
}

type meterChan struct {
	peak     float64  // linear peak bar
	hold     holdRing // the last MeterHold s's maximum (a monotonic queue)
	clipAt   int64    // frame of the last clipped sample, −1 none
	sq       []float64
	pos      int
	sum      float64
	sinceFix int
}

// NewMeter builds a meter with an empty (silent) history.
func NewMeter() *Meter {
	m := &Meter{win: int(math.Round(MeterRMSWindow * SampleRate))}
	for c := range m.ch {
		m.ch[c].sq = make([]float64, m.win)
		m.ch[c].clipAt = -1
	}
	return m
}

// Feed adds interleaved stereo samples (len even; an odd last sample is ignored).
func (m *Meter) Feed(s []float32) {
	n := len(s) / 2
	if n == 0 {
		return
	}
	holdF := int64(MeterHold * SampleRate)
	fall := math.Pow(10, -MeterRelease/20/SampleRate) // per-frame release factor
	for c := range m.ch {
		ch := &m.ch[c]
		f := m.frames
		for i := 0; i < n; i++ {
			v := float64(s[2*i+c])
			a := math.Abs(v)
			if a >= 1 {
				m.clipped++
				ch.clipAt = f
			}
			// Peak bar: instant attack, MeterRelease dB/s fall.
			ch.peak = max(a, ch.peak*fall)
			ch.hold.push(f, float32(a), holdF)
			// Sliding sum of squares over the window.
			sq := float64(v * v) // rounded: no fused multiply-add on arm64 (O3)
			ch.sum += sq - ch.sq[ch.pos]
			ch.sq[ch.pos] = sq
			ch.pos++
			if ch.pos == len(ch.sq) {
				ch.pos = 0
			}
			f++
		}
		ch.sinceFix += n
		if ch.sinceFix >= 8*m.win { // re-add the window: no drift from the running sum
			ch.sum, ch.sinceFix = 0, 0
			for _, q := range ch.sq {
				ch.sum += q
			}
		}
	}
	m.frames += int64(n)
}

// Reading returns the meter's state now.
func (m *Meter) Reading() MeterReading {
	r := MeterReading{Clipped: m.clipped, Frames: m.frames}
	holdF := int64(MeterHold * SampleRate)
	clipF := int64(MeterClipHold * SampleRate)
	for c := range m.ch {
		ch := &m.ch[c]
		r.Peak[c] = DBFS(ch.peak)
		r.Hold[c] = DBFS(float64(ch.hold.max(m.frames-1, holdF)))
		r.RMS[c] = DBFS(math.Sqrt(max(0, ch.sum) / float64(m.win)))
		r.Clip[c] = ch.clipAt >= 0 && m.frames-1-ch.clipAt <= clipF
	}
	r.Overload = r.Clip[0] || r.Clip[1]
	return r
}

// DBFS converts a linear amplitude (1 = full scale) to dBFS, floored at MeterFloor.
func DBFS(a float64) float64 {
	if !(a > 0) {
		return MeterFloor
	}
	return max(MeterFloor, 20*math.Log10(a))
}

// holdRing is a monotonic queue of (frame, |sample|): values strictly
// decreasing from the front, so the front is the maximum of the samples
// of the last window frames. Each sample is pushed and popped at most once.
// It grows to at most window+1 entries (a steadily falling signal).
type holdRing struct {
	f    []int64
	v    []float32
	head int
}

// push adds |sample| a at frame f and drops what left the window
// (frames ≤ f − window) or can no longer be the maximum (≤ a).
func (h *holdRing) push(f int64, a float32, window int64) {
	for len(h.v) > h.head && h.v[len(h.v)-1] <= a {
		h.f, h.v = h.f[:len(h.f)-1], h.v[:len(h.v)-1]
	}
	h.f, h.v = append(h.f, f), append(h.v, a)
	for h.f[h.head] <= f-window {
		h.head++
	}
	if h.head > 4096 && h.head*2 > len(h.v) { // compact: the dropped front goes
		n := copy(h.f, h.f[h.head:])
		copy(h.v, h.v[h.head:])
		h.f, h.v, h.head = h.f[:n], h.v[:n], 0
	}
}

// max is the largest |sample| of the window frames up to frame now, 0 if none.
func (h *holdRing) max(now, window int64) float32 {
	for i := h.head; i < len(h.v); i++ {
		if h.f[i] > now-window {
			return h.v[i]
		}
	}
	return 0
}
