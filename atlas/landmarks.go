package atlas

// landmarks.go: the buildings and static objects of a landblock's
// LandBlockInfo (dat-format §3.5) as map markers (issue 11 item 3, data side
// for the window).

import (
	"errors"
	"math"

	"soundworld/dat"
)

// InfoSource reads LandBlockInfo records (dat.Archive does).
type InfoSource interface {
	LandBlockInfo(id uint32) (*dat.LandBlockInfo, error)
}

// Marker is one landmark: a building or a static object at its frame.
type Marker struct {
	Landblock uint16
	Building  bool
	Model     uint32  // Setup (0x02…) or GfxObj (0x01…) id
	X, Y, Z   float32 // landblock-local metres
	Heading   float32 // compass degrees the model's front (+Y) faces (W4)
}

// Landmarks reads landblock lb's markers: buildings first, then statics, in
// record order. A landblock without a LandBlockInfo has none (nil, nil).
func Landmarks(src InfoSource, lb uint16) ([]Marker, error) {
	info, err := src.LandBlockInfo(uint32(lb)<<16 | dat.LandBlockInfoL)
	if errors.Is(err, dat.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Marker
	add := func(building bool, model uint32, f dat.Frame) {
		out = append(out, Marker{Landblock: lb, Building: building, Model: model, X: f.X, Y: f.Y, Z: f.Z, Heading: FrameHeading(f)})
	}
	for _, b := range info.Buildings {
		add(true, b.ModelID, b.Frame)
	}
	for _, o := range info.Objects {
		add(false, o.ID, o.Frame)
	}
	return out, nil
}

// FrameHeading is the compass heading (deg, W4) of a frame's local +Y axis
// rotated by its quaternion (w, x, y, z): forward = (2(xy − wz), 1 − 2(x² + z²)),
// heading = fmod(450 − atan2(fy, fx)·180/π, 360). Identity faces north (0).
func FrameHeading(f dat.Frame) float32 {
	w, x, y, z := float64(f.QW), float64(f.QX), float64(f.QY), float64(f.QZ)
	fx, fy := 2*(x*y-w*z), 1-2*(x*x+z*z)
	if fx == 0 && fy == 0 {
		return 0
	}
	return float32(math.Mod(450-math.Atan2(fy, fx)*180/math.Pi, 360))
}
