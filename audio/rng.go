package audio

import "math"

// Dice is a source of retail Random::rand() unit values u in (0, 0.99999988]
// (T4). Tests script rolls by implementing it.
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

// State is the generator's 32-bit state (for sidecars and traces).
func (r *MSVCRand) State() uint32 { return r.state }

// Constants of retail Random (T4, [D: Random::Seed, Random::rand]): Numerical
// Recipes' ran2, L'Ecuyer's two Lehmer streams with a Bays–Durham shuffle.
const (
	ran2M1   = 2147483563 // first modulus
	ran2M2   = 2147483399 // second modulus
	ran2A1   = 40014
	ran2A2   = 40692
	ran2Q1   = 53668                 // M1 div A1 (Schrage)
	ran2Q2   = 52774                 // M2 div A2
	ran2NTab = 32                    // shuffle table size
	ran2NDiv = 67108862              // 1 + (M1 − 1) div NTab: iy div NDiv picks the table slot
	ran2Warm = ran2NTab + 8          // Seed's warm-up steps (j = 39 … 0)
	ran2AM   = 4.656613057391769e-10 // double constant of rand(): ≈ 1/M1
)

// ran2Cap is the largest unit value (T4): rand() returns 0.99999988 for
// anything above it, so u is never 1.0 and the last variant of a multi-entry
// SoundType is never picked (T1). Held as the float32 it rounds to
// (1 − 2^-23); see docs/fidelity.md "T4 cap".
const ran2Cap float32 = 0.99999988

// Ran2 is retail Random (T4): the generator behind RollDice(float, float).
type Ran2 struct {
	idum, idum2, iy int32
	iv              [ran2NTab]int32
}

// ran2Step1 is retail's first-stream step in 32-bit wrapping arithmetic,
// 40014·s − 2147483563·(s div 53668), + 2147483563 if negative (the same as
// Schrage's 40014·(s mod 53668) − 12211·(s div 53668) for s ≥ 0).
func ran2Step1(s int32) int32 {
	s = ran2A1*s - ran2M1*(s/ran2Q1)
	if s < 0 {
		s += ran2M1
	}
	return s
}

// ran2Step2 is the second stream: 40692·s − 2147483399·(s div 52774), + M2 if negative.
func ran2Step2(s int32) int32 {
	s = ran2A2*s - ran2M2*(s/ran2Q2)
	if s < 0 {
		s += ran2M2
	}
	return s
}

// NewRan2 returns the generator after Random::Seed(seed); the seed's bits are
// retail's int argument.
func NewRan2(seed uint32) *Ran2 {
	g := &Ran2{}
	g.Seed(int32(seed))
	return g
}

// Seed is Random::Seed (T4): 0 → 1; idum2 = s; 40 first-stream steps, the
// last 32 of which fill the table from index 31 down to 0; iy = iv[0].
func (g *Ran2) Seed(s int32) {
	if s == 0 {
		s = 1
	}
	g.idum2 = s
	for j := ran2Warm - 1; j >= 0; j-- {
		s = ran2Step1(s)
		if j < ran2NTab {
			g.iv[j] = s
		}
	}
	g.iy = g.iv[0]
	g.idum = s
}

// Roll is Random::rand() (T4): advance both streams, swap through the shuffle
// table, u = iy·4.656613057391769e-10 rounded once to float32 (x87 in
// single-precision mode), capped at 0.99999988.
func (g *Ran2) Roll() float32 {
	g.idum = ran2Step1(g.idum)
	g.idum2 = ran2Step2(g.idum2)
	j := g.iy / ran2NDiv // 0..31: iy is always in 1..M1−1
	y := g.iv[j] - g.idum2
	g.iv[j] = g.idum
	if y < 1 {
		y += ran2M1 - 1
	}
	g.iy = y
	u := mulRound32(float64(y), ran2AM)
	if u > ran2Cap {
		u = ran2Cap
	}
	return u
}

// Ran2State is a copy of the generator's state (for sidecars and traces).
type Ran2State struct {
	Idum, Idum2, Iy int32
	Iv              [ran2NTab]int32
}

// State returns a copy of the state.
func (g *Ran2) State() Ran2State { return Ran2State{g.idum, g.idum2, g.iy, g.iv} }

// diceValue is RollDice's arithmetic for a drawn unit value u (lo ≠ hi).
func diceValue(u, lo, hi float32) float32 {
	if hi < lo {
		lo, hi = hi, lo
	}
	span := hi - lo
	return float32(u*span) + lo // rounded product: no fused multiply-add
}

// mulRound32 is the x87 in single-precision mode multiplying a value held
// exactly in a register (a float32, or an integer loaded by fild) by a double
// constant: the exact product rounded once to float32. The float64 product is
// exact enough except when it lands on a float32 midpoint; then the FMA
// residual says which way the exact value lies.
func mulRound32(a, b float64) float32 {
	p := a * b
	r := float32(p)
	if float64(r) == p || math.IsInf(p, 0) || math.IsNaN(p) {
		return r
	}
	other := math.Nextafter32(r, float32(math.Copysign(math.Inf(1), p-float64(r))))
	if (float64(r)+float64(other))/2 != p {
		return r // not a midpoint: float32(p) is the correct rounding
	}
	e := math.FMA(a, b, -p) // exact value = p + e
	switch {
	case e > 0:
		return max(r, other)
	case e < 0:
		return min(r, other)
	}
	return r // an exact tie: round half to even, as float32(p) did
}
