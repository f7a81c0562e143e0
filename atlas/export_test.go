package atlas

import (
	"errors"

	"soundworld/dat"
)

// Helpers only the tests use (no program reaches them).

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
		out = append(out, Marker{Landblock: lb, Building: building, Model: model, X: f.X, Y: f.Y, Z: f.Z, Heading: f.Heading()})
	}
	for _, b := range info.Buildings {
		add(true, b.ModelID, b.Frame)
	}
	for _, o := range info.Objects {
		add(false, o.ID, o.Frame)
	}
	return out, nil
}
