package audio

import "math"

// AnchoredFrame is the frame a start at sim time t plays at on a timeline
// anchored at sim time t0 = frame f0 with time scale scale (sim s per
// device s; spec O5): f0 + round(t·44100) − round(t0·44100) at scale 1,
// so starts keep render's exact spacing, else f0 + round((t − t0)·44100 /
// scale). The live device's Timeline and render -from's anchor marks both
// place starts with it.
func AnchoredFrame(t, t0 float64, f0 int64, scale float64) int64 {
	if scale == 1 {
		return f0 + int64(math.Round(t*SampleRate)) - int64(math.Round(t0*SampleRate))
	}
	return f0 + int64(math.Round((t-t0)*SampleRate/scale))
}
