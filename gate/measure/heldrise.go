package measure

// A short start under a bed. The rise a candidate is held to (minBandRise)
// is read over the 150 ms after it, and a start that holds over the bed
// for less than that (a hammer's click and the first ring of its
// partials, centred under a town's murmur, where the side holds only
// noise) shares those 150 ms with the bed that follows it: it rises well
// over minBandRise in its first 58 ms and under it over 150 ms, and is
// refused though the score found it and it is audible. So a candidate
// also passes when its fired bands, over its own first sustainFrames
// frames (58 ms: the 50 ms over which the issue judges a start, in whole
// frames), stand minBandRise over the loudest sustainFrames frames of the
// 150 ms before it. Against the loudest span before it, not the mean: a
// bed's syllables each rise over the gaps around them, but not by chance
// over the last syllable by minBandRise; what stands over it is something
// added to the bed. A tick (a click held by one or two frames) counts a
// quarter to a half of its power over the 58 ms, so under a bed as loud
// before it, it stays under; a click that stands over even the loudest
// 58 ms before it is a start (TestClicksAreStarts).

// standsOver says whether bands m over frames f … f+sustainFrames−1 hold
// minBandRise (dB) more power than over the loudest sustainFrames
// consecutive frames of the spanFrames before frame f−1 (those wholly in
// the signal; false when none is).
func (nv *novelty) standsOver(f int, m uint64) bool {
	loudest, seen := 0.0, false
	for g := max(0, f-1-spanFrames); g+sustainFrames <= f-1; g++ {
		loudest, seen = max(loudest, nv.bandPower(g, g+sustainFrames, m)), true
	}
	return seen && db(nv.bandPower(f, f+sustainFrames, m))-db(loudest) >= minBandRise
}
