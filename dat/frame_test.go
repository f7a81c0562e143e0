package dat

import (
	"math"
	"testing"
)

// mul is the quaternion product a·b, (w, x, y, z).
func mul(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
		a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
		a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
		a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0],
	}
}

// about is the rotation by deg degrees about unit axis (ax, ay, az).
func about(deg, ax, ay, az float64) [4]float64 {
	r := deg * math.Pi / 360
	s := math.Sin(r)
	return [4]float64{math.Cos(r), ax * s, ay * s, az * s}
}

// W4 with Frame::get_heading: the heading is where the frame's +Y axis
// points on the ground. Golden values come from the frames' construction: a
// turn to compass h is −h about +Z (Frame::set_heading); pitching about the
// local X axis and rolling about the local Y axis afterwards tilt the
// forward axis but leave its bearing at h. The quaternion's yaw angle,
// atan2(2(wz + xy), 1 − 2(y² + z²)), agrees for a pure pitch or roll but
// not for both (pitched 30° then rolled 40° at h = 60: 37.24°; the other
// mixed case: 117.6°), which is why it is not used.
func TestW4_FrameHeading(t *testing.T) {
	for _, h := range []float64{0, 30, 60, 90, 135.5, 180, 225, 270, 359} {
		turn := about(-h, 0, 0, 1)
		for _, c := range []struct {
			name string
			q    [4]float64
		}{
			{"level", turn},
			{"negated (same rotation)", [4]float64{-turn[0], -turn[1], -turn[2], -turn[3]}},
			{"pitched 20 deg", mul(turn, about(20, 1, 0, 0))},
			{"rolled 40 deg", mul(turn, about(40, 0, 1, 0))},
			{"pitched and rolled", mul(mul(turn, about(-35, 1, 0, 0)), about(70, 0, 1, 0))},
			{"pitched 30 then rolled 40", mul(mul(turn, about(30, 1, 0, 0)), about(40, 0, 1, 0))},
		} {
			f := Frame{QW: float32(c.q[0]), QX: float32(c.q[1]), QY: float32(c.q[2]), QZ: float32(c.q[3])}
			got := float64(f.Heading())
			if !(got >= 0 && got < 360) {
				t.Errorf("h %v %s: heading %v outside [0, 360)", h, c.name, got)
			}
			if d := math.Abs(math.Mod(got-h+540, 360) - 180); d > 1e-3 {
				t.Errorf("h %v %s: heading %v, want %v", h, c.name, got, h)
			}
		}
	}
}
