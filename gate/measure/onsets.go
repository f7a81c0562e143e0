package measure

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Onset detection by spectral flux (Bello et al. 2005; Dixon 2006): the
// half-wave rectified rise of the log-compressed magnitude spectrum from one
// frame to the next, peaks above a moving median.
const (
	fluxN        = 1024 // STFT frame, samples (23 ms)
	fluxHop      = 512  // 11.6 ms
	medianFrames = 43   // ± half-window of the moving median, frames (0.5 s)
	peakFrames   = 3    // a peak is the largest within ± this many frames (35 ms)
	minGapFrames = 5    // onsets at least 58 ms apart
	// fluxDelta is the threshold above the moving median, in mean log-magnitude
	// rise per bin, and minRise the least energy an onset adds over the 150 ms
	// before it (dB): tuned on stand-in renders against their event logs, where
	// lower values found bed texture (a looped bed's own transients) and
	// higher ones missed quieter one-shots (TestOnsetsFindLoggedOneShots).
	fluxDelta = 0.04
	minRise   = -6.0
	// Per-onset level windows: the one-shot's added energy is the mean square
	// over [t−10 ms, t+150 ms) minus that over the 150 ms before.
	onsetPre  = 0.010
	onsetPost = 0.150
)

// Onsets are the detected one-shots.
type Onsets struct {
	Times      []float64 // s from the signal's start
	Level      []float64 // dB (mean square re 1) of the energy each onset adds, L+R
	Side       []float64 // dB, L−R of that added energy (positive = left); ±30 dB at most
	PerMinute  float64
	LevelMed   float64 // median of Level
	SideMed    float64 // median of Side
	LeftShare  float64 // share of onsets with Side > +1 dB
	RightShare float64 // share with Side < −1 dB
}

// hann returns the periodic Hann window of length n.
func hann(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))
	}
	return w
}

func detectOnsets(l, r []float32, kept func(a, b int) bool, seconds float64) Onsets {
	frames := 0
	if len(l) >= fluxN {
		frames = (len(l)-fluxN)/fluxHop + 1
	}
	fft := fourier.NewFFT(fluxN)
	win := hann(fluxN)
	seq := make([]float64, fluxN)
	coef := make([]complex128, fluxN/2+1)
	prev := make([]float64, len(coef))
	cur := make([]float64, len(coef))
	flux := make([]float64, frames)
	for f := 0; f < frames; f++ {
		o := f * fluxHop
		for i := range seq {
			seq[i] = 0.5 * (float64(l[o+i]) + float64(r[o+i])) * win[i]
		}
		fft.Coefficients(coef, seq)
		var s float64
		for k, c := range coef {
			cur[k] = math.Log1p(math.Sqrt(real(c)*real(c) + imag(c)*imag(c)))
			if f > 0 {
				if d := cur[k] - prev[k]; d > 0 {
					s += d
				}
			}
		}
		flux[f] = s / float64(len(coef))
		prev, cur = cur, prev
	}
	med := movingMedian(flux, medianFrames)
	var out Onsets
	last := -minGapFrames - 1
	for f := 1; f < frames; f++ {
		if flux[f] <= med[f]+fluxDelta || f-last < minGapFrames {
			continue
		}
		peak := true
		for j := max(1, f-peakFrames); j <= min(frames-1, f+peakFrames); j++ {
			if flux[j] > flux[f] || (flux[j] == flux[f] && j < f) {
				peak = false
				break
			}
		}
		if !peak || !kept(f*fluxHop, f*fluxHop+fluxN) {
			continue
		}
		last = f
		t := float64(f*fluxHop+fluxN/2) / Rate
		lv, side, rise := onsetEnergy(l, r, t)
		if rise < minRise {
			continue
		}
		out.Times = append(out.Times, t)
		out.Level = append(out.Level, lv)
		out.Side = append(out.Side, side)
	}
	if seconds > 0 {
		out.PerMinute = float64(len(out.Times)) / seconds * 60
	}
	out.LevelMed = quantile(out.Level, 0.5)
	out.SideMed = quantile(out.Side, 0.5)
	for _, s := range out.Side {
		if s > 1 {
			out.LeftShare++
		} else if s < -1 {
			out.RightShare++
		}
	}
	if n := float64(len(out.Side)); n > 0 {
		out.LeftShare /= n
		out.RightShare /= n
	}
	return out
}

// onsetEnergy returns the level (dB) and L−R (dB) of the energy an onset at t
// s adds, and its rise: that energy over the energy before, in dB.
func onsetEnergy(l, r []float32, t float64) (level, side, rise float64) {
	at := func(s float64) int { return max(0, min(len(l), int(s*Rate))) }
	ms := func(x []float32, a, b int) float64 {
		if b <= a {
			return 0
		}
		var s float64
		for _, v := range x[a:b] {
			s += float64(v) * float64(v)
		}
		return s / float64(b-a)
	}
	a, b, c := at(t-onsetPre-onsetPost), at(t-onsetPre), at(t+onsetPost)
	pl, pr := ms(l, a, b), ms(r, a, b)
	dl := math.Max(ms(l, b, c)-pl, 0)
	dr := math.Max(ms(r, b, c)-pr, 0)
	const eps = 1e-12
	side = math.Max(-30, math.Min(30, 10*math.Log10((dl+eps)/(dr+eps))))
	return db(dl + dr), side, db(dl+dr) - db(pl+pr)
}

// movingMedian returns, for each i, the median of v[i−h .. i+h] (clipped to v).
func movingMedian(v []float64, h int) []float64 {
	out := make([]float64, len(v))
	var win []float64 // sorted
	ins := func(x float64) {
		i := sort.SearchFloat64s(win, x)
		win = append(win, 0)
		copy(win[i+1:], win[i:])
		win[i] = x
	}
	del := func(x float64) {
		i := sort.SearchFloat64s(win, x)
		win = append(win[:i], win[i+1:]...)
	}
	lo, hi := 0, 0 // window is v[lo:hi]
	for i := range v {
		for hi < len(v) && hi <= i+h {
			ins(v[hi])
			hi++
		}
		for lo < i-h {
			del(v[lo])
			lo++
		}
		m := len(win)
		if m%2 == 1 {
			out[i] = win[m/2]
		} else {
			out[i] = 0.5 * (win[m/2-1] + win[m/2])
		}
	}
	return out
}
