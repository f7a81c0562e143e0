package device

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"soundworld/audio"
	"soundworld/internal/crash"
)

// pcmOut plays the Device through a pcm (output_alsa.go opens ALSA's).
//
//   - An attempt is one opening of the device and a writer on it, on a
//     goroutine (a thread of its own for ALSA) that renders a period at a
//     time just before the device needs it and writes it (writer.step), so
//     what reaches the device is exactly what the mixer rendered.
//   - The watchdog (watch, wallStep) gives an attempt up when its device
//     has played nothing for fallbackAfter or its calls failed (a sound
//     server that quit: EBADFD; an unplugged card: ENODEV) or one call
//     never returns (a stopped server): it takes over rendering, paced by
//     the wall clock, and drops what it renders, so the mixer's frontier —
//     Due, the Sim, -quit-after — goes on; counted (Stalls), and the window
//     says so. It then opens the device afresh on a new attempt, after a
//     backoff of 250 ms doubling to maxBackoff. The new attempt feeds the
//     device silence until it has played a buffer of it, then takes the mix
//     at the frontier (Returns counts it). The timeline never stopped, so
//     nothing is re-anchored: frames the wall clock rendered were never
//     heard, a gap in the sent stream; the pace check does not observe
//     them and begins anew with the device that plays again (pace.go).
//   - A given-up attempt stops at its next look; one stuck inside a call
//     is abandoned there and closes its handle when the call returns. No
//     call into the device is ever made on the game thread after Open.
//
// mu decides who renders: the current attempt only while wall is false, the
// watchdog only while it is true, each holding mu while it renders (never
// while inside the device).
type pcmOut struct {
	d      *Device
	open   opener // opens the device afresh (an attempt after the first)
	period int64
	size   int64 // the device's buffer, frames (the first opening's)

	mu          sync.Mutex
	wall        bool           // guarded by mu
	wallFrom    time.Time      // guarded by mu: when the wall clock took over
	wallDone    int64          // guarded by mu: frames rendered on the wall clock since
	cur         int64          // guarded by mu: the attempt that may play (0: none)
	gens        int64          // guarded by mu: attempts made
	retryAt     time.Time      // guarded by mu: when to open the device afresh
	backoff     time.Duration  // guarded by mu
	spawn       func(*attempt) // starts an attempt's goroutine (tests drive attempts themselves)
	outstanding atomic.Int64   // attempts whose goroutine has not ended (stuck ones included)

	wrote     atomic.Int64 // the mixer frame after the last the device took
	base      atomic.Int64 // mixer frames played at the last look: wrote − queued
	baseAt    atomic.Int64 // its wall time (UnixNano)
	progress  atomic.Int64 // UnixNano: when the current attempt's device last played (writer.heard)
	xruns     atomic.Int64
	topUps    atomic.Int64
	restarts  atomic.Int64
	low       atomic.Int64
	stalls    atomic.Int64 // times the wall clock took over
	returns   atomic.Int64 // times a device opened afresh took the mix back
	reopens   atomic.Int64 // attempts after the first
	longest   atomic.Int64 // ns: the longest single look of a writer (writer.step)
	lateWakes atomic.Int64 // writer.lateWakes, all attempts
	grownAt   atomic.Int64 // lateWakes when the buffer last grew
	lastErr   atomic.Value // string: why the device last failed
	opensMu   sync.Mutex
	opens     []time.Duration // guarded by opensMu: how long each reopening that opened took (the first 16)

	now           func() time.Time
	fallbackAfter time.Duration
	lock          func() // runs first on each attempt's goroutine (ALSA: lock it to its thread)
	firstAt       *attempt
	stop          chan struct{}
	watchDone     chan struct{}
	closeMu       sync.Mutex
	closed        bool
}

// opener opens the device: the handle, the sizes it took and how to free it.
type opener func() (dev pcm, period, size int64, closer func(), err error)

// attempt is one opening of the device and the writer on it.
type attempt struct {
	gen       int64
	dev       pcm
	closer    func()
	w         *writer
	probing   bool     // silence until the device has played a buffer of it
	probeFrom int64    // w.played when probing began
	pub       [4]int64 // xruns, top-ups, restarts, late wakes already added to the totals
}

