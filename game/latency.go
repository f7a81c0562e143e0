package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"soundworld/audio"
	"soundworld/internal/crash"
)

// The latency probe (-latency-probe N, scripts/live-smoke.sh): N times, at
// a random moment (as a click arrives between two frames), an input is made;
// the next Update plays a stinger for it, as the Stingers panel's button
// does; a watcher then times how long until the device's player has
// consumed the stinger's first frame (its position, which oto hands to ALSA
// as it consumes). Printed: median and p95 of input
// → the device, in ms. Not counted: the sound server's own buffer after
// ALSA (a constant of the setup; PulseAudio's null sink adds its latency).

// probeDev is what the probe needs of the device.
type probeDev interface {
	FrameOf(t float64) int64
	Played() (time.Duration, bool)
}

type latencyProbe struct {
	left    int          // inputs still to make
	armed   atomic.Int64 // UnixNano of an input not yet seen by Update (0 none)
	pending bool         // an input is on its way to the device
	samples []float64    // ms
	done    chan float64 // the watcher's result (ms; < 0 gave up)
	timer   *time.Timer
}

// startLatencyProbe arms the first input.
func (g *Game) startLatencyProbe(n int) {
	if n <= 0 {
		return
	}
	g.lat = &latencyProbe{left: n, done: make(chan float64, 1)}
	g.lat.arm()
}

// arm makes the next input 1–2 s from now.
func (p *latencyProbe) arm() {
	p.timer = time.AfterFunc(time.Second+time.Duration(rand.Int64N(int64(time.Second))), func() {
		p.armed.Store(time.Now().UnixNano())
	})
}

// updateLatencyProbe runs in Update: an input seen plays a stinger and
// starts its watcher; a watcher's result arms the next input.
func (g *Game) updateLatencyProbe() {
	p := g.lat
	if p == nil {
		return
	}
	select {
	case ms := <-p.done:
		p.pending = false
		if ms >= 0 {
			p.samples = append(p.samples, ms)
		}
		if p.left > 0 {
			p.arm()
		}
	default:
	}
	t0 := p.armed.Load()
	if t0 == 0 || p.pending || len(g.stingers) == 0 {
		return
	}
	p.armed.Store(0)
	d, ok := g.live()
	pd, ok2 := d.(probeDev)
	if !ok || !ok2 {
		return
	}
	p.left--
	p.pending = true
	play := g.sim.PlayStinger(g.stingerTbl, g.stingers[0].SType)
	frame := pd.FrameOf(play.Time)
	go func() { // the watcher: 1 ms polls of the player's position
		defer crash.Recover()
		target := time.Duration(float64(frame) / audio.SampleRate * float64(time.Second))
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
			if pos, ok := pd.Played(); ok && pos >= target {
				p.done <- float64(time.Now().UnixNano()-t0) / 1e6
				return
			}
		}
		p.done <- -1
	}()
}

// latencyReport is the probe's line: median and p95 of input → device.
func (p *latencyProbe) report() string {
	if p == nil {
		return ""
	}
	if len(p.samples) == 0 {
		return "latency: no measurement (no device clock, or no stinger in the UI table)"
	}
	s := slices.Clone(p.samples)
	slices.Sort(s)
	q := func(f float64) float64 { return s[min(len(s)-1, int(f*float64(len(s))))] }
	return fmt.Sprintf("latency: input → device, %d inputs: median %.0f ms, p95 %.0f ms (min %.0f, max %.0f; the sound server's buffer not included)",
		len(s), q(0.5), q(0.95), s[0], s[len(s)-1])
}
