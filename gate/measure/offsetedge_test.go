package measure

import (
	"math"
	"testing"
)

// TestToneEndsAreNoStarts: pairs of 100 ms tones (5 ms linear ramps, as
// the big world's waves) over digital silence, one pair a second: the
// second tone begins 150 ms after the first, 50 ms after the first one's
// end (an object's hook and a bed restarting with the same wave). Pitches
// run from 200 Hz to 3.2 kHz, pans left, centre and right. Each tone has
// one start, at the sample it begins: 19 pairs after the first second, 38
// onsets, each within 30 ms of its tone. A tone's end is no start, though
// the frames that hold it spread the tone into bands that were at the
// floor, and the next tone lies in the 150 ms after it.
func TestToneEndsAreNoStarts(t *testing.T) {
	const sec = 20
	l, r := make([]float32, sec*Rate), make([]float32, sec*Rate)
	var want []float64
	for k := 1; k < sec; k++ {
		hz := 300 * math.Pow(2, float64(k%5)) // 300 … 4800 Hz
		gl, gr := []float64{1, 0.7, 0.25}[k%3], []float64{0.25, 0.7, 1}[k%3]
		for j, t0 := range []float64{float64(k) + 0.013*float64(k%3), float64(k) + 0.013*float64(k%3) + 0.15} {
			want = append(want, t0)
			hz := hz * (1 + 0.5*float64(j))
			i0, n, ramp := int(t0*Rate), Rate/10, Rate/200
			for i := 0; i < n; i++ {
				g := min(1, float64(i)/float64(ramp), float64(n-i)/float64(ramp))
				v := g * 0.1 * math.Sin(2*math.Pi*hz*float64(i)/Rate)
				l[i0+i] += float32(gl * v)
				r[i0+i] += float32(gr * v)
			}
		}
	}
	onsetsAt(t, Measure(l, r, nil).Onsets.Times, want)
}

// onsetsAt fails t unless got holds as many onsets as want, each within
// 30 ms (the truth's match window) of its own (times in s, ascending).
func onsetsAt(t *testing.T, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d onsets, want %d: %.3f", len(got), len(want), got)
	}
	for i, w := range want {
		if math.Abs(got[i]-w) > 0.03 {
			t.Errorf("onset %d at %.3f s, want %.3f", i, got[i], w)
		}
	}
}

// TestClicksAreStarts: 2 ms clicks (a 3 kHz cycle burst under a Hann
// envelope, at 0, −10 and −20 dB) over digital silence, one a second. A
// click starts and ends within one frame, so its bands do not hold past
// the edge; nothing is lost around it either, so it is a start: 19 clicks
// after the first second, 19 onsets, each within 30 ms of its click. (A
// rule that refused every candidate whose bands do not hold past the edge
// found none of them.)
func TestClicksAreStarts(t *testing.T) {
	const sec = 20
	l, r := make([]float32, sec*Rate), make([]float32, sec*Rate)
	var want []float64
	for k := 1; k < sec; k++ {
		t0 := float64(k) + 0.017*float64(k%4)
		want = append(want, t0)
		a := 0.5 * math.Pow(10, -float64(k%3)*10/20)
		i0, n := int(t0*Rate), Rate/500
		for i := 0; i < n; i++ {
			v := a * (0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))) * math.Sin(2*math.Pi*3000*float64(i)/Rate)
			l[i0+i], r[i0+i] = float32(v), float32(0.6*v)
		}
	}
	onsetsAt(t, Measure(l, r, nil).Onsets.Times, want)
}
