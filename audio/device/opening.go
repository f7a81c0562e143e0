package device

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

	"soundworld/audio"
	"soundworld/internal/crash"
)

// Opening the device off the game thread: no call into ALSA, the sound
// server or oto may block the game thread, the device's opening included.
//
//   - OpenPath runs the open — the ALSA probe, the sound server's
//     handshake, oto's context: any of them may wait on a stopped server
//     or a device that blocks — on a goroutine of its own (resolve), and
//     waits for its answer at most openDeadline. An answer in time is
//     taken as the open always was: a device playing, or silent saying why.
//   - Past openDeadline the Device's output is an openingOut: it renders
//     the mix on the wall clock and drops it (as pcmOut's watchdog does for
//     a lost device), so the mixer's frontier — Due, the Sim — goes on, and
//     Stalls says Opening. The session's anchor waits for the answer at
//     most openWait after Open, the Sim standing at its start as in the
//     warm-up (an open on an idle sound server takes up to 2 s:
//     pulseSinkWait); then it anchors and the Sim runs on the wall clock.
//     After openNoticeAfter the window says "opening the sound device…"
//     (OpeningNotice; the status bar while Opening).
//   - The answer is adopted on the game thread (Device.adoptOpen, from
//     Session.Clock): starting an output calls nothing that waits. Before
//     the session's first anchor it starts as an answer in time would;
//     after it, as a device return (pcmOut's return path: the device gets
//     silence until it has played a buffer of it, then the mix at its
//     frontier, counted in Returns; oto takes the mix at its frontier).
//     The timeline never stopped, so nothing is re-anchored and the input
//     record needs no mark: the frames rendered on the wall clock are a
//     gap in the sent stream, as after any return.
//   - An answer of no device (or one that is no clock) makes the session
//     silent, saying why (Host.Dropped). A pulse server that is there but
//     does not answer (a timeout) is retried as a lost server is (pcmOut),
//     not passed over for ALSA.
//   - Close while opening stops the wall clock; a device that opens after
//     it is closed at once.
const (
	openDeadline    = 250 * time.Millisecond
	openWait        = 3 * time.Second
	openNoticeAfter = 500 * time.Millisecond
)

// OpeningNotice is what the window says while the device has not answered.
const OpeningNotice = "opening the sound device…: the mix runs on the wall clock, silent, until it answers"

// OpenedNotice is what the window says when a device that opened late plays.
const OpenedNotice = "the sound device opened: playback starts at the mix's frontier, on the same timeline"

// begin starts an opened output for d; late: the session has anchored, so
// it starts as a device return. It calls nothing that waits.
type begin func(d *Device, late bool) (output, error)

// openAns is the open's answer: an output ready to begin, or why none.
type openAns struct {
	begin  begin // nil: none
	reason string
	fast   bool
}

// silentAns is the answer of no usable device, err saying why.
func silentAns(err error) openAns {
	if errors.Is(err, errFast) {
		return openAns{reason: FastNotice, fast: true}
	}
	return openAns{reason: fmt.Sprintf("no sound device, running silent: %v", err)}
}

// resolve opens the output path named (not none); it may block.
func resolve(path string) openAns {
	if path == PathPulse {
		return resolvePulse(readyPulse, readyALSAWhereThere, probe)
	}
	if err := probe(audio.SampleRate); err != nil {
		return silentAns(err)
	}
	ready := readyOto // in a browser our own worklet (output_web.go)
	if path == PathALSA {
		ready = readyALSA
	}
	b, err := ready()
	if err != nil {
		return silentAns(err)
	}
	return openAns{begin: b}
}

// resolvePulse opens the pulse path: the server; with none answering, a
// machine that has ALSA (alsa non-nil; check probes it) plays through our
// ALSA writer — machines without a sound server — saying so on stderr,
// and one that has not is silent, saying why. A server that is there and
// does not answer in time (stopped) is retried (pulseRetry).
func resolvePulse(pulse, alsa func() (begin, error), check func(rate int) error) openAns {
	b, err := pulse()
	switch {
	case err == nil:
		return openAns{begin: b}
	case isTimeout(err):
		return openAns{begin: pulseRetry}
	case alsa == nil:
		return silentAns(err)
	}
	if perr := check(audio.SampleRate); perr != nil {
		if errors.Is(perr, errFast) {
			return silentAns(perr)
		}
		return silentAns(fmt.Errorf("%v; ALSA: %v", err, perr))
	}
	ab, aerr := alsa()
	if aerr != nil {
		return silentAns(fmt.Errorf("%v; %v", err, aerr))
	}
	fmt.Fprintf(os.Stderr, "sound: %v; playing through ALSA\n", err)
	return openAns{begin: ab}
}

// isTimeout reports whether err is a wait that ran out (a server that
// accepts the connection and does not answer).
func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		(errors.As(err, &ne) && ne.Timeout())
}

// openOff runs resolve(path) on a goroutine; an answer within openDeadline
// is taken at once, else d's output is an openingOut until it answers.
// openMu is held.
func (d *Device) openOff(path string) {
	ch := make(chan openAns, 1)
	from := time.Now()
	go func() {
		defer crash.Recover()
		ch <- resolve(path)
	}()
	t := time.NewTimer(openDeadline)
	defer t.Stop()
	select {
	case a := <-ch:
		d.take(a, false, nil)
	case <-t.C:
		o := newOpening(d, ch, from, time.Now)
		opened, d.out = true, o
		go o.run()
	}
}

