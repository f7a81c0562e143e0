// Package abx is the window's ABX listening test: in each
// trial X is A (our live output) or B (the retail recording) at random, the
// listener answers which, and after N trials the score gets its one-sided
// binomial p-value: the chance of scoring at least that well by guessing.
// Pure Go: no Ebitengine, so it is tested headless.
package abx

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Side is what sounds: A (ours) or B (the recording).
type Side uint8

const (
	A Side = iota
	B
)

func (s Side) String() string {
	if s == B {
		return "B"
	}
	return "A"
}

// MarshalText writes "A" or "B" (the trial log in the gate's history).
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Trial is one answered trial.
type Trial struct {
	X       Side    `json:"x"`
	Answer  Side    `json:"answer"`
	Correct bool    `json:"correct"`
	Seconds float64 `json:"seconds"` // from X first played to the answer
}

// Session is one ABX run of N trials.
type Session struct {
	N      int
	Trials []Trial
	x      Side
	drawn  bool      // this trial's X is chosen
	began  time.Time // when this trial's X was first played
	rng    *rand.Rand
	now    func() time.Time
}

// MaxTrials bounds N (a run is a sitting, not a soak test).
const MaxTrials = 100

// New starts a session of n trials (1..MaxTrials). rng picks X; nil: a
// generator seeded from the OS (never the Sim's generators, which retail's
// rules own). now stamps answers (nil: time.Now).
func New(n int, rng *rand.Rand, now func() time.Time) (*Session, error) {
	if n < 1 || n > MaxTrials {
		return nil, fmt.Errorf("ABX trials %d: want 1..%d", n, MaxTrials)
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if now == nil {
		now = time.Now
	}
	return &Session{N: n, rng: rng, now: now}, nil
}

// X is this trial's hidden side, chosen (fairly, 1/2 each) the first time it
// is asked for in the trial; playing X again in the same trial replays the
// same side.
func (s *Session) X() Side {
	if !s.drawn {
		s.x = Side(s.rng.IntN(2))
		s.drawn, s.began = true, s.now()
	}
	return s.x
}

// ErrNoX says the listener answered before X was played.
var ErrNoX = errors.New("ABX: play X first (X key), then answer")

// ErrDone says every trial is answered.
var ErrDone = errors.New("ABX: all trials answered")

// Answer records the listener's answer to this trial and moves on.
func (s *Session) Answer(a Side) error {
	if s.Done() {
		return ErrDone
	}
	if !s.drawn {
		return ErrNoX
	}
	s.Trials = append(s.Trials, Trial{X: s.x, Answer: a, Correct: a == s.x, Seconds: s.now().Sub(s.began).Seconds()})
	s.drawn = false
	return nil
}

// Playing reports whether this trial's X has been drawn (and so may sound).
func (s *Session) Playing() bool { return s.drawn }

// Done reports whether all N trials are answered.
func (s *Session) Done() bool { return len(s.Trials) >= s.N }

// Score is the number of correct answers so far.
func (s *Session) Score() int {
	k := 0
	for _, t := range s.Trials {
		if t.Correct {
			k++
		}
	}
	return k
}

// PValue is the one-sided binomial p-value of k correct out of n trials under
// guessing (p = 1/2): P(K ≥ k) = Σ_{i=k..n} C(n, i) / 2^n. Small values
// (conventionally < 0.05) mean the listener heard a difference. k ≤ 0 gives
// 1; k > n gives 0.
func PValue(k, n int) float64 {
	if k <= 0 {
		return 1
	}
	if k > n {
		return 0
	}
	// Terms in log space (n ≤ MaxTrials keeps this exact to ~1e-15).
	sum := 0.0
	for i := k; i <= n; i++ {
		sum += math.Exp(lchoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, sum)
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// Significance is the p-value below which the panel says "heard a difference".
const Significance = 0.05

// Log is the session as appended to the gate's history ("extra" of a
// gate.History entry whose "seeds" is 0).
type Log struct {
	Kind        string  `json:"kind"` // "abx"
	Trials      int     `json:"trials"`
	Correct     int     `json:"correct"`
	PValue      float64 `json:"p_value"`
	Heard       bool    `json:"heard_difference"` // p < Significance
	GainMatched bool    `json:"gain_matched"`     // B played at our loudness
	GainDB      float64 `json:"gain_db"`          // the gain applied to B (0 when not matched)
	Log         []Trial `json:"log"`
}

// Result summarises a finished (or partial) session.
func (s *Session) Result(matched bool, gainDB float64) Log {
	k, n := s.Score(), len(s.Trials)
	p := PValue(k, n)
	if !matched {
		gainDB = 0
	}
	return Log{Kind: "abx", Trials: n, Correct: k, PValue: p, Heard: p < Significance,
		GainMatched: matched, GainDB: gainDB, Log: append([]Trial(nil), s.Trials...)}
}
