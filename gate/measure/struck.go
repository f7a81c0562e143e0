package measure

// A start swallowed by a louder one just after it. A frame's score is a
// candidate only where it is the largest within ±peakFrames (35 ms), so
// where a sound is struck twice within a few frames (a wind chime's tubes,
// a few tens of ms apart, the later louder), the first strike's own peak
// is passed over for a later one, and the onset was timed from the later
// one's rise (riseStart, at most riseFrames before its peak): late by the
// gap, beyond the match window, though the first strike stood well over
// the mix. Whether it was lost depended on how the strikes fell against
// the hop, so on the start's time: a blind spot.
//
// Onsets closer than minGapFrames are one onset, so the onset at a peak
// is the first strike within the minGapFrames−1 frames before it: where
// the score passes the threshold without a break from an earlier peak of
// its own there (a frame scoring above both its neighbours), the onset is
// timed from that peak's rise. Where the mid and the side both find the
// onset, it is timed at the earlier of their starts: one signal's
// threshold (the side's own bursts, sideThreshold) can hide the first
// strike that the other sees.

// firstPeak returns the earliest frame within minGapFrames−1 before f that
// is a peak of nv's score (above both its neighbours), reached from f
// through frames that all pass the threshold (med + fluxDelta); f when
// there is none.
func (nv *novelty) firstPeak(f int, med []float64) int {
	p, score := f, nv.score
	for j := f - 1; j >= max(3, f-minGapFrames+1); j-- {
		if score[j] <= med[j]+fluxDelta {
			break
		}
		if score[j] > score[j-1] && score[j] > score[j+1] {
			p = j
		}
	}
	return p
}

// frameTime is the time (s) an onset timed at frame f is given: the
// frame's centre.
func frameTime(f int) float64 { return float64(f*fluxHop+fluxN/2) / Rate }

// earlierStart: the last onset, seen again in the other signal (mid or
// side) with its start at frame f, is timed at the earlier of its two
// starts (firstPeak finds a first strike in one signal that the other's
// threshold hid).
func (o *Onsets) earlierStart(f int) {
	n := len(o.Times) - 1
	o.Times[n] = min(o.Times[n], frameTime(f))
	if n > 0 {
		o.Times[n] = max(o.Times[n], o.Times[n-1])
	}
}

// notBefore is t, or the last onset's time where t lies before it: an
// onset timed back to its first strike stays after the one before, so
// the times stay in order.
func (o *Onsets) notBefore(t float64) float64 {
	if n := len(o.Times); n > 0 {
		return max(t, o.Times[n-1])
	}
	return t
}
