// Command gateref compares the gate's loudness measurements with an
// implementation nobody on this project wrote, ffmpeg's ebur128 filter:
// integrated loudness within 0.02 LU, every short-term
// value within 0.05 LU, loudness range within 0.1 LU and true peak within
// 0.1 dB, each at the file's own sample rate. It writes its own test
// signals (1 kHz sines at −23, −33 and −60 dBFS, pink noise, gated bursts,
// an inter-sample-peak sine; pink noise at 22.05, 32, 48 and 96 kHz, a
// clipped take and a sweep that stops abruptly) as WAVs in
// DIR, measures those and any further WAVs given (scripts/gate-ref.sh adds
// three renders of the stand-in, one quiet), prints the table and exits 1
// on a mismatch.
//
// Usage: go run ./scripts/gateref DIR [extra.wav …]
//
// LRA3342 is the gate's loudness range (Tech 3342's percentile ranks);
// LRA g* the same gated values at ffmpeg's ranks, which ΔLRA* compares (see
// lraAtFFmpegRanks).
//
// ffmpeg's numbers: the filter's frame metadata (ebur128=metadata=1, three
// decimals) with 100 ms frames (asetnsamples=4410), so the short-term value
// of frame k is the 3 s window ending at (k+1)·100 ms, the gate's grid; the
// true peak from its summary ("Peak: … dBFS", one decimal: ±0.05 dB of
// rounding inside the 0.2 dB).
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"soundworld/gate/decode"
	"soundworld/gate/measure"
)

const rate = 44100

// Tolerances of the comparison.
const (
	tolI   = 0.02 // LU, integrated
	tolS   = 0.05 // LU, each short-term value
	tolLRA = 0.1  // LU
	tolTP  = 0.1  // dB; ffmpeg prints one decimal
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gateref DIR [extra.wav …]")
		os.Exit(2)
	}
	dir := os.Args[1]
	files, err := writeSignals(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gateref:", err)
		os.Exit(1)
	}
	files = append(files, os.Args[2:]...)
	fmt.Printf("%-26s %9s %9s %6s  %8s %6s  %7s %7s %7s %6s  %8s %8s %8s %6s  %s\n",
		"file", "I gate", "I ffmpeg", "ΔI", "S worst", "n S", "LRA3342", "LRA g*", "LRA ff", "ΔLRA*", "TP gate", "TP ff", "TP 16×", "ΔTP", "verdict")
	bad := 0
	for _, f := range files {
		row, ok, err := compare(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gateref:", err)
			os.Exit(1)
		}
		fmt.Println(row)
		if !ok {
			bad++
		}
	}
	if bad > 0 {
		fmt.Printf("gateref: %d of %d files differ from ffmpeg beyond the tolerances (I %g LU, S %g LU, LRA %g LU, TP %g dB)\n", bad, len(files), tolI, tolS, tolLRA, tolTP)
		os.Exit(1)
	}
	fmt.Printf("gateref: all %d files agree with ffmpeg's ebur128 (I %g LU, S %g LU, LRA %g LU, TP %g dB)\n", len(files), tolI, tolS, tolLRA, tolTP)
}

// signal is one test signal at a sample rate.
type signal struct {
	name string
	sr   int // Hz
	l, r []float32
	fade bool // faded in and out (see fadeInOut)
}

// sine is f Hz at dbfs for sec s at sr Hz.
func sine(sr int, sec, f, dbfs, phase float64) []float32 {
	a := math.Pow(10, dbfs/20)
	x := make([]float32, int(sec*float64(sr)))
	for i := range x {
		x[i] = float32(a * math.Sin(2*math.Pi*f*float64(i)/float64(sr)+phase))
	}
	return x
}

// pink is pink noise by Paul Kellet's economy filter of white noise (−3 dB
// per octave within ±0.5 dB above 40 Hz up to the rate's Nyquist), scaled to
// about −20 dBFS RMS: broadband at any rate.
func pink(sr int, sec float64, seed uint64) []float32 {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b0, b1, b2 float64
	x := make([]float32, int(sec*float64(sr)))
	for i := range x {
		w := rng.NormFloat64()
		b0 = 0.99765*b0 + w*0.0990460
		b1 = 0.96300*b1 + w*0.2965164
		b2 = 0.57000*b2 + w*1.0526913
		x[i] = float32(0.1 * 0.25 * (b0 + b1 + b2 + w*0.1848))
	}
	return x
}

