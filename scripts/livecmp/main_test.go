package main

import (
	"math/rand/v2"
	"testing"
)

// A lost device in the sent stream: the render's frames 5000–6999 were never
// sent and 300 frames of silence were; compareGaps finds it and compares
// the rest, and a sample changed after it is still a mismatch.
func TestCompareGapsSkipsADeviceGapOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := make([]int16, 2*20000)
	for i := range r {
		r[i] = int16(rng.IntN(2000) + 1)
	}
	var q []int16
	q = append(q, make([]int16, 2*100)...)
	q = append(q, r[:2*5000]...)
	q = append(q, make([]int16, 2*300)...)
	q = append(q, r[2*7000:]...)
	n, mism, _, gaps := compareGaps(q, r, 100, 1)
	if mism != 0 || len(gaps) != 1 || gaps[0] != (gap{at: 5000, skipped: 2000, silent: 300}) || n != 18000 {
		t.Fatalf("n %d, mismatches %d, gaps %+v; want 18000, 0, one at 5000 skipping 2000 with 300 silent", n, mism, gaps)
	}
	if _, mism, _, _ := compareGaps(q, r, 100, 0); mism == 0 {
		t.Error("with no gap allowed the gap compared equal")
	}
	q[2*(100+5000+300+9000)]++ // render frame 16000
	if _, mism, first, _ := compareGaps(q, r, 100, 1); mism == 0 || first != 16000 {
		t.Errorf("a changed sample after the gap: mismatches %d, first %d; want some, at 16000", mism, first)
	}
}
