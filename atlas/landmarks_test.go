package atlas

import (
	"math"
	"testing"

	"soundworld/assets"
)

// Landmarks reads the stand-in's Holtburg markers back from the cell dat:
// every authored landmark, where assets placed it, facing its heading; a
// landblock without an info has none.
func TestLandmarksStandIn(t *testing.T) {
	arch, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	got := map[[3]float32]Marker{}
	for _, lb := range []uint16{0xA9B4, 0xA9B3} {
		ms, err := Landmarks(arch, lb)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			got[[3]float32{float32(m.Landblock), m.X, m.Y}] = m
		}
	}
	for _, l := range assets.Landmarks {
		m, ok := got[[3]float32{float32(l.Landblock), l.X, l.Y}]
		if !ok || m.Model != l.Model || m.Building != l.Building || math.Abs(float64(m.Heading-l.Heading)) > 1e-3 && math.Abs(float64(m.Heading-l.Heading)) < 359.999 {
			t.Errorf("%s: marker %+v (found %v)", l.Name, m, ok)
		}
	}
	if len(got) != len(assets.Landmarks)+3 { // + the forge, the windmill and the fountain (E3)
		t.Errorf("%d markers, want %d landmarks and the 3 sounding objects", len(got), len(assets.Landmarks))
	}
	if ms, err := Landmarks(arch, 0xA7B2); err != nil || ms != nil {
		t.Errorf("0xA7B2: %v %v, want none", ms, err)
	}
}
