package measure

import (
	"math"
	mbits "math/bits"
	"sort"

	"gonum.org/v1/gonum/dsp/fourier"
)

const (
	fluxN        = 1024 // STFT frame, samples (23 ms)
	fluxHop      = 512  // 11.6 ms
	medianFrames = 43   // ± half-window of the moving median, frames (0.5 s)
	peakFrames   = 3    // a peak is the largest within ± this many frames (35 ms)
	minGapFrames = 5    // onsets at least 58 ms apart
	fluxBandsN   = 40   // log-spaced bands from fluxLoBin to Nyquist
	fluxLoBin    = 2    // 86 Hz
	fluxFloor    = 1e-4 // power per bin added before the log
	bandTau      = 0.5  // s
	bandVar0     = 9.0  // dB²
	zCap         = 10.0
	spanFrames   = 13  // 150 ms of frames
)

var (
	zMin        = 3.0
	fluxDelta   = 3.0
	minBandRise = 3.0 // dB
	minRel      = -30.0
	useSide     = true
	sideCentre  = 0.0025
	rhoMax      = 0.9387
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

var debugZ func(f, b int, z, cur, mean, vari float64)

// novelty is the band analysis of one signal (mid or side).
type novelty struct {
	frames int
	edges  []int
	nb     int
	pow    []float32 // power per band and frame
	fired  []uint64
	flux   []float64
}

func newNovelty(l, r []float32, sign float64) *novelty {
	frames := 0
	if len(l) >= fluxN {
		frames = (len(l)-fluxN)/fluxHop + 1
	}
	fft := fourier.NewFFT(fluxN)
	win := hann(fluxN)
	seq := make([]float64, fluxN)
	coef := make([]complex128, fluxN/2+1)
	edges := fluxBands()
	nb := len(edges) - 1
	nv := &novelty{frames: frames, edges: edges, nb: nb, pow: make([]float32, frames*nb), fired: make([]uint64, frames), flux: make([]float64, frames)}
	lev := make([][]float64, 3)
	for i := range lev {
		lev[i] = make([]float64, nb)
	}
	mean := make([]float64, nb)
	vari := make([]float64, nb)
	for b := range vari {
		vari[b] = bandVar0
	}
	alpha := float64(fluxHop) / Rate / bandTau
	for f := 0; f < frames; f++ {
		o := f * fluxHop
		for i := range seq {
			seq[i] = 0.5 * (float64(l[o+i]) + sign*float64(r[o+i])) * win[i]
		}
		fft.Coefficients(coef, seq)
		cur := lev[f%3]
		p := nv.pow[f*nb : (f+1)*nb]
		for b := range cur {
			var e float64
			for _, c := range coef[edges[b]:edges[b+1]] {
				e += real(c)*real(c) + imag(c)*imag(c)
			}
			p[b] = float32(e)
			cur[b] = 10 * math.Log10(e/float64(edges[b+1]-edges[b])+fluxFloor)
		}
		if f < 2 {
			copy(mean, cur)
			continue
		}
		old := lev[(f-2)%3]
		var s float64
		var m uint64
		for b := range cur {
			z := (cur[b] - max(mean[b], old[b])) / math.Sqrt(vari[b]+1)
			if z > zMin {
				s += min(z-zMin, zCap)
				m |= 1 << b
			}
			if debugZ != nil {
				debugZ(f, b, z, cur[b], mean[b], vari[b])
			}
			d := old[b] - mean[b]
			mean[b] += alpha * d
			vari[b] += alpha * (d*d - vari[b])
		}
		nv.flux[f] = s
		nv.fired[f] = m
	}
	return nv
}

type candidate struct {
	f     int
	bands uint64
}

// candidates are nv's peaks that pass the checks; mid is the mix's analysis.
func (nv *novelty) candidates(mid *novelty, kept func(a, b int) bool) []candidate {
	frames, nb, pow, flux := nv.frames, nv.nb, nv.pow, nv.flux
	med := movingMedian(flux, medianFrames)
	var out []candidate
	last := -minGapFrames - 1
	for f := 2; f < frames; f++ {
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
		m := nv.fired[f]
		band := func(a, b int) float64 {
			var e float64
			for g := max(a, 0); g < min(b, frames); g++ {
				for mm := m; mm != 0; mm &= mm - 1 {
					e += float64(pow[g*nb+mbits.TrailingZeros64(mm)])
				}
			}
			return e / float64(b-a)
		}
		before, after := band(f-1-spanFrames, f-1), band(f, f+spanFrames)
		if 10*math.Log10((after+1e-30)/(before+1e-30)) < minBandRise {
			continue
		}
		var all float64
		for g := max(f-1-spanFrames, 0); g < f-1; g++ {
			for _, v := range mid.pow[g*nb : (g+1)*nb] {
				all += float64(v)
			}
		}
		all /= spanFrames
		if 10*math.Log10((after-before+1e-30)/(all+1e-30)) < minRel {
			continue
		}
		last = f
		out = append(out, candidate{f, m})
	}
	return out
}

func detectOnsets(l, r []float32, kept func(a, b int) bool, seconds float64) Onsets {
	mid := newNovelty(l, r, 1)
	cands := mid.candidates(mid, kept)
	if useSide {
		side := newNovelty(l, r, -1)
		cands = append(cands, side.candidates(mid, kept)...)
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].f < cands[j].f })
	}
	var out Onsets
	last := -minGapFrames - 1
	for _, c := range cands {
		if c.f-last < minGapFrames {
			continue
		}
		last = c.f
		t := float64(c.f*fluxHop+fluxN/2) / Rate
		lv, side := onsetEnergy(l, r, c.f, c.bands, mid.edges)
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

// onsetEnergy returns the level (dB, mean square of L+R) and side (dB, L−R)
// of what an onset at frame f adds in bands m.
func onsetEnergy(l, r []float32, f int, m uint64, edges []int) (level, side float64) {
	fft := fourier.NewFFT(fluxN)
	win := hann(fluxN)
	sl := make([]float64, fluxN)
	sr := make([]float64, fluxN)
	cl := make([]complex128, fluxN/2+1)
	cr := make([]complex128, fluxN/2+1)
	frames := (len(l)-fluxN)/fluxHop + 1
	// mm, ss, ms: mean power of mid, side and their cross term Re(M·S*).
	sums := func(a, b int) (mm, ss, ms float64) {
		for g := max(a, 0); g < min(b, frames); g++ {
			o := g * fluxHop
			for i := range sl {
				sl[i] = float64(l[o+i]) * win[i]
				sr[i] = float64(r[o+i]) * win[i]
			}
			fft.Coefficients(cl, sl)
			fft.Coefficients(cr, sr)
			for bits := m; bits != 0; bits &= bits - 1 {
				bd := mbits.TrailingZeros64(bits)
				for k := edges[bd]; k < edges[bd+1]; k++ {
					mc, sc := (cl[k]+cr[k])/2, (cl[k]-cr[k])/2
					mm += real(mc)*real(mc) + imag(mc)*imag(mc)
					ss += real(sc)*real(sc) + imag(sc)*imag(sc)
					ms += real(mc)*real(sc) + imag(mc)*imag(sc)
				}
			}
		}
		n := float64(b - a)
		return mm / n, ss / n, ms / n
	}
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
	side = 20 * math.Log10((1+rho)/(1-rho))
	return db(2 * ds * (1 + 1/(rho*rho)) * norm), side
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
