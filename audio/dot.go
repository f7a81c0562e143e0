package audio

// The resampler's inner product (O1, O3): four dot products at once, each
// summed in the same fixed order whatever the CPU — four lane sums over
// j mod 4 (lane q adds x[j]·c[j] for j = q, q+4, q+8, … in turn, every
// product rounded to float64 before it is added), then (s0 + s1) + (s2 + s3).
// dot4x4 and dot4x2 compute the lane sums with the fastest kernel the CPU
// has (AVX on amd64: one 4-wide vector per dot product holds exactly those
// four lanes; see dot_amd64.s) or with dot4x4Go; both give the same bits, so
// the samples do not depend on the machine (TestO3_DotKernelsAgree).

// dotLanes holds the four lane sums of each of up to eight dot products.
type dotLanes [8][4]float64

// sum is dot product q: (s0 + s1) + (s2 + s3), rounded to float32.
func (a *dotLanes) sum(q int) float32 {
	s := &a[q]
	return float32((s[0] + s[1]) + (s[2] + s[3]))
}

// dot4x4Go is the portable kernel: the lane sums of x[q]·c[q] over the first
// n taps (n a multiple of 4; every slice at least n long), each product
// explicitly rounded so no architecture fuses a multiply-add.
func dot4x4Go(a *[4][4]float64, x, c *[4][]float64, n int) {
	for q := range 4 {
		xs, cs := x[q][:n], c[q][:n]
		var s0, s1, s2, s3 float64
		for len(cs) >= 4 && len(xs) >= 4 {
			s0 += float64(xs[0] * cs[0])
			s1 += float64(xs[1] * cs[1])
			s2 += float64(xs[2] * cs[2])
			s3 += float64(xs[3] * cs[3])
			xs, cs = xs[4:], cs[4:]
		}
		a[q] = [4]float64{s0, s1, s2, s3}
	}
}

// dot4x2Go is the portable stereo kernel: a[q] gets the lane sums of
// buf[k[q]:]·c[q] and a[4+q] those of buf[d+k[q]:]·c[q] (the second channel
// d values further on, same row), over n taps.
func dot4x2Go(a *dotLanes, buf []float64, d int, k *[4]int, c *[4][]float64, n int) {
	var x [4][]float64
	for q := range 4 {
		x[q] = buf[k[q] : k[q]+n]
	}
	dot4x4Go((*[4][4]float64)(a[:4]), &x, c, n)
	for q := range 4 {
		x[q] = buf[d+k[q] : d+k[q]+n]
	}
	dot4x4Go((*[4][4]float64)(a[4:]), &x, c, n)
}
