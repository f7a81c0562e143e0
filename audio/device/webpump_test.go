package device

import (
	"math"
	"testing"

	"soundworld/audio"
)

// The browser output keeps the worklet's queue at the target, in whole
// periods, and counts what the worklet played from its count mod 2^31.
func TestWebPumpKeepsTarget(t *testing.T) {
	var p webPump
	if n := p.due(0, 1000); n != 3*PeriodFrames { // 1000 frames wanted: 3 whole periods (768)
		t.Fatalf("due on an empty queue = %d, want %d", n, 3*PeriodFrames)
	}
	p.rendered(0, 768, true)
	if n := p.due(0, 1000); n != 0 { // 232 short: less than a period
		t.Errorf("due with 768 of 1000 queued = %d, want 0", n)
	}
	p.observe(0.01, 512) // the worklet played 512
	if p.played != 512 {
		t.Fatalf("played %d, want 512", p.played)
	}
	if n := p.due(0.01, 1000); n != 2*PeriodFrames { // 256 queued: 744 short, 2 whole periods
		t.Errorf("due with 256 queued = %d, want %d", n, 2*PeriodFrames)
	}
	// Never more than the shared ring holds, less a period.
	if n := p.due(0.01, 10*webRingFrames); n != webRingFrames-PeriodFrames-256 {
		t.Errorf("due for a target past the ring = %d, want %d", n, webRingFrames-PeriodFrames-256)
	}
}

// The worklet's count wraps at 2^31; the played total does not.
func TestWebPumpCountWraps(t *testing.T) {
	p := webPump{wrote: 1 << 32, played: 1<<32 - 100, lastRead: 0x7fffffff - 99}
	p.observe(1, 50) // 100 frames to the wrap, then 50 more: 150 played
	if p.played != 1<<32 {
		t.Errorf("played %d, want %d (never past what was written)", p.played, int64(1<<32))
	}
	p = webPump{wrote: 1 << 40, played: 1 << 30, lastRead: 0x7fffffff - 99}
	p.observe(1, 50)
	if want := int64(1<<30 + 150); p.played != want {
		t.Errorf("played %d, want %d", p.played, want)
	}
}

// A worklet that plays nothing for fallbackAfter while it holds frames is
// no clock: the wall clock renders the mix (dropped, nothing handed over)
// until the worklet plays again.
func TestWebPumpStallFallsBackToWall(t *testing.T) {
	var p webPump
	p.rendered(1, 4*PeriodFrames, true) // handed at 1 s; the worklet's wait starts then
	lim := fallbackAfter.Seconds()
	p.observe(1+lim-0.01, 0)
	if p.onWall {
		t.Fatal("on the wall clock before fallbackAfter")
	}
	p.observe(1+lim+0.01, 0)
	if !p.onWall || p.stalls != 1 {
		t.Fatalf("onWall %v stalls %d after fallbackAfter of nothing played; want true 1", p.onWall, p.stalls)
	}
	at := 1 + lim + 0.01
	if n := p.due(at+0.02, 0); n != 3*PeriodFrames { // 20 ms = 882 frames: 3 whole periods
		t.Errorf("due 20 ms on the wall clock = %d, want %d", n, 3*PeriodFrames)
	}
	if n := p.due(at+10, 0); n != wallBacklog {
		t.Errorf("due 10 s on the wall clock = %d, want the backlog bound %d", n, wallBacklog)
	}
	p.rendered(at+0.1, 4096, false)
	if p.wrote != 4*PeriodFrames || p.wallFr != 4096 {
		t.Errorf("wrote %d wallFr %d: the wall clock's frames are not handed over", p.wrote, p.wallFr)
	}
	p.observe(at+0.2, 128)
	if p.onWall || p.returns != 1 || p.played != 128 {
		t.Errorf("after the worklet played again: onWall %v returns %d played %d; want false 1 128", p.onWall, p.returns, p.played)
	}
}

// The browser's output has its own warm-up and a 300 ms lead floor;
// every other output keeps the desktop's.
func TestWarmBoundsPerOutput(t *testing.T) {
	d := newDevice(audio.NewMixer(nil))
	if b := d.warmBounds(); b != warmDevice || b.minLead != audio.SampleRate/10 {
		t.Errorf("no output: %+v, want the desktop's (100 ms floor)", b)
	}
	d.out = warmOut{}
	if b := d.warmBounds(); b.minLead != 13230 || b.max != 0.25 || b.frames != 3 {
		t.Errorf("browser output: %+v, want 3 frames, at most 0.25 s, a 13230-frame (300 ms) floor", b)
	}
}

// warmOut is an output with the browser's bounds.
type warmOut struct{ output }

func (warmOut) warm() warmBounds { return webWarm }