// Reopen backoff: the first retry 250 ms after the device was given up,
// doubling for each failed attempt, at most maxBackoff; a device that
// refuses to open at once is retried every firstBackoff (failedOpen).
// maxOutstanding bounds the goroutines stuck inside a stopped server: past
// it no attempt is made until one returns (about 20 s of a stopped server).
const (
	firstBackoff   = 250 * time.Millisecond
	maxBackoff     = 2 * time.Second
	maxOutstanding = 8
)

// startPCM starts playing d through dev, a period at a time; lock runs first
// on each attempt's goroutine (ALSA: lock it to its thread); open opens the
// device afresh after it was given up. late (or dev nil: the first attempt
// opens one) starts as a device return (opening.go): the wall clock has
// the mix until the device has played a buffer of silence.
func startPCM(d *Device, dev pcm, period, size int64, lock, closer func(), open opener, late bool) *pcmOut {
	o := newPCMOut(d, dev, period, size, time.Now, fallbackAfter)
	o.lock, o.open = lock, open
	o.first().closer = closer
	if late || dev == nil {
		o.asReturn()
	}
	o.start()
	return o
}

// asReturn makes o, not yet started, begin as a device return: the wall
// clock has the mix until the first attempt's device has played a buffer
// of silence (attemptStep), and that is counted in Returns.
func (o *pcmOut) asReturn() { o.wall, o.wallFrom = true, o.now() }

// newPCMOut is a pcmOut not yet started, on the clock now, whose first
// attempt plays dev.
func newPCMOut(d *Device, dev pcm, period, size int64, now func() time.Time, fallback time.Duration) *pcmOut {
	o := &pcmOut{d: d, period: period, size: size, now: now, fallbackAfter: fallback, backoff: firstBackoff,
		stop: make(chan struct{}), watchDone: make(chan struct{})}
	o.spawn = func(a *attempt) { o.outstanding.Add(1); go o.run(a) }
	o.gens, o.cur = 1, 1
	o.firstAt = &attempt{gen: 1, dev: dev, w: newWriter(dev, period, size)}
	return o
}

func (o *pcmOut) first() *attempt { return o.firstAt }

// start starts the first attempt and the watchdog.
func (o *pcmOut) start() {
	o.begin()
	go o.watch()
}

// begin starts the first attempt.
func (o *pcmOut) begin() {
	t := o.now()
	o.baseAt.Store(t.UnixNano())
	o.progress.Store(t.UnixNano())
	o.low.Store(-1)
	o.spawn(o.firstAt)
}

// run is an attempt's goroutine: it opens the device (unless the first
// attempt brought it), writes until the attempt is given up or fails, and
// then frees the device, however late its last call returned.
func (o *pcmOut) run(a *attempt) {
	defer o.outstanding.Add(-1)
	defer crash.Recover()
	if o.lock != nil {
		o.lock()
	}
	if a.dev == nil {
		began := o.now()
		if err := o.openAttempt(a); err != nil {
			o.failedOpen(a, began, o.now(), err)
			return
		}
	}
	if a.closer != nil {
		defer a.closer()
	}
	for {
		select {
		case <-o.stop:
			return
		default:
		}
		wait, done := o.attemptStep(a, o.now())
		if done {
			return
		}
		o.sleep(wait)
	}
}

// openAttempt opens the device for a (the device may take long: a stopped
// sound server; a is given up meanwhile if so).
func (o *pcmOut) openAttempt(a *attempt) error {
	if o.open == nil {
		return fmt.Errorf("the sound device cannot be reopened")
	}
	began := o.now()
	dev, period, size, closer, err := o.open()
	if err != nil {
		return err
	}
	o.opensMu.Lock()
	if len(o.opens) < 16 {
		o.opens = append(o.opens, o.now().Sub(began))
	}
	o.opensMu.Unlock()
	a.dev, a.closer, a.w = dev, closer, newWriter(dev, period, size)
	return nil
}

