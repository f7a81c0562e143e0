package device

import "testing"

// The frame-gap histogram the lead's basis is printed from: quantiles are
// the upper edges of 1 ms bins.
func TestGapHistQuantiles(t *testing.T) {
	var h GapHist
	for i := 0; i < 98; i++ {
		h.Add(0.0165) // bin 16 → ≤ 17 ms
	}
	h.Add(0.040)
	h.Add(2.5) // the last bin
	if m, p99, mx := h.Quantile(0.5), h.Quantile(0.99), h.Quantile(1); m != 17 || p99 != 41 || mx != 1001 {
		t.Errorf("median %d, p99 %d, max %d; want 17, 41, 1001", m, p99, mx)
	}
}
