package world

import (
	"fmt"
	"math"
	"testing"

	"soundworld/dat"
)

// obj_within_block (world/within.go; docs/formats.md "Scenery placement"
// step 12). Expected values are worked by hand: a placed origin plus the
// shape's local point turned by the heading (heading h faces the local +y
// axis to compass h, so local +y goes to (sin h, cos h) and local +x to
// (cos h, −sin h)); inside means r ≤ c < 192 − r on x and on y.

// TestScenery_WithinBlockEdges: each branch at the landblock's edges, a hair
// inside against exactly on or a hair past the limit. The low side admits
// equality (c = r is inside), the high side does not (c = 192 − r is out).
func TestScenery_WithinBlockEdges(t *testing.T) {
	turned := &dat.ObjectDesc{BaseLoc: dat.Frame{QW: 1}, MaxRotation: 360} // set_heading on an unpitched base
	fixed := &dat.ObjectDesc{BaseLoc: dat.Frame{QW: 1}}                    // the base frame as it is
	// Sorting sphere 2 m ahead (local +y) and 1 m up, radius 3, one sphere.
	sorting := &ModelShape{NumSpheres: 1, Sorting: dat.Sphere{Y: 2, Z: 1, Radius: 3}}
	// One cylsphere 1 m ahead at the base, radius 0.5; a sorting sphere far
	// outside that this branch must not read.
	cyl := &ModelShape{NumSpheres: 1, CylSpheres: []dat.CylSphere{{Y: 1, Radius: 0.5, Height: 2}},
		Sorting: dat.Sphere{X: 500, Radius: 1}}
	cases := []struct {
		name string
		sh   *ModelShape
		o    *dat.ObjectDesc
		x, y float32
		h    float32
		want bool
	}{
		// Heading 90 (east): the centre is 2 m east of the origin: (x+2, y).
		// High x side: limit 192 − 3 = 189.
		{"sphere east, centre 188.99", sorting, turned, 186.99, 96, 90, true},
		{"sphere east, centre 189 = 192−r", sorting, turned, 187, 96, 90, false},
		// Low x side: limit 3.
		{"sphere east, centre 3 = r", sorting, turned, 1, 96, 90, true},
		{"sphere east, centre 2.99", sorting, turned, 0.99, 96, 90, false},
		// Heading 0 (north): the centre is 2 m north: (x, y+2). High y side.
		{"sphere north, centre y 188.99", sorting, turned, 96, 186.99, 0, true},
		{"sphere north, centre y 189", sorting, turned, 96, 187, 0, false},
		// Heading 180 (south): (x, y−2). Low y side: y−2 ≥ 3.
		{"sphere south, centre y 3", sorting, turned, 96, 5, 180, true},
		{"sphere south, centre y 2.99", sorting, turned, 96, 4.99, 180, false},
		// Cylsphere, base frame identity: low point (x, y+1); limit 191.5.
		{"cyl, low point y 191.49", cyl, fixed, 96, 190.49, 0, true},
		{"cyl, low point y 191.5", cyl, fixed, 96, 190.5, 0, false},
		{"cyl, low point x 0.5 = r", cyl, fixed, 0.5, 96, 0, true},
		{"cyl, low point x 0.49", cyl, fixed, 0.49, 96, 0, false},
		// A physics BSP part selects the sorting sphere before the
		// cylspheres: the same cyl shape is now judged by a sphere at x+500.
		{"bsp reads the sorting sphere", &ModelShape{PhysicsBSP: true, CylSpheres: cyl.CylSpheres,
			Sorting: cyl.Sorting}, fixed, 96, 96, 0, false},
		// No BSP, cylspheres or spheres: the origin with radius 0, however far
		// the (unread) sorting sphere reaches.
		{"no spheres: origin only", &ModelShape{Sorting: dat.Sphere{X: 500, Radius: 100}}, fixed, 191.9, 0, 0, true},
		// Unknown shape (a GfxObj model): kept.
		{"nil shape kept", nil, fixed, 191.9, 191.9, 0, true},
		// A pitched base frame that set_heading would turn: not rebuilt, kept.
		// Base quaternion a quarter turn about x: m5 = 2yz + 2wx = 1 ≠ 0.
		{"pitched base kept", sorting, &dat.ObjectDesc{BaseLoc: dat.Frame{QW: float32(math.Sqrt(0.5)), QX: float32(math.Sqrt(0.5))},
			MaxRotation: 360}, 187, 96, 90, true},
	}
	for _, c := range cases {
		if got := withinBlock(c.sh, c.o, Loc{X: c.x, Y: c.y}, c.h); got != c.want {
			t.Errorf("%s: within = %v, want %v", c.name, got, c.want)
		}
	}
}

