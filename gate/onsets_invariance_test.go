package gate

import (
	"fmt"
	"math"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/gate/degrade"
	"soundworld/gate/measure"
)

// TestOnsetsGainAndPanInvariant: the detector's finds do
// not depend on the recording's level nor on which side a sound comes from.
// A 60 s take by the forge (hammer strikes, the quench thump, beds) is
// measured as rendered, 12 dB down, 12 dB up and with its channels swapped:
// each must give the same onset times (within one 11.6 ms hop), the same
// levels moved by the gain (±0.1 dB) and, swapped, the sides mirrored.
// The take's quiet start is digital silence only where the render has it;
// nothing here is tuned: the expectation is the identity.
func TestOnsetsGainAndPanInvariant(t *testing.T) {
	ar, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	bank := audio.NewBank(ar)
	mix, _ := renderPlays(t, ar, bank, truthPlace{lb: 0xA9B4, x: 96, y: 40, heading: 120, seed: 29}, 60)
	ref := measure.Measure(mix.L, mix.R, nil).Onsets
	if len(ref.Times) < 20 {
		t.Fatalf("%d onsets in the reference take, want ≥ 20 to compare", len(ref.Times))
	}
	same := func(name string, o measure.Onsets, dLevel, sideSign float64) {
		t.Helper()
		if len(o.Times) != len(ref.Times) {
			t.Errorf("%s: %d onsets, the take as rendered has %d", name, len(o.Times), len(ref.Times))
			return
		}
		for i := range o.Times {
			if math.Abs(o.Times[i]-ref.Times[i]) > 0.0117 || math.Abs(o.Level[i]-ref.Level[i]-dLevel) > 0.1 ||
				math.Abs(o.Side[i]-sideSign*ref.Side[i]) > 0.1 {
				t.Errorf("%s: onset %d at %.3f s, level %.2f dB, side %.2f dB; as rendered %.3f s, %.2f dB, %.2f dB",
					name, i, o.Times[i], o.Level[i], o.Side[i], ref.Times[i], ref.Level[i], ref.Side[i])
				return
			}
		}
	}
	for _, g := range []float64{-12, 12} {
		l, r := degrade.Gain(mix.L, mix.R, g)
		same(fmt.Sprintf("gain %+g dB", g), measure.Measure(l, r, nil).Onsets, g, 1)
	}
	same("channels swapped", measure.Measure(mix.R, mix.L, nil).Onsets, 0, -1)
	t.Logf("%d onsets, the same at -12, 0 and +12 dB and with the channels swapped", len(ref.Times))
}
