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
func Measure(l, r []float32, ignore []Range) Result { return measure(l, r, Native{}, ignore, false) }

// Native is a recording at its own sample rate (the same part as the
// 44100 Hz signal measured with it): the loudness, the balance and the meter
// (range, momentary maximum, true peak) are measured on it, so what lies
// above 22.05 kHz counts and no resampler's ripple moves the peaks.
type Native struct {
	L, R []float32
	Rate int // Hz
}

// MeasureNative is Measure with the meters read from nat.
func MeasureNative(l, r []float32, nat Native, ignore []Range) Result {
	return measure(l, r, nat, ignore, false)
}

// keptFunc says whether samples [a, b) at rate touch no ignored range.
func keptFunc(ignore []Range, rate int) func(a, b int) bool {
	return func(a, b int) bool {
		ta, tb := float64(a)/float64(rate), float64(b)/float64(rate)
		for _, g := range ignore {
			if ta < g.To && tb > g.From {
				return false
			}
		}
		return true
	}
}

func measure(l, r []float32, nat Native, ignore []Range, single bool) Result {
	n := min(len(l), len(r))
	l, r = l[:n], r[:n]
	kept := keptFunc(ignore, Rate)
	ml, mr, rate := l, r, Rate
	if nat.Rate > 0 {
		k := min(len(nat.L), len(nat.R))
		ml, mr, rate = nat.L[:k], nat.R[:k], nat.Rate
	}
	var res Result
	var ignored int
	res.Loudness, res.Meter, ignored = meters(ml, mr, rate, keptFunc(ignore, rate), single)
	res.Seconds = float64(n)/Rate - float64(ignored)*segSeconds
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

// meters are the loudness and the meter of l, r at rate Hz, and how many
// 100 ms segments were left out.
func meters(l, r []float32, rate int, kept func(a, b int) bool, single bool) (Loudness, Meter, int) {
	seg := rate / 10 // 100 ms: every rate from 1 kHz up is a whole number of 10 Hz
	n := min(len(l), len(r))
	keep := make([]bool, n/seg)
	ignored := 0
	for i := range keep {
		keep[i] = kept(i*seg, (i+1)*seg)
		if !keep[i] {
			ignored++
		}
	}
	pl, pr := segmentPowers(l, rate), segmentPowers(r, rate)
	lo := measureLoudness(pl, pr, keep)
	if single {
		lo.Integrated = lo.IntegratedL
		lo.Single = true
		pr = make([]float64, len(pl)) // the programme is the one channel
	}
	return lo, meter(l, r, pl, pr, keep, single, rate), ignored
}

// MeasureSingle measures a one-channel recording x as a single channel:
// BS.1770's programme of one channel of weight 1 (ffmpeg ebur128's default
// for mono), 3.01 LU below the same channel played on both sides
// (Measure(x, x), dual mono). Every other metric is that of dual mono; the
// L and R fields both hold the channel.
func MeasureSingle(x []float32, ignore []Range) Result { return measure(x, x, Native{}, ignore, true) }

// MeasureSingleNative is MeasureSingle with the meters read from nat's L.
func MeasureSingleNative(x []float32, nat Native, ignore []Range) Result {
	nat.R = nat.L
	return measure(x, x, nat, ignore, true)
}

// db is 10·log10 of a power, floored at Silence.
func db(p float64) float64 {
	if !(p > 0) {
		return Silence
	}
	return math.Max(10*math.Log10(p), Silence)
}
