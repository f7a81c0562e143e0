package gate

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/dsp/fourier"

	"soundworld/gate/measure"
)

// TestBuriedBandByBand: the band rule on made-up measurements. Our seeds'
// side lies at −120 dB in both bed bands; the recording's at −60 dB in
// both: noise of 4·(10^−6 − 10^−12) ≈ 4·10^−6 in each band, −51 dB in all.
// Six starts at −54 dB broadband (3 dB under it: not buried by the 20 dB
// rule) holding 10^−5 in each band (4 dB over the noise there, under
// BandMargin) are buried band by band; four as loud, with 2·10^−5 in the
// second band (7 dB over the noise there), are not. Our detector found all
// ten, and none of twenty more, buried too: the share is of what it found,
// 6 of 10 (> BuriedShare), and the rate is not judged. Without the six,
// the noise buries only starts our detector never found: the rate is
// judged (and fails). A band where the recording's side lies within
// NoiseSideMargin of ours reads no noise: a start holding there more than
// our loudness less QuietUnder (−110 dB) is not buried. Without noise,
// nothing is.
func TestBuriedBandByBand(t *testing.T) {
	res := func(side1, side2, rate float64) measure.Result {
		var r measure.Result
		r.Loudness.Integrated = -30
		r.Bed.Sides = []float64{side1, side2}
		r.Onsets.PerMinute = rate // band 7 .. 16, as in TestNotJudgedUnderNoise
		return r
	}
	ours := []measure.Result{res(-120, -120, 10), res(-120, -120, 12)}
	class := func(wave uint32, name string, n, seen int, bands []float64) OneShotClass {
		c := OneShotClass{Wave: wave, Name: name, Starts: [3]int{n, 0, 0}, Seen: [3]int{seen, 0, 0}}
		for range n {
			c.Own = append(c.Own, -54)
			c.Bands = append(c.Bands, bands)
		}
		return c
	}
	shots := func(under int) []OneShotClass {
		return []OneShotClass{class(1, "under", under, under, []float64{1e-5, 1e-5}), class(2, "over in one band", 4, 4, []float64{1e-7, 2e-5}),
			class(3, "never found", 20, 0, []float64{1e-6, 1e-6})}
	}
	sh := shots(6)
	m := metricOf(t, Judge(res(-60, -60, 0), ours, sh, true), "onset_rate")
	if m.Status != "n/a" || !strings.Contains(m.Note, "buries 26 of our 30 one-shot starts, 60 % of those the detector finds") ||
		!strings.Contains(m.Note, "less than 6 dB over it in every 1/3-octave band") {
		t.Errorf("6 of the 10 found under the noise in every band: rate %s (%s), want not judged, 26 of 30, 60 %%", m.Status, m.Note)
	}
	if sh[0].Buried != 6 || sh[1].Buried != 0 || sh[2].Buried != 20 {
		t.Errorf("buried %d, %d, %d; want 6, 0, 20", sh[0].Buried, sh[1].Buried, sh[2].Buried)
	}
	sh = shots(0)
	if m := metricOf(t, Judge(res(-60, -60, 0), ours, sh, true), "onset_rate"); m.Status != "fail" || sh[2].Buried != 20 {
		t.Errorf("only starts never found buried: rate %s (%s), %d buried; want fail, 20", m.Status, m.Note, sh[2].Buried)
	}
	// second band's side 2 dB over ours: no noise read there, and the
	// "under" starts hold 10^−5 there, far over −110 dB
	sh = shots(6)
	if m := metricOf(t, Judge(res(-60, -118, 0), ours, sh, true), "onset_rate"); m.Status != "fail" || sh[0].Buried != 0 {
		t.Errorf("no noise read in the second band: rate %s (%s), %d buried; want fail, none", m.Status, m.Note, sh[0].Buried)
	}
	sh = shots(6)
	if m := metricOf(t, Judge(res(-120, -120, 0), ours, sh, true), "onset_rate"); m.Status != "fail" || sh[0].Buried != 0 {
		t.Errorf("no noise: rate %s (%s), %d buried; want fail, none", m.Status, m.Note, sh[0].Buried)
	}
}

// TestWaveBands: a 1 kHz sine of amplitude 0.5 in the left channel only
// holds its mean square 0.125 in the 1 kHz 1/3-octave band (891–1122 Hz;
// the window's leakage outside it is under 5 %), nothing in the
// right; played for half the OwnWindow, half of it (the window's silent
// remainder counted).
func TestWaveBands(t *testing.T) {
	sine := func(seconds float64) []float32 {
		n := int(seconds * 44100)
		w := make([]float32, 2*n)
		for i := range n {
			w[2*i] = float32(0.5 * math.Sin(2*math.Pi*1000*float64(i)/44100))
		}
		return w
	}
	fft := fourier.NewFFT(ownBandsN)
	const k = 13 // 1000 Hz: BandCentres from 50 Hz (n = −13)
	if c := measure.BandCentres()[k]; math.Abs(c-1000) > 1e-9 {
		t.Fatalf("band %d centre %.1f Hz, want 1000", k, c)
	}
	for _, c := range []struct{ seconds, want float64 }{{0.5, 0.125}, {OwnWindow / 2, 0.0625}} {
		l, r := waveBands(fft, sine(c.seconds))
		if math.Abs(l[k]-c.want) > 0.05*c.want {
			t.Errorf("%.3f s: left %.5f in the 1 kHz band, want %.5f", c.seconds, l[k], c.want)
		}
		var rest, right float64
		for b := range l {
			if b != k {
				rest += l[b]
			}
			right += r[b]
		}
		if rest > 0.05*c.want || right != 0 {
			t.Errorf("%.3f s: %.5f left outside the 1 kHz band, %.5f right; want < 5 %%, 0", c.seconds, rest, right)
		}
	}
}
