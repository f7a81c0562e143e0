package device

import (
	"math"
	"sync"
	"testing"
	"time"

	"soundworld/audio"
)

// scriptPCM is a scripted sound device on a fake clock. It plays its queue
// in real time while playing; when the queue runs dry it stops, and with
// prebuf > 0 it plays again only once it holds prebuf frames (as PulseAudio
// does after its own underrun; its ALSA plugin asks for the buffer less a
// period). dead: it plays nothing whatever it holds until restarted (and,
// with deadAfterRestart, not even then). Every sample written is kept.
type scriptPCM struct {
	mu               sync.Mutex
	now              time.Time
	at               time.Time // when the queue was last advanced
	queued, size     int64
	playing          bool
	prebuf           int64
	dead             bool
	deadAfterRestart bool
	stuck            bool // says it is empty and has no room, until restarted
	got              []float32
	restarts         int
	block            chan struct{} // non-nil: delay waits on it (a call stuck inside the device)
}

func (p *scriptPCM) advance() {
	if p.at.IsZero() {
		p.at = p.now
	}
	if p.playing && !p.dead {
		n := min(p.queued, int64(p.now.Sub(p.at).Seconds()*audio.SampleRate))
		p.queued -= n
		if n > 0 && p.queued == 0 && p.prebuf > 0 {
			p.playing = false // dry: waits for its pre-buffer
		}
	}
	p.at = p.now
}

func (p *scriptPCM) avail() (int64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.advance()
	if p.stuck {
		return 0, nil
	}
	return p.size - p.queued, nil
}

func (p *scriptPCM) delay() (int64, error) {
	p.mu.Lock()
	b := p.block
	p.mu.Unlock()
	if b != nil {
		<-b
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.advance()
	if p.stuck {
		return 0, nil
	}
	return p.queued, nil
}

func (p *scriptPCM) write(buf []float32) (int64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.advance()
	n := min(p.size-p.queued, int64(len(buf)/2))
	if p.stuck {
		n = 0
	}
	p.got = append(p.got, buf[:2*n]...)
	p.queued += n
	if !p.playing && (p.prebuf == 0 || p.queued >= p.prebuf) {
		p.playing = true
	}
	return n, nil
}

func (p *scriptPCM) restart() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.restarts++
	p.queued, p.playing, p.at = 0, false, p.now
	p.dead, p.stuck = p.deadAfterRestart, false
	return nil
}

// counter renders frames numbered from 0 (both channels carry the frame's
// number), so the device's stream can be checked for gaps and repeats.
type counter struct{ next int64 }

func (c *counter) render(buf []float32) (int64, bool) {
	for i := 0; i < len(buf); i += 2 {
		buf[i], buf[i+1] = float32(c.next), float32(c.next)
		c.next++
	}
	return c.next, true
}

// checkStream fails unless got is frames 0, 1, 2, … in order.
func checkStream(t *testing.T, got []float32) {
	t.Helper()
	for i := 0; i < len(got); i += 2 {
		if want := float32(i / 2); got[i] != want || got[i+1] != want {
			t.Fatalf("frame %d of the device's stream is %v/%v, want %v: the stream is not the render", i/2, got[i], got[i+1], want)
		}
	}
}

// drive runs w against p on the fake clock for d, looking when w asks and
// calling at(t) (t since the start) before every look; it returns the most
// frames queued after the first 100 ms.
func drive(t *testing.T, w *writer, p *scriptPCM, c *counter, d time.Duration, target int64, at func(time.Duration)) int64 {
	t.Helper()
	t0 := p.now
	most := int64(0)
	for p.now.Sub(t0) < d {
		if at != nil {
			at(p.now.Sub(t0))
		}
		wait, err := w.step(p.now, target, c.render)
		if err != nil {
			t.Fatal(err)
		}
		if p.now.Sub(t0) > 100*time.Millisecond {
			most = max(most, p.queued)
		}
		p.now = p.now.Add(wait)
	}
	return most
}

