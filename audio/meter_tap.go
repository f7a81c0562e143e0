package audio

import "sync"

// MeterTap sees every block of mixed output (the device's audio goroutine, or
// the window's own mixer when there is no device) and keeps the meter and the
// last RingSeconds of samples exactly as mixed (for capture bundles). Safe
// for one writer and any number of readers.
type MeterTap struct {
	mu    sync.Mutex
	meter *Meter
	ring  []float32 // interleaved stereo, RingSeconds long
	pos   int       // next write index in ring
	full  bool
}

// RingSeconds is how much mixed audio a MeterTap keeps: a capture
// bundle's 30 s plus 1 s, as the window's own mix runs a step ahead of the
// Sim and the bundle ends at the Sim's instant.
const RingSeconds = 31

// NewMeterTap builds a tap with a silent history.
func NewMeterTap() *MeterTap {
	return &MeterTap{meter: NewMeter(), ring: make([]float32, 2*RingSeconds*SampleRate)}
}

// Write feeds one block of interleaved stereo samples (not retained).
func (t *MeterTap) Write(s []float32) {
	s = s[:len(s)&^1]
	t.mu.Lock()
	defer t.mu.Unlock()
	t.meter.Feed(s)
	if len(s) > len(t.ring) {
		s = s[len(s)-len(t.ring):]
	}
	for len(s) > 0 {
		n := copy(t.ring[t.pos:], s)
		s = s[n:]
		t.pos += n
		if t.pos == len(t.ring) {
			t.pos, t.full = 0, true
		}
	}
}

// Reading is the meter now.
func (t *MeterTap) Reading() MeterReading {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.meter.Reading()
}

// Last returns a copy of the most recent samples, up to sec seconds (fewer
// if less has been mixed), oldest first, and the mixer frame of its first
// sample.
func (t *MeterTap) Last(sec float64) ([]float32, int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	have := t.pos
	if t.full {
		have = len(t.ring)
	}
	n := min(have, 2*int(sec*SampleRate))
	out := make([]float32, n)
	start := t.pos - n
	if start >= 0 {
		copy(out, t.ring[start:t.pos])
	} else {
		k := copy(out, t.ring[len(t.ring)+start:])
		copy(out[k:], t.ring[:t.pos])
	}
	return out, t.meter.frames - int64(n/2)
}
