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
	// Bands: each start's energy per 1/3-octave band over its first
	// OwnWindow (addOwnBands; nil: not read), in start order.
	Bands [][]float64 `json:"-"`
	// Buried: of the starts, how many the recording's noise buries
	// (noiseBurial; set with the verdicts).
	Buried int `json:"buried"`
	// Masked: of the starts, how many our own mix masks (their first
	// OwnWindow more than BuryMargin under the MixWindow of our mix before
	// them: the truth set's rule, so the detector need not see them), and
	// MaskedSeen, how many of those it found all the same. A blind spot is
	// a shortfall of Seen among the others.
	Masked     int `json:"masked"`
	MaskedSeen int `json:"masked_seen"`
}

// MixWindow is the part of our mix before a start (s) that the start's
// own level is held against (the truth set's rule for a masked start).
const MixWindow = 0.150

// mixFloor, dB: the mix before a start is read no quieter than this under
// the render's mean (the truth set's rule: over digital silence a start
// 100 dB down is not within 20 dB of the mix).
const mixFloor = 60.0

// mixLevels returns, per play, the level (dB, both channels' squares per
// sample) of the render l, r over the MixWindow before the play's start,
// no quieter than mixFloor under the render's mean.
func mixLevels(l, r []float32, plays []audio.Play) []float64 {
	sq := func(a, b int) float64 {
		var e float64
		for i := max(a, 0); i < min(b, len(l)); i++ {
			e += float64(l[i])*float64(l[i]) + float64(r[i])*float64(r[i])
		}
		return e
	}
	mean := sq(0, len(l)) / float64(max(len(l), 1))
	w := int(MixWindow * audio.SampleRate)
	out := make([]float64, len(plays))
	for k, p := range plays {
		i0 := int(math.Round(p.Time * audio.SampleRate))
		out[k] = 10 * math.Log10(max(sq(i0-w, i0)/float64(w), mean*math.Pow(10, -mixFloor/10))+1e-30)
	}
	return out
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
// own level (own; nil: none recorded) and whether our mix masks it (mix:
// per play, the render's level before it, mixLevels; nil: not counted).
func addClasses(cls map[uint32]*OneShotClass, plays []audio.Play, detections []float64, own func(audio.Play) float64, mix []float64) {
	for k, p := range plays {
		c := cls[p.Wave]
		if c == nil {
			c = &OneShotClass{Wave: p.Wave}
			cls[p.Wave] = c
		}
		s := sideOf(p.Pan)
		c.Starts[s]++
		lv := math.NaN()
		if own != nil {
			lv = own(p)
			c.Own = append(c.Own, lv)
		}
		i := sort.SearchFloat64s(detections, p.Time-classMatch)
		seen := i < len(detections) && math.Abs(detections[i]-p.Time) <= classMatch
		if seen {
			c.Seen[s]++
		}
		if mix != nil && lv < mix[k]-BuryMargin {
			c.Masked++
			if seen {
				c.MaskedSeen++
			}
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
