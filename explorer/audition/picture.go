package audition

import (
	"math"

	"gonum.org/v1/gonum/dsp/fourier"

	"soundworld/audio"
)

// Column is one waveform column: the lowest and highest sample of its
// frames (mono: the mean of left and right), in [−1, 1].
type Column struct{ Min, Max float32 }

// Waveform cuts samples (interleaved stereo) into cols columns of equal
// frame counts (the last takes the rest) and gives each its min and max.
func Waveform(samples []float32, cols int) []Column {
	frames := len(samples) / 2
	if cols <= 0 || frames == 0 {
		return nil
	}
	out := make([]Column, cols)
	for c := range out {
		lo, hi := c*frames/cols, (c+1)*frames/cols
		col := Column{Min: 1, Max: -1}
		for f := lo; f < max(hi, lo+1) && f < frames; f++ {
			v := (samples[2*f] + samples[2*f+1]) / 2
			col.Min, col.Max = min(col.Min, v), max(col.Max, v)
		}
		out[c] = col
	}
	return out
}

// SpectrumN is the spectrum's FFT length in frames: 46 ms at 44100 Hz, a
// bin every 21.5 Hz.
const SpectrumN = 2048

// Spectrum is the mean power spectrum of samples (interleaved stereo, mono
// mix) over Hann-windowed frames of SpectrumN, half overlapping, in dB
// relative to a full-scale sine (0 dB), floored at −120: SpectrumN/2+1
// bins, bin k at k·44100/SpectrumN Hz. The FFT is gonum's (as the gate's
// measures use), not a retail rule.
func Spectrum(samples []float32) []float64 {
	frames := len(samples) / 2
	pow := make([]float64, SpectrumN/2+1)
	if frames == 0 {
		return floorDB(pow, 0)
	}
	fft := fourier.NewFFT(SpectrumN)
	win := make([]float64, SpectrumN)
	wsum := 0.0
	for i := range win {
		win[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/SpectrumN)
		wsum += win[i]
	}
	x := make([]float64, SpectrumN)
	var coef []complex128
	n := 0
	for at := 0; n == 0 || at+SpectrumN <= frames; at += SpectrumN / 2 {
		for i := range x {
			x[i] = 0
			if f := at + i; f < frames {
				x[i] = float64(samples[2*f]+samples[2*f+1]) / 2 * win[i]
			}
		}
		coef = fft.Coefficients(coef, x)
		for k, c := range coef {
			pow[k] += real(c)*real(c) + imag(c)*imag(c)
		}
		n++
	}
	// A full-scale sine's peak bin is (A·wsum/2)²; that is 0 dB.
	return floorDB(pow, float64(n)*(wsum/2)*(wsum/2))
}

// floorDB turns summed powers into dB against ref, floored at −120.
func floorDB(pow []float64, ref float64) []float64 {
	for k, p := range pow {
		db := -120.0
		if p > 0 && ref > 0 {
			db = max(db, 10*math.Log10(p/ref))
		}
		pow[k] = db
	}
	return pow
}

// BinHz is the frequency of spectrum bin k in Hz.
func BinHz(k int) float64 { return float64(k) * audio.SampleRate / SpectrumN }
