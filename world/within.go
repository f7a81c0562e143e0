package world

import (
	"fmt"
	"math"

	"soundworld/dat"
)

// Retail's last scenery test [D3: CLandBlock::get_land_scenes,
// acclient.c:352529, after GetObjFrame/ObjAlign and makeObject;
// CPhysicsObj::obj_within_block 318306; LandDefs::within_block 315582]:
// the object, at its placement frame and before its scale is set
// (SetScaleStatic comes after the test, so radii are the model's own), must
// keep one shape inside the landblock, else it is destroyed. Which shape:
//
//  1. any part's GfxObj has a physics BSP (CacheHasPhysicsBSP, 325427):
//     the Setup's sorting sphere;
//  2. else the Setup has cylspheres: every cylsphere's low point with its
//     radius;
//  3. else the Setup has spheres: the sorting sphere;
//  4. else the frame's origin with radius 0 (always inside here: the bounds
//     test before already demands 0 ≤ x, y < 192).
//
// A centre c with radius r is inside when r ≤ c.x < 192 − r and
// r ≤ c.y < 192 − r: ≥ on the low side, strict < on the high side, the same
// in every branch. The centre is the frame's rotation applied to the
// shape's local point, plus the placed position; only x and y are tested.

// ModelShape is what the test reads of a scenery model (a Setup).
type ModelShape struct {
	PhysicsBSP bool            // a part's GfxObj has a physics BSP (branch 1)
	CylSpheres []dat.CylSphere // branch 2
	NumSpheres int             // branch 3 when > 0
	Sorting    dat.Sphere      // branches 1 and 3
}

// ShapeReader reads what ModelShape needs (*dat.Archive satisfies it).
type ShapeReader interface {
	SetupShape(id uint32) (*dat.SetupShape, error)
	GfxObjHasPhysics(id uint32) (bool, error)
}

// frameAxes returns the x and y rows of the placement frame's rotation
// (retail's cached m_fl2gv: global x = m0·lx + m3·ly + m6·lz, global y =
// m1·lx + m4·ly + m7·lz; Frame::cache, acclient.c:356983), and false when
// the frame is one this tool cannot rebuild exactly.
//
// GetObjFrame keeps the ObjectDesc's base frame unless it turns the object
// (ObjAlign, or max_rotation > 0), which calls Frame::set_heading(h): a
// direction (sin h, cos h, m5 of the base frame) given to
// set_vector_heading. When the base frame's m5 is 0 the result turns about
// z only, by −h: m0 = m4 = cos h, m1 = −sin h, m3 = sin h, m6 = m7 = 0 (its
// local +y faces heading h). A base frame with m5 ≠ 0 makes a pitched frame
// through euler_set_rotate, not modelled here.
func frameAxes(o *dat.ObjectDesc, h float32) (m [6]float64, ok bool) {
	q := o.BaseLoc
	w, x, y, z := float64(q.QW), float64(q.QX), float64(q.QY), float64(q.QZ)
	if o.Align != 0 || o.MaxRotation > 0 {
		if m5 := float32(2*y*z + 2*w*x); m5 != 0 {
			return m, false
		}
		s, c := math.Sincos(float64(h) * (math.Pi / 180))
		return [6]float64{c, -s, s, c, 0, 0}, true
	}
	r := func(v float64) float64 { return float64(float32(v)) } // m_fl2gv holds floats
	return [6]float64{
		r(1 - 2*y*y - 2*z*z), r(2*x*y + 2*w*z), // m0, m1
		r(2*x*y - 2*w*z), r(1 - 2*x*x - 2*z*z), // m3, m4
		r(2*x*z + 2*w*y), r(2*y*z - 2*w*x), // m6, m7
	}, true
}

// insideBlock is the containment compare for a centre (x, y) and radius r.
func insideBlock(x, y, r float64) bool {
	return x >= r && y >= r && x < BlockSize-r && y < BlockSize-r
}

// withinBlock is obj_within_block for object o placed at loc with heading
// h. A nil shape (a GfxObj model, or a Setup this tool cannot read whole)
// or a frame frameAxes cannot rebuild keeps the object (not modelled;
// docs/fidelity.md "Scenery").
func withinBlock(sh *ModelShape, o *dat.ObjectDesc, loc Loc, h float32) bool {
	if sh == nil {
		return true
	}
	m, ok := frameAxes(o, h)
	if !ok {
		return true
	}
	global := func(lx, ly, lz float32) (float64, float64) {
		return m[0]*float64(lx) + m[2]*float64(ly) + m[4]*float64(lz) + float64(loc.X),
			m[1]*float64(lx) + m[3]*float64(ly) + m[5]*float64(lz) + float64(loc.Y)
	}
	sorting := func() bool {
		x, y := global(sh.Sorting.X, sh.Sorting.Y, sh.Sorting.Z)
		// global_center is a float vector; 192 − r is formed at x87 precision.
		return insideBlock(float64(float32(x)), float64(float32(y)), float64(sh.Sorting.Radius))
	}
	switch {
	case sh.PhysicsBSP:
		return sorting()
	case len(sh.CylSpheres) > 0:
		for _, c := range sh.CylSpheres {
			x, y := global(c.X, c.Y, c.Z)
			// Here x stays at x87 precision while y and 192 − r are stored as floats.
			r := float64(c.Radius)
			if !(x >= r && float64(float32(y)) >= r) {
				return false
			}
			hi := float64(float32(BlockSize - r))
			if !(x < hi && float64(float32(y)) < hi) {
				return false
			}
		}
		return true
	case sh.NumSpheres > 0:
		return sorting()
	}
	return insideBlock(float64(loc.X), float64(loc.Y), 0)
}

// shape reads scenery model id's shape (cached): nil for a GfxObj model, a
// Data that cannot read shapes, or an unreadable record (a problem; the
// object is then kept). A part whose GfxObj cannot be read leaves the shape
// unknown too (what retail then does is not established; the tool keeps it,
// and check names the missing part).
func (o *Objects) shape(id uint32) *ModelShape {
	if sh, ok := o.shapes[id]; ok {
		return sh
	}
	var sh *ModelShape
	if sr, ok := o.data.(ShapeReader); ok && id>>24 == 0x02 {
		if s, err := sr.SetupShape(id); err != nil {
			o.land.skipped(dat.KindBadSetup, id, fmt.Errorf("world: setup 0x%08X shape: %w", id, err))
		} else {
			sh = &ModelShape{CylSpheres: s.CylSpheres, NumSpheres: s.NumSpheres, Sorting: s.SortingSphere}
			for _, p := range s.Parts {
				has, err := sr.GfxObjHasPhysics(p)
				if err != nil {
					sh = nil
					break
				}
				sh.PhysicsBSP = sh.PhysicsBSP || has
			}
		}
	}
	if o.shapes == nil {
		o.shapes = map[uint32]*ModelShape{}
	}
	o.shapes[id] = sh
	return sh
}
