package measure

// A sound's end is no start. A sound that stops (a tone faded out over a
// few ms, a wave's last sample far from zero) leaves the frames that hold
// its end with only part of the window filled, and the window's spectrum
// then spreads the sound into the bands around its own: bands that were
// at the floor rise 10–20 dB for the one or two frames that hold the end,
// pass zMin against their quiet past, and the frame scores like a start.
// The rise over the 150 ms after it (minBandRise) does not tell: another
// sound starting in those 150 ms (the same wave from another object, a
// bed restarting) fills them.
//
// What tells a start from an end is what the edge leaves behind. Past the
// frames that hold it (from f+edgeFrames on, frames that share no sample
// with frame f):
//   - a start's fired bands hold their rise;
//   - a click's (a start and an end within one frame) do not, but the
//     rest of the signal is as loud as just before it;
//   - an end's do not, and the signal has lost more power than those bands
//     gained in frame f: the sound that stopped.
//
// So a candidate is refused as an end when both of the last hold (endEdge).
const (
	edgeFrames = fluxN / fluxHop // frames from f to the first that shares no sample with it
	heldFrames = 2               // frames (23 ms of new samples) read on each side of the edge
)

// endEdge says whether the candidate at frame f, with bands m fired, is the
// end of a sound rather than a start (see above): its bands fall back
// within heldFrames past the edge to under minBandRise over the spanFrames
// before it, and every band of nv together loses more power from the
// heldFrames before frame f to the heldFrames after it than bands m gain
// in frame f over those before.
func (nv *novelty) endEdge(f int, m uint64) bool {
	a, b := f+edgeFrames, f+edgeFrames+heldFrames // past the edge
	if db(nv.bandPower(a, b, m))-db(nv.bandPower(f-1-spanFrames, f-1, m)) >= minBandRise {
		return false // held: a start
	}
	all := uint64(1)<<(len(nv.edges)-1) - 1
	p0, p1 := f-edgeFrames-heldFrames+1, f-edgeFrames+1 // before the edge: frames wholly before frame f
	lost := nv.bandPower(p0, p1, all) - nv.bandPower(a, b, all)
	gained := nv.bandPower(f, f+1, m) - nv.bandPower(p0, p1, m)
	return lost > gained
}
