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
// Nyquist) and taken in dB. A band's novelty is its rise over the larger of
// its level two frames back (the last frame that does not overlap) and its
// running mean, divided by the running spread of its changes between frames
// that do not overlap (changeVar): a z-score, so a band a bed keeps busy (a
// crowd's syllables) needs a larger rise than a quiet one, and a one-shot
// loud in its own band but quiet overall (a hammer strike under a market's
// murmur) still stands out. A frame's score is the
// sum of the z-scores over zMin; its peaks above a moving median are
// candidates. A candidate is kept when the bands that fired gain energy over
// the 150 ms after it (minBandRise), or over their own first 58 ms stand
// that much over the loudest 58 ms before it (standsOver: a short start
// under a bed), and what the start adds is not far under
// the whole mix (minRel: a looped bed's seam also fires a band, 50 dB under
// the mix). The log's floor is a fixed share of the recording's own mean
// power, so a recording's gain changes no decision.
//
// The side signal (L−R)/2 is analysed the same way: whatever plays centred
// (S4: pan 0, every ambient bed) cancels in it, so a panned one-shot under a
// bed of the same colour (the forge's thump under the murmur) is found there
// when the mid cannot see it. A side candidate is held to minRel by what it
// adds to the whole mix (onsetEnergy), not by its side energy alone, which
// for a start panned near the centre is faint at any level. Where the side
// is digital silence at times (a render, or a codec's coding of one), its
// candidates must pass what its own score reached over the second before
// (sideThreshold: a codec's side bursts). Candidates of both signals are
// merged.
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
	// fluxFloorRel: the power per bin added before the log, as a share of
	// the recording's own mean power per bin (mid + side, whole take), so
	// the recording's gain moves every level alike and no z-score (item 1:
	// no blind spot that depends on level).
	fluxFloorRel = 1e-4
	bandTau      = 0.5                               // s, time constant of each band's running mean and variance
	bandAlpha    = float64(fluxHop) / Rate / bandTau // each hop's weight in those running averages
	spanFrames   = 13                                // frames in the 150 ms an onset's energy is measured over
	// zMin is the z-score a band must pass to count, zCap the most one band
	// adds, fluxDelta the threshold above the moving median (sum of z-scores
	// over zMin), minBandRise the least gain (dB) of the fired bands' energy
	// over the 150 ms after the onset against the 150 ms before, and minRel
	// the least that gain may be against the whole mix before it (dB).
	// Chosen on renders against their event logs (TestOnsetsAgainstTheTruth,
	// TestOnsetsFindLoggedOneShots): lower zMin or fluxDelta let the murmur's
	// syllables through, a higher minRel loses hammer strikes under it.
	zMin        = 3.0
	zCap        = 10.0
	fluxDelta   = 3.0
	minBandRise = 3.0
	minRel      = -30.0
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
	PerMinute  float64   // one-shots a minute: onsets more than rateGap after the one before
	LevelMed   float64   // median of Level over the one-shots (Starts)
	SideMed    float64   // median of Side over the one-shots
	LeftShare  float64   // share of the one-shots with Side > +1 dB
	RightShare float64   // share with Side < −1 dB
	// Fall is how fast the recording's sounds end: the largest fall of a
	// half-octave band's level over 23 ms (dB/s; fastestFall). A room's
	// reverberation caps it; the gate calls a recording a room only with
	// a diffuse side as well (gate/room.go: RoomFall and RoomSide).
	Fall float64
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
	// running statistics of each band's level (dB): its mean, and the
	// variance of its changes (changeVar), both seeded by seedOpening; the
	// last levRing frames' levels
	mean, vari []float64
	lev        [levRing][]float64
	q          float64 // > 0: candidates pass sideThreshold(score, q), not the median
	sus        *sustained
	edge       *edgeSpread // edges' share of the spread (feedSpread)
}

func newNoveltyOf(frames int, edges []int) *novelty {
	nb := len(edges) - 1
	nv := &novelty{frames: frames, edges: edges, pow: make([]float32, frames*nb), fired: make([]uint64, frames),
		score: make([]float64, frames), mean: make([]float64, nb), vari: make([]float64, nb), edge: newEdgeSpread(nb)}
	for i := range nv.lev {
		nv.lev[i] = make([]float64, nb)
	}
	return nv
}

// bands sums frame f's spectrum into its band powers.
func (nv *novelty) bands(f int, coef []complex128) {
	edges := nv.edges
	p := nv.pow[f*(len(edges)-1) : (f+1)*(len(edges)-1)]
	for b := range p {
		var e float64
		for _, c := range coef[edges[b]:edges[b+1]] {
			e += real(c)*real(c) + imag(c)*imag(c)
		}
		p[b] = float32(e)
	}
}

// level is band b's level at frame f: its power per bin over floor (the
// power per bin the log starts from), in dB.
func (nv *novelty) level(f, b int, floor float64) float64 {
	nb := len(nv.edges) - 1
	return 10 * math.Log10(float64(nv.pow[f*nb+b])/float64(nv.edges[b+1]-nv.edges[b])+floor)
}