// The session's leading silence (its first starts land a lead after the
// anchor) is not queued, up to a lead of it; sound, or anything after the
// first hand-over, is.
func TestWebPumpSkipsLeadingSilence(t *testing.T) {
	var p webPump
	zeros, loud := make([]float32, 2*PeriodFrames), make([]float32, 2*PeriodFrames)
	loud[7] = 0.25
	lead := int64(3 * PeriodFrames)
	for i := 0; i < 3; i++ {
		if !p.leading(lead, zeros) {
			t.Fatalf("period %d of silence within the lead was queued", i)
		}
	}
	if p.leading(lead, zeros) {
		t.Error("a fourth period of silence skipped: more than the lead (the clock would run ahead)")
	}
	p = webPump{}
	if p.leading(lead, loud) {
		t.Error("a period with sound skipped")
	}
	p.rendered(0, PeriodFrames, true)
	if p.leading(lead, zeros) {
		t.Error("silence after the first hand-over skipped")
	}
}

// In the browser the worklet's queue is the lead: an underrun grows the
// lead by the silence the worklet played (in 10 ms steps), not by a step.
func TestBrowserUnderrunGrowsLeadByItsSilence(t *testing.T) {
	d, _ := NewScripted(audio.NewMixer(nil), func() float64 { return 0 })
	o := &dryOut{}
	d.out, d.ownPace = o, true
	s := NewSession(d, &hostRec{})
	d.SetLead(13230)             // 300 ms
	o.frames, o.events = 2205, 1 // 50 ms of silence played
	s.takeLate(d, 1)
	if got := d.LeadFrames(); got != 13230+2205 {
		t.Errorf("lead %d after 50 ms dry, want %d (300 + 50 ms)", got, 13230+2205)
	}
	o.frames, o.events = 2205+100, 2 // 2.3 ms more: one 10 ms step
	s.takeLate(d, 2)
	if got := d.LeadFrames(); got != 13230+2205+441 {
		t.Errorf("lead %d after 2.3 ms more dry, want %d", got, 13230+2205+441)
	}
}

// dryOut is an output that counts its own underruns.
type dryOut struct {
	output
	frames, events int64
}

func (o *dryOut) underruns() (int64, int64) { return o.frames, o.events }
func (o *dryOut) setBuffer(int64)           {}

// An output that counts its own underruns renders in bursts ahead of what
// it plays (the browser's worklet): the pace check is off for it, so a
// burst is no "fast device" (the session would drop it) and the Device's
// underruns are the output's.
func TestOwnPaceOutputIsNeverFast(t *testing.T) {
	for _, own := range []bool{true, false} {
		wall := 0.0
		d := newDevice(audio.NewMixer(nil))
		d.wall = func() float64 { return wall }
		o := &dryOut{frames: 441, events: 1}
		d.out, d.ownPace = o, own
		buf := make([]float32, 2*PeriodFrames)
		for burst := 0; burst < 20; burst++ { // 100 periods (580 ms) at once every 300 ms: 1.9 × real time
			for i := 0; i < 100; i++ {
				d.render(buf)
			}
			wall += 0.3
		}
		if own && d.Fast() {
			t.Error("a bursting output that counts its own underruns was judged fast")
		}
		if !own && !d.Fast() { // the same bursts through the pace check (the check above can fail)
			t.Error("1.9 × real time through the pace check not judged fast")
		}
		if fr, ev := d.Underruns(); own && (fr != 441 || ev != 1) {
			t.Errorf("Underruns %d frames, %d events; want the output's 441, 1", fr, ev)
		}
	}
}

// The worklet's hash of what it played is compared with the hash of what
// was handed over at its played count: the same frames check equal, a
// changed sample differs, a count between render quanta is not checked.
func TestPlayedCheck(t *testing.T) {
	var c playedCheck
	buf := make([]float32, 2*PeriodFrames)
	for i := range buf {
		buf[i] = float32(i%97) / 97
	}
	c.add(buf)
	c.add(buf)
	// The worklet's side, written out: FNV-1a (basis 2166136261, prime
	// 16777619) over the words of the first 384 frames.
	h := uint32(2166136261)
	for f := 0; f < 384; f++ {
		for ch := 0; ch < 2; ch++ {
			h ^= math.Float32bits(buf[(2*f+ch)%len(buf)])
			h *= 16777619
		}
	}
	c.check(384, h)
	if c.checks != 1 || c.differ != 0 || c.frames != 384 {
		t.Fatalf("same frames: checks %d differ %d frames %d; want 1 0 384", c.checks, c.differ, c.frames)
	}
	c.check(384, h^1)
	if c.checks != 2 || c.differ != 1 {
		t.Errorf("a different hash: checks %d differ %d; want 2 1", c.checks, c.differ)
	}
	c.check(300, h) // not a multiple of 128: not checked
	c.check(640, h) // not handed yet
	if c.checks != 2 {
		t.Errorf("checks %d after counts that cannot be checked; want 2", c.checks)
	}
}

// A worklet that could not be made leaves the mix on the wall clock, so
// the Sim goes on (silent).
func TestWebPumpLostWorkletRunsOnWall(t *testing.T) {
	var p webPump
	p.lost(2)
	if !p.onWall || p.stalls != 1 {
		t.Fatalf("onWall %v stalls %d; want true 1", p.onWall, p.stalls)
	}
	if n := p.due(2.02, 0); n != 3*PeriodFrames {
		t.Errorf("due 20 ms after = %d, want %d", n, 3*PeriodFrames)
	}
	p.observe(5, 0)
	if !p.onWall {
		t.Error("left the wall clock with nothing played")
	}
}
