package game

import "soundworld/audio"

// openBridge opens the device for mixer m. TEMPORARY adapter until audio's
// device package lands: no device, the explorer runs silent.
func openBridge(m *audio.Mixer) (bridge, string) {
	return nil, "audio device bridge not available"
}