// The writer keeps the target queued on a device that plays in real time,
// a period at a time, and the device gets the render frame for frame.
func TestWriterKeepsTheBuffer(t *testing.T) {
	p := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames}
	w, c := newWriter(p, PeriodFrames, MaxBufferFrames), &counter{}
	most := drive(t, w, p, c, 2*time.Second, BufferFrames, nil)
	checkStream(t, p.got)
	if most > BufferFrames {
		t.Errorf("up to %d frames queued, want at most the target %d", most, BufferFrames)
	}
	if got := int64(len(p.got) / 2); got < 2*audio.SampleRate {
		t.Errorf("%d frames written in 2 s, want at least 2 s of them", got)
	}
	if w.topUps != 0 || w.restarts != 0 || w.xruns != 0 {
		t.Errorf("top-ups %d, restarts %d, xruns %d on a healthy device, want none", w.topUps, w.restarts, w.xruns)
	}
}

// O5: a device that ran dry and now waits for a pre-buffer bigger than the
// buffer the writer keeps (PulseAudio's ALSA plugin after a server-side
// underrun) never makes the writer wait inside it: after stallFor it is
// topped up as far as it takes, plays again, and the stream stays the
// render.
func TestO5_WriterTopsUpADeviceWaitingForItsPrebuffer(t *testing.T) {
	p := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames, prebuf: MaxBufferFrames - PeriodFrames}
	p.playing = true // started (PulseAudio's trigger on the first write)
	w, c := newWriter(p, PeriodFrames, MaxBufferFrames), &counter{}
	starved := false
	drive(t, w, p, c, 3*time.Second, BufferFrames, func(s time.Duration) {
		if s >= time.Second && !starved { // the writer was not scheduled: the device ran dry
			starved = true
			p.now = p.now.Add(50 * time.Millisecond)
		}
	})
	checkStream(t, p.got)
	if w.topUps != 1 || w.restarts != 0 {
		t.Errorf("top-ups %d, restarts %d; want 1 top-up and no restart", w.topUps, w.restarts)
	}
	if played := w.played; played < 2*audio.SampleRate {
		t.Errorf("the device played %d frames in 3 s, want over 2 s of them", played)
	}
}

// faultAt500ms drives a writer for 2 s on a healthy scripted device that
// fault breaks 500 ms in (until it is restarted), and checks that the
// device got the render frame for frame.
func faultAt500ms(t *testing.T, fault func(*scriptPCM)) (*writer, *scriptPCM) {
	t.Helper()
	p := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames}
	w, c := newWriter(p, PeriodFrames, MaxBufferFrames), &counter{}
	drive(t, w, p, c, 2*time.Second, BufferFrames, func(s time.Duration) {
		if s >= 500*time.Millisecond && s < 510*time.Millisecond && p.restarts == 0 {
			fault(p)
		}
	})
	checkStream(t, p.got)
	return w, p
}

// O5: a device that holds its frames and plays none, even topped up, is
// restarted (its queue dropped, counted); frames rendered and not yet
// taken are written after the restart, so the stream is still the render.
func TestO5_WriterRestartsADeviceThatPlaysNothing(t *testing.T) {
	w, p := faultAt500ms(t, func(p *scriptPCM) { p.dead = true })
	if w.topUps != 1 || w.restarts != 1 || p.restarts != 1 {
		t.Errorf("top-ups %d, restarts %d (device %d); want 1, 1, 1", w.topUps, w.restarts, p.restarts)
	}
	// stallFor(BufferFrames) is 100 ms: the stall costs two of them.
	if played := w.played; played < int64(1.7*audio.SampleRate) {
		t.Errorf("the device played %d frames in 2 s, want over 1.7 s of them", played)
	}
}

// O5: a device that says it is empty yet takes no frames (PulseAudio's
// ALSA plugin, whose ring buffer can disagree with its stream after a
// start) is restarted after emptyStall, without a top-up; the stream
// stays the render.
func TestO5_WriterRestartsADeviceThatTakesNothing(t *testing.T) {
	w, _ := faultAt500ms(t, func(p *scriptPCM) { p.stuck, p.queued = true, 0 })
	if w.topUps != 0 || w.restarts != 1 {
		t.Errorf("top-ups %d, restarts %d; want a restart alone", w.topUps, w.restarts)
	}
	if played := w.played; played < int64(1.5*audio.SampleRate) {
		t.Errorf("the device played %d frames in 2 s, want over 1.5 s of them", played)
	}
}

