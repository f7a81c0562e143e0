package device

import (
	"math"

	"soundworld/audio"
)

// webPump is the browser output's bookkeeping (output_web.go), pure so it
// runs in tests: how many frames to render and hand to the audio worklet
// each time the output's goroutine wakes, and whether the worklet plays at
// all. The worklet (webworklet.js) plays from a queue the page's thread
// fills; that thread also draws, a frame at a time, so the queue is kept
// as deep as the Sim has delivered (Covered) and the lead allows, never
// asked for by the worklet.
//
// A worklet that plays nothing for fallbackAfter while it holds frames (a
// browser with no audio output that does not run its AudioContext: its
// clock stands) is no clock: the mix then runs on the wall clock, as the
// ALSA writer's does (pcmOut), handing nothing over, until it plays again.
type webPump struct {
	wrote    int64   // frames handed to the worklet
	played   int64   // frames it has played (its count, unwrapped)
	lastRead int32   // its last count, mod 2^31
	moved    float64 // s, wall time its count last moved (or the first hand-over)
	onWall   bool    // the wall clock has the mix (the worklet plays nothing)
	wallAt   float64 // s, when the wall clock took it
	wallFr   int64   // frames rendered on the wall clock since then
	stalls   int64   // times the wall clock took the mix
	returns  int64   // times the worklet played again after that
	skipped  int64   // frames of the session's leading silence not handed over
}

// webRingFrames is the worklet's queue capacity when shared (a power of two,
// so counts mod 2^31 index it; above MaxLead plus a period): 2.97 s.
const webRingFrames = 1 << 17

// observe takes the worklet's played count (mod 2^31) at wall time s.
func (p *webPump) observe(wall float64, read int32) {
	if d := int64((read - p.lastRead) & 0x7fffffff); d > 0 {
		p.played = min(p.wrote, p.played+d)
		p.lastRead, p.moved = read, wall
		if p.onWall {
			p.onWall = false
			p.returns++
		}
		return
	}
	if !p.onWall && p.wrote > p.played && wall-p.moved > fallbackAfter.Seconds() {
		p.lost(wall)
	}
}

// lost puts the mix on the wall clock: the worklet played nothing for
// fallbackAfter, or could not be made (then for good: it never plays).
func (p *webPump) lost(wall float64) {
	p.onWall, p.wallAt, p.wallFr = true, wall, 0
	p.stalls++
}

// due is how many frames to render now, in whole periods: while the
// worklet plays, enough to keep target frames queued (the caller bounds it
// by what the Sim has covered); on the wall clock, the wall time since it
// took the mix, at most wallBacklog at once.
func (p *webPump) due(wall float64, target int64) int64 {
	var n int64
	if p.onWall {
		n = min(wallBacklog, int64((wall-p.wallAt)*audio.SampleRate)-p.wallFr)
	} else {
		n = min(target, webRingFrames-PeriodFrames) - (p.wrote - p.played)
	}
	return max(0, n/PeriodFrames*PeriodFrames)
}

// rendered counts frames rendered at wall time s: handed over (hand), or
// dropped while on the wall clock.
func (p *webPump) rendered(wall float64, frames int64, hand bool) {
	if !hand {
		p.wallFr += frames
		return
	}
	if p.wrote == p.played {
		p.moved = wall // the worklet's wait for frames starts now
	}
	p.wrote += frames
}

// The browser output's notices (StallStats.Stall and Back). A page cannot
// retry its device as the desktop's writers do (StallNotice): the worklet
// keeps what it was handed and the page resumes its AudioContext at the
// next click or key (web/app.js keepAudioContext); the mix goes back to it
// as soon as it plays again. A worklet that did not load never plays.
const (
	WebStallNotice     = "the browser plays no sound (its AudioContext is not running): the mix runs on the wall clock, silent, until the browser plays again; a click or key in the page resumes it"
	WebNoWorkletNotice = "the browser could not start the sound (its audio worklet did not load): the mix runs on the wall clock, silent, for this session"
	WebReturnNotice    = "the browser plays sound again: it goes on at the mix's frontier, on the same timeline"
)

// webNotices are the stall's and the return's notices and the status's
// words for a worklet that did not load (lostWhy says why) or plays
// nothing.
func webNotices(lostWhy string) (stall, back, wall string) {
	if lostWhy != "" {
		return WebNoWorkletNotice, WebReturnNotice, "the browser's audio worklet did not load"
	}
	return WebStallNotice, WebReturnNotice, "the browser plays no sound"
}

// webWarm are the browser output's warm-up bounds and lead floor: the page
// draws a frame in 16–250 ms (software WebGL 2 at the default size: about
// 70 ms), and the worklet's queue is at most the lead, so the lead's floor
// (300 ms) covers a slow frame and its jitter, and the warm-up waits for
// few frames (3 within 250 ms of each other, at most 0.25 s): the first
// sound should come within a second of the click (its leading silence is
// not queued: leading).
var webWarm = warmBounds{frames: 3, gap: 0.25, max: 0.25, minLead: 3 * audio.SampleRate / 10}

// leading reports whether a rendered period is the session's leading
// silence, not handed over: nothing has been handed yet, it is all zeros,
// and less than a lead of it was skipped. The session's first starts land
// a lead after its anchor (the Timeline), and the worklet's queue starts
// empty: queued, that silence would hold the first sound a lead longer.
// Bounded by the lead, so a session that starts muted or silent cannot
// run its clock ahead of real time.
func (p *webPump) leading(lead int64, buf []float32) bool {
	if p.wrote > 0 || p.skipped+int64(len(buf)/2) > lead {
		return false
	}
	for _, v := range buf {
		if v != 0 {
			return false
		}
	}
	p.skipped += int64(len(buf) / 2)
	return true
}

// playedCheck compares what the worklet played with what was handed to
// it: both sides hash every frame's two float32 words in order (FNV-1a
// over 32-bit words; webworklet.js), and the worklet's hash at its played
// count is compared with the one kept at that count here, at multiples
// of checkQuantum frames (its render quantum: a count between them, after
// an underrun's partial block, is not checked). So the stream through the
// ring or the posted blocks is the mixer's, frame for frame.
type playedCheck struct {
	h     uint32
	n     int64 // frames hashed
	marks [checkMarks]struct {
		n int64
		h uint32
	}
	checks, differ int64
	frames         int64 // the played count of the last check
}

const (
	checkQuantum = 128  // frames: Web Audio's render quantum
	checkMarks   = 4096 // hashes kept: 11.9 s of frames, more than the ring holds
	fnvBasis     = 0x811c9dc5
	fnvPrime     = 16777619
)

// add hashes frames handed over (interleaved stereo).
func (c *playedCheck) add(buf []float32) {
	if c.n == 0 && c.h == 0 {
		c.h = fnvBasis
	}
	for i, v := range buf {
		c.h = (c.h ^ math.Float32bits(v)) * fnvPrime
		if i%2 == 1 {
			c.n++
			if c.n%checkQuantum == 0 {
				m := &c.marks[(c.n/checkQuantum)%checkMarks]
				m.n, m.h = c.n, c.h
			}
		}
	}
}

// check takes the worklet's played count (mod 2^31) and its hash.
func (c *playedCheck) check(read int32, hash uint32) {
	if read == 0 || read%checkQuantum != 0 {
		return
	}
	m := c.marks[(int64(read)/checkQuantum)%checkMarks]
	if m.n&0x7fffffff != int64(read) {
		return // not kept: too old, or not handed yet
	}
	c.checks++
	c.frames = m.n
	if m.h != hash {
		c.differ++
	}
}
