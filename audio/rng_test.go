package audio

import (
	"math"
	"math/big"
	"testing"
)

// TestT4_MSVCRand pins srand(1) → 41, 18467, 6334, 26500, 19169.
func TestT4_MSVCRand(t *testing.T) {
	r := NewMSVCRand(1)
	for i, want := range []int{41, 18467, 6334, 26500, 19169, 15724, 11478, 29358, 26962, 24464} {
		if got := r.Rand(); got != want {
			t.Fatalf("T4: rand() #%d after srand(1): got %d, want %d", i, got, want)
		}
	}
}

// ran2Ref is an independent transcription of Numerical Recipes' ran2 in
// int64 with plain modular products (no Schrage, no 32-bit wrap), for T4.
type ran2Ref struct {
	idum, idum2, iy int64
	iv              [32]int64
}

func mod(a, m int64) int64 { return ((a % m) + m) % m }

func newRan2Ref(seed int32) *ran2Ref {
	r := &ran2Ref{}
	s := int64(seed)
	if s == 0 {
		s = 1
	}
	r.idum2 = s
	for j := 39; j >= 0; j-- {
		s = mod(s*40014, 2147483563)
		if j < 32 {
			r.iv[j] = s
		}
	}
	r.iy, r.idum = r.iv[0], s
	return r
}

// next returns the unit value: iy·4.656613057391769e-10 rounded once (to
// nearest even) to float32 with big-float arithmetic, capped at float32(0.99999988).
func (r *ran2Ref) next() float32 {
	r.idum = mod(r.idum*40014, 2147483563)
	r.idum2 = mod(r.idum2*40692, 2147483399)
	j := r.iy / (1 + 2147483562/32)
	r.iy = r.iv[j] - r.idum2
	r.iv[j] = r.idum
	if r.iy < 1 {
		r.iy += 2147483562
	}
	return unitRef(r.iy)
}

func unitRef(iy int64) float32 {
	p := new(big.Float).SetPrec(300).SetInt64(iy)
	p.Mul(p, new(big.Float).SetPrec(300).SetFloat64(4.656613057391769e-10))
	u, _ := p.Float32() // round to nearest even, once
	if c := float32(0.99999988); u > c {
		u = c
	}
	return u
}

// TestT4_Ran2SeedOne pins Random::Seed(1)'s first unit values (spec T4).
func TestT4_Ran2SeedOne(t *testing.T) {
	g := NewRan2(1)
	for i, want := range []float32{0.28538090, 0.25335819, 0.09346853, 0.60849690} {
		if got := g.Roll(); got != want {
			t.Fatalf("T4: Seed(1) draw %d: got %.8f (%#08x), want %.8f", i, got, math.Float32bits(got), want)
		}
	}
}

// TestT4_Ran2KnownAnswers checks the generator against the int64 transcription
// for ordinary, zero, negative (top-bit) and extreme seeds.
func TestT4_Ran2KnownAnswers(t *testing.T) {
	for _, seed := range []uint32{0, 1, 2, 12345, 1764547200, 2147483562, 2147483647, 2147483648, 0xDEADBEEF, 4294967295} {
		g, ref := NewRan2(seed), newRan2Ref(int32(seed))
		for k := 0; k < 5000; k++ {
			got, want := g.Roll(), ref.next()
			if got != want {
				t.Fatalf("T4: seed %d draw %d: got %v, want %v", seed, k, got, want)
			}
			if !(got > 0 && got < 1) {
				t.Fatalf("T4: seed %d draw %d: got %v, want in (0, 1)", seed, k, got)
			}
		}
	}
	// Seed 0 is Seed(1).
	a, b := NewRan2(0), NewRan2(1)
	if a.State() != b.State() {
		t.Errorf("T4: Seed(0) should equal Seed(1)")
	}
}

// rollWithIy sets up a state whose next roll yields iy = y (an artificial
// table entry; the stream arithmetic is retail's).
func rollWithIy(y int32) float32 {
	g := NewRan2(1)
	g.iy = 1 // table slot 0
	s2 := int64(ran2Step2(g.idum2))
	g.iv[0] = int32(s2 + int64(y) - 2147483562) // iv − idum2 < 1 → + (M1 − 1)
	return g.Roll()
}

// TestT4_Ran2Cap: the largest iy gives exactly float32(0.99999988), never 1.0;
// values that round to 1 − 2^-24 are capped too; just below the cap passes.
func TestT4_Ran2Cap(t *testing.T) {
	capv := math.Float32frombits(0x3F7FFFFE) // 1 − 2^-23 = float32(0.99999988)
	if got := rollWithIy(2147483562); got != capv {
		t.Errorf("T4: iy = M1−1: got %v (%#08x), want the cap 0x3F7FFFFE", got, math.Float32bits(got))
	}
	// Find, by independent arithmetic, the iy values around the cap.
	below := math.Float32frombits(0x3F7FFFFD)
	var sawBelow, sawTop bool
	for y := int64(2147483562); y > 2147483562-2000; y-- {
		p := new(big.Float).SetPrec(300).SetInt64(y)
		p.Mul(p, new(big.Float).SetPrec(300).SetFloat64(4.656613057391769e-10))
		raw, _ := p.Float32()
		got := rollWithIy(int32(y))
		switch {
		case raw > capv:
			sawTop = true
			if got != capv {
				t.Fatalf("T4: iy %d (raw %v above the cap): got %v, want the cap", y, raw, got)
			}
		case raw == below:
			sawBelow = true
			if got != below {
				t.Fatalf("T4: iy %d: got %v, want %v (below the cap, not capped)", y, got, below)
			}
		}
	}
	if !sawTop || !sawBelow {
		t.Errorf("T4: boundary not exercised (above %v, below %v)", sawTop, sawBelow)
	}
}

type scriptDice struct {
	t     *testing.T
	rolls []float32
}

func (s *scriptDice) Roll() float32 {
	if len(s.rolls) == 0 {
		s.t.Fatalf("unexpected RollDice: script exhausted")
	}
	u := s.rolls[0]
	s.rolls = s.rolls[1:]
	return u
}

// TestT4_RollDice: lo + u·(hi − lo); lo == hi returns lo without a roll; lo > hi swaps.
func TestT4_RollDice(t *testing.T) {
	d := &scriptDice{t: t, rolls: []float32{0.25, 0.25}}
	if got := RollDice(d, 2, 6); got != 3 {
		t.Errorf("T4: RollDice(2,6) u=0.25: got %v, want 3", got)
	}
	if got := RollDice(d, 6, 2); got != 3 {
		t.Errorf("T4: RollDice(6,2) u=0.25: got %v, want 3 (swapped)", got)
	}
	if got := RollDice(d, 4, 4); got != 4 { // script is empty: a roll would fail
		t.Errorf("T4: RollDice(4,4): got %v, want 4", got)
	}
}
