// Package clock turns real time into the window's fixed Sim steps: each Update asks Advance how many 1/60 s ticks to run so that sim
// time = real time × time scale at any frame rate, catching up with several
// ticks per Update when frames are slow, but never fast-forwarding after a
// stall. Real time comes from an injectable Source (the wall clock; tests
// use a fake). While a sound device plays, its frames are the one clock
// instead (audio/device.Session) and Used says how many ticks ran. No
// Ebitengine here: the package is pure and tested headless.
package clock

import (
	"math"

	"soundworld/world"
)

// Step is the sim time of one tick in s (the Sim is always advanced by whole steps).
const Step = 1.0 / world.TickRate

// Bounds of one Update's catch-up.
const (
	// MaxGap is the most real time (s) one Update accounts for: a longer gap
	// (a stall, a debugger, a suspended laptop) is dropped, not fast-forwarded.
	// 0.5 s keeps time down to 2 frames per second.
	MaxGap = 0.5
	// MaxTicks bounds the ticks of one Update (0.5 s at the 4× time scale), so a
	// slow frame cannot make the next one slower without end.
	MaxTicks = 120
	// maxOwed is the most sim time (s) carried to the next Update when
	// MaxTicks was reached; the rest is dropped and shows in Rate.
	maxOwed = 0.25
	// window is the real time (s) over which Rate is measured.
	window = 1.0
)

// Source reports real time in seconds since an arbitrary origin; it must not
// go backwards (a step back counts as no time).
type Source func() float64

// Clock converts real time into ticks. The zero value is not usable: use New.
type Clock struct {
	src     Source
	last    float64
	started bool
	owed    float64 // sim s due but not yet ticked (< Step normally)

	winWant, winDone, winReal float64 // current Rate window: sim s wanted and done, real s
	rate                      float64 // last full window's done/wanted (1 = keeping time)
	lastReal                  float64 // real s of the last Advance (bounded by MaxGap)
	lastN                     int     // ticks the last Advance counted as done
}

// New returns a clock reading src.
func New(src Source) *Clock { return &Clock{src: src, rate: 1} }

// Advance reads the source and returns how many Step ticks the Sim must run
// now at time scale scale (sim s per real s). Paused: no ticks, and the time
// that passes is not owed afterwards. The first call only starts the clock.
func (c *Clock) Advance(scale float64, paused bool) int {
	now := c.src()
	if !c.started || math.IsNaN(now) {
		c.last, c.started, c.lastReal = now, true, 0
		return 0
	}
	dr := now - c.last
	c.last = now
	if !(dr > 0) { // negative, NaN: no time
		dr = 0
	}
	c.lastReal = min(dr, MaxGap)
	if paused || !(scale > 0) {
		c.owed = 0
		return 0
	}
	want := dr * scale // what real time asks for, stall included (Rate sees the drop)
	c.owed += c.lastReal * scale
	n := int(math.Floor(c.owed/Step + 1e-9))
	n = min(n, MaxTicks)
	c.owed = min(c.owed-float64(n)*Step, maxOwed)
	c.winWant += want
	c.winDone += float64(n) * Step
	c.lastN = n
	c.winReal += dr
	if c.winReal >= window {
		if c.winWant > 0 {
			c.rate = min(1, c.winDone/c.winWant)
		}
		c.winWant, c.winDone, c.winReal = 0, 0, 0
	}
	return n
}

// Used says the Sim ran n ticks for the last Advance instead of the ticks
// it returned (the audio device's clock decided, O5), so Rate and Behind
// measure the ticks that ran, not ones thrown away. A window that closed
// in that Advance takes the difference into the next.
func (c *Clock) Used(n int) {
	c.winDone += float64(n-c.lastN) * Step
	c.lastN = n
}

// RealDelta is the real time (s) the last Advance accounted for (≤ MaxGap):
// what walking and turning use, so the listener moves at its speed whatever
// the frame rate, time scale or pause.
func (c *Clock) RealDelta() float64 { return c.lastReal }

// Rate is sim time done over sim time asked for in the last full second of
// real time: 1 when the window keeps time, 0.6 when it manages only 60 %.
func (c *Clock) Rate() float64 { return c.rate }

// Behind reports whether the last measured Rate is noticeably below real time
// (under 0.95×): the status bar must say so.
func (c *Clock) Behind() bool { return c.rate < 0.95 }