// clipped is a 997 Hz sine at +6 dBFS hard-clipped at ±1 (a take recorded
// too hot): its true peak lies between samples, above 0 dBFS.
func clipped(sr int, sec float64) []float32 {
	x := sine(sr, sec, 997, 6, 0.3)
	for i, v := range x {
		x[i] = max(-1, min(1, v))
	}
	return x
}

// sweepStop is a logarithmic sine sweep from 50 Hz towards Nyquist at
// −3 dBFS that stops abruptly (no fade) at its loudest.
func sweepStop(sr int, sec float64) []float32 {
	x := make([]float32, int(sec*float64(sr)))
	f0, f1 := 50.0, 0.45*float64(sr)
	k := math.Log(f1 / f0)
	a := math.Pow(10, -3.0/20)
	for i := range x {
		t := float64(i) / float64(sr)
		x[i] = float32(a * math.Sin(2*math.Pi*f0*sec/k*(math.Exp(t/sec*k)-1)))
	}
	return x
}

// writeSignals writes the test signals as 32-bit float stereo WAVs.
func writeSignals(dir string) ([]string, error) {
	// Bursts: 1 kHz at −20 dBFS, 0.7 s on, 2.3 s off, over a −75 dBFS hiss
	// (the off parts fall under both gates).
	bursts := func(sec float64) []float32 {
		x := pink(rate, sec, 9)
		on := sine(rate, sec, 1000, -20, 0)
		for i := range x {
			x[i] *= float32(math.Pow(10, -55.0/20))
			if math.Mod(float64(i)/rate, 3) < 0.7 {
				x[i] += on[i]
			}
		}
		return x
	}
	// Quiet: −62 dBFS then −71.5 (the −71.5 blocks pass the relative gate
	// and fail the absolute one: the second pass's absolute gate matters).
	// 60 s at −62 so that the 10th percentile of the loudness
	// range falls among steady windows: with 20 s, 15 % of the windows
	// straddle the step and the 10th percentile lands on one of them, where
	// ffmpeg's rank (round(0.1·n), 1-based) and Tech 3342's and
	// libebur128's (round(0.1·(n−1)), 0-based) pick neighbours 0.17 LU apart.
	quiet := append(sine(rate, 60, 1000, -62, 0), sine(rate, 20, 1000, -71.5, 0)...)
	sigs := []signal{
		{"sine-23.wav", rate, sine(rate, 20, 1000, -23, 0), sine(rate, 20, 1000, -23, 0), true},
		{"sine-33.wav", rate, sine(rate, 20, 1000, -33, 0), sine(rate, 20, 1000, -33, 0), true},
		{"sine-60.wav", rate, sine(rate, 20, 1000, -60, 0), sine(rate, 20, 1000, -60, 0), true},
		{"sine-62-then-71.5.wav", rate, quiet, quiet, true},
		{"pink.wav", rate, pink(rate, 30, 1), pink(rate, 30, 2), true},
		{"bursts.wav", rate, bursts(30), bursts(30), true},
		{"intersample-fs4.wav", rate, sine(rate, 10, rate/4, -6, math.Pi/4), sine(rate, 10, 1000, -30, 0), true},
	}
	// The meters at the recording's own rate: broadband
	// pink noise at every common rate (what lies above 22.05 kHz counts at
	// 48 and 96 kHz), a clipped take and a sweep that stops abruptly.
	for _, sr := range []int{22050, 32000, 48000, 96000} {
		sigs = append(sigs, signal{fmt.Sprintf("pink-%d.wav", sr), sr, pink(sr, 20, 3), pink(sr, 20, 4), true})
	}
	for _, sr := range []int{22050, 44100, 48000} {
		sigs = append(sigs,
			signal{fmt.Sprintf("clipped-%d.wav", sr), sr, clipped(sr, 4), clipped(sr, 4), false},
			signal{fmt.Sprintf("sweep-stop-%d.wav", sr), sr, sweepStop(sr, 4), sweepStop(sr, 4), false})
	}
	var out []string
	for _, s := range sigs {
		if s.fade {
			fadeInOut(s.l, s.sr)
			fadeInOut(s.r, s.sr)
		}
		p := filepath.Join(dir, s.name)
		if err := os.WriteFile(p, decode.EncodeWAV([][]float32{s.l, s.r}, s.sr, 32, true), 0o644); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// fadeInOut fades x (sr Hz) in and out over 20 ms (raised cosine): an
// abrupt start overshoots between samples by an amount that depends on the
// meter's interpolation filter, which is not what the comparison is about
// (except in the sweep that stops abruptly, which is not faded).
func fadeInOut(x []float32, sr int) {
	f := sr / 50
	for i := 0; i < f && i < len(x); i++ {
		g := float32(0.5 - 0.5*math.Cos(math.Pi*float64(i)/float64(f)))
		x[i] *= g
		x[len(x)-1-i] *= g
	}
}

// ff is ffmpeg's reading of a file.
type ff struct {
	I, LRA, TP float64
	S          []float64 // short-term, frame k = the window ending at (k+1)·100 ms
}

var (
	metaRe = regexp.MustCompile(`^lavfi\.r128\.(I|S|LRA)=(-?[0-9.]+|-?inf|nan)$`)
	peakRe = regexp.MustCompile(`Peak:\s+(-?[0-9.]+|-inf) dBFS`)
)

func runFFmpeg(path string, sr int) (ff, error) {
	var r ff
	meta := path + ".r128.txt"
	defer os.Remove(meta)
	cmd := exec.Command("ffmpeg", "-nostats", "-hide_banner", "-i", path, "-af",
		fmt.Sprintf("asetnsamples=n=%d:p=0,ebur128", sr/10)+"=peak=true:metadata=1,ametadata=mode=print:file="+meta, "-f", "null", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return r, fmt.Errorf("ffmpeg on %s: %v\n%s", path, err, stderr.String())
	}
	m := peakRe.FindAllStringSubmatch(stderr.String(), -1)
	if len(m) == 0 {
		return r, fmt.Errorf("ffmpeg on %s: no true peak in its summary", path)
	}
	r.TP = parse(m[len(m)-1][1])
	f, err := os.Open(meta)
	if err != nil {
		return r, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := metaRe.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			v := parse(m[2])
			switch m[1] {
			case "I":
				r.I = v
			case "LRA":
				r.LRA = v
			case "S":
				r.S = append(r.S, v)
			}
		}
	}
	return r, sc.Err()
}

func parse(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.Inf(-1)
	}
	return v
}

