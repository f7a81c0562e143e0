package game

import (
	"math"

	"soundworld/ambientviz/geom"
)

// Walking speeds in m/s. Retail's MotionInterp constants (as decoded by ACE):
// RunAnimSpeed 4.0 m/s scaled by the run rate, WalkAnimSpeed 3.12 m/s. The run
// rate is ACE MovementSystem.GetRunRate: (loadMod·(skill/(skill+200))·11 + 4)/4;
// we take run skill 200, unburdened (loadMod 1): (0.5·11 + 4)/4 = 2.375, so
// 4.0 × 2.375 = 9.5 m/s — a mid-level character's run (skill 800 caps at 18 m/s).
const (
	RunSpeed  = 4.0 * ((0.5*11 + 4) / 4) // 9.5 m/s
	WalkSpeed = 3.12                     // m/s, Shift
	// TurnRate is Q/E's turn speed in deg/s (ASSUMED: a quarter turn per second).
	TurnRate = 90.0
)

// Step moves a listener at (x, y) facing heading (deg, W4) by forward and
// right inputs in −1..1 at speed m/s for dt s; it returns the new position.
func Step(x, y, heading, forward, right, speed, dt float64) (nx, ny float64) {
	if forward == 0 && right == 0 {
		return x, y
	}
	fx, fy := geom.HeadingVector(heading)
	rx, ry := geom.HeadingVector(heading + 90)
	dx, dy := forward*fx+right*rx, forward*fy+right*ry
	l := math.Hypot(dx, dy)
	return x + dx/l*speed*dt, y + dy/l*speed*dt
}