// O5: a device that stops playing for good (or a writer stuck inside it)
// does not stop the clock: after fallbackAfter the wall clock renders the
// mix, so the mixer's frontier (Due, the Sim, -quit-after) goes on; the
// stall is counted and says so. When the device plays again the writer
// takes the mix back. Real goroutines, a short fallbackAfter; the bounds
// are generous (they check progress, not speed).
func TestO5_StalledDeviceFallsBackToTheWallClock(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	block := make(chan struct{})
	p := &scriptPCM{size: MaxBufferFrames}
	var mu sync.Mutex
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		n := time.Now()
		p.mu.Lock()
		p.now = n
		p.mu.Unlock()
		return n
	}
	now()
	o := newPCMOut(d, p, PeriodFrames, MaxBufferFrames, now, 300*time.Millisecond)
	o.open = func() (pcm, int64, int64, func(), error) { // the same device, opened afresh (waits while it is stuck)
		p.mu.Lock()
		b := p.block
		p.mu.Unlock()
		if b != nil {
			<-b
		}
		return p, PeriodFrames, MaxBufferFrames, nil, nil
	}
	d.out = o
	o.start()
	defer o.close()

	frontier := func() int64 { d.mu.Lock(); defer d.mu.Unlock(); return d.mixer.Frame() }
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatalf("after 10 s: %s", what)
			}
		}
	}
	waitFor("the writer renders", func() bool { return frontier() > 4*PeriodFrames })

	p.mu.Lock()
	p.block = block // the writer's next look at the device never returns
	p.mu.Unlock()
	waitFor("the wall clock takes over", func() bool { s, _ := d.Stalls(); return s.OnWallClock })
	f0, t0 := frontier(), time.Now()
	time.Sleep(500 * time.Millisecond)
	if got, want := frontier()-f0, int64(time.Since(t0).Seconds()*audio.SampleRate/4); got < want {
		t.Errorf("on the wall clock the frontier moved %d frames in %v, want at least a quarter of real time (%d)", got, time.Since(t0), want)
	}
	if s, _ := d.Stalls(); s.Fallbacks != 1 {
		t.Errorf("fallbacks %d, want 1", s.Fallbacks)
	}

	p.mu.Lock()
	p.block = nil
	p.mu.Unlock()
	close(block) // the device answers again and plays
	waitFor("the writer takes the mix back", func() bool { s, _ := d.Stalls(); return !s.OnWallClock })
	f1 := frontier()
	waitFor("the writer renders again", func() bool { return frontier() > f1+4*PeriodFrames })
	if s, _ := d.Stalls(); s.Fallbacks != 1 {
		t.Errorf("after recovery: %+v, want 1 fallback", s)
	}
}

// O5: the writer renders no frame past what the Sim has covered
// (Device.Covered), so a Sim that falls behind makes the device run dry
// rather than a start play late; with no bound (NaN: paused) it renders on.
func TestO5_WriterWaitsForTheSim(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	d.Anchor("session", 0, 1) // sim 0 s = frame 0 + the lead
	d.Covered(0.05)           // the Sim's starts are delivered up to 50 ms
	covered := leadFrames + 2205
	o := newPCMOut(d, &scriptPCM{size: MaxBufferFrames}, PeriodFrames, MaxBufferFrames, time.Now, fallbackAfter)
	buf := make([]float32, 2*PeriodFrames)
	n := int64(0)
	for ; n < 1000; n++ {
		if _, ok := o.render(o.first(), buf); !ok {
			break
		}
	}
	if want := covered / PeriodFrames; n != want {
		t.Fatalf("rendered %d periods before waiting, want %d (the frames below frame %d)", n, want, covered)
	}
	d.Push([]audio.VoiceStart{{Time: 0.05, Slot: 1, Wave: 1}})
	if l := d.TakeLate(); len(l) != 0 {
		t.Fatalf("a start at the covered time is late: %+v", l)
	}
	d.Covered(math.NaN())
	if _, ok := o.render(o.first(), buf); !ok {
		t.Fatal("with no bound the writer still waits")
	}
}

