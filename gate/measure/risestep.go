package measure

// A start in steps. A sound can rise in steps closer together than a
// score's peak is wide: the windmill's creak (0x0A000051) rises in one set
// of bands and, some 45 ms later, further in another, its score passing
// the threshold without a break from its first frame on. The peak rule
// keeps the larger peak (peakFrames), the second step's, and riseStart,
// looking back riseFrames from it, would time the sound at its second
// step, past the ±30 ms in which it is its start. So where the unbroken
// run of passing frames before the peak holds an earlier peak of its own
// (a hump: higher than the frame after it, no lower than the one before
// it), the start is timed from the first such hump. A single rise, and a
// codec's pre-echo rising into its attack, hold no hump, and are timed as
// before.

// firstStep is the first hump of the unbroken run of frames whose score
// passed the threshold (med + fluxDelta) before the peak at f, or f. Only
// frames after last+riseFrames count (last: the candidate before), so that
// one's own frames do not time this one.
func (nv *novelty) firstStep(f int, med []float64, last int) int {
	score := nv.score
	p := f
	for k := f - 1; k > max(last+riseFrames, 1) && score[k] > med[k]+fluxDelta; k-- {
		if score[k] > score[k+1] && score[k] >= score[k-1] {
			p = k
		}
	}
	return p
}
