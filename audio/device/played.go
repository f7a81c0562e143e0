package device

import "time"

// Played is how much audio the device has played so far (Ebitengine's
// player position: the samples it has consumed, smoothed between reads),
// and whether there is a playing device. The window's clock follows it while
// it keeps real time (game/clock decides). Safe to call from
// the game goroutine: the player guards its own state.
func (d *Device) Played() (time.Duration, bool) {
	if d == nil || d.silent || d.player == nil {
		return 0, false
	}
	return d.player.Position(), true
}
