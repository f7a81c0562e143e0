package abx

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// The p-value against hand arithmetic: P(K ≥ k) for K ~ Binomial(n, 1/2).
func TestPValueByHand(t *testing.T) {
	for _, c := range []struct {
		k, n int
		want float64
	}{
		{10, 10, 1.0 / 1024},            // C(10,10) = 1
		{9, 10, 11.0 / 1024},            // C(10,9) + 1 = 11
		{8, 10, 56.0 / 1024},            // 45 + 10 + 1
		{5, 10, 638.0 / 1024},           // 252+210+120+45+10+1
		{12, 16, 2517.0 / 65536},        // 1820+560+120+16+1
		{1, 1, 0.5},                     // one right answer: a coin flip
		{0, 10, 1},                      // anything scores ≥ 0
		{3, 3, 0.125},                   // 1/8
		{60, 100, 0.028443966820490392}, // Σ C(100,i)/2^100, i=60..100 (exact rational, see below)
		{11, 10, 0},
	} {
		got := PValue(c.k, c.n)
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("PValue(%d, %d) = %.15g, want %.15g", c.k, c.n, got, c.want)
		}
	}
}

// The 60/100 golden above checked by exact integer arithmetic here (not by PValue).
func TestPValue60of100Exact(t *testing.T) {
	// C(100, i) as float64 products are exact enough; sum with big steps.
	sum, c := 0.0, 1.0 // c = C(100, i)
	for i := 0; i <= 100; i++ {
		if i > 0 {
			c = c * float64(100-i+1) / float64(i)
		}
		if i >= 60 {
			sum += c
		}
	}
	want := sum / math.Pow(2, 100)
	if got := PValue(60, 100); math.Abs(got-want) > 1e-12 {
		t.Errorf("PValue(60,100) = %.15g, direct sum %.15g", got, want)
	}
}

func TestSessionFlow(t *testing.T) {
	clock := time.Unix(0, 0)
	s, err := New(4, rand.New(rand.NewPCG(1, 2)), func() time.Time { return clock })
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Answer(A); err != ErrNoX {
		t.Fatalf("answer before X: got %v, want ErrNoX", err)
	}
	sides := map[Side]int{}
	for !s.Done() {
		x := s.X()
		if s.X() != x {
			t.Fatal("X changed within a trial (replaying X must replay the same side)")
		}
		sides[x]++
		clock = clock.Add(1500 * time.Millisecond)
		if err := s.Answer(x); err != nil { // a perfect listener
			t.Fatal(err)
		}
	}
	if s.Score() != 4 || s.Answer(A) != ErrDone {
		t.Errorf("score %d, want 4 and ErrDone after the last trial", s.Score())
	}
	r := s.Result(true, 3.5)
	if r.PValue != 1.0/16 || r.Heard || r.Trials != 4 || r.Log[0].Seconds != 1.5 {
		t.Errorf("result %+v: want p 1/16 (not < 0.05), 4 trials, 1.5 s per answer", r)
	}
	b, _ := json.Marshal(r)
	if !strings.Contains(string(b), `"x":"`) || !strings.Contains(string(b), `"kind":"abx"`) {
		t.Errorf("log JSON %s: want sides as \"A\"/\"B\" and kind abx", b)
	}
	if _, err := New(0, nil, nil); err == nil {
		t.Error("0 trials accepted")
	}
}

// X is fair: over many draws each side comes about half the time.
func TestXIsFair(t *testing.T) {
	s, _ := New(MaxTrials, rand.New(rand.NewPCG(7, 9)), nil)
	nb := 0
	const draws = 20000
	for i := 0; i < draws; i++ {
		s.drawn = false
		if s.X() == B {
			nb++
		}
	}
	// 5 standard deviations of Binomial(20000, 1/2) = 5·70.7.
	if math.Abs(float64(nb)-draws/2) > 5*math.Sqrt(draws)/2 {
		t.Errorf("B drawn %d of %d times", nb, draws)
	}
}
