package measure

import "math"

// A take's opening. A recording begins anywhere, often in the middle of a
// sound, so its first frame says nothing of a band's usual level: running
// statistics seeded from it hold the sound the take began in for most of a
// second (bandTau), and a start in the first half second rises over that
// stale mean instead of over the band's own level. So each band's running
// mean and the spread of its
// changes (the frame's and the 58 ms average's) start from the median of
// the band over the take's first openingFrames (1 s, the averages'
// effective memory): as if the take had been running before it began,
// sounding like its opening. Medians, so a sound that fills less than half
// the opening moves neither: its level is not the band's, and its edges
// (a few large changes) are not its fluctuation. The spread is read
// from the median change e as a normal change's: |e| has median 0.6745 σₑ.
const (
	openingFrames = 2 * medianFrames // 86 frames, 1 s
	medianAbsNorm = 0.6745           // median of |x| for a standard normal x
)

// seedOpening sets nv's running statistics (frame and averaged levels) from
// its first openingFrames frames (those there are), floor as in frame.
func (nv *novelty) seedOpening(floor float64) {
	nb := len(nv.edges) - 1
	n := min(nv.frames, openingFrames)
	nv.sus = newSustained(nb, floor)
	lev, avg := make([]float64, n), make([]float64, n)
	for b := 0; b < nb; b++ {
		for f := range lev {
			lev[f] = nv.level(f, b, floor)
			avg[f] = nv.averaged(f, b, floor)
		}
		nv.mean[b], nv.vari[b] = openingStats(lev, 2)
		nv.sus.mean[b], nv.sus.vari[b] = openingStats(avg, sustainSpan)
	}
}

// openingStats are the median of levels v (dB) and the variance (dB²) a
// normal change with the median |change| over lag frames gives (changeVar);
// 0 where v holds no change.
func openingStats(v []float64, lag int) (mean, vari float64) {
	if len(v) == 0 {
		return 0, 0
	}
	var ch []float64
	for f := lag; f < len(v); f++ {
		ch = append(ch, math.Abs(v[f]-v[f-lag]))
	}
	if len(ch) > 0 {
		vari = changeVar(quantile(ch, 0.5) / medianAbsNorm)
	}
	return quantile(v, 0.5), vari
}