// The buffer covers a writer scheduled late: a look that comes after the
// device must have run dry counts as a late wake, and only then may the
// ALSA writer's buffer grow; an underrun the writer was on time for (a
// stalled sound server) does not grow it.
func TestBufferGrowsForLateWakesOnly(t *testing.T) {
	p := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames}
	w, c := newWriter(p, PeriodFrames, MaxBufferFrames), &counter{}
	drive(t, w, p, c, time.Second, BufferFrames, nil)
	if w.lateWakes != 0 {
		t.Fatalf("%d late wakes on time, want 0", w.lateWakes)
	}
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	o := newPCMOut(d, p, PeriodFrames, MaxBufferFrames, time.Now, fallbackAfter)
	d.out = o
	o.first().w = w
	o.publish(o.first(), p.now)
	if _, grew := d.GrowBuffer(); grew {
		t.Fatal("the buffer grew with no late wake")
	}
	p.now = p.now.Add(frames(w.queued) + time.Millisecond) // the writer sleeps past what the device held
	if _, err := w.step(p.now, BufferFrames, c.render); err != nil {
		t.Fatal(err)
	}
	o.publish(o.first(), p.now)
	if w.lateWakes != 1 {
		t.Fatalf("%d late wakes after sleeping past the queue, want 1", w.lateWakes)
	}
	if b, grew := d.GrowBuffer(); !grew || b != BufferFrames+PeriodFrames {
		t.Fatalf("GrowBuffer() = %d, %v after a late wake; want %d, true", b, grew, BufferFrames+PeriodFrames)
	}
	if _, grew := d.GrowBuffer(); grew {
		t.Fatal("the buffer grew twice for one late wake")
	}
}

// O5: the first start is on time however late the game thread runs after
// anchoring. Anchor bounds the writer at the anchor's frame at once, so a
// game thread descheduled between Anchor and its first Covered (scripted
// here: the writer runs 1 s of device time alone) leaves the device
// waiting, and the starts it then pushes land exactly on the timeline.
func TestO5_AnchorCoversBeforeTheGameThreadRuns(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	p := &scriptPCM{now: time.Unix(100, 0), size: MaxBufferFrames}
	o := newPCMOut(d, p, PeriodFrames, MaxBufferFrames, func() time.Time { return p.now }, fallbackAfter)
	w := newWriter(p, PeriodFrames, MaxBufferFrames)
	a := d.Anchor("session", 2, 1) // sim 2 s = frame 0 + the lead
	if a.Frame != leadFrames {
		t.Fatalf("anchor frame %d, want the lead %d", a.Frame, leadFrames)
	}
	for t0 := p.now; p.now.Sub(t0) < time.Second; { // the game thread is descheduled
		wait, err := w.step(p.now, BufferFrames, func(b []float32) (int64, bool) { return o.render(o.first(), b) })
		if err != nil {
			t.Fatal(err)
		}
		p.now = p.now.Add(wait)
	}
	if f := d.mixer.Frame(); f > a.Frame {
		t.Fatalf("the writer rendered to frame %d past the anchor's %d before the Sim covered it", f, a.Frame)
	}
	d.Push([]audio.VoiceStart{{Time: 2, Slot: 1, Wave: 1}, {Time: 2.01, Slot: 2, Wave: 1}})
	d.Covered(2.02)
	if l := d.TakeLate(); len(l) != 0 {
		t.Fatalf("starts late after the game thread came back: %+v", l)
	}
	// sim 2.01 s lands 441 frames (0.01 s × 44100, independent arithmetic) after the anchor.
	if got := d.FrameOf(2.01); got != a.Frame+441 {
		t.Fatalf("sim 2.01 s at frame %d, want %d", got, a.Frame+441)
	}
}
