package measure

import (
	"math"
	"math/bits"
	"sort"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Onset detection by band-wise novelty, on the mid and on the side signal.
//
// Each signal's STFT power is summed into 40 log-spaced bands (86 Hz to
// Nyquist). A band's rise at a frame is the level of its power over the next
// 46 ms against the larger of the 150 ms and the 35 ms before; both are means
// over frames and bins, so a band one bin wide is as steady as a wide one.
// The rise over its running mean, divided by its running standard deviation,
// is a z-score: a band a bed keeps busy (a crowd's syllables) needs a larger
// rise than a quiet one. A frame's score is the sum of the z-scores over zMin;
// its peaks above a moving median are candidates. A candidate is kept when
// the bands that fired gain energy over the 150 ms after it (minBandRise) and
// what the start adds to the mix (its level from the mid, side and cross
// terms, onsetEnergy) is not far under the whole mix before it (minRel). The
// log's floor follows the mix's own level, so nothing depends on the
// recording's gain.
//
// The side signal (L−R)/2 is analysed the same way: whatever plays centred
// (S4: pan 0, every ambient bed) cancels in it, so a panned one-shot under a
// bed of the same colour (the forge's thump under the murmur) is found there
// when the mid cannot see it. minRel is held against the start's whole
// energy for both signals: held against its energy in the side alone, a
// start panned near the centre (faint in the side) was refused at any level,
// a blind spot that moved with the listener. Candidates of both signals
// are merged.
//
// Level and side are read from the mid/side cross spectrum of the bands that
// fired (onsetEnergy), which the centred beds do not disturb either.
const (
	fluxN        = 1024 // STFT frame, samples (23 ms)
	fluxHop      = 512  // 11.6 ms
	medianFrames = 43   // ± half-window of the moving median, frames (0.5 s)
	peakFrames   = 3    // a peak is the largest within ± this many frames (35 ms)
	minGapFrames = 5    // onsets at least 58 ms apart
	fluxBandsN   = 40   // log-spaced bands from fluxLoBin to Nyquist
	fluxLoBin    = 2    // 86 Hz
	floorRel     = 1e-6 // the log's floor per bin, re the mix's mean power per bin (−60 dB)
	bandTau      = 0.5  // s, time constant of each band's running mean and variance of its rise
	riseVar0     = 4.0  // dB², the variance a band's rise starts from
	zClip        = 2.5  // deviations: the most one frame moves a band's statistics
	spanFrames   = 13   // frames in the 150 ms an onset's energy is measured over
	riseFrames   = 4    // frames of the after-window (46 ms: a start's first 50 ms)
	recentFrames = 3    // frames of the recent level (35 ms) a rise must also clear
	// zMin is the z-score a band must pass to count, zCap the most one band
	// adds, fluxDelta the threshold above the moving median (sum of z-scores
	// over zMin), minBandRise the least gain (dB) of the fired bands' energy
	// over the 150 ms after the onset against the 150 ms before, and minRel
	// the least that gain may be against the whole mix before it (dB).
	// Chosen on renders against their event logs (TestOnsetsAgainstTheTruth,
	// TestOnsetsAnyPanAnyLevel): a lower zMin or minRel lets the later
	// transients of sounds already playing through (a creak's clicks, a
	// hammer's beating partials), a higher minRel loses starts 20 dB under
	// the mix.
	zMin        = 5.0
	zCap        = 10.0
	fluxDelta   = 3.0
	minBandRise = 3.0
	minRel      = -22.0
	// sideCentre: a gain in the side signal under this share of the mid's
	// (|ρ| < 0.05, under 0.9 dB L−R) reads as centred; rhoMax caps ρ at ±30 dB.
	sideCentre = 0.0025
	rhoMax     = 0.9387
)

// Onsets are the detected one-shots.
type Onsets struct {
	Times      []float64 // s from the signal's start
	Level      []float64 // dB (mean square re 1) of the energy each onset adds, L+R, in the bands that fired
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

// novelty is the band analysis of one signal (mid or side).
type novelty struct {
	frames int
	edges  []int     // FFT-bin edges of the bands
	pow    []float32 // power per frame and band (frames × bands)
	fired  []uint64  // per frame, the bands whose z-score passed zMin
	score  []float64 // per frame, Σ min(z − zMin, zCap) over those bands
}

func newNoveltyOf(frames int, edges []int) *novelty {
	nb := len(edges) - 1
	return &novelty{frames: frames, edges: edges, pow: make([]float32, frames*nb), fired: make([]uint64, frames),
		score: make([]float64, frames)}
}

// frame takes frame f's spectrum: its band powers.
func (nv *novelty) frame(f int, coef []complex128) {
	edges, nb := nv.edges, len(nv.edges)-1
	p := nv.pow[f*nb : (f+1)*nb]
	for b := range p {
		var e float64
		for _, c := range coef[edges[b]:edges[b+1]] {
			e += real(c)*real(c) + imag(c)*imag(c)
		}
		p[b] = float32(e)
	}
}

// scoreFrames computes each frame's band rises and their z-scores. A band's
// rise at frame f is the level (dB) of its mean power over the riseFrames
// frames from f (the first 50 ms of a start) over the larger of its mean
// power in the spanFrames frames that end where frame f starts (the 150 ms
// before) and in the last recentFrames of those (so a slow swell, a gust,
// is not a start: it rises over the recent level only a little). All
// are means over many bins and frames, so a band one bin wide is as steady
// as a wide one. floor (power per bin) is added before the log: it is set
// from the mix's own level, so a start is found at any recording level. The
// rise's running mean and variance (time constant bandTau, from frames
// before the after-window; each step clipped to ±zClip deviations so one
// start does not blind the band for the next) make it a z-score.
func (nv *novelty) scoreFrames(floor float64) {
	nb := len(nv.edges) - 1
	after, before, recent := make([]float64, nb), make([]float64, nb), make([]float64, nb)
	mean, vari := make([]float64, nb), make([]float64, nb)
	rises := make([][]float64, riseFrames+1) // ring of the last rises, for the lagged update
	for i := range rises {
		rises[i] = make([]float64, nb)
	}
	for b := range vari {
		vari[b] = riseVar0
	}
	alpha := float64(fluxHop) / Rate / bandTau
	pw := func(f, b int) float64 { return float64(nv.pow[f*nb+b]) }
	for f := 0; f+riseFrames <= nv.frames; f++ {
		for b := range after { // slide: after = [f, f+riseFrames), before = [f−1−spanFrames, f−1)
			if f == 0 {
				for g := 0; g < riseFrames; g++ {
					after[b] += pw(g, b)
				}
			} else {
				after[b] += pw(f+riseFrames-1, b) - pw(f-1, b)
			}
			if f >= 2 {
				before[b] += pw(f-2, b)
				recent[b] += pw(f-2, b)
			}
			if g := f - 2 - recentFrames; g >= 0 {
				recent[b] -= pw(g, b)
			}
			if g := f - 2 - spanFrames; g >= 0 {
				before[b] -= pw(g, b)
			}
		}
		if f < 2 {
			continue
		}
		nBefore, nRecent := float64(min(f-1, spanFrames)), float64(min(f-1, recentFrames))
		cur := rises[f%len(rises)]
		var s float64
		var m uint64
		for b := range cur {
			w := float64(nv.edges[b+1]-nv.edges[b]) * floor
			ref := max(before[b]/nBefore, recent[b]/nRecent, 0)
			cur[b] = 10 * math.Log10((max(after[b], 0)/riseFrames+w)/(ref+w))
			if z := (cur[b] - mean[b]) / math.Sqrt(vari[b]); z > zMin {
				s += min(z-zMin, zCap)
				m |= 1 << b
			}
		}
		nv.score[f], nv.fired[f] = s, m
		// The rise riseFrames+… back: its after-window ended before this
		// frame's began, so a start never scores against itself.
		if f-riseFrames < 2 {
			continue
		}
		old := rises[(f-riseFrames)%len(rises)]
		for b := range old {
			sd := math.Sqrt(vari[b])
			d := max(-zClip*sd, min(zClip*sd, old[b]-mean[b]))
			mean[b] += alpha * d
			vari[b] += alpha * (d*d - vari[b])
		}
	}
}

// analyse returns the band novelty of the mid (L+R)/2 and of the side
// (L−R)/2, and per frame and band the cross power Re(M·S*).
func analyse(l, r []float32) (mid, side *novelty, cross []float32) {
	frames := 0
	if len(l) >= fluxN {
		frames = (len(l)-fluxN)/fluxHop + 1
	}
	edges := fluxBands()
	nb := len(edges) - 1
	mid, side = newNoveltyOf(frames, edges), newNoveltyOf(frames, edges)
	cross = make([]float32, frames*nb)
	fft := fourier.NewFFT(fluxN)
	win := hann(fluxN)
	sm, ss := make([]float64, fluxN), make([]float64, fluxN)
	cm, cs := make([]complex128, fluxN/2+1), make([]complex128, fluxN/2+1)
	for f := 0; f < frames; f++ {
		o := f * fluxHop
		for i := range sm {
			a, b := float64(l[o+i]), float64(r[o+i])
			sm[i] = 0.5 * (a + b) * win[i]
			ss[i] = 0.5 * (a - b) * win[i]
		}
		fft.Coefficients(cm, sm)
		fft.Coefficients(cs, ss)
		mid.frame(f, cm)
		side.frame(f, cs)
		x := cross[f*nb : (f+1)*nb]
		for b := range x {
			var e float64
			for k := edges[b]; k < edges[b+1]; k++ {
				e += real(cm[k])*real(cs[k]) + imag(cm[k])*imag(cs[k])
			}
			x[b] = float32(e)
		}
	}
	// The floor follows the mix's mean power per bin: both signals are
	// scored against the same one, so the side of a centred mix (nothing
	// but rounding) stays under it.
	var all float64
	for _, p := range mid.pow {
		all += float64(p)
	}
	floor := floorRel * all / float64(max(1, frames*(edges[nb]-edges[0])))
	mid.scoreFrames(floor)
	side.scoreFrames(floor)
	return mid, side, cross
}

// bandMean is the mean per frame of v (frames × nb) over frames [a, b)
// (clipped to the signal) and the bands of mask m.
func bandMean(v []float32, nb, a, b int, m uint64) float64 {
	var e float64
	for g := max(a, 0); g < min(b, len(v)/nb); g++ {
		for mm := m; mm != 0; mm &= mm - 1 {
			e += float64(v[g*nb+bits.TrailingZeros64(mm)])
		}
	}
	return e / float64(b-a)
}

// bandPower is bandMean of nv's powers.
func (nv *novelty) bandPower(a, b int, m uint64) float64 {
	return bandMean(nv.pow, len(nv.edges)-1, a, b, m)
}

// candidate is a frame where an onset was found, the bands that fired and
// the frame its start is placed at.
type candidate struct {
	f, at int
	bands uint64
}

// startFrame places the start of a rise found at frame f: the rise's
// after-window holds it somewhere in frames f … f+riseFrames−1, and it lies
// at the centre of the frame whose power in the fired bands m gains most on
// the frame before (a Hann window gains fastest when a step crosses its
// middle).
func (nv *novelty) startFrame(f int, m uint64) int {
	best, at := math.Inf(-1), f
	prev := nv.bandPower(f-1, f, m)
	for g := f; g < min(nv.frames, f+riseFrames+1); g++ {
		p := nv.bandPower(g, g+1, m)
		if r := db(p) - db(prev); r > best {
			best, at = r, g
		}
		prev = p
	}
	return at
}

// candidates are the peaks of nv's score that pass the energy checks. rel(f,
// m) is the level (dB) of what a start at frame f adds in bands m over the
// whole mix's level before it, the same measure for the mid's candidates and
// the side's: a near-centred start is faint in the side, but what it adds
// to the mix is its whole energy (onsetEnergy), and minRel is held against
// that, whatever the pan.
func (nv *novelty) candidates(rel func(f int, m uint64) float64, kept func(a, b int) bool) []candidate {
	frames, score := nv.frames, nv.score
	med := movingMedian(score, medianFrames)
	var out []candidate
	last := -minGapFrames - 1
	for f := spanFrames + 1; f < frames; f++ { // from the first frame with 150 ms before it
		if score[f] <= med[f]+fluxDelta || f-last < minGapFrames {
			continue
		}
		peak := true
		for j := max(1, f-peakFrames); j <= min(frames-1, f+peakFrames); j++ {
			if score[j] > score[f] || (score[j] == score[f] && j < f) {
				peak = false
				break
			}
		}
		if !peak || !kept(f*fluxHop, f*fluxHop+fluxN) {
			continue
		}
		// Before: the 150 ms of frames that end where frame f starts.
		m := nv.fired[f]
		before, after := nv.bandPower(f-1-spanFrames, f-1, m), nv.bandPower(f, f+spanFrames, m)
		if db(after)-db(before) < minBandRise || rel(f, m) < minRel {
			continue
		}
		last = f
		out = append(out, candidate{f, nv.startFrame(f, m), m})
	}
	return out
}

func detectOnsets(l, r []float32, kept func(a, b int) bool, seconds float64) Onsets {
	mid, side, cross := analyse(l, r)
	nb := len(mid.edges) - 1
	sums := func(m uint64) func(a, b int) (mm, ss, ms float64) {
		return func(a, b int) (mm, ss, ms float64) {
			return mid.bandPower(a, b, m), side.bandPower(a, b, m), bandMean(cross, nb, a, b, m)
		}
	}
	all := uint64(1)<<nb - 1
	norm := 16 / (3 * float64(fluxN) * float64(fluxN)) // as in onsetEnergy
	rel := func(f int, m uint64) float64 {
		lv, _ := onsetEnergy(f, m, sums(m))
		return lv - db(2*mid.bandPower(f-1-spanFrames, f-1, all)*norm)
	}
	cands := append(mid.candidates(rel, kept), side.candidates(rel, kept)...)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].f < cands[j].f })
	var out Onsets
	last := -minGapFrames - 1
	for _, c := range cands {
		if c.f-last < minGapFrames {
			continue // the same onset, seen in both signals
		}
		last = c.f
		lv, sd := onsetEnergy(c.f, c.bands, sums(c.bands))
		out.Times = append(out.Times, float64(c.at*fluxHop+fluxN/2)/Rate)
		out.Level = append(out.Level, lv)
		out.Side = append(out.Side, sd)
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

// onsetEnergy returns the level (dB, mean square of L+R) and side (dB, L−R)
// of what an onset at frame f adds over the 150 ms after it, from sums(a,
// b): the mean power per frame, over frames [a, b) in the bands that fired,
// of the mid M, the side S and their cross term Re(M·S*). A source panned
// with gains gl, gr adds a²X to the mid's power, d²X to the side's and a·d·X
// to the cross term (a = (gl+gr)/2, d = (gl−gr)/2); a centred bed adds to
// the mid only, and is uncorrelated with the side. So ρ = d/a is read as the
// side's gain over the cross term's, which the bed disturbs least, and
// L−R = 20·log10((1+ρ)/(1−ρ)).
func onsetEnergy(f int, m uint64, sums func(a, b int) (mm, ss, ms float64)) (level, side float64) {
	m1, s1, c1 := sums(f, f+spanFrames)
	m0, s0, c0 := sums(f-1-spanFrames, f-1)
	dm, ds, dc := m1-m0, s1-s0, c1-c0
	// Parseval for a Hann-windowed frame: Σ|X|² over the half spectrum is
	// N·Σw²/2 = 3N²/16 times the mean square.
	norm := 16 / (3 * float64(fluxN) * float64(fluxN))
	if ds <= sideCentre*max(dm, 0) || dc == 0 {
		return db(2 * max(dm, 0) * norm), 0
	}
	rho := max(-rhoMax, min(rhoMax, ds/dc))
	// L+R power of the source: (gl² + gr²)X = 2(a² + d²)X = 2·ds·(1 + 1/ρ²).
	return db(2 * ds * (1 + 1/(rho*rho)) * norm), 20 * math.Log10((1+rho)/(1-rho))
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

// fluxBands returns the FFT-bin edges of the novelty's bands: log-spaced
// from fluxLoBin to the Nyquist bin, each at least one bin wide.
func fluxBands() []int {
	edges := []int{fluxLoBin}
	for i := 1; i <= fluxBandsN; i++ {
		e := int(math.Round(fluxLoBin * math.Pow(float64(fluxN/2)/fluxLoBin, float64(i)/fluxBandsN)))
		if e > edges[len(edges)-1] {
			edges = append(edges, e)
		}
	}
	edges[len(edges)-1] = fluxN/2 + 1
	return edges
}
