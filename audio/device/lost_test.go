package device

import (
	"errors"
	"math"
	"testing"
	"time"

	"soundworld/audio"
)

// A scripted sound server behind the device, as PulseAudio's ALSA plugin
// shows it (measured on the live-smoke rig): after the server quits, a
// handle says snd_pcm_delay EIO, snd_pcm_avail_update the whole buffer,
// snd_pcm_writei EBADFD, and snd_pcm_prepare succeeds — for good, even
// once the server is back; only a new handle plays. Stopped (SIGSTOP),
// every call into it, opening included, waits until it goes on. An
// unplugged card says ENODEV to every call and cannot be opened.
type scriptServer struct {
	state   string // "up", "dead", "stopped", "unplugged"
	handles []*scriptPCM
	closed  int // handles freed
}

var (
	errEIO    = errors.New("ALSA: snd_pcm_delay: Input/output error")
	errBADFD  = errors.New("ALSA: snd_pcm_writei: File descriptor in bad state")
	errNODEV  = errors.New("ALSA: No such device")
	errRefuse = errors.New("ALSA device \"default\": snd_pcm_open: Connection refused")
)

// lostPCM is a handle on the scripted server.
type lostPCM struct {
	*scriptPCM
	srv    *scriptServer
	broken bool // the server it was opened on quit
}

func (p *lostPCM) fault() error {
	switch {
	case p.srv.state == "unplugged":
		return errNODEV
	case p.broken:
		return errBADFD
	}
	return nil
}

func (p *lostPCM) delay() (int64, error) {
	if p.broken {
		return 0, errEIO
	}
	if err := p.fault(); err != nil {
		return 0, err
	}
	return p.scriptPCM.delay()
}

func (p *lostPCM) avail() (int64, error) {
	if p.broken {
		return p.size, nil // "all room": what kept the old watchdog from firing
	}
	if err := p.fault(); err != nil {
		return 0, err
	}
	return p.scriptPCM.avail()
}

func (p *lostPCM) write(buf []float32) (int64, error) {
	if err := p.fault(); err != nil {
		return 0, err
	}
	return p.scriptPCM.write(buf)
}

func (p *lostPCM) restart() error {
	if p.broken {
		return nil
	}
	if err := p.fault(); err != nil {
		return err
	}
	return p.scriptPCM.restart()
}

// lostRig drives a pcmOut over a scripted server on a fake clock: the
// watchdog every 5 ms, each attempt when its wait is over — except while
// the server is stopped, when an attempt inside a call (every one that has
// begun a look) stays there.
type lostRig struct {
	t        *testing.T
	srv      *scriptServer
	d        *Device
	o        *pcmOut
	now      time.Time
	t0       time.Time
	attempts []*rigAttempt
	spawned  []time.Duration // when each attempt after the first began (since t0)
}

type rigAttempt struct {
	a     *attempt
	next  time.Time
	ended bool
}

func newLostRig(t *testing.T) *lostRig {
	r := &lostRig{t: t, srv: &scriptServer{state: "up"}, now: time.Unix(100, 0)}
	r.t0 = r.now
	r.d = newDevice(audio.NewMixer(audio.NewBank(nil)))
	r.d.Anchor("session", 0, 1)
	r.d.Covered(math.NaN()) // the Sim delivers ahead: no bound
	first, _, _, closer, err := r.open()
	if err != nil {
		t.Fatal(err)
	}
	r.o = newPCMOut(r.d, first, PeriodFrames, MaxBufferFrames, func() time.Time { return r.now }, fallbackAfter)
	r.o.first().closer = closer
	r.o.open = r.open
	r.o.spawn = func(a *attempt) {
		r.o.outstanding.Add(1)
		r.attempts = append(r.attempts, &rigAttempt{a: a, next: r.now})
		if a.gen > 1 {
			r.spawned = append(r.spawned, r.now.Sub(r.t0))
		}
	}
	r.d.out = r.o
	r.o.begin() // the rig is the watchdog
	return r
}

// open opens a handle on the server as it is now.
func (r *lostRig) open() (pcm, int64, int64, func(), error) {
	switch r.srv.state {
	case "dead":
		return nil, 0, 0, nil, errRefuse
	case "unplugged":
		return nil, 0, 0, nil, errNODEV
	}
	p := &lostPCM{scriptPCM: &scriptPCM{now: r.now, size: MaxBufferFrames}, srv: r.srv}
	r.srv.handles = append(r.srv.handles, p.scriptPCM)
	return p, PeriodFrames, MaxBufferFrames, func() { r.srv.closed++ }, nil
}

// set changes the server's state; a server that quits breaks its handles.
func (r *lostRig) set(state string) {
	if state == "dead" {
		for _, a := range r.attempts {
			if p, ok := a.a.dev.(*lostPCM); ok {
				p.broken = true
			}
		}
	}
	r.srv.state = state
}

