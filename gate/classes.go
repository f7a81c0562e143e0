package gate

import (
	"math"
	"sort"

	"soundworld/audio"
)

// OneShotClass is, for one wave, how many one-shot starts our renders had
// on each side and how many of them the onset detector found there: a side or a wave the detector does not see shows as a gap
// instead of a verdict trusted blindly. Sides by S4's pan: left (pan < 0),
// centre (0), right (pan > 0). Summed over the seeds.
type OneShotClass struct {
	Wave   uint32 `json:"wave"`
	Name   string `json:"name"`   // the wave's name (package names; "wave 0x…" when it has none)
	Starts [3]int `json:"starts"` // left, centre, right
	Seen   [3]int `json:"seen"`   // of those, found within ±30 ms
}

// classMatch is the detector's match window (s) for a start.
const classMatch = 0.030

// sideOf is a start's side: 0 left, 1 centre, 2 right (S4: a positive pan
// attenuates the left).
func sideOf(pan int) int {
	switch {
	case pan < 0:
		return 0
	case pan > 0:
		return 2
	}
	return 1
}

// addClasses counts plays (the one-shot starts of one render) and which of
// them the detections (s) found into cls, keyed by wave.
func addClasses(cls map[uint32]*OneShotClass, plays []audio.Play, detections []float64) {
	for _, p := range plays {
		c := cls[p.Wave]
		if c == nil {
			c = &OneShotClass{Wave: p.Wave}
			cls[p.Wave] = c
		}
		s := sideOf(p.Pan)
		c.Starts[s]++
		i := sort.SearchFloat64s(detections, p.Time-classMatch)
		if i < len(detections) && math.Abs(detections[i]-p.Time) <= classMatch {
			c.Seen[s]++
		}
	}
}

// sortedClasses lists cls by wave.
func sortedClasses(cls map[uint32]*OneShotClass) []OneShotClass {
	out := make([]OneShotClass, 0, len(cls))
	for _, c := range cls {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Wave < out[j].Wave })
	return out
}
