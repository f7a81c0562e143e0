package audio

// Dice is a source of retail RollDice uniforms u in (0, 1] (T4). Tests script
// rolls by implementing it.
type Dice interface{ Roll() float32 }

// Rand is a source of retail rand() values in 0..32767 (T2, T4). Tests script
// gates by implementing it.
type Rand interface{ Rand() int }

// MSVCRand is the MSVC C runtime rand() (T4): state = state·214013 + 2531011
// (mod 2^32); rand() = (state >> 16) & 0x7FFF. srand(1) gives 41, 18467, 6334, …
type MSVCRand struct{ state uint32 }

// NewMSVCRand returns rand() after srand(seed).
func NewMSVCRand(seed uint32) *MSVCRand { return &MSVCRand{state: seed} }

// Rand returns the next value in 0..32767.
func (r *MSVCRand) Rand() int {
	r.state = r.state*214013 + 2531011
	return int(r.state>>16) & 0x7FFF
}

// L'Ecuyer 1988 constants (T4; the first modulus is decoded, the rest ASSUMED).
const (
	lecM1 = 2147483563
	lecM2 = 2147483399
	lecA1 = 40014
	lecA2 = 40692
	lecQ1 = lecM1 / lecA1 // 53668, Schrage's decomposition
	lecR1 = lecM1 % lecA1 // 12211
	lecQ2 = lecM2 / lecA2 // 52774
	lecR2 = lecM2 % lecA2 // 3791
)

// LEcuyer is the combined generator behind retail Random::RollDice (T4):
// two Lehmer streams (m1 2147483563, a1 40014; m2 2147483399, a2 40692),
// z = s1 − s2, z < 1 → z += 2147483562, u = z / 2147483563 in float32 steps.
// ASSUMED seeding (docs/fidelity.md): s1 = s2 = seed, with seed 0 → 1 and
// seeds ≥ m2 reduced to 1 + seed mod (m2 − 1); no shuffle table.
type LEcuyer struct{ s1, s2 int32 }

// NewLEcuyer seeds the generator (see LEcuyer for the seeding rule).
func NewLEcuyer(seed uint32) *LEcuyer {
	s := int64(seed)
	if s == 0 {
		s = 1
	} else if s >= lecM2 {
		s = 1 + s%(lecM2-1)
	}
	return &LEcuyer{s1: int32(s), s2: int32(s)}
}

// Roll advances both streams and returns u in (0, 1].
func (g *LEcuyer) Roll() float32 {
	k := g.s1 / lecQ1
	g.s1 = lecA1*(g.s1-k*lecQ1) - k*lecR1
	if g.s1 < 0 {
		g.s1 += lecM1
	}
	k = g.s2 / lecQ2
	g.s2 = lecA2*(g.s2-k*lecQ2) - k*lecR2
	if g.s2 < 0 {
		g.s2 += lecM2
	}
	z := g.s1 - g.s2
	if z < 1 {
		z += lecM1 - 1
	}
	return uFromZ(z)
}

// uFromZ scales z (1..m1−1) to u = z / m1 rounded once to float32: x87 loads
// the integer exactly (fild) and the single-precision divide rounds, so the
// generator's "open interval" closes at the top: z ≥ m1 − 63 gives exactly
// 1.0, the only roll that reaches the last variant (T1).
func uFromZ(z int32) float32 {
	return float32(float64(z) / lecM1)
}

// RollDice is retail Random::RollDice(lo, hi) on d (T4): lo + u·(hi − lo) in
// float32; lo == hi returns lo; lo > hi swaps them.
func RollDice(d Dice, lo, hi float32) float32 {
	if lo == hi {
		return lo
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	u := d.Roll()
	span := hi - lo
	return lo + float32(u*span) // rounded product: no fused multiply-add
}
