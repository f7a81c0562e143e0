package device

import (
	"time"

	"soundworld/audio"
)

// Played is how much audio the device has taken so far: the frames the
// stream handed to the player less those still in the player's buffer (oto's
// ALSA goroutine takes a period at a time and writes it to ALSA), and
// whether there is a playing device. The window's clock follows it while it
// keeps real time (game/clock decides). Safe to call from any goroutine.
func (d *Device) Played() (time.Duration, bool) {
	if d == nil || d.silent || d.player == nil {
		return 0, false
	}
	f := (d.sent.Load() - int64(d.player.BufferedSize())) / 8
	return time.Duration(max(0, f)) * time.Second / audio.SampleRate, true
}

// Handed is how many frames the stream has handed the player so far and how
// many of them are still in the player's buffer (live-smoke's accounting:
// what the device took that the mixer never rendered is the rest).
func (d *Device) Handed() (sent, buffered int64) {
	if d == nil || d.player == nil {
		return 0, 0
	}
	return d.sent.Load() / 8, int64(d.player.BufferedSize()) / 8
}
