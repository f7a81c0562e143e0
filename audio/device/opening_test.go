package device

import (
	"errors"
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"soundworld/audio"
)

// openRig is a session over a device whose open answers when the test
// says (opening.go), stepped on a fake clock in 20 ms Updates: the
// stand-in's wall clock, then the adopted pcmOut's watchdog and its
// attempts on a scripted device (writer_test.go), then the session's
// Clock, the Sim's steps and End, as the window's Update runs them.
type openRig struct {
	t        *testing.T
	now, t0  time.Time
	d        *Device
	o        *openingOut
	ch       chan openAns
	s        *Session
	h        *hostRec
	simT     float64
	ok       bool // the last Clock's: the device is the clock
	pcm      *pcmOut
	dev      *scriptPCM
	attempts []*rigAttempt
	lates    []bool // what each begin was told
	// frozen: the game thread is descheduled (no Update runs); writerOff:
	// so are the attempts' goroutines (the watchdog still runs); push:
	// each Update pushes a start at its sim time (Push reads the device's
	// news: late starts, underruns).
	frozen, writerOff, push bool
	down                    bool      // the device refuses to open afresh
	stepAt                  time.Time // the time stepPCM looks at
}

func newOpenRig(t *testing.T) *openRig {
	r := &openRig{t: t, now: time.Unix(100, 0), ch: make(chan openAns, 1), h: &hostRec{}}
	r.t0 = r.now
	r.d = newDevice(audio.NewMixer(audio.NewBank(nil)))
	r.d.wall = func() float64 { return r.now.Sub(r.t0).Seconds() }
	r.o = newOpening(r.d, r.ch, r.now, func() time.Time { return r.now })
	r.d.out = r.o
	r.s = NewSession(r.d, r.h)
	return r
}

// begin is the scripted device's: a pcmOut on it, stepped by the rig.
func (r *openRig) begin(d *Device, late bool) (output, error) {
	r.lates = append(r.lates, late)
	r.dev = &scriptPCM{now: r.now, size: MaxBufferFrames}
	o := newPCMOut(d, r.dev, PeriodFrames, MaxBufferFrames, func() time.Time { return r.now }, fallbackAfter)
	o.spawn = func(a *attempt) {
		o.outstanding.Add(1)
		r.attempts = append(r.attempts, &rigAttempt{a: a, next: r.now})
	}
	o.open = func() (pcm, int64, int64, func(), error) { // a new handle, if the device is there
		if r.down {
			return nil, 0, 0, nil, errRefuse
		}
		r.dev = &scriptPCM{now: r.stepAt, size: MaxBufferFrames}
		return r.dev, PeriodFrames, MaxBufferFrames, nil, nil
	}
	if late {
		o.asReturn()
	}
	o.begin()
	r.pcm = o
	return o, nil
}

// run steps the rig until since t0 is at least until.
func (r *openRig) run(until time.Duration) {
	buf := make([]float32, 2*PeriodFrames)
	for r.now.Sub(r.t0) < until {
		r.now = r.now.Add(20 * time.Millisecond)
		for t := r.now.Add(-15 * time.Millisecond); !t.After(r.now); t = t.Add(5 * time.Millisecond) {
			r.o.wallStep(t, buf)
			if r.pcm != nil {
				r.stepPCM(t, buf)
			}
		}
		if r.frozen {
			continue
		}
		n, ok := r.s.Clock(Frame{SimT: r.simT, Scale: 1, On: true}, step, 120)
		r.ok = ok
		r.simT += float64(n) * step
		if r.push {
			r.s.Push(r.simT, []audio.VoiceStart{{Slot: 0, Time: r.simT}})
		}
		r.s.End(r.simT)
	}
}

// stepPCM is the adopted pcmOut's watchdog and attempts at t; an
// attempt after the first opens its device first (as run).
func (r *openRig) stepPCM(t time.Time, buf []float32) {
	r.stepAt = t
	r.dev.mu.Lock()
	r.dev.now = t
	r.dev.mu.Unlock()
	r.pcm.wallStep(t, buf)
	for _, ra := range r.attempts {
		if ra.ended || t.Before(ra.next) || r.writerOff {
			continue
		}
		if ra.a.dev == nil {
			if err := r.pcm.openAttempt(ra.a); err != nil {
				r.pcm.failedOpen(ra.a, t, t, err)
				ra.ended = true
				r.pcm.outstanding.Add(-1)
				continue
			}
		}
		wait, done := r.pcm.attemptStep(ra.a, t)
		ra.ended, ra.next = done, t.Add(wait)
		if done {
			r.pcm.outstanding.Add(-1)
		}
	}
}

// noticed counts the notices msg.
func (r *openRig) noticed(msg string) int {
	n := 0
	for _, m := range r.h.notices {
		if m == msg {
			n++
		}
	}
	return n
}

