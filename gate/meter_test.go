package gate

import (
	"strings"
	"testing"

	"soundworld/gate/measure"
)

// The meter metrics are shown without a verdict unless the gate file asks
// ("meter_verdicts": true); asked, they pass within ours ± their tolerance.
func TestMeterMetricsAreAGateFileChoice(t *testing.T) {
	res := func(lra, tp, mm float64) measure.Result {
		return measure.Result{Meter: measure.Meter{LRA: lra, TruePeak: tp, MomentaryMax: mm}}
	}
	ours := []measure.Result{res(4, -12, -20), res(5, -11, -19), res(6, -10, -18)}
	retail := res(8, -10.5, -25) // LRA 2 LU above ours' max, peak within, momentary 6 LU below
	for _, m := range MeterMetrics(retail, ours, false, false) {
		if m.Status != "n/a" || !strings.Contains(m.Note, "meter_verdicts") {
			t.Errorf("default %s: %s %q, want n/a naming the key", m.ID, m.Status, m.Note)
		}
	}
	want := map[string]string{"loudness_range": "fail", "true_peak": "pass", "momentary_max": "fail"}
	ms := MeterMetrics(retail, ours, false, true)
	for _, m := range ms {
		if m.Status != want[m.ID] {
			t.Errorf("judged %s: %s (retail %v, ours %v…%v ± %s), want %s", m.ID, m.Status, m.Retail, m.Min, m.Max, m.Tol, want[m.ID])
		}
	}
	if len(ms) != 3 || ms[0].Hi != 6+TolLRA || ms[1].Lo != -12-TolTruePeak {
		t.Errorf("bands: %+v", ms)
	}
	f, err := Parse([]byte(strings.Replace(goodGate, `"notes": ""`, `"notes": "", "meter_verdicts": true`, 1)), "g.gate.json")
	if err != nil || !f.MeterVerdicts {
		t.Fatalf("meter_verdicts: %v %v", err, f)
	}
}
