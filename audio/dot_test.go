package audio

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestO3_DotKernelsAgree (O3): the assembly kernel gives the portable
// kernel's bits for every lane sum — random taps of mixed magnitudes,
// negative zeros, subnormals, values near overflow — so a wave resamples to
// the same samples on every CPU; and a whole resample of a stereo and a mono
// wave, at an exact and an interpolated ratio, is identical both ways.
func TestO3_DotKernelsAgree(t *testing.T) {
	if !haveAsmKernel() {
		t.Skip("O3: no assembly kernel on this CPU: the portable kernel is the only one")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	special := []float64{0, math.Copysign(0, -1), 5e-324, -2.2e-308, 1e300, -1e-300, 1, -1}
	for _, n := range []int{4, 8, 12, 100, 300, 1024} {
		for trial := range 50 {
			var x, c [4][]float64
			for q := range 4 {
				x[q], c[q] = make([]float64, n+3), make([]float64, n+1)
				for j := range x[q] {
					x[q][j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
					if trial%5 == 0 && rng.IntN(4) == 0 {
						x[q][j] = special[rng.IntN(len(special))]
					}
				}
				for j := range c[q] {
					c[q][j] = rng.NormFloat64() / float64(1+j)
				}
			}
			var asm, port dotLanes
			dot4x4((*[4][4]float64)(asm[:4]), &x, &c, n)
			dot4x4Go((*[4][4]float64)(port[:4]), &x, &c, n)
			sameLanes(t, "dot4x4", n, trial, &asm, &port)
			// The stereo kernel: the four x slices laid out in one buffer,
			// second channel d values on.
			d := 4*(n+3) + trial
			buf := make([]float64, 2*d)
			var k [4]int
			for q := range 4 {
				k[q] = q * (n + 3)
				copy(buf[k[q]:], x[q])
				copy(buf[d+k[q]:], x[(q+1)%4])
			}
			dot4x2(&asm, buf, d, &k, &c, n)
			dot4x2Go(&port, buf, d, &k, &c, n)
			sameLanes(t, "dot4x2", n, trial, &asm, &port)
		}
	}
	for _, rate := range []int{48000, 32000, 22050, 22254} { // exact rows; 22254: interpolated rows
		r := newResampler(rate)
		for _, ch := range []int{1, 2} {
			in := make([]float32, ch*3001)
			for i := range in {
				in[i] = float32(rng.NormFloat64() * 0.3)
			}
			got := r.run(in, ch)
			var want []float32
			portableKernel(func() { want = r.run(in, ch) })
			for i := range want {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("O3: %d Hz ch=%d sample %d: assembly %v, portable %v", rate, ch, i, got[i], want[i])
				}
			}
		}
	}
}

func sameLanes(t *testing.T, kernel string, n, trial int, asm, port *dotLanes) {
	t.Helper()
	for q := range asm {
		for l := range asm[q] {
			if math.Float64bits(asm[q][l]) != math.Float64bits(port[q][l]) {
				t.Fatalf("O3: %s n=%d trial %d product %d lane %d: assembly %v, portable %v", kernel, n, trial, q, l, asm[q][l], port[q][l])
			}
		}
	}
}
