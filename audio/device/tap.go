package device

import "soundworld/audio"

// SetTap makes every block the device renders go through t as well (the
// window's output meters and capture ring): the samples
// exactly as sent to the player. nil removes it.
func (d *Device) SetTap(t *audio.MeterTap) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.tap = t
	d.mu.Unlock()
}
