package degrade

import "soundworld/audio"

// resample is audio.ResamplePlanar (the mix's windowed-sinc resampler, the
// one gate/decode uses).
func resample(l, r []float32, from, to int) (ol, or []float32) {
	return audio.ResamplePlanar(l, r, from, to)
}
