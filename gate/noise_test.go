package gate

import (
	"math"
	"strings"
	"testing"

	"soundworld/gate/measure"
)

// TestNotJudgedUnderNoise: the burial rule on made-up measurements. Our
// seeds' side lies at −120 dB in both bed bands. A recording whose first
// band's side reads −60 dB holds noise of 4·(10^−6 − 10^−12) in both
// channels: −53.98 dB, so a start whose own first 50 ms read −75 dB lies
// 21 dB under it (buried) and one at −40 dB does not, nor one at −111 dB,
// 81 dB under our loudness (QuietUnder: masked in ours too).
func TestNotJudgedUnderNoise(t *testing.T) {
	res := func(side, rate float64) measure.Result {
		var r measure.Result
		r.Loudness.Integrated = -30 // starts under −110 dB are masked in ours too (QuietUnder)
		r.Bed.Sides = []float64{side, -120}
		r.Onsets.PerMinute = rate // Seconds 0: no sampling widening, the band is 10/1.25 − 1 = 7 .. 12·1.25 + 1 = 16
		return r
	}
	ours := []measure.Result{res(-120, 10), res(-120, 12)}
	shots := func(quiet int) []OneShotClass {
		cs := []OneShotClass{{Wave: 1, Name: "loud", Own: []float64{-40, -40, -40, -40}}, {Wave: 2, Name: "faint"},
			{Wave: 3, Name: "inaudible", Own: []float64{-111}}}
		for range quiet {
			cs[1].Own = append(cs[1].Own, -75)
		}
		return cs
	}
	get := func(ms []Metric, id string) Metric { return metricOf(t, ms, id) }
	if n := recordingNoise(res(-60, 0), ours); math.Abs(n-(-53.98)) > 0.01 {
		t.Errorf("noise %.3f dB, want −53.98", n)
	}
	if n := recordingNoise(res(-115, 0), ours); !math.IsNaN(n) {
		t.Errorf("side 5 dB over ours (NoiseSideMargin 6): noise %.1f dB, want none", n)
	}
	// 6 of 11 buried (> BuriedShare): rate, level and side not judged, the
	// note naming the noise, the count and the wave.
	sh := shots(6)
	ms := Judge(res(-60, 3), ours, sh, true)
	for _, id := range []string{"onset_rate", "onset_level", "onset_side"} {
		m := get(ms, id)
		if id == "onset_rate" && (m.Status != "n/a" || !strings.Contains(m.Note, "at -54 dB buries 6 of our 11") || !strings.Contains(m.Note, "faint 6 of 6")) {
			t.Errorf("6 of 11 buried: %s %s (%s), want not judged naming −54 dB, 6 of 10, faint", id, m.Status, m.Note)
		}
		if m.Status != "n/a" {
			t.Errorf("6 of 11 buried: %s %s, want n/a", id, m.Status)
		}
	}
	if sh[0].Buried != 0 || sh[1].Buried != 6 || sh[2].Buried != 0 {
		t.Errorf("buried per class %d, %d, %d; want 0, 6, 0 (−111 dB: under our loudness −30 by more than QuietUnder)", sh[0].Buried, sh[1].Buried, sh[2].Buried)
	}
	// 3 of 8 buried: the rate judged, its band reaching down to 7·5/8 = 4.375.
	for _, c := range []struct {
		rate float64
		want string
	}{{4.5, "pass"}, {4.25, "fail"}, {17, "fail"}} {
		if m := get(Judge(res(-60, c.rate), ours, shots(3), true), "onset_rate"); m.Status != c.want || math.Abs(m.Lo-4.375) > 1e-9 {
			t.Errorf("3 of 8 buried, rate %g: %s, band %.2f..%.2f; want %s, from 4.375", c.rate, m.Status, m.Lo, m.Hi, c.want)
		}
	}
	// Noise 4 dB quieter (side −64 dB: −57.98 dB): −75 dB is 17 dB under it,
	// not buried, and a rate of 3 fails.
	if m := get(Judge(res(-64, 3), ours, shots(6), true), "onset_rate"); m.Status != "fail" {
		t.Errorf("nothing buried, rate 3 against 7..16: %s (%s), want fail", m.Status, m.Note)
	}
}

// metricOf is the metric id of ms; the test fails without one.
func metricOf(t *testing.T, ms []Metric, id string) Metric {
	t.Helper()
	for _, m := range ms {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no %s", id)
	return Metric{}
}
