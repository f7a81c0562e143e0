package measure

import "sort"

// sortedWindow holds a moving window's values in ascending order, for its
// quantiles (movingQuantile, slidingMedian).
type sortedWindow []float64

// insert adds x.
func (w *sortedWindow) insert(x float64) {
	v := *w
	i := sort.SearchFloat64s(v, x)
	v = append(v, 0)
	copy(v[i+1:], v[i:])
	v[i] = x
	*w = v
}

// remove drops one value equal to x (one the window holds).
func (w *sortedWindow) remove(x float64) {
	v := *w
	i := sort.SearchFloat64s(v, x)
	*w = append(v[:i], v[i+1:]...)
}

// replace puts x in the place of old (one the window holds): only the
// values between the two move (a band's level changes little from one
// frame to the next, so few do).
func (w sortedWindow) replace(old, x float64) {
	i, j := sort.SearchFloat64s(w, old), sort.SearchFloat64s(w, x)
	if j > i { // x lies above old: the values between move down
		copy(w[i:j-1], w[i+1:j])
		w[j-1] = x
	} else {
		copy(w[j+1:i+1], w[j:i])
		w[j] = x
	}
}
