package geom

import "soundworld/audio"

// eventsOf is the Snapshot's event list for plays (the one place that knows
// the list's element type).
func eventsOf(p []audio.Play) []audio.Play { return p }
