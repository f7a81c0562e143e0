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
