package dat

import "math"

// OriginInBlock reports whether a LandBlockInfo object or building whose
// frame origin is (x, y) m, landblock-local, is created at all (E3 [D4:
// CLandBlock::init_static_objs acclient.c:352786, init_buildings 352113]):
// the origin goes through LandDefs::adjust_to_outside (467433: |x| or |y|
// below 0.0002 counts as 0; the cell is the block's lcoord + floor(x/24),
// floor(y/24)) and get_landcell finds no cell of this block unless both lie
// in 0..7, so the object is deleted. Inside means 0 ≤ x < 192 and
// 0 ≤ y < 192 after that snap; a non-finite origin is outside.
func OriginInBlock(x, y float32) bool {
	const (
		eps      = 0.00019999999 // retail's F_EPSILON, s or m
		cellSide = 24.0          // m
	)
	in := func(v float32) bool {
		if math.Abs(float64(v)) < eps {
			v = 0
		}
		c := math.Floor(float64(v) / cellSide)
		return c >= 0 && c < 8 // false for NaN and ±Inf too
	}
	return in(x) && in(y)
}