// take applies the open's answer a (late: as a device return). Into an
// openingOut when one stands in; openMu is held, or the game goroutine
// calls (adoptOpen).
func (d *Device) take(a openAns, late bool, into *openingOut) {
	if a.begin == nil {
		d.silent, d.reason, d.fastProbe = true, a.reason, a.fast
		return
	}
	out, err := a.begin(d, late)
	if err != nil {
		d.silent, d.reason = true, fmt.Sprintf("no sound device, running silent: %v", err)
		return
	}
	if into != nil {
		into.adopt(out, late)
		return
	}
	opened, d.out = true, out
	_, d.ownPace = out.(interface{ underruns() (int64, int64) })
}

// adoptOpen takes the open's answer if it came (game goroutine): late when
// the session has anchored. true when it took one; then Silent says
// whether a device plays.
func (d *Device) adoptOpen(late bool) bool {
	o, ok := d.out.(*openingOut)
	if !ok {
		return false
	}
	a, ok := o.answer()
	if !ok {
		return false
	}
	d.take(a, late, o)
	if d.silent {
		o.close()
	}
	return true
}

// openingOut stands in for the output until the open answers: it renders
// the mix on the wall clock meanwhile, and is the adopted output after.
type openingOut struct {
	d    *Device
	ch   <-chan openAns
	from time.Time // when the open began
	now  func() time.Time
	stop chan struct{}

	mu     sync.Mutex
	inner  output // guarded by mu: the adopted output (nil before)
	late   bool   // guarded by mu: adopted as a device return
	asked  bool   // guarded by mu: the answer was taken
	closed bool   // guarded by mu
	wallAt time.Time
	done   int64 // guarded by mu: frames rendered on the wall clock
}

func newOpening(d *Device, ch <-chan openAns, from time.Time, now func() time.Time) *openingOut {
	return &openingOut{d: d, ch: ch, from: from, now: now, wallAt: now(), stop: make(chan struct{})}
}

// answer is the open's answer, if it came (once).
func (o *openingOut) answer() (openAns, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.asked {
		return openAns{}, false
	}
	select {
	case a := <-o.ch:
		o.asked = true
		return a, true
	default:
		return openAns{}, false
	}
}

// adopt makes out the output; the wall clock stops rendering first.
func (o *openingOut) adopt(out output, late bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		_ = out.close()
		return
	}
	o.inner, o.late = out, late
}

// run renders on the wall clock until an output is adopted or o closes.
func (o *openingOut) run() {
	defer crash.Recover()
	buf := make([]float32, 2*PeriodFrames)
	every5ms(o.stop, func() bool { return o.wallStep(o.now(), buf) })
}

// wallStep renders the mix up to now on the wall clock, never past what
// the Sim covered and with at most wallBacklog owed (as pcmOut.wallStep);
// false once an output was adopted or o closed.
func (o *openingOut) wallStep(now time.Time, buf []float32) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.inner != nil || o.closed {
		return false
	}
	o.done = renderWall(o.d, o.wallAt, now, o.done, PeriodFrames, buf)
	return true
}

// get is the adopted output (nil before) and whether it came late.
func (o *openingOut) get() (output, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.inner, o.late
}

func (o *openingOut) written() int64 {
	if in, _ := o.get(); in != nil {
		return in.written()
	}
	return 0
}

func (o *openingOut) played() int64 {
	if in, _ := o.get(); in != nil {
		return in.played()
	}
	return 0
}

func (o *openingOut) setBuffer(frames int64) {
	if in, _ := o.get(); in != nil {
		in.setBuffer(frames)
	}
}

func (o *openingOut) stats() (int64, int64) {
	if s, ok := o.innerAs().(interface{ stats() (int64, int64) }); ok {
		return s.stats()
	}
	return 0, -1
}

// mayGrow is the adopted output's (one that keeps no account, oto, may
// grow; nothing may before one is adopted).
func (o *openingOut) mayGrow() bool {
	in := o.innerAs()
	if g, ok := in.(interface{ mayGrow() bool }); ok {
		return g.mayGrow()
	}
	return in != nil
}

func (o *openingOut) innerAs() any { in, _ := o.get(); return in }

// stallStats is the adopted output's account (oto's: none, but a return
// when it came late), Opening while no device has played yet: before the
// answer, and after it on the wall clock with no fallback and no return.
func (o *openingOut) stallStats() StallStats {
	in, late := o.get()
	var st StallStats
	if s, ok := in.(interface{ stallStats() StallStats }); ok {
		st = s.stallStats()
	} else if in != nil && late {
		st.Returns = 1
	}
	if in == nil {
		st.OnWallClock = true
	}
	st.Opening = in == nil || (st.OnWallClock && st.Fallbacks == 0 && st.Returns == 0)
	if st.Opening {
		st.OpeningFor = o.now().Sub(o.from)
	}
	return st
}

// drain closes what the open answers after o closed.
func (o *openingOut) drain() {
	defer crash.Recover()
	a, ok := o.answer()
	if !ok {
		o.mu.Lock()
		asked := o.asked
		o.mu.Unlock()
		if asked {
			return
		}
		a = <-o.ch
	}
	if a.begin != nil {
		if out, err := a.begin(o.d, true); err == nil {
			_ = out.close()
		}
	}
}

// close stops the wall clock and the adopted output; a device that opens
// later is closed at once (adopt).
func (o *openingOut) close() error {
	o.mu.Lock()
	in, was := o.inner, o.closed
	o.closed = true
	o.mu.Unlock()
	if !was {
		close(o.stop)
		go o.drain()
	}
	if in != nil {
		return in.close()
	}
	return nil
}
