package gate

import (
	"math"

	"gonum.org/v1/gonum/dsp/fourier"

	"soundworld/audio"
	"soundworld/gate/measure"
)

// Noise that buries a start band by band. Noise fills every band, a
// start a few, so a start only a few dB under the noise broadband may
// stand over it in its own bands, and one 3 dB under it may not stand
// clear anywhere. The onset detector fires a band when its rise passes
// zMin (3) spreads of the band's level changes; in stationary noise a
// band of a few FFT bins changes by about 2 dB from frame to frame, so a
// band fires only where the start brings it some 6–7 dB up: where its
// own energy is about 4 times (BandMargin) the noise's there. So besides
// the truth set's broadband rule (BuryMargin), a start is buried when, in
// each of the bed's 1/3-octave bands, its own first OwnWindow holds less
// than BandMargin over the noise the recording adds there (or less than
// our loudness less QuietUnder: nothing).

// BandMargin, dB: a start whose own first OwnWindow lies less than this
// over the recording's noise in every 1/3-octave band is buried.
const BandMargin = 6.0

// ownBandsN is the FFT length (samples) a start's first OwnWindow is
// read with: 5.4 Hz bins, as the bed's 1/3-octave bands (measure.Bed).
const ownBandsN = 8192

// bandSpans are the FFT bins (first, last) of each of the bed's 1/3-octave
// bands (measure.BandCentres, edges fc·10^(±1/20)) at ownBandsN.
func bandSpans() [][2]int {
	binHz := float64(audio.SampleRate) / ownBandsN
	var out [][2]int
	for _, fc := range measure.BandCentres() {
		lo, hi := fc*math.Pow(10, -0.05), fc*math.Pow(10, 0.05)
		out = append(out, [2]int{int(math.Ceil(lo / binHz)), int(math.Ceil(hi/binHz)) - 1})
	}
	return out
}

// waveBands returns, per channel of an interleaved stereo wave at unit
// gain, the energy of its first OwnWindow in each of the bed's 1/3-octave
// bands (the sum of squares per sample of OwnWindow; zero-padded,
// rectangular window).
func waveBands(fft *fourier.FFT, wave []float32) (l, r []float64) {
	w := int(OwnWindow * audio.SampleRate)
	spans := bandSpans()
	x := make([]float64, ownBandsN)
	ch := func(c int) []float64 {
		clear(x)
		for i := 0; i < min(w, len(wave)/2); i++ {
			x[i] = float64(wave[2*i+c])
		}
		coef := fft.Coefficients(nil, x)
		out := make([]float64, len(spans))
		for b, s := range spans {
			for k := s[0]; k <= min(s[1], len(coef)-1); k++ {
				// one-sided: the bin and its mirror, Parseval's 1/N
				out[b] += 2 * (real(coef[k])*real(coef[k]) + imag(coef[k])*imag(coef[k])) / ownBandsN / float64(w)
			}
		}
		return out
	}
	return ch(0), ch(1)
}

// ownBands is a play's energy per 1/3-octave band over its wave's first
// OwnWindow at its S4 gains (nil: a wave the bank cannot give, so the
// broadband rule alone judges it). Each wave's bands are read once, for
// every seed of a run; not for concurrent use.
func ownBands(bank *audio.Bank) func(audio.Play) []float64 {
	fft := fourier.NewFFT(ownBandsN)
	type lr struct{ l, r []float64 }
	waves := map[uint32]lr{}
	return func(p audio.Play) []float64 {
		wb, ok := waves[p.Wave]
		if !ok {
			if w, err := bank.Samples(p.Wave); err == nil {
				wb.l, wb.r = waveBands(fft, w)
			}
			waves[p.Wave] = wb
		}
		if wb.l == nil {
			return nil
		}
		gl, gr := audio.Gains(p.DB, p.Pan)
		e := make([]float64, len(wb.l))
		for b := range e {
			e[b] = float64(gl*gl)*wb.l[b] + float64(gr*gr)*wb.r[b]
		}
		return e
	}
}

// addOwnBands appends to each of plays' classes (one render's one-shot
// starts, as addClasses counted them into cls, in the same order) its
// band energies (ownBands).
func addOwnBands(cls map[uint32]*OneShotClass, plays []audio.Play, bands func(audio.Play) []float64) {
	for _, p := range plays {
		c := cls[p.Wave]
		c.Bands = append(c.Bands, bands(p))
	}
}

// noiseBands is the noise the recording adds in each of the bed's
// 1/3-octave bands (power, both channels' squares per sample; 0 where its
// side lies within NoiseSideMargin of our seeds': none read there), as
// recordingNoise sums it.
func noiseBands(retail measure.Result, ours []measure.Result) []float64 {
	p := func(d float64) float64 { return math.Pow(10, d/10) }
	out := make([]float64, len(retail.Bed.Sides))
	for b, side := range retail.Bed.Sides {
		hi := measure.Silence
		for _, o := range ours {
			if len(o.Bed.Sides) > b {
				hi = math.Max(hi, o.Bed.Sides[b])
			}
		}
		if side > hi+NoiseSideMargin {
			out[b] = 4 * (p(side) - p(hi))
		}
	}
	return out
}

// underInEveryBand says whether a start's band energies (own) lie, in
// every band, less than BandMargin over the noise there (noise) or under
// quiet (power: our loudness less QuietUnder). A start without band
// energies is not.
func underInEveryBand(own, noise []float64, quiet float64) bool {
	if len(own) == 0 || len(own) != len(noise) {
		return false
	}
	m := math.Pow(10, BandMargin/10)
	for b, e := range own {
		if e >= math.Max(m*noise[b], quiet) {
			return false
		}
	}
	return true
}
