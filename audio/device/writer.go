package device

import (
	"errors"
	"time"

	"soundworld/audio"
)

// pcm is a sound device as the writer drives it (output_alsa.go's ALSA
// handle, opened non-blocking; tests script one). No call waits for the
// device to play: a device that stops taking frames must not stop the
// writer, and so the clock (spec O5).
type pcm interface {
	avail() (int64, error)              // frames it takes now
	delay() (int64, error)              // frames written and not yet played
	write(buf []float32) (int64, error) // takes at most avail frames of buf (interleaved stereo) now
	restart() error                     // drops what it holds; the next write starts it again
}

// errXrun is a device that ran dry or was suspended: the writer restarts it.
var errXrun = errors.New("the device ran dry (xrun)")

// Stall bounds. A device that holds frames and plays none for stallFor (a
// sound server that went back to waiting for its pre-buffer after its own
// underrun: PulseAudio's ALSA plugin asks for the whole buffer less a
// period, more than the writer keeps) is first topped up as far as it
// takes, then, if it still plays nothing for stallFor, restarted (its
// queued frames dropped, counted). One that plays nothing for
// fallbackAfter — a sound server that quit or stopped, a device unplugged,
// the writer stuck inside a call, restarts that do not help — is given up:
// the mix runs on the wall clock, silent, and the device is opened afresh
// with a backoff until it plays again (pcmOut).
const (
	stallAfter = 3                      // buffers of wall time with nothing played before a top-up
	minStall   = 100 * time.Millisecond // … and at least this
	// fallbackAfter: nothing played for this long and the wall clock takes
	// over, so the window says so within a second; above
	// emptyStall plus a restart, so the plugin's own short stalls are
	// still met by the writer alone.
	fallbackAfter = 750 * time.Millisecond
	// emptyStall is how long a device that says it is empty may take no
	// frames before it is restarted: restarting PulseAudio's stream sooner
	// made such stalls recur (live-smoke under load: 73 restarts in 30 s).
	emptyStall = 400 * time.Millisecond
)

// stallFor is how long a device keeping target frames may play nothing
// before the writer acts.
func stallFor(target int64) time.Duration {
	return max(minStall, stallAfter*time.Duration(target)*time.Second/audio.SampleRate)
}

// writer keeps a device target frames ahead of what it has played, a
// period at a time, without ever waiting inside it. Frames the device does
// not take now stay in pend and are written first next time, so the device
// gets exactly the rendered stream, in order, whatever it accepts. Pure: the
// caller gives the wall time and the render function; output_alsa.go runs
// it on a thread of its own.
type writer struct {
	dev    pcm
	period int64
	size   int64     // the device's buffer, frames
	buf    []float32 // a period, interleaved stereo
	pend   []float32 // rendered, not yet taken by the device (a tail of buf)

	wrote    int64     // frames the device took (silence while probing included)
	mixWrote int64     // the mixer frame after the last the device took from the mixer
	mixEnd   int64     // the mixer frame after the last rendered
	fromMix  bool      // pend holds mixer frames (not probing silence)
	queued   int64     // frames the device held at the last look
	played   int64     // the most it has played: wrote − queued, frames
	drained  time.Time // when it last played something (or began, or restarted): the stall watch
	heard    time.Time // when it last played something, or was empty with nothing to give it (pcmOut's watchdog)
	toppedUp bool      // this stall was met with a top-up: the next restarts
	starved  bool      // the last render had nothing to give (the Sim had not covered it)

	lastLook time.Time // when step last looked
	lastQ    int64     // frames queued after that look (what the device had to play until the next)
	// lateWakes counts looks that came after the device must have run dry
	// (more wall time since the last look than it had queued then): the
	// writer was scheduled late, which a bigger buffer covers. Underruns of
	// the device's own making (a stalled sound server) do not count.
	lateWakes int64

	xruns, topUps, restarts int64
	low                     int64 // fewest frames queued before a write once running (−1: none yet)
}

func newWriter(dev pcm, period, size int64) *writer {
	b := make([]float32, 2*period)
	return &writer{dev: dev, period: period, size: size, buf: b, pend: b[:0], low: -1}
}

// renderFunc fills a period: the mixer frame after it, or −1 for silence
// (not the mixer's frames), and false when there is nothing to write.
type renderFunc func(buf []float32) (next int64, ok bool)

// step looks at the device once at now, writes what is due (keeping target
// frames queued; a period is written once target − period or fewer are
// left), and returns how long to wait before the next look. An error is a
// device that failed beyond a restart.
func (w *writer) step(now time.Time, target int64, render renderFunc) (time.Duration, error) {
	if w.drained.IsZero() {
		w.drained, w.heard = now, now
	}
	if !w.lastLook.IsZero() && w.lastQ > 0 && now.Sub(w.lastLook) > frames(w.lastQ) {
		w.lateWakes++
	}
	w.lastLook = now
	defer func() { w.lastQ = w.queued }()
	q, av, err := w.look()
	if err != nil {
		return 0, w.recover(now, err)
	}
	w.progress(now, q)
	target = max(target, w.period)
	topUp, restart := w.stallWatch(now, target, q)
	if restart {
		w.restarts++
		return 0, w.restart(now)
	}
	return w.fill(now, target-w.period, av, topUp, render)
}

