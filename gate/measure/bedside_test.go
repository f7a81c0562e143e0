package measure

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBedSides: noise independent in each channel puts half its power in
// the side signal (L−R)/2: E[(l−r)²]/4 = 2σ²/4 = σ²/2 against the
// channels' mean power σ², so each band's side sits 3.01 dB under its
// level (±0.5 dB from 20 bins up, where a frame's power is steady); the
// same noise in both channels (a centred bed) puts none there.
func TestBedSides(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 5))
	l, r := noise(rng, 30, 0.01), noise(rng, 30, 0.01)
	b := Measure(l, r, nil).Bed
	binHz := float64(Rate) / bedN
	for i, fc := range BandCentres() {
		if bins := math.Ceil(fc*math.Pow(10, 0.05)/binHz) - math.Ceil(fc*math.Pow(10, -0.05)/binHz); bins >= 20 {
			near(t, "side under level, band "+ftoa(fc), b.Levels[i]-b.Sides[i], 10*math.Log10(2), 0.5)
		}
	}
	for i, s := range Measure(l, l, nil).Bed.Sides {
		if s > Silence {
			t.Errorf("a centred bed: band %s has side %.1f dB, want none", ftoa(b.Centres[i]), s)
		}
	}
}
