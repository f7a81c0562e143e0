package gate

import (
	"fmt"
	"math"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/gate/measure"
	"soundworld/world"
)

// TestOnsetsAnyPanAnyLevel: a one-shot is found whatever its pan and
// level. Over two places' beds (the town by the forge, the
// meadow; no objects, so the inserted starts are the only ones placed), the
// quench thump, a hammer strike and a splash are mixed in every 2 s at each
// pan (S4/S5: positive attenuates the left, −15…15 dB) and level (0…−50 dB
// re the wave). A start whose own energy in its first 50 ms is within 20 dB
// of the mix's in the 150 ms before it must be found within ±30 ms; fainter
// ones are left out. The side signal sees every start panned by 1 dB or
// more; a start panned exactly centre is in the mid only, with the bed.
func TestOnsetsAnyPanAnyLevel(t *testing.T) {
	ar, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	bank := audio.NewBank(ar)
	pans := []int{-15, -6, -2, -1, 0, 1, 2, 6, 15}
	levels := []int{0, -10, -20, -30, -40, -50}
	type insert struct {
		t        float64
		pan, lev int
		snr      float64 // dB, own first 50 ms over the mix's 150 ms before
	}
	var eligible, found, centred, centredFound int
	for _, pl := range []truthPlace{{lb: 0xA9B4, x: 100, y: 34, heading: 120}, {lb: 0xAAB5, x: 100, y: 100}} {
		x, y := world.WorldPos(pl.lb, pl.x, pl.y)
		sc := Scene{Archive: ar, Bank: bank, X: x, Y: y, Heading: pl.heading, Eye: 2, Prefs: audio.DefaultPrefs(),
			Seconds: float64(2 * (len(pans)*len(levels) + 2)), NoObjects: true}
		bed, err := Render(sc, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, wave := range []uint32{0x0A000023, 0x0A000020, 0x0A00000D} {
			buf, err := bank.Samples(wave)
			if err != nil {
				t.Fatal(err)
			}
			l, r := append([]float32(nil), bed.L...), append([]float32(nil), bed.R...)
			var in []insert
			for k := 0; k < len(pans)*len(levels); k++ {
				lev, pan := levels[k/len(pans)], pans[k%len(pans)]
				i0 := (2*k + 2) * audio.SampleRate
				gl, gr := sweepGains(lev, pan)
				w := audio.SampleRate / 20 // 50 ms
				var own, mix float64
				for i := 0; i < w; i++ {
					a, b := float64(buf[2*i]*gl), float64(buf[2*i+1]*gr)
					own += a*a + b*b
				}
				for i := i0 - 3*w; i < i0; i++ {
					mix += float64(l[i])*float64(l[i]) + float64(r[i])*float64(r[i])
				}
				for i := 0; 2*i+1 < len(buf) && i0+i < len(l); i++ {
					l[i0+i] += buf[2*i] * gl
					r[i0+i] += buf[2*i+1] * gr
				}
				in = append(in, insert{float64(i0) / audio.SampleRate, pan, lev, 10 * math.Log10(own/float64(w)/(mix/float64(3*w)))})
			}
			o := measure.Measure(l, r, nil).Onsets
			var missed string
			for _, e := range in {
				if e.snr < -20 {
					continue
				}
				hit := false
				for _, d := range o.Times {
					hit = hit || math.Abs(d-e.t) <= truthTol
				}
				if e.pan == 0 {
					centred++
					if hit {
						centredFound++
					}
					continue
				}
				eligible++
				if hit {
					found++
				} else {
					missed += fmt.Sprintf(" pan %d level %d (%.0f dB over the mix)", e.pan, e.lev, e.snr)
				}
			}
			if missed != "" {
				t.Errorf("landblock %04X, wave %08X: missed%s", pl.lb, wave, missed)
			}
		}
	}
	t.Logf("panned: %d of %d found; centred: %d of %d", found, eligible, centredFound, centred)
	if eligible < 150 || float64(centredFound) < 0.6*float64(centred) {
		t.Errorf("want ≥ 150 panned starts and ≥ 0.6 of the centred ones found")
	}
}

// sweepGains are S5's channel gains of a wave at lev dB, panned pan dB.
func sweepGains(lev, pan int) (l, r float32) {
	g := math.Pow(10, float64(lev)/20)
	gl, gr := g, g
	if pan > 0 {
		gl *= math.Pow(10, -float64(pan)/20)
	} else {
		gr *= math.Pow(10, float64(pan)/20)
	}
	return float32(gl), float32(gr)
}