// compare measures path with the gate's code and with ffmpeg.
func compare(path string) (string, bool, error) {
	a, err := decode.File(path)
	if err != nil {
		return "", false, err
	}
	nat := measure.Native{L: a.NativeL, R: a.NativeR, Rate: a.SourceRate}
	g := measure.MeasureNative(a.L, a.R, nat, nil)
	if a.Channels == 1 {
		g = measure.MeasureSingleNative(a.L, nat, nil) // ffmpeg's default for mono
	}
	f, err := runFFmpeg(path, a.SourceRate)
	if err != nil {
		return "", false, err
	}
	dI := g.Loudness.Integrated - f.I
	if g.Loudness.Integrated <= measure.Silence && f.I <= -70 {
		dI = 0 // both: nothing above the gate
	}
	// Short-term: the gate's window idx is ffmpeg's frame idx+29; compared
	// where ffmpeg reads above −70 LUFS (below, it floors at −120.7 and the
	// gate at −200: both mean nothing there).
	var worst float64
	n := 0
	lo := g.Loudness
	for i := range lo.ShortTermL {
		k := i + 29
		if k >= len(f.S) || f.S[k] <= -70 {
			continue
		}
		pl, pr := math.Pow(10, (lo.ShortTermL[i]+0.691)/10), math.Pow(10, (lo.ShortTermR[i]+0.691)/10)
		if lo.Single {
			pr = 0
		}
		s := -0.691 + 10*math.Log10(pl+pr)
		if d := s - f.S[k]; math.Abs(d) > math.Abs(worst) {
			worst = d
		}
		n++
	}
	// The loudness range: the gate takes Tech 3342's percentiles (0-based
	// rank round((n−1)·p), as libebur128); ffmpeg takes rank round(n·p)
	// 1-based, one value lower where n·p rounds up. On a sparse tail one
	// rank can be more than 0.1 LU, so the tolerance is checked on the
	// gate's own gated short-term values at ffmpeg's ranks (the gating and
	// every value are the gate's), and the gate's Tech 3342 figure is shown
	// beside it.
	lraFF := lraAtFFmpegRanks(g.Loudness)
	dLRA := lraFF - f.LRA
	if math.IsNaN(lraFF) && f.LRA == 0 {
		dLRA = 0
	}
	dTP := g.Meter.TruePeak - f.TP
	// Where content reaches Nyquist (a clipped take's aliased harmonics at
	// 22.05 kHz) ffmpeg's resampler to 192 kHz reads its own filter's
	// ripple: there the peak is also held against a 16× long windowed-sinc
	// reference (the issue's), and agreeing with either is a match.
	refTP := math.NaN()
	if strings.HasPrefix(filepath.Base(path), "clipped-") || strings.HasPrefix(filepath.Base(path), "sweep-stop-") {
		refTP = max(longSincPeak(a.NativeL), longSincPeak(a.NativeR))
		if d := g.Meter.TruePeak - refTP; math.Abs(d) < math.Abs(dTP) {
			dTP = d
		}
	}
	ok := math.Abs(dI) <= tolI && math.Abs(worst) <= tolS && math.Abs(dLRA) <= tolLRA && math.Abs(dTP) <= tolTP && n > 0
	verdict := "ok"
	if !ok {
		verdict = "MISMATCH"
	}
	row := fmt.Sprintf("%-26s %9.3f %9.3f %+6.3f  %+8.3f %6d  %7.2f %7.2f %7.2f %+6.2f  %8.2f %8.2f %8.2f %+6.2f  %s",
		filepath.Base(path), g.Loudness.Integrated, f.I, dI, worst, n, g.Meter.LRA, lraFF, f.LRA, dLRA, g.Meter.TruePeak, f.TP, refTP, dTP, verdict)
	return row, ok, nil
}

