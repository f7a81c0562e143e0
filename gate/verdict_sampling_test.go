package gate

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"soundworld/gate/measure"
)

// TestOneShotBandsCoverSamplingError: the one-shot verdicts' bands span at
// least what retail's take samples, so a few seeds that happen to agree
// closely (here all 20 give the same values, a min..max of zero width) do
// not fail a take that is one draw of the same process. Each seed has 40
// one-shots: levels 5 × −50, 10 × −44, 10 × −40, 10 × −36, 5 × −30 dB,
// and sides 30 right, 10 centred (side scores −1 and 0: mean −0.75, σ =
// √(0.75 − 0.5625) = 0.4330). Retail has 16 one-shots over 60 s:
//   - level: a median of 16 has its rank within 0.5 ± 3·0.5/4 = 0.125 ..
//     0.875 among our 800 levels; at ranks 0.125·799 = 99.875 and
//     0.875·799 = 699.125 (linear between neighbours) they are −50 +
//     0.875·6 = −44.75 and −36 + 0.125·6 = −35.25, band −47.75 .. −32.25;
//   - side: SE 0.4330/4 = 0.10825, band −0.75 ± (0.3248 + 0.25);
//   - rate: our seeds give 16 and 24 /min, ten each (median 20); over
//     one minute their counts' variance is 10·2·16/19 = 16.842, their
//     dispersion 16.842/20 = 0.8421, the SE √(20·0.8421) = 4.104, band
//     20 ± 12.312 (wider than 16 ÷ 1.25 − 1 .. 24 × 1.25 + 1 = 11.8 .. 31).
//     Seeds that all give 20 /min (a steady source) widen nothing: 15 .. 26.
//
// The level's and side's sampling count one-shots (onsets more than
// rateGap apart, measure.Onsets.Starts), not onsets: 16 onsets that are 8
// one-shots of two chirps put the level's rank within 0.5 ± 0.530, all of
// ours: −50 .. −30, band −53 .. −27.
func TestOneShotBandsCoverSamplingError(t *testing.T) {
	seed := func() measure.Result {
		var r measure.Result
		for _, c := range []struct {
			n   int
			lev float64
		}{{5, -50}, {10, -44}, {10, -40}, {10, -36}, {5, -30}} {
			for range c.n {
				r.Onsets.Level = append(r.Onsets.Level, c.lev)
			}
		}
		for i := range 40 {
			r.Onsets.Times = append(r.Onsets.Times, float64(i))
			s := -5.0
			if i%4 == 0 {
				s = 0
			}
			r.Onsets.Side = append(r.Onsets.Side, s)
		}
		r.Onsets.LevelMed, r.Onsets.RightShare, r.Onsets.PerMinute = -40, 0.75, 20
		r.Bed.Centres = []float64{1000}
		r.Bed.Levels, r.Bed.Floors = []float64{-60}, []float64{-80}
		return r
	}
	ours := make([]measure.Result, 20)
	for i := range ours {
		ours[i] = seed()
		ours[i].Onsets.PerMinute = float64(16 + 8*(i%2))
	}
	// n onsets, 1 s apart, or in pairs 0.1 s apart (one-shots of two
	// chirps) when pairs
	retail := func(level, side, rate float64, n int, pairs ...bool) measure.Result {
		r := seed()
		r.Seconds = 60
		r.Onsets.Times = make([]float64, n)
		for i := range n {
			r.Onsets.Times[i] = float64(i)
			if len(pairs) > 0 {
				r.Onsets.Times[i] = float64(i/2) + 0.1*float64(i%2)
			}
		}
		r.Onsets.LevelMed, r.Onsets.LeftShare, r.Onsets.RightShare, r.Onsets.PerMinute = level, 0, -side, rate
		return r
	}
	metric := func(ms []Metric, id string) Metric { return metricOf(t, ms, id) }
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.002 }
	for _, c := range []struct {
		id     string
		lo, hi float64
	}{{"onset_level", -47.75, -32.25}, {"onset_side", -1.3248, -0.1752}, {"onset_rate", 7.688, 32.312}} {
		m := metric(Verdicts(retail(-40, -0.75, 20, 16), ours, false), c.id)
		if !near(m.Lo, c.lo) || !near(m.Hi, c.hi) || m.Status != "pass" {
			t.Errorf("%s: band %.4f..%.4f (%s), want %.4f..%.4f, pass", c.id, m.Lo, m.Hi, m.Status, c.lo, c.hi)
		}
	}
	inside := Verdicts(retail(-32.4, -0.18, 32.2, 16), ours, false)
	outside := Verdicts(retail(-32.1, -0.17, 32.4, 16), ours, false)
	for _, id := range []string{"onset_level", "onset_side", "onset_rate"} {
		if m := metric(inside, id); m.Status != "pass" {
			t.Errorf("%s just inside the widened band: %s (%s)", id, m.Status, m.Note)
		}
		if m := metric(outside, id); m.Status != "fail" {
			t.Errorf("%s just outside the widened band: %s", id, m.Status)
		}
	}
	chirps := retail(-40, -0.75, 8, 16, true)
	if m := metric(Verdicts(chirps, ours, false), "onset_level"); !near(m.Lo, -53) || !near(m.Hi, -27) {
		t.Errorf("16 onsets, 8 one-shots: band %.4f..%.4f, want −53..−27", m.Lo, m.Hi)
	}
	steady := make([]measure.Result, 20)
	for i := range steady {
		steady[i] = seed()
	}
	if m := metric(Verdicts(retail(-40, -0.75, 20, 16), steady, false), "onset_rate"); !near(m.Lo, 15) || !near(m.Hi, 26) {
		t.Errorf("a steady source: rate band %.4f..%.4f, want 15..26", m.Lo, m.Hi)
	}
	// 10 000 one-shots: the rank 0.5 ± 0.015 holds only −40 dB levels
	// (ranks 387.5 .. 411.5 of 800), and the band is our min..max ± 3 dB.
	many := retail(-40, -0.75, 20, 10000)
	if m := metric(Verdicts(many, ours, false), "onset_level"); !near(m.Lo, -43) || !near(m.Hi, -37) {
		t.Errorf("10 000 one-shots: band %.4f..%.4f, want −43..−37", m.Lo, m.Hi)
	}
}

