//go:build unix

package measure

import (
	"math"
	"math/rand/v2"
	"syscall"
	"testing"
)

// BenchmarkMeasure10Min analyses a 10-minute stereo recording (a noise bed
// with a burst every 3 s) and reports how many times faster than real time
// it runs on one core (issue 20 asks ≥ 150×).
func BenchmarkMeasure10Min(b *testing.B) {
	const sec = 600
	rng := rand.New(rand.NewPCG(7, 8))
	l, r := noise(rng, sec, 0.01), noise(rng, sec, 0.01)
	for s := 1.0; s+1 < sec; s += 3 {
		for i := int(s * Rate); i < int((s+0.2)*Rate); i++ {
			v := float32(rng.NormFloat64() * 0.2 * math.Exp(-(float64(i)/Rate-s)/0.05))
			l[i] += v
			r[i] += 0.5 * v
		}
	}
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for i := 0; i < b.N; i++ {
		Measure(l, r, nil)
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(sec/perOp, "x_realtime")
	// On a shared machine the wall clock counts other people's work too; the
	// process's CPU time (one goroutine, run with GOMAXPROCS=1) is what one
	// core spent on the analysis.
	all := (cpuSeconds() - cpu0) / float64(b.N)
	b.ReportMetric(sec/all, "x_realtime_cpu")
	// The meter's part (loudness range, momentary maximum, true peak of both
	// channels), timed in the same run: its share of the whole.
	b.StopTimer()
	pl, pr := segmentPowers(l, Rate), segmentPowers(r, Rate)
	keep := make([]bool, len(pl))
	for i := range keep {
		keep[i] = true
	}
	cpu0 = cpuSeconds()
	for i := 0; i < b.N; i++ {
		meter(l, r, pl, pr, keep, false, Rate)
	}
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N)/all, "meter_share")
	// The onset detector's part (mid and side analyses, the onsets' energy).
	every := func(a, b int) bool { return true }
	cpu0 = cpuSeconds()
	for i := 0; i < b.N; i++ {
		detectOnsets(l, r, every, sec)
	}
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N)/all, "onset_share")
}

// cpuSeconds is the process's user + system CPU time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return math.NaN()
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}