// shapeFake is sceneFake plus Setup shapes (ShapeReader).
type shapeFake struct {
	*sceneFake
	shapes map[uint32]*dat.SetupShape
}

func (f *shapeFake) SetupShape(id uint32) (*dat.SetupShape, error) { return record(f.shapes, id) }

func (f *shapeFake) GfxObjHasPhysics(id uint32) (bool, error) { return false, dat.ErrNotFound }

// TestScenery_WithinBlockInPlacement: TestScenery_HandPlacement's object
// k = 1, placed at (72 − 7.6845, 120 + 13.2677) with heading 0.46155·360
// (166.16°), given a one-sphere Setup. A sorting sphere at the origin of
// radius r stays iff r ≤ 64.3155 and 133.2677 < 192 − r, i.e. r < 58.7323:
// 58.73 stays, 58.74 is dropped. A sphere of radius 55 whose centre is 10 m
// along local +y sits at (64.3155 + 10 sin 166.16°, 133.2677 + 10 cos
// 166.16°) = (66.707, 123.558): inside, though unturned (64.3, 143.3) it
// would cross 192 − 55 = 137. The GfxObj object k = 3 has no shape: kept.
func TestScenery_WithinBlockInPlacement(t *testing.T) {
	dx := 4 + 10*0.9267679760232568
	dy := 6 + 10*0.16845194343477488
	objs := []dat.ObjectDesc{
		{ObjID: 0x02000A00, Freq: 0.9386, MinScale: 1, MaxScale: 1, MaxSlope: 1},
		{ObjID: 0x02000A01, BaseLoc: dat.Frame{X: 4, Y: 6, QW: 1}, Freq: 0.7, DisplaceX: 10, DisplaceY: 10,
			MinScale: 0.5, MaxScale: 2, MaxRotation: 360, MinSlope: 0, MaxSlope: 1},
		{ObjID: 0x02000A02, Freq: 0.5, MinScale: 1, MaxScale: 1, MaxSlope: 1, WeenieObj: 7},
		{ObjID: 0x01000A03, Freq: 0.2, MinScale: 1.3, MaxScale: 1.3, MaxSlope: 1},
	}
	if lim := 192 - (120 + dx); !(58.73 < lim && lim < 58.74) || !(72-dy > 58.74) {
		t.Fatalf("hand limit 192 − y = %v, want between 58.73 and 58.74", lim)
	}
	for _, c := range []struct {
		name   string
		sphere dat.Sphere
		kept   bool
	}{
		{"r 58.73 at the origin", dat.Sphere{Radius: 58.73}, true},
		{"r 58.74 at the origin", dat.Sphere{Radius: 58.74}, false},
		{"r 55, 10 m ahead, turned", dat.Sphere{Y: 10, Radius: 55}, true},
		{"r 55, 10 m to the local +x", dat.Sphere{X: 10, Radius: 55}, false}, // (64.3155 − 9.709, …): x 54.6 < 55
	} {
		f := &shapeFake{sceneFake: newSceneFake(t, objs), shapes: map[uint32]*dat.SetupShape{
			0x02000A01: {ID: 0x02000A01, NumSpheres: 1, SortingSphere: c.sphere}}}
		land, err := NewLand(f)
		if err != nil {
			t.Fatal(err)
		}
		got := NewObjectCatalog(land, f).Scenery(objLB)
		var ids []uint32
		for _, p := range got {
			ids = append(ids, p.ObjID)
		}
		want := []uint32{0x01000A03}
		if c.kept {
			want = []uint32{0x02000A01, 0x01000A03}
		}
		if fmt.Sprint(ids) != fmt.Sprint(want) {
			t.Errorf("%s: placed %08X, want %08X", c.name, ids, want)
		}
		if n := len(got); n > 0 && got[n-1].Index != len(want)-1 {
			t.Errorf("%s: last index %d, want %d (a dropped object takes no index)", c.name, got[n-1].Index, len(want)-1)
		}
	}
}
