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
	// Own: each start's own level, dB (OwnLevel), in start order.
	Own []float64 `json:"own_db"`
	// Buried: of the starts, how many the recording's noise buries
	// (noiseBurial; set with the verdicts).
	Buried int `json:"buried"`
}

// OwnWindow is the start of a one-shot whose energy is its own level
// (OwnLevel), s: the truth set's rule for a masked start.
const OwnWindow = 0.050

// OwnLevel is the energy (dB, the sum of both channels' squares per
// sample) of the first OwnWindow of a play's wave (interleaved stereo
// samples) at its S4 gains, the window's silent remainder counted when
// the wave is shorter.
func OwnLevel(wave []float32, p audio.Play) float64 {
	gl, gr := audio.Gains(p.DB, p.Pan)
	w := int(OwnWindow * audio.SampleRate)
	var e float64
	for i := 0; i < min(w, len(wave)/2); i++ {
		a, b := float64(wave[2*i]*gl), float64(wave[2*i+1]*gr)
		e += a*a + b*b
	}
	return 10 * math.Log10(e/float64(w)+1e-30)
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
// them the detections (s) found into cls, keyed by wave, with each start's
// own level (own; nil: none recorded).
func addClasses(cls map[uint32]*OneShotClass, plays []audio.Play, detections []float64, own func(audio.Play) float64) {
	for _, p := range plays {
		c := cls[p.Wave]
		if c == nil {
			c = &OneShotClass{Wave: p.Wave}
			cls[p.Wave] = c
		}
		s := sideOf(p.Pan)
		c.Starts[s]++
		if own != nil {
			c.Own = append(c.Own, own(p))
		}
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
