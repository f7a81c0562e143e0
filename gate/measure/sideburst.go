package measure

import "math/bits"

// A lossy codec's side bursts, told from a start by how they end. Vorbis
// codes the side (L−R)/2 of a mix whose beds play centred in bursts: one
// block (50–90 ms) of side noise 25–35 dB under the mid, then digital
// silence again, while the mid goes on unchanged. sideThreshold holds such
// a burst to the side's own score over the second before it, but a burst
// can be the largest of its second (and in a take's first second there is
// nothing before it). What no burst can hide is its end: within the 150 ms
// an onset's energy is measured over (spanFrames), its side falls back
// some 50–130 dB more than the mid in the bands that fired. A sound that
// starts falls in the side as it falls in the mid, since its side is a
// fixed share of its mid (its pan); a start only the side sees, panned
// under a centred bed, fell at most 33 dB more in the side than in the
// mid on the training takes. So a side candidate whose side falls
// burstFall dB more than its mid within spanFrames is the codec's, not a
// start. Noise or a room in the chain keeps the side from falling that
// far, so there the test never refuses.
const burstFall = 40.0 // dB, side's fall over the mid's within spanFrames

// codedBurst reports whether the side candidate at frame f, bands m, is a
// codec's side burst: over frames f … f+spanFrames−1 the side's power in
// bands m falls from its highest of frames f … f+peakFrames by burstFall
// dB more than the mid's falls in the same bands (both read as the drop
// from that peak to the lowest frame after it).
func (an analysis) codedBurst(f int, m uint64) bool {
	return bandFall(an.side, f, m)-bandFall(an.mid, f, m) >= burstFall
}

// bandFall is how far (dB) nv's power in bands m falls from its highest
// over frames f … f+peakFrames to its lowest over the frames after that
// peak up to f+spanFrames−1 (those in the signal).
func bandFall(nv *novelty, f int, m uint64) float64 {
	nb := len(nv.edges) - 1
	at := func(g int) float64 {
		var e float64
		for mm := m; mm != 0; mm &= mm - 1 {
			e += float64(nv.pow[g*nb+bits.TrailingZeros64(mm)])
		}
		return e
	}
	end := min(f+spanFrames, nv.frames)
	pk, hi := f, -1.0
	for g := f; g <= min(f+peakFrames, end-1); g++ {
		if e := at(g); e > hi {
			pk, hi = g, e
		}
	}
	lo := hi
	for g := pk + 1; g < end; g++ {
		lo = min(lo, at(g))
	}
	return db(hi) - db(lo)
}

// sideAddedUnlessBurst is sideAdded, or under minRel (refused) for a codec's side
// burst (codedBurst).
func (an analysis) sideAddedUnlessBurst(f int, m uint64) float64 {
	if an.codedBurst(f, m) {
		return minRel - 1
	}
	return an.sideAdded(f, m)
}
