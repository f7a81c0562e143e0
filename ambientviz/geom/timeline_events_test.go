package geom

import (
	"soundworld/audio"
	"soundworld/world"
)

// eventsOf is the Snapshot's event list for plays (the one place that knows
// the list's element type).
func eventsOf(p []audio.Play) []world.Event {
	out := make([]world.Event, len(p))
	for i := range p {
		out[i].Play = p[i]
	}
	return out
}
