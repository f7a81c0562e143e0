package measure

import "math"

// spreadChange is what a change e (dB) of a band's averaged level, between
// two averages that do not overlap, feeds that average's spread
// (sustainedZ), given the spread's variance v (dB²) so far: changeVar of
// e, a fall held to zMin spreads. A sound that ends sharply falls by its
// whole height over the noise, and the average straddles the end for
// about eight frames: fed as it is, the end of a tone repeating once a
// second kept its band's averaged spread 1.5–1.7 times as wide half a
// second later as a tone fading out over 150 ms did, and the next tone,
// as high as the last, was lost where a faded one was found. How a sound
// ends says nothing of how the band fluctuates by chance; a fall of zMin
// spreads still counts in full, so the noise's own falls feed the spread
// as before (they pass zMin spreads at the normal tail's rate, 0.13%).
// Rises are not held: a bed's syllables keep the spread wide by them. The
// frame's own spread (changeVar in frame) is not held either: held there,
// clean renders lost starts (docs/gate-onsets.md); its edges are
// forgotten sooner instead (feedSpread).
func spreadChange(e, v float64) float64 {
	if lo := -zMin * math.Sqrt(v); v > 0 && e < lo {
		e = lo
	}
	return changeVar(e)
}