// frame takes frame f's band levels (dB over floor, the power per bin the
// log starts from) and, from the fifth frame on (once a frame's change can
// feed the spread), its z-scores against the running statistics, which
// seedOpening began.
func (nv *novelty) frame(f int, floor float64) {
	cur := nv.lev[f%levRing]
	nv.sustain(f, floor)
	for b := range cur {
		cur[b] = nv.level(f, b, floor)
	}
	if f < 2 {
		return
	}
	// Frame f−2 is the last that does not overlap frame f: it feeds the
	// running statistics, so an onset is measured against what came before
	// it.
	old := nv.lev[(f-2)%levRing]
	if f < 4 { // no change yet to take the spread from: only the mean runs
		for b := range cur {
			nv.mean[b] += bandAlpha * (old[b] - nv.mean[b])
		}
		return
	}
	older := nv.lev[(f-4)%levRing]
	var s float64
	var m uint64
	for b := range cur {
		z := (cur[b] - max(nv.mean[b], nv.quietestBefore(f, b))) / math.Sqrt(nv.spread(b)+1)
		z = max(z, nv.sustainedZ(f, b, cur[b]))
		if z > zMin {
			s += min(z-zMin, zCap)
			m |= 1 << b
		}
		nv.mean[b] += bandAlpha * (old[b] - nv.mean[b])
		nv.feedSpread(b, old[b]-older[b])
	}
	nv.score[f] = s
	nv.fired[f] = m
}

// changeVar is what a band's change e (dB) between two frames that do not
// overlap adds to its variance: e²/2, since the change of a stationary
// level fluctuating with variance σ² has variance 2σ². The spread is taken
// from these changes, not from the level's distance to its running mean
// (0.5 s): that distance counts every frame a sound lasts or dies away as
// fluctuation, where the change counts its edges. A 100 ms tone 45 dB over
// the noise, once a second, kept its bands' spread at 10–12 dB, so the
// next one needed a 35 dB rise to count. In digital silence every start
// rises some 80 dB from the floor and passes anyway; noise caps the rise
// at the start's height over the noise, and audible starts were lost.
func changeVar(e float64) float64 { return e * e / 2 }

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
		mid.bands(f, cm)
		side.bands(f, cs)
		x := cross[f*nb : (f+1)*nb]
		for b := range x {
			var e float64
			for k := edges[b]; k < edges[b+1]; k++ {
				e += real(cm[k])*real(cs[k]) + imag(cm[k])*imag(cs[k])
			}
			x[b] = float32(e)
		}
	}
	floor := fluxFloorRel * meanBinPower(mid, side)
	if silentShare(side, floor) >= sideSilentMin {
		side.q = sideQ
	}
	mid.seedOpening(floor)
	side.seedOpening(floor)
	for f := 0; f < frames; f++ {
		mid.frame(f, floor)
		side.frame(f, floor)
	}
	return mid, side, cross
}

