package clock

import (
	"math"
	"testing"
)

// fake is a settable real-time source.
type fake struct{ t float64 }

func (f *fake) now() float64 { return f.t }

// run drives a clock at fps frames per second for secs of real time at scale
// and returns the sim time done (ticks × Step).
func run(c *Clock, f *fake, fps, secs, scale float64) float64 {
	frames := int(math.Round(secs * fps))
	ticks := 0
	for i := 0; i < frames; i++ {
		f.t += 1 / fps
		ticks += c.Advance(scale, false)
	}
	return float64(ticks) * Step
}

// Sim time = real time × time scale at 5, 20 and 60 FPS.
func TestClock_KeepsRealTimeAtAnyFrameRate(t *testing.T) {
	for _, fps := range []float64{5, 20, 60} {
		for _, scale := range []float64{0.25, 1, 4} {
			f := &fake{}
			c := New(f.now)
			c.Advance(scale, false) // starts the clock
			got := run(c, f, fps, 10, scale)
			want := 10 * scale // independent: 10 s of real time at scale
			if math.Abs(got-want) > Step+1e-9 {
				t.Errorf("%v FPS at %v×: got %.4f s of sim time in 10 s, want %.4f ± one step", fps, scale, got, want)
			}
			if c.Behind() {
				t.Errorf("%v FPS at %v×: Behind() = true with rate %v, want keeping time", fps, scale, c.Rate())
			}
		}
	}
}

// A stall (a 30 s gap between frames) is not fast-forwarded: at most MaxGap
// of it is ticked, and Rate reports the loss.
func TestClock_StallIsBounded(t *testing.T) {
	f := &fake{}
	c := New(f.now)
	c.Advance(1, false)
	f.t += 30
	n := c.Advance(1, false)
	if want := int(MaxGap / Step); n != want {
		t.Errorf("after a 30 s stall: got %d ticks, want %d (MaxGap %.1f s)", n, want, MaxGap)
	}
	if !c.Behind() || c.Rate() > 0.02 {
		t.Errorf("after a stall: got rate %v, want ≈ 0.5/30 and Behind", c.Rate())
	}
	run(c, f, 60, 3, 1) // recovers
	if c.Behind() {
		t.Errorf("3 s after the stall at 60 FPS: got rate %v, want keeping time", c.Rate())
	}
}

// A machine that cannot keep up (frames of 0.8 s real) ticks 0.5 s per frame
// and Rate says 0.625× (0.5/0.8).
func TestClock_SlowMachineReportsRate(t *testing.T) {
	f := &fake{}
	c := New(f.now)
	c.Advance(1, false)
	run(c, f, 1/0.8, 8, 1)
	if r := c.Rate(); math.Abs(r-0.625) > 0.01 || !c.Behind() {
		t.Errorf("0.8 s frames: got rate %v, want 0.625 and Behind", r)
	}
}

// MaxTicks bounds one Update even at 4× after a long frame.
func TestClock_MaxTicksPerUpdate(t *testing.T) {
	f := &fake{}
	c := New(f.now)
	c.Advance(4, false)
	f.t += MaxGap
	if n := c.Advance(4, false); n != MaxTicks {
		t.Errorf("0.5 s at 4×: got %d ticks, want %d", n, MaxTicks)
	}
}

// Paused: no ticks, and the paused time is not owed when resuming.
func TestClock_PauseOwesNothing(t *testing.T) {
	f := &fake{}
	c := New(f.now)
	c.Advance(1, false)
	for i := 0; i < 60; i++ {
		f.t += 1.0 / 60
		if n := c.Advance(1, true); n != 0 {
			t.Fatalf("paused: got %d ticks, want 0", n)
		}
	}
	f.t += 1.0 / 60
	if n := c.Advance(1, false); n != 1 {
		t.Errorf("first frame after pause: got %d ticks, want 1", n)
	}
	if d := c.RealDelta(); math.Abs(d-1.0/60) > 1e-12 {
		t.Errorf("RealDelta got %v, want 1/60", d)
	}
}
