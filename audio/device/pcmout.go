package device

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"soundworld/audio"
	"soundworld/internal/crash"
)

// pcmOut plays the Device through a pcm (output_alsa.go opens ALSA's) with
// two goroutines:
//
//   - the writer (run, on a thread of its own for ALSA): renders a period at
//     a time just before the device needs it and writes it (writer.step), so
//     what reaches the device is exactly what the mixer rendered;
//   - the watchdog (watch): when the device has played nothing for
//     fallbackAfter — whether the writer is stuck inside it or the device
//     will not play — it takes over rendering, paced by the wall clock, and
//     drops what it renders. The mixer's frontier, and so Due, the Sim and
//     -quit-after, go on; the stall is counted (Stalls) and the window says
//     so. Meanwhile the writer, when it can, restarts the device and feeds
//     it silence; once the device has played a buffer of it, the writer
//     takes the mix back. Frames the wall clock rendered were never heard:
//     the pace check counts them as an underrun.
//
// mu decides who renders: the writer renders only while wall is false, the
// watchdog only while it is true, each holding mu while it renders (never
// while inside the device).
type pcmOut struct {
	d      *Device
	dev    pcm
	closer func() // frees the device once the writer has stopped
	period int64
	size   int64 // the device's buffer, frames

	mu       sync.Mutex
	wall     bool      // guarded by mu
	wallFrom time.Time // guarded by mu: when the wall clock took over
	wallDone int64     // guarded by mu: frames rendered on the wall clock since

	wrote     atomic.Int64 // the mixer frame after the last the device took
	base      atomic.Int64 // mixer frames played at the last look: wrote − queued
	baseAt    atomic.Int64 // its wall time (UnixNano)
	progress  atomic.Int64 // UnixNano: when the device last played (writer.drained)
	xruns     atomic.Int64
	topUps    atomic.Int64
	restarts  atomic.Int64
	low       atomic.Int64
	stalls    atomic.Int64 // times the wall clock took over
	longest   atomic.Int64 // ns: the longest single look of the writer (writer.step)
	lateWakes atomic.Int64 // writer.lateWakes
	grownAt   atomic.Int64 // lateWakes when the buffer last grew
	lastErr   atomic.Value // string: why the device last failed

	now           func() time.Time
	fallbackAfter time.Duration
	stop, done    chan struct{}
	watchDone     chan struct{}
	closeMu       sync.Mutex
	closed        bool
}

// startPCM starts playing d through dev, a period at a time; lock runs first
// on the writer's goroutine (ALSA: lock it to its thread).
func startPCM(d *Device, dev pcm, period, size int64, lock func(), closer func()) *pcmOut {
	o := newPCMOut(d, dev, period, size, time.Now, fallbackAfter)
	o.closer = closer
	o.start(lock)
	return o
}

// newPCMOut is a pcmOut not yet started, on the clock now.
func newPCMOut(d *Device, dev pcm, period, size int64, now func() time.Time, fallback time.Duration) *pcmOut {
	return &pcmOut{d: d, dev: dev, period: period, size: size, now: now, fallbackAfter: fallback,
		stop: make(chan struct{}), done: make(chan struct{}), watchDone: make(chan struct{})}
}

// start starts the writer and the watchdog.
func (o *pcmOut) start(lock func()) {
	t := o.now()
	o.baseAt.Store(t.UnixNano())
	o.progress.Store(t.UnixNano())
	o.low.Store(-1)
	go o.run(lock)
	go o.watch()
}

// run is the writer.
func (o *pcmOut) run(lock func()) {
	defer close(o.done)
	defer crash.Recover()
	if lock != nil {
		lock()
	}
	w := newWriter(o.dev, o.period, o.size)
	probing := false // the wall clock has the mix: feed the device silence until it plays
	var probeFrom int64
	for {
		select {
		case <-o.stop:
			return
		default:
		}
		o.mu.Lock()
		wall := o.wall
		o.mu.Unlock()
		if wall && !probing { // the watchdog took over: start the device afresh
			probing = true
			w.pend = w.pend[:0] // stale: the mix has moved on
			if err := w.restart(o.now()); err != nil {
				o.lastErr.Store(err.Error())
				o.sleep(500 * time.Millisecond)
				probing = false
				continue
			}
			probeFrom = w.played
		}
		if probing && w.played-probeFrom >= max(o.d.bufFr.Load(), o.period) {
			o.mu.Lock() // the device plays again: take the mix back at its frontier
			o.wall, probing = false, false
			o.mu.Unlock()
			w.pend = w.pend[:0]
			o.progress.Store(o.now().UnixNano())
		}
		render := o.render
		if probing {
			render = silence
		}
		now := o.now()
		wait, err := w.step(now, max(o.d.bufFr.Load(), o.period), render)
		if took := o.now().Sub(now); took > time.Duration(o.longest.Load()) {
			o.longest.Store(int64(took)) // the longest the writer spent in one look (inside the device, mostly)
		}
		o.publish(w, now)
		if err != nil {
			o.lastErr.Store(err.Error())
			wait = 500 * time.Millisecond // the watchdog falls back; retried from here
		}
		o.sleep(wait)
	}
}

