package game

import (
	"math"
	"testing"
)

func TestRunSpeedFromRetailConstants(t *testing.T) {
	// RunAnimSpeed 4.0 × GetRunRate(skill 200, unburdened) = 4 × (200/400·11 + 4)/4.
	want := 4.0 * (200.0/400*11 + 4) / 4
	if RunSpeed != want || RunSpeed != 9.5 {
		t.Errorf("RunSpeed got %v, want %v (9.5 m/s)", RunSpeed, want)
	}
}

func TestW4_StepRelativeToHeading(t *testing.T) {
	cases := []struct {
		h, f, r, wx, wy float64
	}{
		{0, 1, 0, 0, 9.5},    // facing north, forward → +Y
		{90, 1, 0, 9.5, 0},   // facing east, forward → +X
		{0, 0, 1, 9.5, 0},    // facing north, strafe right (D) → east
		{90, -1, 0, -9.5, 0}, // facing east, back → west
	}
	for _, k := range cases {
		x, y := Step(0, 0, k.h, k.f, k.r, RunSpeed, 1)
		if math.Abs(x-k.wx) > 1e-9 || math.Abs(y-k.wy) > 1e-9 {
			t.Errorf("W4: heading %v fwd %v right %v: got (%v,%v), want (%v,%v)", k.h, k.f, k.r, x, y, k.wx, k.wy)
		}
	}
	// Diagonal input is normalised: the speed stays 9.5 m/s.
	x, y := Step(0, 0, 0, 1, 1, RunSpeed, 1)
	if d := math.Hypot(x, y); math.Abs(d-9.5) > 1e-9 {
		t.Errorf("diagonal step got %v m, want 9.5", d)
	}
}
