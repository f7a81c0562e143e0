package dat

import "math"

// Heading is the compass heading in degrees (0 north, clockwise, W4) that
// the frame's local +Y axis faces, as retail computes it: Frame::get_heading
// (acclient 0x00535760) reads the local +Y axis in global coordinates from
// the cached rotation matrix (Frame::cache, 0x00534DF0: fwd.x = 2xy − 2wz,
// fwd.y = 1 − 2x² − 2z², stored as float) and returns
// fmod(450 − atan2(fwd.y, fwd.x)·57.29577951308232, 360) — W4's formula on
// the facing vector. Identity faces north (0). A tilted frame's heading is
// its forward axis's bearing on the ground plane (not the quaternion's yaw
// angle, which differs once the frame is pitched or rolled). This is the one
// place of the formula: world's /loc lines, the atlas's landmarks and the
// map's footprints use it.
func (f Frame) Heading() float32 {
	w, x, y, z := float64(f.QW), float64(f.QX), float64(f.QY), float64(f.QZ)
	b2, c2, d2 := x+x, y+y, z+z
	fx := float32(x*c2 - w*d2)       // m_fl2gv[3]
	fy := float32((1 - x*b2) - z*d2) // m_fl2gv[4]
	h := float32(math.Mod(450-math.Atan2(float64(fy), float64(fx))*57.29577951308232, 360))
	if h >= 360 { // just under 360 rounds up as a float: the same direction, kept in [0, 360)
		h = 0
	}
	return h
}
