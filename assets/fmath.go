package assets

import "math"

// Portable elementary functions for the synthesis: the stand-in's bytes
// (and so its content hash, which sidecars and report links name) must be
// the same on every CPU, but Go's math.Exp and math.Log are assembly on
// amd64 and arm64 and pure Go elsewhere (wasm), rounding differently, and
// the compiler fuses x*y+z into one FMA instruction on arm64 (not on amd64
// or wasm), which rounds once instead of twice. So these use only +, −, ×,
// ÷ (correctly rounded everywhere), each product rounded explicitly —
// float64(x*y): the Go spec's way to forbid fusion — and math.Ldexp,
// Frexp and Floor, which are exact. They are within a few units in the last
// place of math's (TestFmath_NearMath); exactness is not the point,
// sameness is. The synthesis code rounds its own products the same way
// (`go build` for arm64 lists no FMADD in this package:
// scripts/cross-standin.sh).

// Splits of constants into a head with few significant bits (k×head is
// exact for |k| < 2^20) and a tail, from 60-digit values of π and ln 2
// (TestFmath_Constants checks them with math/big).
var (
	pio2Hi  = math.Float64frombits(0x3ff921fb54400000) // π/2, first 33 bits
	pio2Mid = math.Float64frombits(0x3dd0b4611a600000) // next 33 bits
	pio2Lo  = math.Float64frombits(0x3ba3198a2e000000) // next 33 bits
	ln2Hi   = math.Float64frombits(0x3fe62e42fef00000) // ln 2, first 33 bits
	ln2Lo   = math.Float64frombits(0x3dd473de6af278ed) // the rest, rounded
)

const (
	invLn2 = 1.4426950408889634 // 1/ln 2, rounded
	twoOPi = 0.6366197723675814 // 2/π, rounded
	ln10   = 2.302585092994046  // ln 10, rounded
)

// fexp is e^x.
func fexp(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x > 709.8:
		return math.Inf(1)
	case x < -745.2:
		return 0
	}
	k := math.Floor(float64(x*invLn2) + 0.5)
	r := float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo) // |r| ≤ 0.35
	// Taylor series to r^13/13! (< 2^-55 relative for |r| ≤ 0.35), Horner.
	p := 1.0 / 6227020800 // 1/13!
	for _, c := range [...]float64{1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880, 1.0 / 40320,
		1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1} {
		p = float64(p*r) + c
	}
	return math.Ldexp(p, int(k))
}

// fexp2 is 2^x; fpow10 is 10^x.
func fexp2(x float64) float64  { return fexp(float64(x * math.Ln2)) }
func fpow10(x float64) float64 { return fexp(float64(x * ln10)) }

// flog is the natural logarithm (x > 0; 0 gives −Inf, below it NaN).
func flog(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	}
	m, e := math.Frexp(x) // x = m·2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m, e = 2*m, e-1 // m in [√2/2, √2): exact
	}
	// ln m = 2·atanh(s), s = (m−1)/(m+1), |s| ≤ 0.172: the odd series to s^25.
	s := (m - 1) / (m + 1)
	s2 := float64(s * s)
	p := 1.0 / 25
	for n := 23; n >= 1; n -= 2 {
		p = float64(p*s2) + 1/float64(n)
	}
	lm := float64(2 * float64(s*p))
	k := float64(e)
	return float64(k*ln2Hi) + (float64(k*ln2Lo) + lm)
}

// fsincos is sin x and cos x (|x| < 2^20·π/2; the synthesis's phases stay
// far below).
func fsincos(x float64) (sin, cos float64) {
	k := math.Floor(float64(x*twoOPi) + 0.5)
	r := float64(float64(x-float64(k*pio2Hi))-float64(k*pio2Mid)) - float64(k*pio2Lo) // |r| ≤ π/4
	r2 := float64(r * r)
	// Taylor series of sin r / r and cos r to r^18 (< 2^-56 for |r| ≤ π/4).
	ps := -1.0 / 121645100408832000 // −1/19!
	for _, c := range [...]float64{1.0 / 355687428096000, -1.0 / 1307674368000, 1.0 / 6227020800, -1.0 / 39916800,
		1.0 / 362880, -1.0 / 5040, 1.0 / 120, -1.0 / 6, 1} {
		ps = float64(ps*r2) + c
	}
	pc := 1.0 / 6402373705728000 // 1/18!
	for _, c := range [...]float64{-1.0 / 20922789888000, 1.0 / 87178291200, -1.0 / 479001600, 1.0 / 3628800,
		-1.0 / 40320, 1.0 / 720, -1.0 / 24, 0.5} {
		pc = float64(pc*r2) + c
	}
	s, c := float64(r*ps), 1-float64(r2*pc)
	switch int64(k) & 3 {
	case 0:
		return s, c
	case 1:
		return c, -s
	case 2:
		return -s, -c
	}
	return -c, s
}

func fsin(x float64) float64 { s, _ := fsincos(x); return s }
func fcos(x float64) float64 { _, c := fsincos(x); return c }
func ftan(x float64) float64 { s, c := fsincos(x); return s / c }
