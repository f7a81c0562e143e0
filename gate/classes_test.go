package gate

import (
	"math"
	"testing"

	"soundworld/audio"
)

// The report's one-shot classes: starts are counted per wave and S4 side,
// and a start is seen when a detection lies within ±30 ms of it.
func TestOneShotClasses(t *testing.T) {
	cls := map[uint32]*OneShotClass{}
	plays := []audio.Play{
		{Wave: 0x0A000023, Pan: -4, Time: 1.0}, // left, found 20 ms late
		{Wave: 0x0A000023, Pan: 0, Time: 2.0},  // centre, nearest detection 40 ms off: not seen
		{Wave: 0x0A000023, Pan: 7, Time: 3.0},  // right, found 30 ms early (the window's edge)
		{Wave: 0x0A000020, Pan: 7, Time: 4.0},  // right, none near
	}
	addClasses(cls, plays, []float64{1.02, 2.04, 2.97}, nil, nil)
	got := sortedClasses(cls)
	want := []OneShotClass{
		{Wave: 0x0A000020, Starts: [3]int{0, 0, 1}, Seen: [3]int{0, 0, 0}},
		{Wave: 0x0A000023, Starts: [3]int{1, 1, 1}, Seen: [3]int{1, 0, 1}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i].Wave != want[i].Wave || got[i].Starts != want[i].Starts || got[i].Seen != want[i].Seen {
			t.Errorf("class %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// A start whose first 50 ms lie more than 20 dB (BuryMargin) under our mix
// before it is masked, whether or not the detector found it: own levels
// −50, −40, −61 and −39.9 dB against a mix of −20, −20, −40 and −20 dB
// before them are 30, 20, 21 and 19.9 dB under it, so the first and the
// third are masked, and of those the first was found.
func TestOneShotClassesMasked(t *testing.T) {
	cls := map[uint32]*OneShotClass{}
	own := map[float64]float64{1: -50, 2: -40, 3: -61, 4: -39.9}
	plays := []audio.Play{{Wave: 0x0A000051, Time: 1}, {Wave: 0x0A000051, Time: 2}, {Wave: 0x0A000051, Time: 3}, {Wave: 0x0A000051, Time: 4}}
	addClasses(cls, plays, []float64{1.01, 4.0}, func(p audio.Play) float64 { return own[p.Time] }, []float64{-20, -20, -40, -20})
	c := cls[0x0A000051]
	if c.Masked != 2 || c.MaskedSeen != 1 || c.Seen[1] != 2 {
		t.Errorf("masked %d (seen %d), seen %v; want 2 (1), centre 2", c.Masked, c.MaskedSeen, c.Seen)
	}
}

// mixLevels reads the render's level over the 150 ms before each start,
// no quieter than 60 dB under its mean: a constant 0.1 on both channels
// (0.02 per sample, −17 dB) before 1 s and silence after reads −17 dB at
// 1 s and, at 2 s over silence, 60 dB under the render's mean (the
// mean of 1 s of 0.02 in 3 s is 0.00667, −21.8 dB, so −81.8 dB).
func TestMixLevels(t *testing.T) {
	n := 3 * audio.SampleRate
	l, r := make([]float32, n), make([]float32, n)
	for i := 0; i < audio.SampleRate; i++ {
		l[i], r[i] = 0.1, 0.1
	}
	got := mixLevels(l, r, []audio.Play{{Time: 1}, {Time: 2}})
	want := []float64{10 * math.Log10(0.02), 10*math.Log10(0.02/3) - 60}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 0.01 {
			t.Errorf("start %d: %.2f dB, want %.2f", i, got[i], want[i])
		}
	}
}
