package clock

// Audio is the window's real-time Source: it follows the audio device's
// played position (the samples the device has consumed) while the device
// keeps real time, and the wall clock otherwise.
//
// A device is followed only while its rate over the last checked span of
// ≥ 2 s of wall time is within 0.8..1.25× the wall clock: a null ALSA device
// (no sound card) consumes samples as fast as it can, tens of times real
// time, and a stopped or stalled device does not advance at all; following
// either would make the Sim race or freeze. Between checks the time given out
// is the device's, so audio and Sim stay in step to the device's sample clock.
type Audio struct {
	Wall   Source                 // s, monotonic
	Device func() (float64, bool) // played position in s; false = no device / not playing

	now                   float64 // s given out so far
	lastWall, lastDev     float64
	spanWall, spanDev     float64
	trusted, started, had bool
}

// checkSpan is the wall time (s) over which the device's rate is checked.
const checkSpan = 2.0

// Now is the Source: real seconds since the first call.
func (a *Audio) Now() float64 {
	w := a.Wall()
	d, ok := 0.0, false
	if a.Device != nil {
		d, ok = a.Device()
	}
	if !a.started {
		a.started, a.lastWall, a.lastDev, a.had = true, w, d, ok
		return a.now
	}
	dw := max(0, w-a.lastWall)
	dd := d - a.lastDev
	a.lastWall, a.lastDev = w, d
	if !ok || !a.had || dd < 0 { // no device, just (re)appeared, or rewound: wall, restart the check
		a.had = ok
		a.trusted, a.spanWall, a.spanDev = false, 0, 0
		a.now += dw
		return a.now
	}
	a.spanWall += dw
	a.spanDev += dd
	if a.spanWall >= checkSpan {
		r := a.spanDev / a.spanWall
		a.trusted = r >= 0.8 && r <= 1.25
		a.spanWall, a.spanDev = 0, 0
	}
	if a.trusted {
		a.now += dd
	} else {
		a.now += dw
	}
	return a.now
}

// FollowsDevice reports whether the time given out is the device's.
func (a *Audio) FollowsDevice() bool { return a.trusted }