// run drives the rig until since t0 is at least until.
func (r *lostRig) run(until time.Duration) {
	buf := make([]float32, 2*PeriodFrames)
	for r.now.Sub(r.t0) < until {
		r.now = r.now.Add(5 * time.Millisecond)
		for _, h := range r.srv.handles {
			h.mu.Lock()
			h.now = r.now
			h.mu.Unlock()
		}
		r.o.wallStep(r.now, buf)
		for _, ra := range r.attempts {
			if ra.ended || r.now.Before(ra.next) || r.srv.state == "stopped" {
				continue // a stopped server holds every call inside it
			}
			r.stepAttempt(ra)
		}
	}
}

// stepAttempt is one turn of an attempt's goroutine (run).
func (r *lostRig) stepAttempt(ra *rigAttempt) {
	end := func() {
		ra.ended = true
		if ra.a.closer != nil {
			ra.a.closer()
		}
		r.o.outstanding.Add(-1)
	}
	if ra.a.dev == nil {
		if err := r.o.openAttempt(ra.a); err != nil {
			r.o.failedOpen(ra.a, r.now, r.now, err) // the scripted server answers at once
			end()
			return
		}
	}
	wait, done := r.o.attemptStep(ra.a, r.now)
	if done {
		end()
		return
	}
	ra.next = r.now.Add(wait)
}

func (r *lostRig) stalls() StallStats { s, _ := r.d.Stalls(); return s }

func (r *lostRig) frontier() int64 {
	r.d.mu.Lock()
	defer r.d.mu.Unlock()
	return r.d.mixer.Frame()
}

// checkLost checks the outage: within a second of the fault the wall clock
// has the mix (one fallback), and the mixer's frontier (so Due and the Sim)
// keeps real time through it.
func (r *lostRig) checkLost(faultAt time.Duration) {
	r.t.Helper()
	r.run(faultAt + time.Second)
	if s := r.stalls(); !s.OnWallClock || s.Fallbacks != 1 {
		r.t.Fatalf("1 s after the fault: %+v; want the wall clock to have the mix after 1 fallback", s)
	}
	f0, t0 := r.frontier(), r.now
	r.run(faultAt + 3*time.Second)
	got, want := r.frontier()-f0, int64(r.now.Sub(t0).Seconds()*audio.SampleRate)
	if got < want-PeriodFrames || got > want+PeriodFrames {
		r.t.Fatalf("on the wall clock the frontier moved %d frames in %v, want %d ± a period", got, r.now.Sub(t0), want)
	}
	// The Sim lags by the time the device was given for (fallbackAfter) and the lead, no more.
	if due, ok := r.d.Due(); !ok || due < r.now.Sub(r.t0).Seconds()-fallbackAfter.Seconds()-0.2 {
		r.t.Fatalf("Due = %v, %v at %v: the Sim would not go on", due, ok, r.now.Sub(r.t0))
	}
}

// checkBack checks the device's return: the retries came at most
// fallbackAfter + maxBackoff apart, the mix is back on the device within
// that, played by a handle opened afresh, and every other handle was freed.
func (r *lostRig) checkBack(backAt time.Duration) {
	r.t.Helper()
	r.run(backAt + fallbackAfter + maxBackoff + 500*time.Millisecond)
	s := r.stalls()
	if s.OnWallClock || s.Returns != 1 {
		r.t.Fatalf("after the device came back: %+v; want it to have the mix again (1 return)", s)
	}
	prev := time.Duration(0)
	for _, at := range r.spawned {
		if at-prev > fallbackAfter+maxBackoff+10*time.Millisecond && prev > 0 {
			r.t.Errorf("retries at %v: %v apart, want at most fallbackAfter + %v", r.spawned, at-prev, maxBackoff)
		}
		prev = at
	}
	last := r.srv.handles[len(r.srv.handles)-1]
	n := len(last.got)
	r.run(r.now.Sub(r.t0) + time.Second)
	if len(last.got)-n < audio.SampleRate*9/10 {
		r.t.Fatalf("the new handle took %d frames in 1 s after the return, want about a second", (len(last.got)-n)/2)
	}
	if open := len(r.srv.handles) - r.srv.closed; open != 1 {
		r.t.Fatalf("%d handles open (of %d), want only the playing one", open, len(r.srv.handles))
	}
}

// O5: the sound server quits 2 s in (kill) and a new one starts 5 s
// in (restart).
func TestO5_ServerKilledAndRestarted(t *testing.T) {
	r := newLostRig(t)
	r.run(2 * time.Second)
	if s := r.stalls(); s.OnWallClock || s.Fallbacks != 0 {
		t.Fatalf("a healthy device: %+v", s)
	}
	r.set("dead")
	r.checkLost(2 * time.Second)
	if s := r.stalls(); s.LastError == "" {
		t.Errorf("no error named: %+v", s)
	}
	r.set("up")
	r.checkBack(5 * time.Second)
}

