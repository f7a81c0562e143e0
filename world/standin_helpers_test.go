package world_test

import (
	"testing"

	"soundworld/assets/standintest"
	"soundworld/dat"
	"soundworld/world"
)

// standIn is the built-in stand-in world's archive; the test fails if it
// cannot be built.
func standIn(t testing.TB) *dat.Archive {
	t.Helper()
	return standintest.Archive(t)
}

// newSim is a Sim over cfg; the test fails if it cannot be made.
func newSim(t testing.TB, cfg world.Config) *world.Sim {
	t.Helper()
	s, err := world.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runFor ticks s from its start, on the fixed step grid, until it is at
// least seconds in.
func runFor(s *world.Sim, seconds float64) {
	s.Tick(0)
	for s.Now() < seconds {
		s.Tick(world.NextStepDt(s.Now()))
	}
}
