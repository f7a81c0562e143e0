package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"
)

// The latency probe (-latency-probe N, scripts/live-smoke.sh): N times, at
// a random moment (as a click arrives between two frames), an input is
// made; the next Update plays a stinger for it, as the Stingers panel's
// button does, and the device places it at the next period it renders
// (PushNow); the session's watcher (Session.WatchInput) then times how long until the stinger's first frame
// has been written to the device, and until the device has played it
// (written − snd_pcm_delay: ALSA's hardware pointer, or what the sound
// server reports through it). Printed: median and p95 of both, in ms, and
// of their two parts: input → the Update that saw it (set by the window's
// frame rate) and that Update → played (the audio path).

type latencyProbe struct {
	left    int             // inputs still to make
	armed   atomic.Int64    // UnixNano of an input not yet seen by Update (0 none)
	pending bool            // an input is on its way to the device
	written []float64       // ms, input → its first frame written to the device
	played  []float64       // ms, input → that frame played by the device
	seen    []float64       // ms, input → the Update that played the stinger (the frame rate's share)
	done    chan [3]float64 // the watcher's result (ms; < 0 gave up)
	timer   *time.Timer
}

// startLatencyProbe arms the first input.
func (g *Game) startLatencyProbe(n int) {
	if n <= 0 {
		return
	}
	g.lat = &latencyProbe{left: n, done: make(chan [3]float64, 1)}
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
		if ms[0] >= 0 && ms[1] >= 0 {
			p.written = append(p.written, ms[0])
			p.played = append(p.played, ms[1])
			p.seen = append(p.seen, ms[2])
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
	seen := float64(time.Now().UnixNano()-t0) / 1e6
	if !g.st.AudioOn || !g.sess.WatchInput(time.Unix(0, t0), func(w, pl float64) { p.done <- [3]float64{w, pl, seen} }) {
		return // no device: no measurement
	}
	p.left--
	p.pending = true
	g.sim.PlayStinger(g.stingerTbl, g.stingers[0].SType) // pushed at this Update's pushStarts
}

// report is the probe's lines: median and p95 of input → written and of
// input → played, in ms.
func (p *latencyProbe) report() string {
	if p == nil {
		return ""
	}
	if len(p.played) == 0 {
		return "latency: no measurement (no device clock, or no stinger in the UI table)"
	}
	line := func(what string, v []float64) string {
		s := slices.Clone(v)
		slices.Sort(s)
		q := func(f float64) float64 { return s[min(len(s)-1, int(f*float64(len(s))))] }
		return fmt.Sprintf("latency: input → %s, %d inputs: median %.0f ms, p95 %.0f ms (min %.0f, max %.0f)",
			what, len(s), q(0.5), q(0.95), s[0], s[len(s)-1])
	}
	path := make([]float64, len(p.played))
	for i := range path {
		path[i] = p.played[i] - p.seen[i]
	}
	return line("written to the device", p.written) + "\n" + line("played by the device", p.played) + "\n" +
		line("the Update that saw it (the window's frame rate)", p.seen) + "\n" +
		line("played, from that Update (the audio path)", path)
}
