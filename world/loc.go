package world

import "math"

// Loc is a position as retail keeps it (W6 [D: Position::get_offset]): a
// landblock 0xXXYY and metres within it (X east, Y north, Z up). X and Y are
// normally in [0, 192), but a Loc built by adding an offset (A9's one-shot
// positions, a chase camera) may lie outside its landblock, as retail's
// Position frames may; Offset handles both.
type Loc struct {
	Landblock uint16
	X, Y, Z   float32
}

// LocOf converts world metres (float32, W1) to a Loc exactly: subtracting the
// landblock's whole-metre origin from a float32 ≥ 0 loses nothing. Off the map
// it clamps to the nearest landblock (X, Y then lie outside [0, 192)).
func LocOf(p Pos) Loc {
	bx := min(max(math.Floor(float64(p.X)/BlockSize), 0), 255)
	by := min(max(math.Floor(float64(p.Y)/BlockSize), 0), 255)
	return Loc{
		Landblock: uint16(bx)<<8 | uint16(by),
		X:         float32(float64(p.X) - bx*BlockSize),
		Y:         float32(float64(p.Y) - by*BlockSize),
		Z:         p.Z,
	}
}

// locOf64 splits world metres held in float64 (walk interpolation, camera
// placement) into a Loc, rounding each local coordinate once to float32.
func locOf64(x, y float64, z float32) Loc {
	bx := min(max(math.Floor(x/BlockSize), 0), 255)
	by := min(max(math.Floor(y/BlockSize), 0), 255)
	l := Loc{Landblock: uint16(bx)<<8 | uint16(by), X: float32(x - bx*BlockSize), Y: float32(y - by*BlockSize), Z: z}
	// Rounding may carry a value just below 192 up to 192: keep it in its block.
	if l.X >= BlockSize && bx < 255 {
		l.Landblock, l.X = l.Landblock+0x100, float32(x-(bx+1)*BlockSize)
	}
	if l.Y >= BlockSize && by < 255 {
		l.Landblock, l.Y = l.Landblock+1, float32(y-(by+1)*BlockSize)
	}
	return l
}

// World returns the Loc in world metres (float32). It rounds: use it for
// drawing and display only, never for offsets (W6).
func (l Loc) World() Pos {
	x, y := l.world64()
	return Pos{X: float32(x), Y: float32(y), Z: l.Z}
}

// world64 is the Loc in world metres, exact in float64.
func (l Loc) world64() (x, y float64) {
	return float64(l.Landblock>>8)*BlockSize + float64(l.X), float64(l.Landblock&0xFF)*BlockSize + float64(l.Y)
}

// Offset is W6's offset from a to b (retail Position::get_offset(a, b)):
// ((lbx_b − lbx_a)·192 + x_b) − x_a, likewise for Y, and (0 + z_b) − z_a, each
// step rounded to float32. The landblock term is a whole number of metres and
// exact; only the two additions round.
func Offset(a, b Loc) Pos {
	bx := float32((int(b.Landblock>>8) - int(a.Landblock>>8)) * BlockSize)
	by := float32((int(b.Landblock&0xFF) - int(a.Landblock&0xFF)) * BlockSize)
	return Pos{
		X: float32(bx+b.X) - a.X,
		Y: float32(by+b.Y) - a.Y,
		Z: b.Z - a.Z,
	}
}

// CellID is the W2 land cell id of the Loc (its position normalised into the
// landblock it lies in), or 0 off the map.
func (l Loc) CellID() uint32 {
	if l.X >= 0 && l.X < BlockSize && l.Y >= 0 && l.Y < BlockSize {
		cx, cy := min(int(l.X/CellSize), 7), min(int(l.Y/CellSize), 7)
		return uint32(l.Landblock)<<16 | uint32(cx*8+cy+1)
	}
	x, y := l.world64()
	if !(x >= 0 && x < 256*BlockSize && y >= 0 && y < 256*BlockSize) {
		return 0
	}
	n := locOf64(x, y, 0)
	cx := min(int(n.X/CellSize), 7)
	cy := min(int(n.Y/CellSize), 7)
	return uint32(n.Landblock)<<16 | uint32(cx*8+cy+1)
}

// managerPos is where the SoundManager is told a source at src lies (S3, S4
// with W6): the manager's listener sits at the origin, so every difference it
// takes (listener − source) is exact and equals retail's
// Position::get_offset(source, camera) bit for bit — Position::distance and
// Position::heading take the offset from the sound to player_position_.
func managerPos(src, camera Loc) Pos {
	o := Offset(src, camera)
	return Pos{X: -o.X, Y: -o.Y, Z: -o.Z}
}

// cameraLoc is W5's camera: the player's feet raised by eye metres and moved
// chase metres back along the compass heading (deg). Decision (docs/fidelity.md
// W5): the chase distance is horizontal only and the camera's height is
// eye metres above the player's feet, so a third-person camera "chase back, eye
// up" is (-chase, -eye). With chase 0 the camera's X, Y are the player's
// exactly. Computed in float64 from the exact landblock-local position and
// rounded once per coordinate.
func cameraLoc(player Loc, heading, eye, chase float32) Loc {
	z := player.Z + eye
	if chase == 0 {
		return Loc{Landblock: player.Landblock, X: player.X, Y: player.Y, Z: z}
	}
	hr := float64(heading) * math.Pi / 180
	x, y := player.world64()
	// Explicit float64 conversions: no fused multiply-add on any CPU (O3).
	return locOf64(x-float64(math.Sin(hr)*float64(chase)), y-float64(math.Cos(hr)*float64(chase)), z)
}

// mulRound32 is the x87 product of a transcendental result held at full
// precision (a, the float64 stand-in for the 80-bit register) and a float32 b,
// rounded once to float32 (spec "Precision", revision 2). The float64 product
// is exact enough except on a float32 midpoint; then the FMA residual decides.
func mulRound32(a float64, b float32) float32 {
	p := a * float64(b)
	r := float32(p)
	if float64(r) == p || math.IsInf(p, 0) || math.IsNaN(p) {
		return r
	}
	other := math.Nextafter32(r, float32(math.Copysign(math.Inf(1), p-float64(r))))
	if (float64(r)+float64(other))/2 != p {
		return r
	}
	e := math.FMA(a, float64(b), -p) // exact value = p + e
	switch {
	case e > 0:
		return max(r, other)
	case e < 0:
		return min(r, other)
	}
	return r
}
