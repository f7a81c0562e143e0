package device

// output is a running sound output (output_alsa.go, output_oto.go).
type output interface {
	// written is the frames handed to the device so far; played those it
	// has played (an estimate between its reports, never past written).
	written() int64
	played() int64
	setBuffer(frames int64) // keep this many frames queued at the device
	close() error
}

// Handed is how many frames the device has been handed and how many of
// them it has played (the latency probe and live-smoke's accounting).
func (d *Device) Handed() (written, played int64) {
	if d == nil || d.out == nil {
		return 0, 0
	}
	return d.out.written(), d.out.played()
}

// WriterStats is the ALSA writer's account: the underruns ALSA reported
// (snd_pcm_writei's EPIPE) and the fewest frames the device held just
// before a write (−1: not known; how near it came to running dry). ok is
// false when the output is not the ALSA writer.
func (d *Device) WriterStats() (xruns, lowWater int64, ok bool) {
	if d == nil || d.out == nil {
		return 0, -1, false
	}
	s, ok := d.out.(interface{ stats() (int64, int64) })
	if !ok {
		return 0, -1, false
	}
	x, l := s.stats()
	return x, l, true
}
