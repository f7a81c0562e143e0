package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFastestFall: white noise for 1 s of a 3 s take that stops dead falls
// from its level to the floor, fallFloor (−30 dB) under the take's mean
// power, a third of the burst's: 10·log10(3000) = 34.77 dB within two
// frames (23.22 ms), 1497 dB/s; at any gain. The same burst dying away
// exponentially at RT60 0.3 s (a room's tail) falls at 60/0.3 = 200 dB/s
// on average; the fastest fall is at least that, plus the frame-to-frame
// wobble of a half-octave of noise, and what the gate needs is that it
// stays under 0.66 of the dry stop (gate.RoomFall).
func TestFastestFall(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 3))
	burst := noise(rng, 1, 0.1)
	dry := cat(silence(1), burst, silence(1))
	fall := func(x []float32, g float32) float64 {
		y := make([]float32, len(x))
		for i := range x {
			y[i] = g * x[i]
		}
		return detectOnsets(y, y, func(a, b int) bool { return true }, 3).Fall
	}
	want := 10 * math.Log10(3000) / (2 * 512.0 / Rate)
	for _, g := range []float32{1, 0.01, 10} {
		if got := fall(dry, g); math.Abs(got-want) > 0.03*want {
			t.Errorf("a burst that stops, gain %g: falls at %.0f dB/s, want %.0f ± 3 %%", g, got, want)
		}
	}
	room := cat(silence(1), burst, silence(1))
	for i := range int(Rate) {
		room[2*Rate+i] = float32(rng.NormFloat64()*0.1) * float32(math.Exp(-6.9078*float64(i)/Rate/0.3))
	}
	if got := fall(room, 1); got < 200 || got > 0.66*want {
		t.Errorf("a burst dying away at RT60 0.3 s falls at %.0f dB/s, want 200 .. %.0f", got, 0.66*want)
	}
}
