package measure

import (
	"math"
)

// Result is everything measured on one stereo signal.
type Result struct {
	Seconds  float64 // analysed length, ignored ranges excluded
	Loudness Loudness
	Meter    Meter
	Balance  Balance
	Onsets   Onsets
	Bed      Bed
}

// Balance is the L−R short-term loudness difference (dB) over the 3 s windows
// where both channels are above the absolute gate (−70 LUFS).
type Balance struct {
	Median float64 // dB, positive = louder on the left
	Spread float64 // dB, interquartile range (p75 − p25)
	Series []float64
}

// Range is a time range [From, To) in s from the signal's start.
type Range struct{ From, To float64 }

// Measure measures l, r (44100 Hz, equal length), leaving out the ranges in
// ignore: a 100 ms loudness segment, an STFT frame or an onset touching one
// is not counted, and Seconds excludes them.
func Measure(l, r []float32, ignore []Range) Result { return measure(l, r, ignore, false) }

func measure(l, r []float32, ignore []Range, single bool) Result {
	n := min(len(l), len(r))
	l, r = l[:n], r[:n]
	kept := func(a, b int) bool { // samples [a, b)
		ta, tb := float64(a)/Rate, float64(b)/Rate
		for _, g := range ignore {
			if ta < g.To && tb > g.From {
				return false
			}
		}
		return true
	}
	seg := int(Rate * segSeconds)
	keep := make([]bool, n/seg)
	ignored := 0
	for i := range keep {
		keep[i] = kept(i*seg, (i+1)*seg)
		if !keep[i] {
			ignored++
		}
	}
	var res Result
	res.Seconds = float64(n)/Rate - float64(ignored)*segSeconds
	pl, pr := segmentPowers(l), segmentPowers(r)
	res.Loudness = measureLoudness(pl, pr, keep)
	if single {
		res.Loudness.Integrated = res.Loudness.IntegratedL
		res.Loudness.Single = true
		pr = make([]float64, len(pl)) // the programme is the one channel
	}
	res.Meter = meter(l, r, pl, pr, keep, single)
	lo := res.Loudness
	for i := range lo.ShortTermL {
		if lo.ShortTermL[i] > absGate && lo.ShortTermR[i] > absGate {
			res.Balance.Series = append(res.Balance.Series, lo.ShortTermL[i]-lo.ShortTermR[i])
		}
	}
	res.Balance.Median = quantile(res.Balance.Series, 0.5)
	res.Balance.Spread = quantile(res.Balance.Series, 0.75) - quantile(res.Balance.Series, 0.25)
	res.Onsets = detectOnsets(l, r, kept, res.Seconds)
	res.Bed = bedSpectrum(l, r, kept)
	return res
}

// MeasureSingle measures a one-channel recording x as a single channel:
// BS.1770's programme of one channel of weight 1 (ffmpeg ebur128's default
// for mono), 3.01 LU below the same channel played on both sides
// (Measure(x, x), dual mono). Every other metric is that of dual mono; the
// L and R fields both hold the channel.
func MeasureSingle(x []float32, ignore []Range) Result { return measure(x, x, ignore, true) }

// db is 10·log10 of a power, floored at Silence.
func db(p float64) float64 {
	if !(p > 0) {
		return Silence
	}
	return math.Max(10*math.Log10(p), Silence)
}
