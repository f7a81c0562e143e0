package measure

// A lossy codec's pre-echo: a transform codec (Vorbis, AAC, MP3) spreads
// the quantisation noise of a block over the whole block, so an attack
// coded in a long block is heard up to a block early, 30–40 dB under it
// (Vorbis's long block is 2048 samples, 46 ms at 44.1 kHz). Measured
// against the frame two back alone, such an attack's rise is split over
// the frames of its pre-echo and no frame passes zMin. So a band's rise is
// taken over the quietest of its levels from two to preEchoFrames+1 frames
// back (23–46 ms, a long block): the pre-echo does not count as what came
// before the attack. Reaching further back moves the peak of a sharp
// start's score later, towards the frames after it.
const (
	preEchoFrames = 3
	levRing       = preEchoFrames + 2 // frames of level history kept (f … f−4)
)

// quietestBefore is band b's lowest level (dB) over frames f−2 …
// f−1−preEchoFrames (those there are).
func (nv *novelty) quietestBefore(f, b int) float64 {
	q := nv.lev[(f-2)%levRing][b]
	for k := 3; k <= min(f, preEchoFrames+1); k++ {
		q = min(q, nv.lev[(f-k)%levRing][b])
	}
	return q
}

// riseStart is the frame a start whose score peaks at frame f is timed at:
// the first of the frames up to riseFrames before f whose score already
// passed the threshold (med + fluxDelta) without a break. Measured over
// the quietest level before it (quietestBefore), a start's score keeps
// rising for a frame or two after its attack as the attack fills the
// window; its peak lies that much late, its first passing frame does not.
func (nv *novelty) riseStart(f int, med []float64) int {
	j := f
	for j-1 >= max(2, f-riseFrames) && nv.score[j-1] > med[j-1]+fluxDelta {
		j--
	}
	return j
}

// riseFrames: a start's score peaks at most this many frames after its
// first passing frame (frames f−2 … f−1−preEchoFrames are the reference).
const riseFrames = preEchoFrames - 1

// A lossy codec's side bursts. The side (L−R)/2 of a mix whose beds play
// centred is digital silence; Vorbis codes it coarsely, and under a panned
// sound's body it comes and goes in blocks (50–90 ms) 25–35 dB under the
// mid, with digital silence between. Each burst rises from silence like a
// start, in a few bands, again and again while the sound lasts. So on a
// side that is digital silence for at least sideSilentMin of the take (a
// rendered or coded recording; under noise the side is never silent and
// the variance already holds its rises), a side candidate must pass, by
// fluxDelta, what the side's score reached before it: its sideQ quantile
// over the second before it (sideThreshold), not only its median. A real
// start after a second of bursts still passes: its score (every band it
// covers) lies far over a burst's (a few bands).
const (
	sideQ         = 0.97 // ≈ the third highest of 87 frames
	sideSilentMin = 0.05 // share of the take's frames
)

// sideThreshold is, per frame i, the level the side's score must pass
// (with fluxDelta): its q quantile over the 2·medianFrames+1 frames that
// end peakFrames+1 before i (the side's own bursts, not the start's own
// frames), or its median around i where that is higher.
func sideThreshold(score []float64, q float64) []float64 {
	med := movingMedian(score, medianFrames)
	hi := movingQuantile(score, medianFrames, q)
	lag := medianFrames + peakFrames + 1
	for i := lag; i < len(med); i++ {
		med[i] = max(med[i], hi[i-lag])
	}
	return med
}

// silentShare is the share of nv's frames whose power, over every band, is
// under the log's floor (power per bin floor): digital silence.
func silentShare(nv *novelty, floor float64) float64 {
	nb := len(nv.edges) - 1
	w := floor * float64(nv.edges[nb]-nv.edges[0])
	n := 0
	for f := 0; f < nv.frames; f++ {
		var e float64
		for _, p := range nv.pow[f*nb : (f+1)*nb] {
			e += float64(p)
		}
		if e < w {
			n++
		}
	}
	return float64(n) / float64(max(nv.frames, 1))
}
