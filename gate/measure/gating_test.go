package measure

import (
	"math"
	"testing"
)

// part is a stretch of a steady 1 kHz sine: its length in 100 ms segments and
// its level in dBFS (silence for Silence).
type part struct {
	segs int
	dbfs float64
}

// sineParts renders parts back to back as one phase-continuous 1 kHz sine.
func sineParts(parts []part) []float32 {
	var x []float32
	i := 0
	for _, p := range parts {
		a := 0.0
		if p.dbfs > Silence {
			a = math.Pow(10, p.dbfs/20)
		}
		for k := 0; k < p.segs*Rate/10; k++ {
			x = append(x, float32(a*math.Sin(2*math.Pi*1000*float64(i)/Rate)))
			i++
		}
	}
	return x
}

// bs1770Integrated computes BS.1770-4 §2.8's gated loudness of a signal made
// of parts straight from the standard's definition, independent of the code
// under test. By the standard's reference (a 0 dBFS 1 kHz sine in one channel
// reads −3.01 LKFS), a 1 kHz sine at A dBFS reads A − 3.01 LKFS in one
// channel, so its K-weighted mean square is z = 10^((A − 3.01 + 0.691)/10);
// chans such channels add their z. A 400 ms block at a 100 ms step averages
// the z of its four segments (the filter's settling at a level change is
// below 0.01 LU over a block and ignored). Then eqs. 5–7: Γa = −70 LKFS;
// Γr = the loudness of the mean z of blocks above Γa, minus 10 LU; the result
// is the loudness of the mean z of the blocks above both Γa and Γr.
func bs1770Integrated(parts []part, chans int) float64 {
	var seg []float64
	for _, p := range parts {
		z := 0.0
		if p.dbfs > Silence {
			z = float64(chans) * math.Pow(10, (p.dbfs-10*math.Log10(2)+0.691)/10)
		}
		for k := 0; k < p.segs; k++ {
			seg = append(seg, z)
		}
	}
	var blocks []float64
	for i := 0; i+4 <= len(seg); i++ {
		blocks = append(blocks, (seg[i]+seg[i+1]+seg[i+2]+seg[i+3])/4)
	}
	loud := func(z float64) float64 { return -0.691 + 10*math.Log10(z) }
	mean := func(keep func(float64) bool) float64 {
		s, n := 0.0, 0
		for _, z := range blocks {
			if z > 0 && keep(loud(z)) {
				s += z
				n++
			}
		}
		return s / float64(n)
	}
	gr := loud(mean(func(l float64) bool { return l > -70 })) - 10
	return loud(mean(func(l float64) bool { return l > -70 && l > gr }))
}

// BS.1770-4 §2.8 keeps the absolute gate in the second pass: for quiet
// material the relative gate (10 LU below the absolute-gated mean) falls
// below −70 LKFS, and blocks between the two must still be left out. Each
// case holds such blocks; the expected value comes from bs1770Integrated.
// Without the absolute gate in the second pass, case "−62 over −71.5" reads
// −64.54 instead of −62.06.
func TestBS1770_AbsoluteGateInBothPasses(t *testing.T) {
	t.Parallel() // minutes of CPU on a loaded runner: overlaps the other long tests
	cases := []struct {
		name  string
		parts []part
	}{
		{"−62 over −71.5", []part{{100, -62}, {100, -71.5}}},
		{"−64 with −73 and −78 stretches", []part{{50, -73}, {80, -64}, {60, -78}, {70, -64}, {40, -73}}},
		{"−61 bursts in −70.5 and silence", []part{{30, -70.5}, {20, -61}, {30, Silence}, {20, -61}, {50, -70.5}}},
		{"−67 steady", []part{{100, -67}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := sineParts(c.parts)
			// Stereo: the same sine in both channels (the programme, weights
			// 1 + 1); each channel alone is one channel's reading.
			r := Measure(x, x, nil)
			want := bs1770Integrated(c.parts, 2)
			near(t, "programme", r.Loudness.Integrated, want, 0.02)
			wantL := bs1770Integrated(c.parts, 1)
			near(t, "left alone", r.Loudness.IntegratedL, wantL, 0.02)
			// Left only, right silent: the programme equals the left channel.
			r = Measure(x, make([]float32, len(x)), nil)
			near(t, "left only: programme", r.Loudness.Integrated, wantL, 0.02)
		})
	}
	// The oracle itself against a hand calculation for the first case: the
	// −71.5 blocks fail Γa, so only the −62 blocks and the three blocks that
	// straddle the step (mean z of 3:1, 2:2 and 1:3 −62/−71.5 segments) count.
	z := func(a float64) float64 { return 2 * math.Pow(10, (a-10*math.Log10(2)+0.691)/10) }
	hi, lo := z(-62), z(-71.5)
	var straddle []float64
	for k := 3; k >= 1; k-- {
		straddle = append(straddle, (float64(k)*hi+float64(4-k)*lo)/4)
	}
	// 97 blocks wholly at −62; of the straddling ones, those above −70 LKFS.
	sum, n := 97*hi, 97.0
	for _, s := range straddle {
		if -0.691+10*math.Log10(s) > -70 {
			sum, n = sum+s, n+1
		}
	}
	hand := -0.691 + 10*math.Log10(sum/n)
	if got := bs1770Integrated([]part{{100, -62}, {100, -71.5}}, 2); math.Abs(got-hand) > 1e-9 {
		t.Errorf("oracle %.4f, hand %.4f", got, hand)
	}
}
