// Package spectest is a test helper: values the tests take from the spec's
// own tables and formulas, written once and independently of the code
// under test (which reads the committed data or builds its own tables).
package spectest

// DerethHeight is the spec's compact formula for Dereth's land height table
// (docs spec §4.4): entry i in metres, 0 ≤ i ≤ 255.
func DerethHeight(i int) float32 {
	switch {
	case i <= 200:
		return float32(2 * i)
	case i <= 240:
		return float32(400 + 4*(i-200))
	case i <= 250:
		return float32(560 + 8*(i-240))
	}
	return [...]float32{650, 660, 670, 680, 700}[i-251]
}
