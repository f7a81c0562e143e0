package world

import "soundworld/audio"

// Helpers only the tests use (no program reaches them).

// CalcWeight is A3 [D: Ambient::CalcWeight]: d2 = x² + y² + z² (Z included,
// summed in that order, each step in float32); d2 > 14400 → 0; d2 < 400 → 1;
// else 400/d2.
func CalcWeight(off Pos) float32 {
	return weightD2(sumSq(off.X, off.Y, off.Z))
}

// sumSq is x² + y² + z² in float32 steps, left to right. The explicit
// conversions round every product and forbid fused multiply-adds (O3).
func sumSq(x, y, z float32) float32 {
	return float32(float32(x*x)+float32(y*y)) + float32(z*z)
}

// CalcDir is A4 [D: Ambient::CalcDir] on the XY part of off: in-viewer-block
// when y² + x² < 200, else N/S when nearly vertical, E/W when nearly
// horizontal, else a diagonal.
func CalcDir(off Pos) Dir {
	return calcDir(off.X, off.Y, float32(off.X*off.X), float32(off.Y*off.Y))
}

// HeadingDeg is the W4 compass heading in degrees of the vector (dx, dy):
// fmod(450 − atan2(dy, dx)·180/π, 360) — audio.Heading, the one W4 code path.
func HeadingDeg(dx, dy float32) float32 {
	return audio.Heading(audio.Vec3{}, audio.Vec3{X: dx, Y: dy})
}

// TerrainRoad is the terrain word's road bits (A1: bits 0–1).
func TerrainRoad(w uint16) uint16 { return w & 3 }

// IsEnvironsStinger reports whether SoundType st is one of U1's stingers.
func IsEnvironsStinger(st uint32) bool { return st >= 0x76 && st <= 0x8A }

// Ambient is the Sim's ambient runtime (its Rebuilds and TotalWeight; the
// programs read the ambient state from the Snapshot).
func (s *Sim) Ambient() *Ambient { return s.amb }
