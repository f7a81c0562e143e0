package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/internal/crash"
)

// The latency probe (-latency-probe N, scripts/live-smoke.sh): N times, at
// a random moment (as a click arrives between two frames), an input is
// made; the next Update plays a stinger for it, as the Stingers panel's
// button does, and the device places it at the next block (PushNow); a
// watcher then times how long until oto's ALSA goroutine has taken the
// stinger's first frame from the player (Played: it writes it to ALSA
// next). Printed: median and p95 of input → ALSA, and of input → the
// device's output, which adds ALSA's buffer (two periods; the frame taken
// is written behind what ALSA holds). Not counted: the sound server's own
// buffer after ALSA (PulseAudio's null sink adds its own latency).

// probeDev is what the probe needs of the device.
type probeDev interface {
	Inputs() (n, lastFrame int64)
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
	n0, _ := pd.Inputs()
	g.sim.PlayStinger(g.stingerTbl, g.stingers[0].SType) // pushed at this Update's pushStarts
	go func() {                                          // the watcher: 0.25 ms polls of the device
		defer crash.Recover()
		target := time.Duration(-1)
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(250 * time.Microsecond) {
			if n, f := pd.Inputs(); target < 0 && n > n0 {
				target = time.Duration(float64(f+1) / audio.SampleRate * float64(time.Second))
			}
			if pos, ok := pd.Played(); ok && target >= 0 && pos >= target {
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
	alsa := float64(2*device.PeriodFrames) * 1000 / audio.SampleRate
	return fmt.Sprintf("latency: input → ALSA, %d inputs: median %.0f ms, p95 %.0f ms (min %.0f, max %.0f)\n"+
		"latency: input → device output (+ ALSA's buffer, %.1f ms): median %.0f ms, p95 %.0f ms; the sound server's buffer not included",
		len(s), q(0.5), q(0.95), s[0], s[len(s)-1], alsa, q(0.5)+alsa, q(0.95)+alsa)
}
