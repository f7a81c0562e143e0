package dat

// Shape of a Setup: what CPhysicsObj::obj_within_block (acclient.c:318306)
// reads of an object's model when retail decides whether a placed scenery
// object stays inside its landblock — the part GfxObjs (whether any carries
// a physics BSP), the cylspheres, whether there are spheres, and the sorting
// sphere. ParseSetup's shortcut reads only the tail; this walks the whole
// record (§3.7 full order), placements' hooks included.

// Sphere is a Setup sphere: a centre in the model's frame and a radius (m).
type Sphere struct {
	X, Y, Z, Radius float32
}

// CylSphere is a Setup cylsphere: the centre of its low disc, its radius and
// height (m).
type CylSphere struct {
	X, Y, Z, Radius, Height float32
}

// SetupShape is the part of a Setup the landblock-containment test reads.
type SetupShape struct {
	ID            uint32
	Flags         uint32
	Parts         []uint32 // GfxObj ids, one per part
	CylSpheres    []CylSphere
	NumSpheres    int
	SortingSphere Sphere
}

// Setup record sizes of the fixed-size list entries (§3.7).
const (
	setupLocationSize  = 4 + 4 + 28 // key, part id, Frame
	setupCylSphereSize = 20
	setupSphereSize    = 16
	setupLightSize     = 48 // key, Frame, colour, intensity, falloff, cone angle
)

// ParseSetupShape walks a whole Setup record (§3.7 full order: id, flags,
// parts, [parents], [default scales], holding locations, connection points,
// placements — each num_parts Frames and its hooks —, cylspheres, spheres,
// four heights, sorting sphere, selection sphere, lights, the five default
// ids) and returns its shape. Bytes left over, or a hook type of no known
// size, are an error.
func ParseSetupShape(b []byte) (*SetupShape, error) {
	r := newReader(b)
	s := &SetupShape{}
	s.ID = r.leadID("Setup (0x02xxxxxx)", highByte(typeSetup))
	s.Flags = r.u32()
	nParts := r.count(4, "Setup parts")
	s.Parts = make([]uint32, nParts)
	for i := range s.Parts {
		s.Parts[i] = r.u32()
	}
	if s.Flags&0x1 != 0 {
		r.bytes(4*nParts, "Setup parent indices")
	}
	if s.Flags&0x2 != 0 {
		r.bytes(12*nParts, "Setup default scales")
	}
	for _, what := range []string{"Setup holding locations", "Setup connection points"} {
		n := r.count(setupLocationSize, what)
		r.bytes(n*setupLocationSize, what)
	}
	nPlace := r.count(4+4, "Setup placements")
	for i := 0; i < nPlace && r.err == nil; i++ {
		r.u32() // placement key
		r.bytes(nParts*28, "Setup placement frames")
		nHooks := r.count(8, "Setup placement hooks")
		for j := 0; j < nHooks && r.err == nil; j++ {
			readHook(r)
		}
	}
	nCyl := r.count(setupCylSphereSize, "Setup cylspheres")
	s.CylSpheres = make([]CylSphere, nCyl)
	for i := range s.CylSpheres {
		s.CylSpheres[i] = CylSphere{r.f32(), r.f32(), r.f32(), r.f32(), r.f32()}
	}
	s.NumSpheres = r.count(setupSphereSize, "Setup spheres")
	r.bytes(s.NumSpheres*setupSphereSize, "Setup spheres")
	r.bytes(16, "Setup heights") // height, radius, step up, step down
	s.SortingSphere = Sphere{r.f32(), r.f32(), r.f32(), r.f32()}
	r.bytes(16, "Setup selection sphere")
	nLights := r.count(setupLightSize, "Setup lights")
	r.bytes(nLights*setupLightSize, "Setup lights")
	r.bytes(20, "Setup default ids")
	r.wholeRecord("Setup has bytes past its default ids:")
	return parsed(r, s.ID, s)
}

// SetupShape reads a Setup record's shape (ParseSetupShape).
func (a *Archive) SetupShape(id uint32) (*SetupShape, error) {
	return record(a, a.Portal, id, ParseSetupShape, func(v *SetupShape) uint32 { return v.ID }, nil)
}

// GfxObjHasPhysics reports a GfxObj record's flag bit 0x1 (HasPhysics: the
// physics polygons and physics BSP follow the vertex array [C2 ACE
// GfxObj.Unpack]). Retail's CPartArray::CacheHasPhysicsBSP (acclient.c:325427)
// sets an object's HAS_PHYSICS_BSP state when any part's GfxObj has one.
func GfxObjHasPhysics(b []byte) (bool, error) {
	r := newReader(b)
	id := r.leadID("GfxObj (0x01xxxxxx)", highByte(0x01))
	flags := r.u32()
	if err := r.done(id); err != nil {
		return false, err
	}
	return flags&0x1 != 0, nil
}

// GfxObjHasPhysics reads GfxObj id and reports GfxObjHasPhysics.
func (a *Archive) GfxObjHasPhysics(id uint32) (bool, error) {
	b, err := a.Portal.Get(id)
	if err != nil {
		return false, err
	}
	has, err := GfxObjHasPhysics(b)
	if err != nil {
		return false, withRecord(err, a.Portal.Name(), id)
	}
	return has, nil
}
