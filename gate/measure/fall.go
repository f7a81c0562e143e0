package measure

import "math"

// How fast the recording's sounds end. A sound that stops (a one-shot's
// last sample, a door's thud) falls by tens of dB within a frame or two; in
// a room its energy dies away at 60 dB per RT60 (200 dB/s at RT60 0.3 s,
// 4.6 dB in 23 ms), so a room caps how fast anything falls. The gate
// compares this cap with our seeds' to tell that a recording was made in a
// room (and so its onsets are smeared) from the recording alone.
const (
	fallFrames = 2    // frames (23 ms): f and f+2 do not overlap
	fallGroup  = 5    // novelty bands summed: about a half octave, several bins from 500 Hz up
	fallLoBin  = 12   // 516 Hz: below, a group holds too few bins to be steady
	fallFloor  = 1e-3 // a group's level is read no lower than 30 dB under its mean power over the take: a sound falling into digital silence and one into a recording's noise 40 dB down read alike
)

// fastestFall is the largest fall (dB/s) of any band group's level over
// fallFrames frames, among kept frames: mid and side power together
// (L² + R²), groups of fallGroup bands from fallLoBin up, each floored at
// fallFloor of its own mean power so that digital silence after a sound
// reads as a finite fall and the recording's gain changes nothing.
func fastestFall(mid, side *novelty, kept func(a, b int) bool) float64 {
	nb := len(mid.edges) - 1
	lev := make([]float64, mid.frames)
	var worst float64
	for g := 0; g+fallGroup <= nb; g += fallGroup {
		if mid.edges[g] < fallLoBin {
			continue
		}
		var mean float64
		for f := range lev {
			var e float64
			for b := g; b < g+fallGroup; b++ {
				e += float64(mid.pow[f*nb+b]) + float64(side.pow[f*nb+b])
			}
			lev[f] = e
			mean += e
		}
		floor := fallFloor*mean/float64(max(len(lev), 1)) + math.SmallestNonzeroFloat64
		for f := range lev {
			lev[f] = 10 * math.Log10(lev[f]+floor)
		}
		for f := 0; f+fallFrames < len(lev); f++ {
			if d := lev[f] - lev[f+fallFrames]; d > worst && kept(f*fluxHop, (f+fallFrames)*fluxHop+fluxN) {
				worst = d
			}
		}
	}
	return worst / (fallFrames * fluxHop / float64(Rate))
}