// attemptStep is one look of attempt a at its device at now: the time to
// wait before the next, and true once a is over (given up, or failed).
func (o *pcmOut) attemptStep(a *attempt, now time.Time) (time.Duration, bool) {
	o.mu.Lock()
	live, wall := o.cur == a.gen, o.wall
	o.mu.Unlock()
	if !live {
		return 0, true
	}
	if wall && !a.probing {
		a.probing, a.probeFrom = true, a.w.played
		a.w.pend = a.w.pend[:0]
	}
	if a.probing && a.w.played-a.probeFrom >= max(o.d.bufFr.Load(), o.period) {
		o.mu.Lock() // the device plays again: take the mix back at its frontier
		if o.cur == a.gen && o.wall {
			o.wall, o.backoff = false, firstBackoff
			o.returns.Add(1)
		}
		o.mu.Unlock()
		a.probing = false
		a.w.pend = a.w.pend[:0]
	}
	render := func(buf []float32) (int64, bool) { return o.render(a, buf) }
	if a.probing {
		render = silence
	}
	wait, err := a.w.step(now, max(o.d.bufFr.Load(), o.period), render)
	if took := o.now().Sub(now); took > time.Duration(o.longest.Load()) {
		o.longest.Store(int64(took)) // the longest a writer spent in one look (inside the device, mostly)
	}
	o.publish(a, now)
	if err != nil {
		o.failed(a, now, err)
		return 0, true
	}
	return wait, false
}

// failed gives attempt a up after err (a device call failed beyond a
// restart, or the device would not open): the wall clock takes the mix at
// once if a had it, and the device is opened afresh after the backoff.
func (o *pcmOut) failed(a *attempt, now time.Time, err error) {
	o.lastErr.Store(err.Error())
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cur == a.gen {
		o.giveUp(now)
	}
}

// failedOpen is failed for an attempt whose device would not open. One
// refused at once (no server listening, no card: nothing waited) is
// tried again after firstBackoff, not a doubled wait: a refusal costs
// nothing, and a restarted server is heard sooner. An open that waited
// (a stopped server) backs off as failed does.
func (o *pcmOut) failedOpen(a *attempt, began, now time.Time, err error) {
	if now.Sub(began) < firstBackoff {
		o.mu.Lock()
		if o.cur == a.gen {
			o.backoff = firstBackoff
		}
		o.mu.Unlock()
	}
	o.failed(a, now, err)
}

// giveUp ends the current attempt at now: the wall clock has the mix (a
// stall, counted, if it did not already), and the next attempt waits the
// backoff, which doubles. mu is held.
func (o *pcmOut) giveUp(now time.Time) {
	if !o.wall {
		o.wall, o.wallFrom, o.wallDone = true, now, 0
		o.stalls.Add(1)
	}
	o.cur, o.retryAt = 0, now.Add(o.backoff)
	o.backoff = min(maxBackoff, 2*o.backoff)
}

// render is attempt a's render: the mixer's next frames while a has the
// mix, once the Sim has delivered their starts (Device.Covered).
func (o *pcmOut) render(a *attempt, buf []float32) (int64, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.wall || o.cur != a.gen {
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

// publish makes the current attempt's account readable from other
// goroutines; the counters add up over all attempts. An attempt that has
// not yet written mixer frames (probing) leaves the position as it was.
func (o *pcmOut) publish(a *attempt, now time.Time) {
	w := a.w
	for i, n := range [4]int64{w.xruns, w.topUps, w.restarts, w.lateWakes} {
		[4]*atomic.Int64{&o.xruns, &o.topUps, &o.restarts, &o.lateWakes}[i].Add(n - a.pub[i])
		a.pub[i] = n
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cur != a.gen {
		return
	}
	o.progress.Store(w.heard.UnixNano())
	if w.mixWrote > 0 {
		o.wrote.Store(w.mixWrote)
		o.base.Store(max(0, w.mixWrote-w.queued))
		o.baseAt.Store(now.UnixNano())
		o.low.Store(w.low)
	}
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
	every5ms(o.stop, func() bool { o.wallStep(o.now(), buf); return true })
}

// every5ms calls step every 5 ms until stop closes or step returns false.
func every5ms(stop <-chan struct{}, step func() bool) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if !step() {
			return
		}
	}
}

// wallStep is one look of the watchdog at now: it gives up an attempt
// whose device has played nothing for fallbackAfter, opens the device
// afresh once the backoff has passed, and renders the mix on the wall
// clock while no device has it.
func (o *pcmOut) wallStep(now time.Time, buf []float32) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	if o.cur != 0 && now.Sub(time.Unix(0, o.progress.Load())) >= o.fallbackAfter {
		o.lastErr.Store(fmt.Sprintf("the device played nothing for %v", o.fallbackAfter))
		o.giveUp(now)
	}
	if !o.wall {
		return
	}
	if o.cur == 0 && !now.Before(o.retryAt) && o.outstanding.Load() < maxOutstanding {
		o.gens++
		o.cur = o.gens
		o.progress.Store(now.UnixNano())
		o.reopens.Add(1)
		o.spawn(&attempt{gen: o.cur})
	}
	o.wallDone = renderWall(o.d, o.wallFrom, now, o.wallDone, o.period, buf)
}