// TestNotJudgedInARoom: the room rule on made-up measurements. Our seeds'
// sounds fall at 1000 and 1200 dB/s at the fastest; a recording whose
// fastest fall is 650 dB/s (under RoomFall = 0.66 of 1000) leaves the
// one-shot, bed and balance verdicts "not judged", the first (the
// balance) with both figures in the reason, the others referring to it,
// the loudness judged; at 670 dB/s everything is judged. With a
// bed to read (one band at −60 dB, our side 40 dB under it): a side 6 dB
// under the level (over RoomSide = −15 dB) is a room's and the fall of
// 650 dB/s leaves them not judged, saying so; a side 14 dB under it too;
// one 16 dB under, or the bed's channels alike (side 40 dB under: the
// recording lacks our fastest enders), is no room, and a rate of 2 against
// our 10…12 fails.
func TestNotJudgedInARoom(t *testing.T) {
	res := func(fall, rate float64) measure.Result {
		var r measure.Result
		r.Bed.Centres, r.Bed.Levels, r.Bed.Floors = []float64{1000}, []float64{-60}, []float64{-80}
		r.Bed.Floor, r.Bed.Level = -70, -50
		r.Onsets.PerMinute, r.Onsets.Fall = rate, fall
		return r
	}
	ours := []measure.Result{res(1000, 10), res(1200, 12)}
	room := Verdicts(res(650, 2), ours, false)
	for _, m := range room {
		switch {
		case m.ID == "balance":
			if m.Status != "n/a" || !strings.HasPrefix(m.Note, "not judged: the recording's sounds end no faster than 650 dB/s (ours at least 1000 dB/s)") {
				t.Errorf("fall 650 dB/s: %s is %s (%s), want not judged", m.ID, m.Status, m.Note)
			}
		case roomMetrics[m.ID]:
			if m.Status != "n/a" || m.Note != "not judged: a room (see balance L−R, median of 3 s windows)" {
				t.Errorf("fall 650 dB/s: %s is %s (%s), want not judged", m.ID, m.Status, m.Note)
			}
		case m.ID == "loudness" && m.Status != "pass":
			t.Errorf("fall 650 dB/s: loudness %s (%s), want judged", m.Status, m.Note)
		}
	}
	for _, m := range Verdicts(res(670, 2), ours, false) {
		if strings.HasPrefix(m.Note, "not judged") {
			t.Errorf("fall 670 dB/s: %s %s, want judged", m.ID, m.Note)
		}
		if m.ID == "onset_rate" && m.Status != "fail" {
			t.Errorf("fall 670 dB/s, rate 2 against 10..12: %s, want fail", m.Status)
		}
	}
	bed := func(r measure.Result, side float64) measure.Result {
		r.Bed.Sides = []float64{side}
		return r
	}
	ours = []measure.Result{bed(res(1000, 10), -100), bed(res(1200, 12), -100)}
	for _, c := range []struct {
		side float64 // dB, retail's side power (level −60)
		room bool
	}{{-66, true}, {-74, true}, {-76, false}, {-100, false}} {
		for _, m := range Verdicts(bed(res(650, 2), c.side), ours, false) {
			switch {
			case !roomMetrics[m.ID]:
			case c.room && m.ID != "balance" && m.Status != "n/a":
				t.Errorf("fall 650 dB/s, side %g dB: %s is %s (%s), want not judged, a room", c.side, m.ID, m.Status, m.Note)
			case c.room && m.ID == "balance" && (m.Status != "n/a" || !strings.Contains(m.Note, fmt.Sprintf("not judged: the recording's sounds end no faster than 650 dB/s (ours at least 1000 dB/s) and its channels differ by a diffuse side %.0f dB under the level in our bed's loudest bands (ours 40 dB under): a room", -60-c.side))):
				t.Errorf("fall 650 dB/s, side %g dB: %s is %s (%s), want not judged, a room", c.side, m.ID, m.Status, m.Note)
			case !c.room && strings.HasPrefix(m.Note, "not judged"):
				t.Errorf("fall 650 dB/s, side %g dB (no room): %s %s, want judged", c.side, m.ID, m.Note)
			case !c.room && m.ID == "onset_rate" && m.Status != "fail":
				t.Errorf("fall 650 dB/s, side %g dB (no room), rate 2 against 10..12: %s, want fail", c.side, m.Status)
			}
		}
	}
}

