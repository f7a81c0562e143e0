package measure

import "testing"

// riseStart times a start at the first of its passing frames, at most
// riseFrames (2) before the peak, and not across a frame under the
// threshold (here med + fluxDelta = 1 + 3 = 4).
func TestRiseStart(t *testing.T) {
	nv := &novelty{score: []float64{0, 0, 0, 5, 5, 9, 12, 3, 0, 4.5, 0, 6, 9}}
	med := make([]float64, len(nv.score))
	for i := range med {
		med[i] = 1
	}
	for _, c := range []struct{ peak, want int }{
		{6, 4},   // frames 3, 4 and 5 passed: no further than two back
		{5, 3},   // two back
		{12, 11}, // frame 10 (0) breaks the run
		{9, 9},   // frame 8 (0): the peak itself
	} {
		if got := nv.riseStart(c.peak, med); got != c.want {
			t.Errorf("riseStart(%d) = %d, want %d", c.peak, got, c.want)
		}
	}
}
