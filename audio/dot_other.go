//go:build !amd64

package audio

// dot4x4 fills a with the lane sums of x[q]·c[q] over the first n taps (n a
// multiple of 4): the portable kernel on CPUs without an assembly one.
func dot4x4(a *[4][4]float64, x, c *[4][]float64, n int) { dot4x4Go(a, x, c, n) }

// dot4x2 fills a as dot4x2Go does: both channels of four stereo frames.
func dot4x2(a *dotLanes, buf []float64, d int, k *[4]int, c *[4][]float64, n int) {
	dot4x2Go(a, buf, d, k, c, n)
}
