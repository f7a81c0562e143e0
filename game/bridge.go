package game

import (
	"soundworld/audio"
	"soundworld/audio/device"
)

// openBridge opens the sound device for mixer m through audio/device; with no
// usable device it returns nil and the reason (the window then runs silent).
func openBridge(m *audio.Mixer) (bridge, string) {
	d, err := device.Open(m)
	if err != nil {
		return nil, err.Error()
	}
	if silent, why := d.Silent(); silent {
		return nil, why
	}
	return d, ""
}
