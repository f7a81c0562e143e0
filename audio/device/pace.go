package device

import "soundworld/audio"

// pace watches how fast the device consumes the mixer's frames against the
// wall clock (spec O5). Two things come out of it:
//
//   - Fast: over a window of at least paceWindow s of wall time the device
//     consumed more than FastRatio × real time. Such a device (ALSA's null
//     PCM consumes 95–640× real time) is no clock: it is treated as no
//     device. The first paceWarmup s are not judged: the player and ALSA
//     fill their buffers at once when playback starts.
//   - Underrun frames: frames of real time the device was not given. While
//     a device keeps real time, deficit = wall frames − consumed frames,
//     taken right after each read, has a floor (minus the buffered audio).
//     A stall of this process that the buffers cover raises it only until
//     the reads catch up; an underrun (the device ran dry and played
//     silence) raises it for good. So each window's lowest deficit is
//     compared with the lowest of all earlier windows: the rise, less
//     underrunSlack, is the underrun total. Clock drift between the card
//     and the wall clock (tens of ppm) adds under 0.1 s an hour.
//
// Only a device's consumption is observed. Frames rendered while no device
// plays — on the wall clock before the open answers or after a device was
// lost (renderWall) — are heard by no one: no device ran dry, and they are
// no device's speed. Each restarts the observation, as a pause does, so
// the device that plays next begins it anew: the gap between the wall
// clock and its frontier, the frames the wall clock skipped and the
// silence before a lost device was given up are none of its underruns
// (O5: a lost device is counted as a stall, Fallbacks).
//
// Pure: the caller gives wall time and the consumed total; the Device calls
// observe and restart on the audio goroutine under its lock.
type pace struct {
	started          bool
	wall0            float64 // s, first observation
	frames0          int64
	winWall          float64 // s, current window start (0: warm-up)
	winFrames        int64
	winMin           int64 // lowest deficit of the current window
	floor            int64 // lowest window minimum so far
	hasFloor         bool
	fast             bool
	underrun, events int64
	carried          int64 // underrun frames before the last restart
}

// Fast-device and underrun bounds.
const (
	FastRatio     = 1.25 // consumed / real time above which a device is no clock (O5)
	paceWindow    = 1.0  // s of wall time per check
	paceWarmup    = 0.5  // s after the first read before anything is judged
	underrunSlack = audio.SampleRate / 100
)

// restart begins the observation anew: the mix stood (a pause), and the
// frames not consumed meanwhile are no underrun. The totals and the
// verdict stay.
func (p *pace) restart() {
	*p = pace{fast: p.fast, underrun: p.underrun, events: p.events, carried: p.underrun}
}

// observe records that the device has consumed frames in total (the mixer's
// frontier) at wall time s.
func (p *pace) observe(wall float64, frames int64) {
	if !p.started {
		p.started, p.wall0, p.frames0 = true, wall, frames
		return
	}
	if wall-p.wall0 < paceWarmup {
		return
	}
	deficit := int64((wall-p.wall0)*audio.SampleRate) - (frames - p.frames0)
	if p.winWall == 0 {
		p.winWall, p.winFrames, p.winMin = wall, frames, deficit
	}
	p.winMin = min(p.winMin, deficit)
	dw := wall - p.winWall
	if dw < paceWindow {
		return
	}
	if float64(frames-p.winFrames) > FastRatio*dw*audio.SampleRate {
		p.fast = true
	}
	if !p.hasFloor {
		p.floor, p.hasFloor = p.winMin, true
	}
	if u := p.carried + p.winMin - p.floor - underrunSlack; u > p.underrun {
		p.events++
		p.underrun = u
	}
	p.floor = min(p.floor, p.winMin)
	p.winWall, p.winFrames, p.winMin = wall, frames, deficit
}
