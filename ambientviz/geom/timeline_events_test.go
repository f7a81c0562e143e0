package geom

import (
	"soundworld/audio"
	"soundworld/world"
)

// eventsOf is the Snapshot's event list for plays (the one place that knows
// the list's element type).
func eventsOf(ps []audio.Play) []world.Event {
	out := make([]world.Event, len(ps))
	for i, p := range ps {
		out[i] = world.Event{Play: p}
	}
	return out
}