// render is the writer's render: the mixer's next frames while the writer
// has the mix, once the Sim has delivered their starts (Device.Covered).
func (o *pcmOut) render(buf []float32) (int64, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.wall {
		clear(buf)
		return -1, true
	}
	if !o.d.covers(int64(len(buf) / 2)) {
		return -1, false
	}
	return o.d.render(buf)
}

// silence is the render while probing a device: zeros, not the mixer's.
func silence(buf []float32) (int64, bool) {
	clear(buf)
	return -1, true
}

// publish makes the writer's account readable from other goroutines.
func (o *pcmOut) publish(w *writer, now time.Time) {
	o.wrote.Store(w.mixWrote)
	o.base.Store(max(0, w.mixWrote-w.queued))
	o.baseAt.Store(now.UnixNano())
	o.progress.Store(w.drained.UnixNano())
	o.xruns.Store(w.xruns)
	o.topUps.Store(w.topUps)
	o.restarts.Store(w.restarts)
	o.low.Store(w.low)
	o.lateWakes.Store(w.lateWakes)
}

// sleep waits d or until the output stops.
func (o *pcmOut) sleep(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-o.stop:
	}
}

// watch is the watchdog: it hands the mix to the wall clock when the
// device has played nothing for fallbackAfter, and renders it while so.
func (o *pcmOut) watch() {
	defer close(o.watchDone)
	defer crash.Recover()
	buf := make([]float32, 2*o.period)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-o.stop:
			return
		case <-tick.C:
		}
		o.wallStep(o.now(), buf)
	}
}

// wallStep is one look of the watchdog at now.
func (o *pcmOut) wallStep(now time.Time, buf []float32) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.wall {
		if now.Sub(time.Unix(0, o.progress.Load())) < o.fallbackAfter {
			return
		}
		o.wall, o.wallFrom, o.wallDone = true, now, 0
		o.stalls.Add(1)
	}
	due := int64(now.Sub(o.wallFrom).Seconds() * audio.SampleRate)
	for o.wallDone+o.period <= due && o.d.covers(o.period) { // as the writer: never past the Sim
		o.d.render(buf) // heard by no one: the meters and captures still get it (tap)
		o.wallDone += o.period
	}
}

func (o *pcmOut) written() int64 { return o.wrote.Load() }

// played is the last look's account (written − queued) moved on by the
// wall time since, never past what was written.
func (o *pcmOut) played() int64 {
	since := time.Duration(o.now().UnixNano() - o.baseAt.Load())
	return min(o.wrote.Load(), o.base.Load()+int64(since.Seconds()*audio.SampleRate))
}

func (o *pcmOut) setBuffer(int64) {} // the writer reads Device.bufFr each look

func (o *pcmOut) stats() (xruns, lowWater int64) { return o.xruns.Load(), o.low.Load() }

// Stalls is the account of a device that stopped playing: top-ups and
// restarts the writer tried, times the wall clock took over, whether it has
// the mix now, and the last device error ("" none).
func (o *pcmOut) stallStats() StallStats {
	o.mu.Lock()
	wall := o.wall
	o.mu.Unlock()
	e, _ := o.lastErr.Load().(string)
	return StallStats{TopUps: o.topUps.Load(), Restarts: o.restarts.Load(), Fallbacks: o.stalls.Load(), OnWallClock: wall, LastError: e,
		Longest: time.Duration(o.longest.Load())}
}

// close stops both goroutines. A writer stuck inside the device is left to
// it (and the device not freed) rather than hang the caller.
func (o *pcmOut) close() error {
	o.closeMu.Lock()
	defer o.closeMu.Unlock()
	if o.closed {
		return nil
	}
	o.closed = true
	close(o.stop)
	<-o.watchDone
	select {
	case <-o.done:
	case <-time.After(time.Second):
		return fmt.Errorf("the sound device stopped responding; closed without it")
	}
	if o.closer != nil {
		o.closer()
	}
	return nil
}

// StallStats is a device's account of stalls (Device.Stalls).
type StallStats struct {
	TopUps      int64  // a device that held its frames was given more (a sound server's pre-buffer)
	Restarts    int64  // a device that still played nothing was restarted (its queue dropped)
	Fallbacks   int64  // times it played nothing for fallbackAfter: the wall clock took the mix
	OnWallClock bool   // the wall clock has the mix now (silent)
	LastError   string // the device's last error ("" none)
	// Longest is the longest the writer spent in one look at the device
	// (its calls return without waiting to play, but a sound server's
	// plugin may take long to restart a stream).
	Longest time.Duration
}

// Stalls is the output's stall account; ok is false when the output keeps
// none (oto, a scripted device).
func (d *Device) Stalls() (StallStats, bool) {
	if d == nil || d.out == nil {
		return StallStats{}, false
	}
	s, ok := d.out.(interface{ stallStats() StallStats })
	if !ok {
		return StallStats{}, false
	}
	return s.stallStats(), true
}

// StallNotice is what the window says while the wall clock has the mix.
const StallNotice = "the sound device stopped playing: the mix runs on the wall clock, silent, until it plays again"

// mayGrow reports whether the writer woke late since the buffer last grew
// (a bigger buffer covers that; it does not cover a stalled sound server)
// and, if so, takes note that the buffer grows now.
func (o *pcmOut) mayGrow() bool {
	n := o.lateWakes.Load()
	if n <= o.grownAt.Load() {
		return false
	}
	o.grownAt.Store(n)
	return true
}