// renderWall renders d's mix on the wall clock, which took it at from,
// up to now, a period at a time: done frames were rendered before; it
// returns the frames rendered (or forgiven) after.
func renderWall(d *Device, from, now time.Time, done, period int64, buf []float32) int64 {
	due := int64(now.Sub(from).Seconds() * audio.SampleRate)
	for done+period <= due && d.covers(period) { // as the writer: never past the Sim
		d.renderUnheard(buf) // heard by no one: the meters and captures still get it (tap)
		done += period
	}
	// Frames the Sim had not covered in time are not owed: rendering them
	// in a burst later would run the mix faster than real time (and the
	// pace check would call the device no clock).
	return max(done, due-wallBacklog)
}

// wallBacklog is the most the wall clock renders at once to catch up, frames.
const wallBacklog = 4 * PeriodFrames

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
		Reopens: o.reopens.Load(), Returns: o.returns.Load(), Longest: time.Duration(o.longest.Load()), Opens: o.openTimes()}
}

// close stops the watchdog and every attempt, without waiting for any
// device call: an attempt stuck inside one frees its device when the call
// returns (run), so a stopped sound server cannot hang the caller. It
// waits up to closeWait for the attempts to end.
func (o *pcmOut) close() error {
	o.closeMu.Lock()
	defer o.closeMu.Unlock()
	if o.closed {
		return nil
	}
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
	close(o.stop)
	<-o.watchDone
	for end := time.Now().Add(closeWait); o.outstanding.Load() > 0; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			return fmt.Errorf("the sound device stopped responding; closed without it (it is freed if it answers)")
		}
	}
	return nil
}

// closeWait bounds how long close waits for the device's calls to return.
const closeWait = 250 * time.Millisecond

// StallStats is a device's account of stalls (Device.Stalls).
type StallStats struct {
	TopUps      int64  // a device that held its frames was given more (a sound server's pre-buffer)
	Restarts    int64  // a device that still played nothing was restarted (its queue dropped)
	Fallbacks   int64  // times it played nothing for fallbackAfter: the wall clock took the mix
	OnWallClock bool   // the wall clock has the mix now (silent)
	LastError   string // the device's last error ("" none)
	Reopens     int64  // times the device was opened afresh after it was given up
	Returns     int64  // times a device opened afresh played again and took the mix back
	// Stall and Back are what the window says when the wall clock takes
	// the mix and when the device plays again, Wall the status's words
	// while it has it ("": StallNotice, ReturnNotice and WallNote; the
	// browser's own: webNotices).
	Stall, Back, Wall string
	// Longest is the longest the writer spent in one look at the device
	// (its calls return without waiting to play, but a sound server's
	// plugin may take long to restart a stream).
	Longest time.Duration
	// Opening: no device has played yet since Open (opening.go), for
	// OpeningFor: the open has not answered, or the device it gave has not
	// yet played a buffer.
	Opening    bool
	OpeningFor time.Duration
	// Opens is how long each reopening that opened the device took (a
	// sound server's handshake and its sink's readiness), the first 16.
	Opens []time.Duration
}

// openTimes is a copy of opens.
func (o *pcmOut) openTimes() []time.Duration {
	o.opensMu.Lock()
	defer o.opensMu.Unlock()
	return slices.Clone(o.opens)
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

// StallNotice is what the window says while the wall clock has the mix
// (the desktop's writers, which retry the device; the browser's: webNotices).
const StallNotice = "the sound device stopped playing: the mix runs on the wall clock, silent; retrying the device"

// WallNote is the status's words while the wall clock has the mix.
const WallNote = "sound device lost, retrying"

// ReturnNotice is what the window says when a device opened afresh plays again.
const ReturnNotice = "the sound device plays again: playback resumes at the mix's frontier, on the same timeline"

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
