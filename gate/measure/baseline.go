package measure

// The baseline a band's averaged level (sustainedZ) rises from. The
// running mean (bandTau, 0.5 s) counts every frame a sound held the band:
// a take that opens on a loud sound keeps its bands' means tens of dB over
// the noise for most of a second, and a tone 20 dB over the noise for
// 0.1–0.3 s still lifts the mean of its band 1–6 dB when the next one
// starts 0.7 s later; the next start's rise over the mean is that much
// smaller. The median of the band's averages over the last baseFrames
// frames is not moved by what held the band for less than half that
// time. So the baseline is the lower of the two: the median where a sound
// lifted the mean, the mean where the level was steady (a stationary
// level's median in dB lies at or over its mean, so under noise alone the
// baseline is the mean, as before). The average just before still bounds
// it from below.
//
// Only where the band holds sound, its median baseAboveFloor over the
// log's floor: over digital silence (a render's quiet between sounds) the
// median is the floor itself, and a start rises 80 dB from it and passes
// on the mean anyway. Only the averaged level: read against the median,
// the frame's own level (23 ms, which fluctuates more) let a bed's own
// rises through in the test scene (TestOnsetsFindLoggedOneShots,
// docs/gate-onsets.md).
const (
	baseFrames     = 87   // frames of averages the median reads (1.01 s: two time constants of the mean)
	baseAboveFloor = 10.0 // dB over the log's floor (power per bin floor) the median must lie
)

// medianBaseline: the baseline reads the median (false: the running mean
// alone; the tests compare the two).
var medianBaseline = true

// slidingMedian is the median of the last baseFrames values pushed.
type slidingMedian struct {
	ring   []float64    // the values in the order pushed (a ring once full)
	next   int          // the ring's oldest value, once full
	sorted sortedWindow // the same values, ascending
}

func newSlidingMedians(n int) []slidingMedian {
	m := make([]slidingMedian, n)
	for i := range m {
		m[i] = slidingMedian{ring: make([]float64, 0, baseFrames), sorted: make(sortedWindow, 0, baseFrames)}
	}
	return m
}

// push adds x (dB), dropping the oldest value once baseFrames are held.
func (sm *slidingMedian) push(x float64) {
	if len(sm.ring) < baseFrames {
		sm.ring = append(sm.ring, x)
		sm.sorted.insert(x)
		return
	}
	old := sm.ring[sm.next]
	sm.ring[sm.next] = x
	sm.next = (sm.next + 1) % baseFrames
	sm.sorted.replace(old, x)
}

// baseline is the lower of the running mean m (dB) and the median of the
// values pushed, given the log's floor (dB): m alone while none are
// pushed, where the median lies within baseAboveFloor of the floor, or
// with medianBaseline false.
func (sm *slidingMedian) baseline(m, floor float64) float64 {
	if !medianBaseline || len(sm.sorted) == 0 {
		return m
	}
	if med := sm.sorted[len(sm.sorted)/2]; med > floor+baseAboveFloor {
		return min(m, med)
	}
	return m
}
