package world

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"soundworld/dat"
)

// RetailLoc is the line retail's /loc (ACE's @loc) prints:
//
//	0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000
//
// the cell id, the landblock-local origin x y z in m (outdoor and indoor cells
// share their landblock's frame, W6) and the frame's rotation quaternion w x y z.
type RetailLoc struct {
	Cell           uint32
	X, Y, Z        float64 // landblock-local m, as printed
	QW, QX, QY, QZ float64 // as printed; the client holds them as float
}

// IsRetailLoc reports whether s looks like a /loc line (it has the "[x y z]"
// part), so callers can choose between it and the short forms.
func IsRetailLoc(s string) bool { return strings.Contains(s, "[") }

// ParseRetailLoc parses a /loc line pasted as is. The cell's low half must be
// an outdoor land cell 1..64 (whose x, y must lie in that cell, ±0.01 m) or an
// indoor cell 0x0100..0xFFFD; x, y in [0, 192); the quaternion must be finite
// with norm 1 ± 0.01 (it is printed with 6 decimals).
func ParseRetailLoc(s string) (RetailLoc, error) {
	var l RetailLoc
	bad := func(format string, a ...any) (RetailLoc, error) {
		return RetailLoc{}, fmt.Errorf("/loc line %q: %s", s, fmt.Sprintf(format, a...))
	}
	open, close := strings.Index(s, "["), strings.Index(s, "]")
	if open < 0 || close < open {
		return bad(`want "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000"`)
	}
	head := strings.Fields(s[:open])
	if len(head) != 1 {
		return bad("want one cell id before [")
	}
	h := strings.TrimPrefix(strings.TrimPrefix(head[0], "0x"), "0X")
	cell, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 8 {
		return bad("bad cell id %q (want 0xXXYYCCCC)", head[0])
	}
	l.Cell = uint32(cell)
	xyz, err := floats(s[open+1:close], 3)
	if err != nil {
		return bad("position [x y z]: %v", err)
	}
	q, err := floats(s[close+1:], 4)
	if err != nil {
		return bad("quaternion w x y z: %v", err)
	}
	l.X, l.Y, l.Z = xyz[0], xyz[1], xyz[2]
	l.QW, l.QX, l.QY, l.QZ = q[0], q[1], q[2], q[3]
	if !(l.X >= 0 && l.X < BlockSize && l.Y >= 0 && l.Y < BlockSize) {
		return bad("local x, y must be in [0, 192)")
	}
	low := l.Cell & 0xFFFF
	switch {
	case low >= 1 && low <= 64:
		cx, cy := float64((low-1)/8), float64((low-1)%8)
		const tol = 0.01
		if l.X < cx*CellSize-tol || l.X > (cx+1)*CellSize+tol || l.Y < cy*CellSize-tol || l.Y > (cy+1)*CellSize+tol {
			return bad("x, y (%g, %g) lie outside land cell 0x%04X (x %g..%g, y %g..%g)",
				l.X, l.Y, low, cx*CellSize, (cx+1)*CellSize, cy*CellSize, (cy+1)*CellSize)
		}
	case low >= 0x100 && low <= 0xFFFD:
	default:
		return bad("cell 0x%04X is neither a land cell (0x0001..0x0040) nor an indoor cell (0x0100..)", low)
	}
	n := math.Sqrt(l.QW*l.QW + l.QX*l.QX + l.QY*l.QY + l.QZ*l.QZ)
	if !(math.Abs(n-1) <= 0.01) {
		return bad("quaternion norm %g, want 1", n)
	}
	return l, nil
}

// floats parses exactly n finite numbers separated by spaces or commas.
func floats(s string, n int) ([]float64, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	if len(f) != n {
		return nil, fmt.Errorf("want %d numbers, got %d", n, len(f))
	}
	out := make([]float64, n)
	for i, t := range f {
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("bad number %q", t)
		}
		out[i] = v
	}
	return out, nil
}

// World returns the world position in m of the line's origin (W1).
func (l RetailLoc) World() (x, y float32) {
	return WorldPos(uint16(l.Cell>>16), float32(l.X), float32(l.Y))
}

// Loc is the line's position as the Sim takes it, landblock-local and exact
// (W6): the cell's landblock and x, y, z (the Sim puts the feet on its ground).
func (l RetailLoc) Loc() Loc {
	return Loc{Landblock: uint16(l.Cell >> 16), X: float32(l.X), Y: float32(l.Y), Z: float32(l.Z)}
}

// Heading is the compass heading in degrees the client derives from the
// quaternion (W4, Frame::get_heading: dat.Frame.Heading). The client holds
// the printed values as floats. Identity faces north (0).
func (l RetailLoc) Heading() float32 {
	return dat.Frame{QW: float32(l.QW), QX: float32(l.QX), QY: float32(l.QY), QZ: float32(l.QZ)}.Heading()
}

// RetailLocAt builds the line for world (x, y) m, height z m and compass
// heading deg the way Frame::set_heading (0x00535E40) does: a rotation of
// −heading about +Z (forward = (sin h, cos h)), i.e. w = cos(h/2),
// z = −sin(h/2); the sign is chosen so that w ≥ 0. The cell is the outdoor
// land cell under (x, y) (W2).
func RetailLocAt(x, y, z, heading float32) RetailLoc {
	lx, ly := Local(x, y)
	half := float64(heading) * math.Pi / 360
	qw, qz := math.Cos(half), -math.Sin(half)
	if qw < 0 {
		qw, qz = -qw, -qz
	}
	return RetailLoc{Cell: CellID(x, y), X: float64(lx), Y: float64(ly), Z: float64(z), QW: qw, QZ: qz}
}

// RetailLocOf builds the line for a landblock-local position (W6; its Z is
// printed as z) and compass heading: what the sidecar and the Controls panel
// show so a position can be pasted back into retail's tools or into -at. The
// cell is the outdoor land cell holding (X, Y) (W2); X, Y outside [0, 192)
// are moved into their landblock first.
func RetailLocOf(l Loc, heading float32) RetailLoc {
	p := l.World()
	r := RetailLocAt(p.X, p.Y, l.Z, heading)
	if l.X >= 0 && l.X < BlockSize && l.Y >= 0 && l.Y < BlockSize {
		// Already in its landblock: keep the local metres exactly.
		r.X, r.Y = float64(l.X), float64(l.Y)
		cx, cy := min(int(l.X/CellSize), 7), min(int(l.Y/CellSize), 7)
		r.Cell = uint32(l.Landblock)<<16 | uint32(cx*8+cy+1)
	}
	return r
}

// String formats the line as retail prints it (6 decimals).
func (l RetailLoc) String() string {
	f := func(v float64) string {
		if math.Abs(v) < 5e-7 {
			v = 0 // no "-0.000000"
		}
		return strconv.FormatFloat(v, 'f', 6, 64)
	}
	return fmt.Sprintf("0x%08X [%s %s %s] %s %s %s %s", l.Cell, f(l.X), f(l.Y), f(l.Z),
		f(l.QW), f(l.QX), f(l.QY), f(l.QZ))
}
