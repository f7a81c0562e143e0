package audio

import "golang.org/x/sys/cpu"

// useAVX selects the AVX kernel (dot_amd64.s) when the CPU and the OS
// support 256-bit vectors; otherwise dot4x4Go runs (same bits either way).
var useAVX = cpu.X86.HasAVX

// dot4x4 fills a with the lane sums of x[q]·c[q] over the first n taps (n a
// multiple of 4), as dot4x4Go does.
func dot4x4(a *[4][4]float64, x, c *[4][]float64, n int) {
	if !useAVX || n == 0 {
		dot4x4Go(a, x, c, n)
		return
	}
	for q := range 4 { // the kernel reads n values behind each pointer
		_, _ = x[q][n-1], c[q][n-1]
	}
	dot4x4AVX(a, &x[0][0], &x[1][0], &x[2][0], &x[3][0], &c[0][0], &c[1][0], &c[2][0], &c[3][0], n)
}

// dot4x2 fills a as dot4x2Go does: both channels of four stereo frames.
func dot4x2(a *dotLanes, buf []float64, d int, k *[4]int, c *[4][]float64, n int) {
	if !useAVX || n == 0 {
		dot4x2Go(a, buf, d, k, c, n)
		return
	}
	for q := range 4 { // the kernel reads n values behind each pointer
		_, _, _ = buf[k[q]], buf[d+k[q]+n-1], c[q][n-1]
	}
	if d < 0 {
		panic("audio: dot4x2: negative channel offset")
	}
	dot4x2AVX(a, &buf[k[0]], &buf[k[1]], &buf[k[2]], &buf[k[3]], &c[0][0], &c[1][0], &c[2][0], &c[3][0], 8*d, n)
}

// dot4x2AVX is the stereo kernel in dot_amd64.s (d in bytes).
//
//go:noescape
func dot4x2AVX(a *dotLanes, x0, x1, x2, x3, c0, c1, c2, c3 *float64, d, n int)

// dot4x4AVX is the kernel in dot_amd64.s: VMULPD then VADDPD (never a fused
// multiply-add), one 4-lane accumulator per dot product.
//
//go:noescape
func dot4x4AVX(a *[4][4]float64, x0, x1, x2, x3, c0, c1, c2, c3 *float64, n int)
