package measure

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Bed spectrum: 1/3-octave bands (IEC 61260-1 base-10 centres
// fc = 1000·10^(n/10) Hz, edges fc·10^(±1/20)) from 50 Hz to 16 kHz, measured
// on STFT frames of 8192 samples (186 ms, 5.4 Hz bins so the 50 Hz band holds
// two) back to back, Hann-windowed, L and R powers averaged. The "quiet parts"
// are the frames whose broadband power is at or below the median frame's (the
// quieter half), so one-shots mostly drop out and the bed remains.
const (
	bedN       = 8192
	bedHop     = 8192 // frames do not overlap: the median over frames needs no more, and it halves the work
	bandFirst  = -13  // 50 Hz
	bandLast   = 12   // 16 kHz
	quietShare = 0.5
	floorShare = 0.1 // the floor's percentile over every frame
)

// Bed is the bed's spectrum over the quiet parts.
type Bed struct {
	Centres []float64 // Hz, nominal (50, 63, 80, … 16000)
	Levels  []float64 // dB (mean square re 1; a full-scale sine is −3 dB): per band, median over quiet frames
	Level   float64   // dB, median broadband power of the quiet frames (all bins)
	Frames  int       // quiet frames used
	// Floor and Floors: the 10th percentile over every frame, broadband
	// and per band (dB): what lies under everything, the level a recording
	// chain's noise or a room's tail raises and a bed's own variation does
	// not move far (the gate's "not judged" test).
	Floor  float64
	Floors []float64
	// Sides: per band, the median over the quiet frames of the side
	// signal's power ((L−R)/2, dB). Retail's beds play from the centre
	// (S4), so ours hold little there; noise a recording chain adds to each
	// channel on its own (a microphone's, a converter's) lands there at half
	// its power.
	Sides []float64
}

// BandCentres returns the exact centres fc = 1000·10^(n/10).
func BandCentres() []float64 {
	var c []float64
	for n := bandFirst; n <= bandLast; n++ {
		c = append(c, 1000*math.Pow(10, float64(n)/10))
	}
	return c
}

var nominal = []float64{50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800,
	1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10000, 12500, 16000}

func bedSpectrum(l, r []float32, kept func(a, b int) bool) Bed {
	centres := BandCentres()
	// Bin ranges of each band.
	type span struct{ a, b int }
	spans := make([]span, len(centres))
	binHz := float64(Rate) / bedN
	for i, fc := range centres {
		lo, hi := fc*math.Pow(10, -0.05), fc*math.Pow(10, 0.05)
		spans[i] = span{int(math.Ceil(lo / binHz)), int(math.Ceil(hi/binHz)) - 1}
	}
	fft, win := fourier.NewFFT(bedN), hann(bedN)
	var w2 float64
	for _, w := range win {
		w2 += w * w
	}
	// One-sided power → the band's mean square: 2·Σ|X|² / (N·Σw²).
	norm := 2 / (bedN * w2)
	seq := make([]float64, bedN)
	cl := make([]complex128, bedN/2+1)
	cr := make([]complex128, bedN/2+1)
	pw := make([]float64, bedN/2+1)
	var frames []bedFrame
	for o := 0; o+bedN <= len(l); o += bedHop {
		if !kept(o, o+bedN) {
			continue
		}
		for i := range seq {
			seq[i] = float64(l[o+i]) * win[i]
		}
		fft.Coefficients(cl, seq)
		for i := range seq {
			seq[i] = float64(r[o+i]) * win[i]
		}
		fft.Coefficients(cr, seq)
		var total float64
		for k := 1; k < len(pw); k++ {
			pw[k] = 0.5 * (sq(cl[k]) + sq(cr[k])) * norm
			total += pw[k]
		}
		bands, sides := make([]float64, len(spans)), make([]float64, len(spans))
		for i, s := range spans {
			for k := s.a; k <= s.b && k < len(pw); k++ {
				bands[i] += pw[k]
				sides[i] += 0.25 * sq(cl[k]-cr[k]) * norm
			}
		}
		frames = append(frames, bedFrame{total, bands, sides})
	}
	out := Bed{Centres: nominal, Levels: make([]float64, len(centres)), Level: Silence, Floor: Silence,
		Floors: make([]float64, len(centres)), Sides: make([]float64, len(centres))}
	if len(frames) == 0 {
		for i := range out.Levels {
			out.Levels[i], out.Floors[i], out.Sides[i] = Silence, Silence, Silence
		}
		return out
	}
	sort.SliceStable(frames, func(i, j int) bool { return frames[i].total < frames[j].total })
	totals, bands := make([]float64, len(frames)), make([][]float64, len(frames))
	for i, f := range frames {
		totals[i], bands[i] = f.total, f.bands
	}
	out.Floor, out.Floors = floors(totals, bands)
	quietMedians(&out, frames[:max(1, int(math.Ceil(float64(len(frames))*quietShare)))])
	return out
}

// bedFrame is one STFT frame's broadband power and, per band, its power
// and its side signal's.
type bedFrame struct {
	total        float64
	bands, sides []float64
}

// quietMedians sets out's level, band levels and band sides: medians over
// the quiet frames q.
func quietMedians(out *Bed, q []bedFrame) {
	out.Frames = len(q)
	col := make([]float64, len(q))
	for i, f := range q {
		col[i] = db(f.total)
	}
	out.Level = quantile(col, 0.5)
	for b := range out.Levels {
		for i, f := range q {
			col[i] = db(f.bands[b])
		}
		out.Levels[b] = quantile(col, 0.5)
		for i, f := range q {
			col[i] = db(f.sides[b])
		}
		out.Sides[b] = quantile(col, 0.5)
	}
}

// floors are the floorShare percentile (dB) of the frames' broadband
// powers and, per band, of their band powers.
func floors(totals []float64, bands [][]float64) (floor float64, perBand []float64) {
	col := make([]float64, len(totals))
	for i, p := range totals {
		col[i] = db(p)
	}
	floor = quantile(col, floorShare)
	perBand = make([]float64, len(bands[0]))
	for b := range perBand {
		for i := range bands {
			col[i] = db(bands[i][b])
		}
		perBand[b] = quantile(col, floorShare)
	}
	return floor, perBand
}

func sq(c complex128) float64 { return real(c)*real(c) + imag(c)*imag(c) }