// O5: a server that refuses at once (killed; the new one not yet up) is
// retried every firstBackoff, not after a doubling wait: the new server,
// up 5 s in, plays the mix within a retry and a buffer's play of it.
// One that holds its callers (stopped) backs off to maxBackoff.
func TestO5_RefusingServerIsRetriedWithoutBackingOff(t *testing.T) {
	r := newLostRig(t)
	r.run(2 * time.Second)
	r.set("dead")
	r.run(5 * time.Second)
	r.set("up")
	for r.stalls().OnWallClock && r.now.Sub(r.t0) < 8*time.Second {
		r.run(r.now.Sub(r.t0) + 5*time.Millisecond)
	}
	// a retry, plus the buffer of silence played before the mix, plus a look
	limit := firstBackoff + time.Duration(BufferFrames)*time.Second/audio.SampleRate + 20*time.Millisecond
	if back := r.now.Sub(r.t0) - 5*time.Second; back > limit {
		t.Fatalf("the mix was back %v after the server, want at most %v (spawned %v)", back, limit, r.spawned)
	}
	for i := 1; i < len(r.spawned); i++ {
		if gap := r.spawned[i] - r.spawned[i-1]; gap > firstBackoff+10*time.Millisecond {
			t.Fatalf("retries at %v: %v apart, want every %v", r.spawned, gap, firstBackoff)
		}
	}
	r.set("stopped")
	r.run(r.now.Sub(r.t0) + 12*time.Second)
	if n := len(r.spawned); r.spawned[n-1]-r.spawned[n-2] < maxBackoff {
		t.Fatalf("a stopped server: retries at %v, want them backed off to %v", r.spawned, maxBackoff)
	}
}

// O5: the sound server stops (SIGSTOP) 2 s in for 8 s: the writer
// and every reopening wait inside it; the window does not.
func TestO5_ServerStoppedAndContinued(t *testing.T) {
	r := newLostRig(t)
	r.run(2 * time.Second)
	r.set("stopped")
	r.checkLost(2 * time.Second)
	r.run(10 * time.Second)
	if n := r.o.outstanding.Load(); n > maxOutstanding {
		t.Fatalf("%d attempts stuck inside the server, want at most %d", n, maxOutstanding)
	}
	r.set("up")
	r.checkBack(10 * time.Second)
}

// O5: the card is unplugged 2 s in and plugged back 6 s in.
func TestO5_DeviceUnpluggedAndBack(t *testing.T) {
	r := newLostRig(t)
	r.run(2 * time.Second)
	r.set("unplugged")
	r.checkLost(2 * time.Second)
	r.run(6 * time.Second)
	if s := r.stalls(); s.Reopens < 2 {
		t.Fatalf("%d reopenings in 4 s without the card, want retries (backoff ≤ %v)", s.Reopens, maxBackoff)
	}
	r.set("up")
	r.checkBack(6 * time.Second)
}

// O5: a device that holds its frames and plays none, restarts
// included, is given up within a second, not kept as the clock.
func TestO5_DeviceThatNeverPlaysIsGivenUp(t *testing.T) {
	r := newLostRig(t)
	r.run(2 * time.Second)
	for _, h := range r.srv.handles {
		h.mu.Lock()
		h.dead, h.deadAfterRestart = true, true
		h.mu.Unlock()
	}
	r.checkLost(2 * time.Second)
	r.checkBack(5 * time.Second)
}

// O5, the freeze of a quit sound server: a handle on a sound server that quit says it is
// empty with all room and takes nothing. That is no progress: the writer's
// heard time (the watchdog's) stays where the device last played, so the
// watchdog gives it up; before, room alone counted and it never did.
func TestO5_RoomAloneIsNoProgress(t *testing.T) {
	srv := &scriptServer{state: "up"}
	sp := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames}
	p := &lostPCM{scriptPCM: sp, srv: srv}
	w, c := newWriter(p, PeriodFrames, MaxBufferFrames), &counter{}
	for end := sp.now.Add(time.Second); sp.now.Before(end); {
		wait, err := w.step(sp.now, BufferFrames, c.render)
		if err != nil {
			t.Fatal(err)
		}
		sp.now = sp.now.Add(wait)
	}
	p.broken = true
	var heard time.Time
	for i := 0; i < 100; i++ {
		if i == 1 { // the first look reads the queue as played (delay fails, all room): once
			heard = w.heard
		}
		sp.now = sp.now.Add(10 * time.Millisecond)
		if _, err := w.step(sp.now, BufferFrames, c.render); err == nil && i == 99 {
			t.Fatal("a dead handle never reported an error")
		}
	}
	if !w.heard.Equal(heard) {
		t.Fatalf("heard moved from %v to %v on a handle that takes nothing", heard, w.heard)
	}
}
