package audio

import (
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

// lecuyerAt computes the k-th output of the ASSUMED seeding independently:
// s_k = seed·a^k mod m with big-integer modular exponentiation (no Schrage).
func lecuyerAt(seed int64, k int64) float32 {
	pow := func(a, m int64) int64 {
		x := new(big.Int).Exp(big.NewInt(a), big.NewInt(k), big.NewInt(m))
		x.Mul(x, big.NewInt(seed))
		return x.Mod(x, big.NewInt(m)).Int64()
	}
	s1, s2 := pow(40014, 2147483563), pow(40692, 2147483399)
	z := s1 - s2
	if z < 1 {
		z += 2147483562
	}
	u, _ := new(big.Rat).SetFrac64(z, 2147483563).Float32() // exact quotient, rounded once
	return u
}

// TestT4_UFromZ: u reaches exactly 1.0 only for the top 63 values of z.
func TestT4_UFromZ(t *testing.T) {
	for _, c := range []struct {
		z    int32
		want bool
	}{{2147483562, true}, {2147483563 - 63, true}, {2147483563 - 65, false}, {1, false}} {
		if got := uFromZ(c.z) == 1; got != c.want {
			t.Errorf("T4: u(%d) == 1: got %v, want %v", c.z, got, c.want)
		}
	}
	if u := uFromZ(1); !(u > 0) {
		t.Errorf("T4: u(1): got %v, want > 0", u)
	}
}

// TestT4_LEcuyerKnownAnswers checks the generator against independent big-int arithmetic.
func TestT4_LEcuyerKnownAnswers(t *testing.T) {
	for _, seed := range []uint32{1, 12345, 2147483398} {
		g := NewLEcuyer(seed)
		for k := int64(1); k <= 2000; k++ {
			got := g.Roll()
			if want := lecuyerAt(int64(seed), k); got != want {
				t.Fatalf("T4: seed %d roll %d: got %v, want %v", seed, k, got, want)
			}
			if !(got > 0 && got <= 1) {
				t.Fatalf("T4: seed %d roll %d: got %v, want in (0, 1]", seed, k, got)
			}
		}
	}
	// Seed 0 is made valid (1); seeds ≥ m2 are reduced.
	a, b := NewLEcuyer(0), NewLEcuyer(1)
	if a.Roll() != b.Roll() {
		t.Errorf("T4: seed 0 should behave as seed 1")
	}
	top := NewLEcuyer(4294967295)
	if want := lecuyerAt(1+4294967295%(2147483399-1), 1); top.Roll() != want {
		t.Errorf("T4: seed 2^32-1: got a different first roll than the reduced seed")
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

type scriptRand struct {
	t    *testing.T
	vals []int
}

func (s *scriptRand) Rand() int {
	if len(s.vals) == 0 {
		s.t.Fatalf("unexpected rand(): script exhausted")
	}
	v := s.vals[0]
	s.vals = s.vals[1:]
	return v
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