// look asks the device how many frames it holds (q) and takes now (av).
// An error is the device's, for recover.
func (w *writer) look() (q, av int64, err error) {
	q, err = w.dev.delay()
	if errors.Is(err, errXrun) {
		return 0, 0, err
	} else if err != nil {
		// No timing information now (PulseAudio's plugin says EIO until its
		// stream has reported latency): what the device holds is then its
		// buffer less the room it has.
		if av, err = w.dev.avail(); err != nil {
			return 0, 0, err
		}
		q = max(0, w.size-av)
	}
	av, err = w.dev.avail()
	return q, av, err
}

// progress notes what the device played since the last look (q frames
// queued now) for the stall watch and the watchdog.
func (w *writer) progress(now time.Time, q int64) {
	// Progress: it played something, or it is empty because the Sim has
	// given the writer nothing to write (nothing to play is no stall). Room
	// alone is not progress: a sound server that quit leaves PulseAudio's
	// plugin saying "empty, all room" (snd_pcm_delay EIO,
	// snd_pcm_avail_update the whole buffer) while it takes nothing
	// (snd_pcm_writei EBADFD); counting that kept the watchdog from ever
	// firing. Nor is a restart: it empties the device.
	if p := w.wrote - q; p > w.played || q <= 0 && w.starved {
		w.played, w.drained, w.heard, w.toppedUp = max(w.played, p), now, now, false
	}
	w.queued = q
}

// stallWatch decides what a device that has played nothing for too long
// (target frames kept, q queued now) gets: a top-up, or a restart.
func (w *writer) stallWatch(now time.Time, target, q int64) (topUp, restart bool) {
	stalled := now.Sub(w.drained)
	if stalled <= stallFor(target) || q <= 0 && stalled <= emptyStall {
		return false, false
	}
	// It holds frames and plays none: a top-up first, then a restart.
	// Or it says it is empty and takes none (PulseAudio's plugin, whose
	// ring buffer can disagree with its stream after a start; it comes
	// back by itself, mostly within emptyStall): a restart.
	if w.toppedUp || q <= 0 {
		return false, true
	}
	w.toppedUp, w.drained = true, now
	w.topUps++
	return true, false
}

// fill writes periods while the device has fill or fewer frames queued (or,
// on a top-up, while it takes a period), av frames of room first, and
// returns how long to wait before the next look.
func (w *writer) fill(now time.Time, fill, av int64, topUp bool, render renderFunc) (time.Duration, error) {
	for i := range MaxBufferFrames/w.period + 2 { // bounded: a device that reports room it does not take
		if i > 0 {
			var err error
			if av, err = w.dev.avail(); err != nil {
				return 0, w.recover(now, err)
			}
		}
		if len(w.pend) == 0 {
			if !topUp && w.queued > fill {
				return frames(w.queued - fill), nil
			}
			if topUp && av < w.period {
				return frames(w.period), nil
			}
			if !w.renderPeriod(render) { // nothing to write yet (the Sim has not covered it; no clock)
				return frames(w.period / 4), nil
			}
		}
		n := min(av, int64(len(w.pend)/2))
		if n <= 0 {
			return frames(w.period / 4), nil // full: it takes more as it plays
		}
		k, err := w.dev.write(w.pend[:2*n])
		if err != nil {
			return 0, w.recover(now, err)
		}
		w.pend = w.pend[2*k:]
		w.wrote += k
		w.queued += k
		if w.fromMix {
			w.mixWrote = w.mixEnd - int64(len(w.pend)/2)
		}
		if k < n {
			return frames(w.period / 4), nil
		}
	}
	return frames(w.period / 4), nil
}

// renderPeriod renders the next period into pend; false when there is
// nothing to write yet.
func (w *writer) renderPeriod(render renderFunc) bool {
	next, ok := render(w.buf)
	if w.starved = !ok; !ok {
		return false
	}
	w.pend, w.fromMix = w.buf, next >= 0
	if w.fromMix {
		w.mixEnd = next
	}
	if w.wrote >= MaxBufferFrames && (w.low < 0 || w.queued < w.low) {
		w.low = w.queued // how near the device came to running dry
	}
	return true
}

// recover restarts a device that ran dry (counted); other errors stand.
func (w *writer) recover(now time.Time, err error) error {
	if !errors.Is(err, errXrun) {
		return err
	}
	w.xruns++
	return w.restart(now)
}

// restart drops what the device holds and starts the stall watch anew. The
// frames rendered and not yet taken (pend) stay: they are written next.
func (w *writer) restart(now time.Time) error {
	w.drained, w.toppedUp = now, false
	w.played, w.queued = w.wrote, 0 // what it held is gone: as if played
	return w.dev.restart()
}

// frames is n frames of wall time, at least half a millisecond.
func frames(n int64) time.Duration {
	return max(500*time.Microsecond, time.Duration(n)*time.Second/audio.SampleRate)
}
