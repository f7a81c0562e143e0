package device

import (
	"time"

	"soundworld/audio"
)

// writerState decides, each time the ALSA writer looks at the device,
// whether to write a period now (output_alsa.go). Pure: the caller gives
// the wall time and the device's counts.
type writerState struct {
	prev    int64     // frames queued at the last look, plus what was written since (−1 before the first)
	drained time.Time // when the queue last went down
	started bool
}

// stallAfter is how many buffers' worth of wall time a device may hold its
// frames without playing any before the writer tops it up anyway.
const stallAfter = 3

// next reports whether to write a period now, or else how many frames of
// time to wait. queued is what the device holds (snd_pcm_delay), target
// the buffer to keep, avail what it takes without blocking (asked only
// when needed). A device keeps target frames queued: a period is written
// once target − period or fewer are left. A device that has not drained
// for stallAfter buffers of wall time (a sound server waiting to be given
// more than the buffer before it plays again, as PulseAudio's prebuf does)
// is topped up as far as it takes without blocking: waiting for it to
// drain first would wait for ever. The pace check counts that silence as
// an underrun, which grows the buffer.
func (w *writerState) next(now time.Time, queued, target, period int64, avail func() int64) (wait int64, write bool) {
	if !w.started || queued < w.prev {
		w.started, w.drained = true, now
	}
	w.prev = queued
	stalled := now.Sub(w.drained) > stallAfter*time.Duration(target)*time.Second/audio.SampleRate
	if wait := queued + period - target; wait > 0 && !stalled {
		return wait, false
	}
	if stalled && avail() < period {
		return period, false
	}
	return 0, true
}

// wrote records that frames were written after next said so.
func (w *writerState) wrote(frames int64) { w.prev += frames }