// TestNotJudgedUnderUncorrelatedNoise: our seeds' bed band at −60 dB with
// −100 dB in the side signal. A recording 2 dB louder there with −70 dB in
// the side holds 2·10^−7 of noise the channels do not share (−67.0 dB),
// 9.0 dB under its level: not judged. With −75 dB in the side the noise is
// 14.0 dB under: judged. A bed 3 dB louder with our side (a louder bed,
// not noise) is judged and fails.
func TestNotJudgedUnderUncorrelatedNoise(t *testing.T) {
	res := func(level, side float64) measure.Result {
		var r measure.Result
		r.Bed.Centres, r.Bed.Levels, r.Bed.Floors, r.Bed.Sides = []float64{1000}, []float64{level}, []float64{level - 1}, []float64{side}
		r.Bed.Floor, r.Bed.Level = -70, -50
		return r
	}
	ours := []measure.Result{res(-60, -100), res(-60.5, -101)}
	band := func(level, side float64) Metric {
		for _, m := range Verdicts(res(level, side), ours, false) {
			if m.ID == "bed_spectrum" {
				return m.Bands[0]
			}
		}
		t.Fatal("no bed_spectrum")
		return Metric{}
	}
	if b := band(-58, -70); b.Status != "n/a" || !strings.HasPrefix(b.Note, "not judged: the recording holds noise uncorrelated between its channels 9.0 dB under") {
		t.Errorf("noise 9 dB under: %s (%s), want not judged", b.Status, b.Note)
	}
	if b := band(-58, -75); b.Status == "n/a" {
		t.Errorf("noise 14 dB under: not judged (%s), want judged", b.Note)
	}
	if b := band(-57, -100); b.Status != "fail" {
		t.Errorf("bed 3 dB louder: %s (%s), want fail", b.Status, b.Note)
	}
}

