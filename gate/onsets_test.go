package gate

import (
	"math"
	"slices"
	"testing"

	"soundworld/audio"
	"soundworld/gate/measure"
)

// The onset detector, run on renders through the Sim, finds the one-shots the
// event log says started (emitter and intermittent plays) and little else:
// over seeds 1–3 of the test scene at least 55 % of the logged starts are
// found within 50 ms and at least 80 % of the detections are logged starts
// (one-shots or beds: a bed re-fired with another variant starts audibly, and
// since every stand-in variant can be picked (T1's pad) the stream's bed
// alternates brook-a and brook-b). (One-shots landing on each other are what
// it misses.) A detection at one of a start's inner onsets (a bird's
// song of chirps: innerRule, as the truth set scores them) counts
// neither way. The floor was 85 %: the spread of a band's changes and the
// rise over the quietest level before a pre-echo (docs/gate-onsets.md)
// traded precision here (0.98 → 0.85: second detections about 90 ms into
// a wave, or just outside a bed start's 50 ms) for recall under noise and
// in rooms. The held-out truth set's precision is the measure
// (issue 29 item 2, still open); this floor stops it falling further.
func TestOnsetsFindLoggedOneShots(t *testing.T) {
	sc := testScene(t, 60)
	var found, logged, detections, true_ int
	for seed := uint32(1); seed <= 3; seed++ {
		var starts, beds, inner []float64
		st, err := RenderStems(sc, seed, 1, func(p audio.Play) int {
			if p.Source != audio.SourceBed {
				starts = append(starts, p.Time)
			} else if p.Slot >= 0 {
				beds = append(beds, p.Time)
			}
			in, err := innerOnsets(sc.Bank, p.Wave)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range in {
				inner = append(inner, p.Time+x)
			}
			return 0
		})
		if err != nil {
			t.Fatal(err)
		}
		o := measure.Measure(st[0].L, st[0].R, nil).Onsets
		near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
		for _, s := range starts {
			for _, d := range o.Times {
				if near(d, s) {
					found++
					break
				}
			}
		}
		for _, d := range o.Times {
			switch {
			case slices.ContainsFunc(append(starts, beds...), func(s float64) bool { return near(d, s) }):
				true_++
			case slices.ContainsFunc(inner, func(s float64) bool { return near(d, s) }):
				continue // counts neither way
			}
			detections++
		}
		logged += len(starts)
	}
	recall, precision := float64(found)/float64(logged), float64(true_)/float64(detections)
	t.Logf("recall %d/%d = %.2f, precision %d/%d = %.2f", found, logged, recall, true_, detections, precision)
	if logged < 30 || recall < 0.55 || precision < 0.80 {
		t.Fatalf("recall %.2f (want ≥ 0.55 of %d), precision %.2f (want ≥ 0.80)", recall, logged, precision)
	}
}