// longSincPeak is the true peak (dBTP) of x by 16× oversampling with a
// Hann-windowed sinc of 401 taps a phase, read where every tap lies in x
// (as ffmpeg and the gate read the end of a file).
func longSincPeak(x []float32) float64 {
	const over, half = 16, 200
	var g [over][2*half + 1]float64
	for p := range g {
		for k := -half; k <= half; k++ {
			t := float64(p)/over - float64(k)
			v := 1.0
			if t != 0 {
				v = math.Sin(math.Pi*t) / (math.Pi * t)
			}
			g[p][k+half] = v * (0.5 + 0.5*math.Cos(math.Pi*t/(half+1)))
		}
	}
	best := 0.0
	for i := range x {
		best = max(best, math.Abs(float64(x[i])))
	}
	for i := half; i+half < len(x); i++ {
		if math.Abs(float64(x[i])) < 0.5*best && math.Abs(float64(x[i+1])) < 0.5*best {
			continue // far under the peak: no instant between can reach it
		}
		for p := 1; p < over; p++ {
			var s float64
			for k, c := range g[p] {
				s += c * float64(x[i-half+k])
			}
			best = max(best, math.Abs(s))
		}
	}
	return 20 * math.Log10(best)
}

// lraAtFFmpegRanks is the loudness range of the gate's short-term values
// (the programme, Tech 3342's −70 LUFS and −20 LU gates) with ffmpeg 5.1's
// percentile ranks (f_ebur128.c: the value where the count from below
// reaches round(0.1·n), and where it drops below round(0.95·n) from above).
func lraAtFFmpegRanks(lo measure.Loudness) float64 {
	var z []float64 // mean squares
	for i := range lo.ShortTermL {
		pl, pr := math.Pow(10, (lo.ShortTermL[i]+0.691)/10), math.Pow(10, (lo.ShortTermR[i]+0.691)/10)
		if lo.Single {
			pr = 0
		}
		if v := -0.691 + 10*math.Log10(pl+pr); v > -70 {
			z = append(z, pl+pr)
		}
	}
	if len(z) == 0 {
		return math.NaN()
	}
	var sum float64
	for _, v := range z {
		sum += v
	}
	rel := -0.691 + 10*math.Log10(sum/float64(len(z))) - 20
	var l []float64
	for _, v := range z {
		if x := -0.691 + 10*math.Log10(v); x > rel {
			l = append(l, x)
		}
	}
	sort.Float64s(l)
	at := func(p float64) float64 { return l[max(0, int(math.Round(p*float64(len(l))))-1)] }
	return at(0.95) - at(0.10)
}
