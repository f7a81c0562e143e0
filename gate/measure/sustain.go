package measure

import "math"

// A start held against the noise over several frames. Under noise a
// narrow-band start (a tone, a thump in the one-bin bands under 400 Hz) is
// 12–20 dB over the noise in one or two bands, and a band of a few bins
// fluctuates by 3–6 dB from frame to frame (a χ² of 2–6 degrees of
// freedom): one frame's rise scores z ≈ 4–5 and stays under the
// threshold, though the start holds that height frame after frame. So each
// band is also scored on its power averaged over sustainFrames frames
// (58 ms of signal), against the same average over the 58 ms just before
// it and the spread of that average's changes: the noise's fluctuation
// averages out, a start's height does not (a matched filter in time). A
// band's z is the larger of the two. Where the single frame already
// stands out (a rise from digital silence, a sharp attack) nothing
// changes; only starts held for at least the window gain.
const (
	sustainFrames = 4                 // frames averaged (f … f+3)
	sustainSpan   = sustainFrames + 1 // hops the average spans: the next non-overlapping one starts here
	sustainRing   = 2*sustainSpan + 1 // averages kept: f, f − sustainSpan, f − 2·sustainSpan
)

// twoTests: a band is tested twice, on the frame and on the average, so
// noise passes zMin in either about twice as often as in one. The
// average's z is lowered by what keeps the pair's rate of false passes at
// one test's: zMin for half the tail P(z > zMin) of a normal z, less zMin
// (≈ 0.21).
var twoTests = math.Sqrt2*math.Erfinv(1-math.Erfc(zMin/math.Sqrt2)/2) - zMin

// sustained is one signal's running statistics of its bands' averaged
// levels (dB): their ring, running mean and the variance of their changes
// between averages that do not overlap (seeded by seedOpening).
type sustained struct {
	lev        [sustainRing][]float64
	mean, vari []float64
	med        []slidingMedian // each band's averages over the last second (baseline.go)
	floor      float64         // dB, the log's floor
}

// newSustained makes the statistics of nb bands over floor (the power per
// bin the log starts from).
func newSustained(nb int, floor float64) *sustained {
	s := &sustained{mean: make([]float64, nb), vari: make([]float64, nb), med: newSlidingMedians(nb), floor: 10 * math.Log10(floor)}
	for i := range s.lev {
		s.lev[i] = make([]float64, nb)
	}
	return s
}

// sustain takes frame f's averaged band levels.
func (nv *novelty) sustain(f int, floor float64) {
	cur := nv.sus.lev[f%sustainRing]
	for b := range cur {
		cur[b] = nv.averaged(f, b, floor)
	}
}

// averaged is band b's mean power per bin over frames f …
// f+sustainFrames−1 (those there are), in dB over floor.
func (nv *novelty) averaged(f, b int, floor float64) float64 {
	nb := len(nv.edges) - 1
	n := min(sustainFrames, nv.frames-f)
	var e float64
	for g := f; g < f+n; g++ {
		e += float64(nv.pow[g*nb+b])
	}
	return 10 * math.Log10(e/float64(n*(nv.edges[b+1]-nv.edges[b]))+floor)
}

// sustainedZ is band b's z-score at frame f on the averaged levels: the
// rise of the average from f over the larger of its baseline (the running
// mean, or the median where lower: baseline.go) and the average just
// before (frames f−sustainSpan …), over the spread of the
// average's changes. The rise is taken no higher than frame f's own level
// (lev, dB): the average from a frame before a start already holds the
// start, and a loud one would pass there, up to 46 ms early; the frame
// itself holds only noise. Less twoTests. It then feeds the statistics
// with the average before f. 0 until the spread holds a change of its own.
func (nv *novelty) sustainedZ(f, b int, lev float64) float64 {
	s := nv.sus
	if f < sustainSpan {
		return 0
	}
	old := s.lev[(f-sustainSpan)%sustainRing][b]
	z := 0.0
	if f > 2*sustainSpan {
		z = (min(s.lev[f%sustainRing][b], lev)-max(s.med[b].baseline(s.mean[b], s.floor), old))/math.Sqrt(s.vari[b]+1) - twoTests
	}
	s.mean[b] += bandAlpha * (old - s.mean[b])
	s.med[b].push(old)
	if f >= 2*sustainSpan {
		s.vari[b] += bandAlpha * (spreadChange(old-s.lev[(f-2*sustainSpan)%sustainRing][b], s.vari[b]) - s.vari[b])
	}
	return z
}