// O5: an open that does not answer (a stopped sound
// server) holds nothing. The Sim stands at its start for openWait, as in
// the warm-up, the window says "opening" after openNoticeAfter, then the
// session anchors and the Sim runs on the wall clock; the device that
// answers 5 s in is adopted as a device return — silence until it has
// played a buffer, then the mix at its frontier, on the same anchor, with
// nothing for the input record.
func TestO5_DeviceThatOpensLateIsAReturn(t *testing.T) {
	r := newOpenRig(t)
	r.run(480 * time.Millisecond)
	if st := r.s.Status(); !st.Opening || r.simT != 0 || r.noticed(OpeningNotice) != 0 {
		t.Fatalf("0.48 s in: opening %v, sim %v, notices %q; want opening, the Sim at 0, no notice yet", st.Opening, r.simT, r.h.notices)
	}
	r.run(520 * time.Millisecond)
	if r.noticed(OpeningNotice) != 1 {
		t.Fatalf("0.52 s in: notices %q, want %q once", r.h.notices, OpeningNotice)
	}
	r.run(openWait - 20*time.Millisecond)
	if n := len(r.d.Anchors()); n != 0 || r.simT != 0 {
		t.Fatalf("just before openWait: %d anchors, sim %v; want the anchor waiting, the Sim at 0", n, r.simT)
	}
	r.run(openWait + 20*time.Millisecond)
	if as := r.d.Anchors(); len(as) != 1 || as[0].Reason != "session" || !r.ok {
		t.Fatalf("after openWait: anchors %v, clock %v; want the session's anchor on the wall clock", as, r.ok)
	}
	tol := step + float64(PeriodFrames)/audio.SampleRate + 0.02
	r.run(5 * time.Second)
	if want := 5 - openWait.Seconds(); math.Abs(r.simT-want) > tol {
		t.Fatalf("5 s in: sim %.3f s, want %.3f ± %.3f: the Sim goes on by the wall clock", r.simT, want, tol)
	}
	r.ch <- openAns{begin: r.begin}
	r.run(5*time.Second + 20*time.Millisecond)
	if !slices.Equal(r.lates, []bool{true}) || !r.s.Status().Opening {
		t.Fatalf("the answer: begins told late %v, opening %v; want [true], still opening (silence first)", r.lates, r.s.Status().Opening)
	}
	r.run(5*time.Second + 500*time.Millisecond)
	st, _ := r.d.Stalls()
	if st.Opening || st.OnWallClock || st.Returns != 1 || r.noticed(OpenedNotice) != 1 {
		t.Fatalf("0.5 s after the answer: %+v, notices %q; want the device playing the mix (1 return), said once", st, r.h.notices)
	}
	if as := r.d.Anchors(); len(as) != 1 || len(r.h.anchors) != 0 {
		t.Fatalf("anchors %v, record marks %q; want the session's anchor alone, nothing in the record", as, r.h.anchors)
	}
	got := len(r.dev.got) / 2
	r.run(7 * time.Second)
	if want := 7 - openWait.Seconds(); math.Abs(r.simT-want) > tol {
		t.Fatalf("7 s in: sim %.3f s, want %.3f ± %.3f", r.simT, want, tol)
	}
	if took := len(r.dev.got)/2 - got; math.Abs(float64(took)-1.5*audio.SampleRate) > MaxBufferFrames {
		t.Fatalf("the device took %d frames in the 1.5 s after the return, want about %d", took, int(1.5*audio.SampleRate))
	}
}

// An answer before the session's anchor starts the device as an open in
// time would (not as a return): no notice, the anchor at once.
func TestOpenAnswerBeforeTheAnchorIsAFreshStart(t *testing.T) {
	r := newOpenRig(t)
	r.run(200 * time.Millisecond)
	r.ch <- openAns{begin: r.begin}
	r.run(240 * time.Millisecond)
	st, _ := r.d.Stalls()
	if !slices.Equal(r.lates, []bool{false}) || st.Opening || st.OnWallClock || len(r.d.Anchors()) != 1 || len(r.h.notices) != 0 {
		t.Fatalf("answered 0.2 s in: lates %v, %+v, anchors %v, notices %q; want a fresh start, anchored, nothing said",
			r.lates, st, r.d.Anchors(), r.h.notices)
	}
}

// An open that answers late with no device makes the session silent,
// saying why; the window is told (Dropped) and runs its own wall clock.
func TestOpenAnswerOfNoDeviceDropsTheSession(t *testing.T) {
	r := newOpenRig(t)
	r.run(4 * time.Second)
	why := "no sound device, running silent: ALSA device \"default\": snd_pcm_open: No such file or directory"
	r.ch <- openAns{reason: why}
	r.run(4*time.Second + 20*time.Millisecond)
	if silent, got := r.s.Silent(); !silent || got != why || !r.h.dropped || r.ok || r.noticed(why) != 1 {
		t.Fatalf("silent %v (%q), dropped %v, clock %v, notices %q; want silent saying why", silent, got, r.h.dropped, r.ok, r.h.notices)
	}
}

// Closed while opening: the wall clock stops at once, and the device that
// answers afterwards is closed, not left open.
func TestOpenClosedWhileOpening(t *testing.T) {
	r := newOpenRig(t)
	r.run(time.Second)
	if err := r.d.Close(); err != nil {
		t.Fatal(err)
	}
	if r.o.wallStep(r.now.Add(time.Second), make([]float32, 2*PeriodFrames)) {
		t.Fatal("the wall clock still renders after Close")
	}
	var closed atomic.Int32
	r.ch <- openAns{begin: func(*Device, bool) (output, error) { return &closeCount{n: &closed}, nil }}
	for end := time.Now().Add(2 * time.Second); closed.Load() == 0 && time.Now().Before(end); time.Sleep(time.Millisecond) {
	}
	if closed.Load() != 1 {
		t.Fatalf("the device that answered after Close was closed %d times, want 1", closed.Load())
	}
}

// closeCount is an output that counts its closes.
type closeCount struct {
	fakeOutput
	n *atomic.Int32
}

func (c *closeCount) close() error { c.n.Add(1); return nil }

// The open's answers: a probe that finds a device that is no clock, or
// none, is silent saying why.
func TestSilentAnswers(t *testing.T) {
	if a := silentAns(errFast); a.begin != nil || !a.fast || a.reason != FastNotice {
		t.Errorf("fast: %+v", a)
	}
	if a := silentAns(errors.New("no ALSA playback device")); a.fast || a.reason != "no sound device, running silent: no ALSA playback device" {
		t.Errorf("none: %+v", a)
	}
}