// meanBinPower is the mean power per bin, over all frames and the bins of
// the bands, of mid and side together ((|L|² + |R|²)/2 per bin).
func meanBinPower(mid, side *novelty) float64 {
	var e float64
	for i := range mid.pow {
		e += float64(mid.pow[i]) + float64(side.pow[i])
	}
	bins := (mid.edges[len(mid.edges)-1] - mid.edges[0]) * max(mid.frames, 1)
	return e / float64(bins)
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

// candidate is a frame where an onset was found and the bands that fired.
type candidate struct {
	f     int
	bands uint64
	at    int // the frame the start is timed at (riseStart)
}

// candidates are the peaks of nv's score whose fired bands rise by
// minBandRise; added(f, m) is what the start at frame f adds to the whole
// mix in bands m against the mix before it (dB), held to minRel.
func (nv *novelty) candidates(kept func(a, b int) bool, added func(f int, m uint64) float64) []candidate {
	frames, score := nv.frames, nv.score
	var med []float64
	if nv.q > 0 {
		med = sideThreshold(score, nv.q)
	} else {
		med = movingMedian(score, medianFrames)
	}
	var out []candidate
	last := -minGapFrames - 1
	// From the first frame with the 150 ms its checks read before it inside
	// the take: what sounds earlier began before the take or with it.
	for f := spanFrames + 1; f < frames; f++ {
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
		rises := db(after)-db(before) >= minBandRise || nv.standsOver(f, m)
		if !rises || added(f, m) < minRel || nv.endEdge(f, m) {
			continue
		}
		out = append(out, candidate{f, m, nv.riseStart(nv.firstStep(f, med, last), med)})
		last = f
	}
	return out
}

// analysis is the mid, side and cross analysis of one recording.
type analysis struct {
	mid, side *novelty
	cross     []float32
}

// sums are the mean powers per frame over frames [a, b) in bands m of the
// mid, the side and their cross term (onsetEnergy's input).
func (an analysis) sums(m uint64) func(a, b int) (mm, ss, ms float64) {
	nb := len(an.mid.edges) - 1
	return func(a, b int) (mm, ss, ms float64) {
		return an.mid.bandPower(a, b, m), an.side.bandPower(a, b, m), bandMean(an.cross, nb, a, b, m)
	}
}

// mixBefore is the whole mix's power (mid + side, every band) over the
// 150 ms before frame f.
func (an analysis) mixBefore(f int) float64 {
	all := uint64(1)<<(len(an.mid.edges)-1) - 1
	return an.mid.bandPower(f-1-spanFrames, f-1, all) + an.side.bandPower(f-1-spanFrames, f-1, all)
}

// midAdded is a mid candidate's gain in its fired bands of the mid over the
// mid's power before it, every band (dB).
func (an analysis) midAdded(f int, m uint64) float64 {
	all := uint64(1)<<(len(an.mid.edges)-1) - 1
	d := an.mid.bandPower(f, f+spanFrames, m) - an.mid.bandPower(f-1-spanFrames, f-1, m)
	return db(d) - db(an.mid.bandPower(f-1-spanFrames, f-1, all))
}

// sideAdded is what a side candidate adds to the whole mix (mid and side,
// from the cross term: onsetEnergy) over the mix before it (dB). A start
// panned near the centre is faint in the side, but it is not faint in the
// mix: held against its side energy alone it would be refused at any
// level, and the mid's bed hides it there: a blind spot that would depend
// on pan, so on where the listener stands and faces.
func (an analysis) sideAdded(f int, m uint64) float64 {
	lv, _ := onsetEnergy(f, m, an.sums(m))
	// onsetEnergy's level is a mean square of L+R; the mix's L²+R² is
	// 2(|M|² + |S|²), in the same normalisation.
	norm := 16 / (3 * float64(fluxN) * float64(fluxN))
	return lv - db(2*an.mixBefore(f)*norm)
}

func detectOnsets(l, r []float32, kept func(a, b int) bool, seconds float64) Onsets {
	mid, side, cross := analyse(l, r)
	an := analysis{mid, side, cross}
	cands := append(mid.candidates(kept, an.midAdded), side.candidates(kept, an.sideAddedUnlessBurst)...)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].f < cands[j].f })
	out := Onsets{Fall: fastestFall(mid, side, kept)}
	last := -minGapFrames - 1
	for _, c := range cands {
		if c.f-last < minGapFrames {
			continue // the same onset, seen in both signals
		}
		last = c.f
		lv, sd := onsetEnergy(c.f, c.bands, an.sums(c.bands))
		out.Times = append(out.Times, float64(c.at*fluxHop+fluxN/2)/Rate)
		out.Level = append(out.Level, lv)
		out.Side = append(out.Side, sd)
	}
	if seconds > 0 {
		out.PerMinute = float64(oneShotCount(out.Times)) / seconds * 60
	}
	// Level and side are those of each one-shot's first onset: a bird's
	// song of chirps is one draw of one place, not one per chirp.
	var lv, sd []float64
	for _, i := range out.Starts() {
		lv, sd = append(lv, out.Level[i]), append(sd, out.Side[i])
	}
	out.LevelMed = quantile(lv, 0.5)
	out.SideMed = quantile(sd, 0.5)
	for _, s := range sd {
		if s > 1 {
			out.LeftShare++
		} else if s < -1 {
			out.RightShare++
		}
	}
	if n := float64(len(sd)); n > 0 {
		out.LeftShare /= n
		out.RightShare /= n
	}
	return out
}

// Starts are the indices of the onsets that begin a one-shot: more than
// rateGap after the onset before (the ones PerMinute counts).
func (o Onsets) Starts() []int {
	var out []int
	for i, t := range o.Times {
		if i == 0 || t-o.Times[i-1] > rateGap {
			out = append(out, i)
		}
	}
	return out
}

// rateGap: onsets closer than this (s) to the one before are counted as the
// same one-shot: a bird's song of chirps, a hammer's beating partials, a
// creak rising in steps are one sound each, found several times now that
// no pan hides their later steps.
const rateGap = 0.35

// oneShotCount is how many of the onsets (times in s, ascending) begin more
// than rateGap after the onset before.
func oneShotCount(times []float64) int { return len(Onsets{Times: times}.Starts()) }

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
func movingMedian(v []float64, h int) []float64 { return movingQuantile(v, h, 0.5) }

// movingQuantile returns, for each i, the q quantile of v[i−h .. i+h]
// (clipped to v; linear between the two nearest, so q = 0.5 is the median).
func movingQuantile(v []float64, h int, q float64) []float64 {
	out := make([]float64, len(v))
	var win sortedWindow
	lo, hi := 0, 0 // window is v[lo:hi]
	for i := range v {
		for hi < len(v) && hi <= i+h {
			win.insert(v[hi])
			hi++
		}
		for lo < i-h {
			win.remove(v[lo])
			lo++
		}
		x := q * float64(len(win)-1)
		k := int(x)
		out[i] = win[k]
		if k+1 < len(win) {
			out[i] += (x - float64(k)) * (win[k+1] - win[k])
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