// TestAlignmentSpread: aligned to our median integrated loudness, a
// recording's levels carry its own loudness's sampling error. Our seeds
// read −20, −21 and −24 LUFS (median −21) and put every one-shot at
// −40 dB: unaligned the one-shot level band is −40 ± 3; aligned it widens
// by max − median = 1 dB below and median − min = 3 dB above: −44 .. −34.
func TestAlignmentSpread(t *testing.T) {
	res := func(lufs float64) measure.Result {
		var r measure.Result
		r.Loudness.Integrated = lufs
		for i := range 20 {
			r.Onsets.Times = append(r.Onsets.Times, float64(i))
			r.Onsets.Level = append(r.Onsets.Level, -40)
			r.Onsets.Side = append(r.Onsets.Side, 0)
		}
		r.Onsets.LevelMed, r.Onsets.PerMinute = -40, 20
		r.Bed.Centres, r.Bed.Levels, r.Bed.Floors = []float64{1000}, []float64{-60}, []float64{-80}
		return r
	}
	ours := []measure.Result{res(-20), res(-21), res(-24)}
	for _, c := range []struct {
		aligned bool
		lo, hi  float64
	}{{false, -43, -37}, {true, -44, -34}} {
		for _, m := range Verdicts(res(-21), ours, c.aligned) {
			if m.ID == "onset_level" && (math.Abs(m.Lo-c.lo) > 1e-9 || math.Abs(m.Hi-c.hi) > 1e-9) {
				t.Errorf("aligned %v: one-shot level band %.2f..%.2f, want %g..%g", c.aligned, m.Lo, m.Hi, c.lo, c.hi)
			}
		}
	}
}

// TestRoomTailIsNoNoise: a recording whose channels differ by a room's
// diffuse side (−66 dB against a bed band at −60 dB, ours −100 dB) reads,
// to the noise rule, as noise of 4·(10^−6.6 − 10^−10) ≈ −60.0 dB, burying
// a start of our own level −85 dB (more than 20 dB under). When its sounds
// also end as in a room (650 dB/s against our slowest 1000 dB/s) the side
// is the room's tail: nothing is buried and the rate is not judged as a
// room; when they end fast (670 dB/s) it is noise and buries the start.
func TestRoomTailIsNoNoise(t *testing.T) {
	res := func(fall, side float64) measure.Result {
		var r measure.Result
		r.Bed.Centres, r.Bed.Levels, r.Bed.Floors, r.Bed.Sides = []float64{1000}, []float64{-60}, []float64{-80}, []float64{side}
		r.Bed.Floor, r.Bed.Level, r.Loudness.Integrated = -70, -50, -20
		r.Onsets.PerMinute, r.Onsets.Fall = 10, fall
		return r
	}
	ours := []measure.Result{res(1000, -100), res(1200, -100)}
	for _, c := range []struct {
		fall   float64
		buried int
	}{{650, 0}, {670, 1}} {
		shots := []OneShotClass{{Wave: 0x0A000001, Own: []float64{-85}, Starts: [3]int{0, 1, 0}}}
		ms := Judge(res(c.fall, -66), ours, shots, false)
		if shots[0].Buried != c.buried {
			t.Errorf("fall %g dB/s: %d starts buried, want %d", c.fall, shots[0].Buried, c.buried)
		}
		if m := metricOf(t, ms, "onset_rate"); c.buried == 0 && (m.Status != "n/a" || strings.Contains(m.Tol, "noise")) {
			t.Errorf("fall %g dB/s, a room: rate %s, tolerance %q (%s), want not judged, no noise", c.fall, m.Status, m.Tol, m.Note)
		}
	}
}
