package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// firstStep times a start from the first hump of the unbroken run of
// passing frames before its peak (threshold med + fluxDelta = 1 + 3 = 4),
// not across a frame under the threshold nor from the frames of the
// candidate before (last).
func TestFirstStep(t *testing.T) {
	nv := &novelty{score: []float64{0, 0, 0, 20, 24, 21, 10, 29, 32, 30, 0, 0, 5, 9, 12, 3, 9, 0, 8, 6, 7, 9}}
	med := make([]float64, len(nv.score))
	for i := range med {
		med[i] = 1
	}
	for _, c := range []struct{ peak, last, want int }{
		{8, -6, 4},   // the creak: a hump at 4 (24 > 21, ≥ 20), then 10 and the peak 32
		{8, 1, 4},    // the candidate before at 1: the hump at 4 lies past its riseFrames
		{8, 2, 8},    // ... but not when the hump is within riseFrames of it
		{14, -6, 14}, // a single rise, 5 < 9 < 12: no hump
		{16, -6, 16}, // frame 15 (3) breaks the run
		{21, -6, 18}, // a hump at 18 (8 > 6)
	} {
		if got := nv.firstStep(c.peak, med, c.last); got != c.want {
			t.Errorf("firstStep(%d, last %d) = %d, want %d", c.peak, c.last, got, c.want)
		}
	}
}

// TestOnsetsStartInSteps: a centred sound rising in two steps 35 ms apart,
// in different bands, as the windmill's creak 0x0A000051 does: a 700 Hz
// tone, then a broadband burst 9 dB over it (mean squares 0.05²/2 and
// 0.1²), once a second over faint noise. Each is found once, timed within 10 ms of its first step.
// The second step's score is the larger, its peak swallows the first's
// (peakFrames), and the score passes without a break from the first step
// on: timed from its peak (riseStart looks back two frames) the old
// detector read four of the five 19–36 ms late.
func TestOnsetsStartInSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 51))
	l, r := noise(rng, 6, 0.0003), noise(rng, 6, 0.0003)
	var want []float64
	for k := 1; k < 6; k++ {
		t0 := float64(k) + 0.013*float64(k%3)
		want = append(want, t0)
		addTone(l, r, 700, 0.05, t0, 0.25, true)
		i0 := int((t0 + 0.035) * Rate)
		for i := 0; i < Rate/5; i++ {
			v := float32(0.1 * min(1, float64(i)/float64(Rate/200)) * rng.NormFloat64())
			l[i0+i] += v
			r[i0+i] += v
		}
	}
	got := Measure(l, r, nil).Onsets.Times
	if len(got) != len(want) {
		t.Fatalf("onsets %.3f, want %.3f", got, want)
	}
	for i, w := range want {
		if math.Abs(got[i]-w) > 0.010 {
			t.Errorf("start at %.3f s timed at %.3f s (%+.0f ms)", w, got[i], 1e3*(got[i]-w))
		}
	}
}
