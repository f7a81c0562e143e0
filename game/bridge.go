package game

import (
	"soundworld/audio"
	"soundworld/audio/device"
)

// openBridge opens the sound device for mixer m through audio/device on the
// output path named (-audio; "" the platform's default); with no usable
// device it returns nil and the reason (the window then runs silent).
func openBridge(m *audio.Mixer, path string) (bridge, string) {
	d, err := device.OpenPath(m, path)
	if err != nil {
		return nil, err.Error()
	}
	if silent, why := d.Silent(); silent {
		return nil, why
	}
	return d, ""
}

// AudioPaths are the sound outputs -audio names; DefaultAudioPath is this
// platform's (audio/device).
var AudioPaths = device.Paths

const DefaultAudioPath = device.DefaultPath
