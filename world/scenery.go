package world

import (
	"math"

	"soundworld/dat"
)

// Scenery placement (E3: "the scenery the region's scenes generate"). Retail
// [D3: CLandBlock::get_land_scenes, acclient.c:352529; ObjectDesc::Place
// 462604, GetObjFrame 462659, ObjAlign 462707, ScaleObj 351360, CheckSlope
// 351354; CLandBlock::on_road 352237] places, for every one of a landblock's
// 81 terrain vertices, the objects of one Scene chosen by pseudo-random
// noise of the vertex's global coordinates. docs/formats.md "Scenery
// placement" states every step with its source; this file is the one place
// of the algorithm (the Sim's object sources, the atlas and `dump scenery`
// all call PlaceScenery).

// noiseUnit turns a 32-bit noise value into [0, 1): retail multiplies by
// the constant 2.3283064e-10, a float whose value is exactly 2^-32.
const noiseUnit = 1.0 / (1 << 32)

// Salts of the per-object noises (ObjectDesc's Place, ScaleObj,
// GetObjFrame and get_land_scenes' frequency test).
const (
	saltFreq    = 23399
	saltScale   = 32593
	saltDispX   = 45773
	saltHeading = 63127
	saltDispY   = 72719
)

// objNoise is the per-object noise of global vertex (gx, gy), object index
// k, with salt s, in 32-bit wrapping arithmetic:
// 1813693831·gy − (k+s)·(1360117743·gx·gy + 1888038839) − 1109124029·gx.
func objNoise(gx, gy, k, s uint32) float64 {
	n := 1813693831*gy - (k+s)*(1360117743*gx*gy+1888038839) - 1109124029*gx
	return float64(n) * noiseUnit
}

// sceneNoise picks the scene of a vertex:
// gy·(712977289·gx + 1813693831) − 1109124029·gx + 2139937281.
func sceneNoise(gx, gy uint32) float64 {
	return float64(gy*(712977289*gx+1813693831)-1109124029*gx+2139937281) * noiseUnit
}

// quadrantNoise turns the displacement by 0, 90, 180 or 270 degrees:
// 1813693831·gy − gx·(1870387557·gy + 1109124029) − 402451965.
func quadrantNoise(gx, gy uint32) float64 {
	return float64(1813693831*gy-gx*(1870387557*gy+1109124029)-402451965) * noiseUnit
}

// Placed is one scenery object placed in a landblock.
type Placed struct {
	Index   int    // placement order within the landblock (the object id's low bits)
	VX, VY  int    // the terrain vertex (0..8) whose scene placed it
	Scene   uint32 // the Scene record
	K       int    // the object's index in the scene
	ObjID   uint32 // the model: a Setup 0x02… or a GfxObj 0x01…
	Loc     Loc    // landblock-local m; Z on the ground
	Heading float32
	Scale   float32
}

// SceneReader reads Scene records (*dat.Archive satisfies it).
type SceneReader interface {
	Scene(id uint32) (*dat.Scene, error)
}

// sceneOf is CRegionDesc's scene lookup for a terrain word: the scenes of the
// scene type its terrain type lists at its scene ordinal (none when the
// ordinal is past that list, retail's NumSceneType test, or an index points
// nowhere).
func sceneOf(r *dat.Region, w uint16) []uint32 {
	t, s := int(TerrainType(w)), int(TerrainScene(w))
	if r.Scene == nil || t >= len(r.Terrain.TerrainTypes) {
		return nil
	}
	sts := r.Terrain.TerrainTypes[t].SceneTypes
	if s >= len(sts) || uint64(sts[s]) >= uint64(len(r.Scene.SceneTypes)) {
		return nil
	}
	return r.Scene.SceneTypes[sts[s]].Scenes
}

// PlaceScenery places landblock lb's scenery (get_land_scenes): vertices
// x-major (x 0..8, then y 0..8), each vertex's scene's objects in record
// order. buildingCells marks the land cells (cx*8+cy) holding a building's
// origin (CSortCell::has_building). scenes reads Scene records (nil: one
// that cannot be read places nothing). A landblock not in the data has no
// scenery.
//
// shapes reads a model's shape for retail's last test, obj_within_block
// (nil, or a nil result: the model's shape is unknown and the object is
// kept — see withinBlock).
func (l *Land) PlaceScenery(lb uint16, scenes func(id uint32) *dat.Scene, shapes func(id uint32) *ModelShape, buildingCells *[64]bool) []Placed {
	var out []Placed
	l.eachScenery(lb, scenes, shapes, buildingCells, func(p Placed) { out = append(out, p) })
	return out
}

// eachScenery is PlaceScenery calling fn with each placement in order.
func (l *Land) eachScenery(lb uint16, scenes func(id uint32) *dat.Scene, shapes func(id uint32) *ModelShape, buildingCells *[64]bool, fn func(p Placed)) {
	b := l.block(lb)
	if b == nil || l.region.Scene == nil {
		return
	}
	n := 0
	bx, by := uint32(lb>>8)*8, uint32(lb&0xFF)*8
	for vx := range 9 {
		for vy := range 9 {
			list := sceneOf(l.region, b.terrain[vx*9+vy])
			if len(list) == 0 {
				continue
			}
			gx, gy := bx+uint32(vx), by+uint32(vy)
			pick := 0
			if n := len(list); n > 1 {
				pick = int(math.Floor(sceneNoise(gx, gy) * float64(n)))
				if pick >= n {
					pick = 0
				}
			}
			sc := scenes(list[pick])
			if sc == nil {
				continue
			}
			for k := range sc.Objects {
				o := &sc.Objects[k]
				p, ok := l.placeObject(b, lb, vx, vy, gx, gy, uint32(k), o, buildingCells)
				if ok && shapes != nil {
					ok = withinBlock(shapes(o.ObjID), o, p.Loc, p.Heading)
				}
				if ok {
					p.Index, p.Scene = n, sc.ID
					n++
					fn(p)
				}
			}
		}
	}
}

// placeObject runs one ObjectDesc of vertex (vx, vy) through retail's tests
// in retail's order: frequency and weenie, displacement, landblock bounds,
// road, building cell, slope; then the ground height, heading and scale.
// (The last test, obj_within_block, is withinBlock, run by eachScenery.)
func (l *Land) placeObject(b *block, lb uint16, vx, vy int, gx, gy, k uint32, o *dat.ObjectDesc, buildings *[64]bool) (Placed, bool) {
	if !(objNoise(gx, gy, k, saltFreq) < float64(o.Freq)) || o.WeenieObj != 0 {
		return Placed{}, false
	}
	dx, dy := displace(o, gx, gy, k)
	x := float32(float64(vx)*CellSize + float64(dx))
	y := float32(float64(vy)*CellSize + float64(dy))
	if !(x >= 0 && y >= 0 && x < BlockSize && y < BlockSize) || onRoad(&b.terrain, x, y) {
		return Placed{}, false
	}
	cx, cy := int(math.Floor(float64(x)/CellSize)), int(math.Floor(float64(y)/CellSize))
	if buildings != nil && buildings[cx*8+cy] {
		return Placed{}, false
	}
	z, p, q := groundPlane(b, lb, x, y)
	norm := math.Sqrt(1 + float64(p)*float64(p) + float64(q)*float64(q))
	if nz := float32(1 / norm); !(nz >= o.MinSlope && nz <= o.MaxSlope) {
		return Placed{}, false
	}
	h := o.BaseLoc.Heading()
	switch {
	case o.Align != 0:
		// ObjAlign: the heading of −N = (p, q, −1)/norm (Vector3::get_heading,
		// acclient.c:148166: its horizontal part, 0 when shorter than 0.0002,
		// else W4's formula on it).
		hx, hy := float32(float64(p)/norm), float32(float64(q)/norm)
		h = 0
		if math.Hypot(float64(hx), float64(hy)) >= objEpsilon {
			h = float32(math.Mod(450-math.Atan2(float64(hy), float64(hx))*57.29577951308232, 360))
		}
	case o.MaxRotation > 0:
		h = float32(objNoise(gx, gy, k, saltHeading) * float64(o.MaxRotation))
	}
	scale := o.MaxScale
	if o.MinScale != o.MaxScale {
		scale = float32(math.Pow(float64(o.MaxScale/o.MinScale), objNoise(gx, gy, k, saltScale)) * float64(o.MinScale))
	}
	return Placed{VX: vx, VY: vy, K: int(k), ObjID: o.ObjID, Loc: Loc{Landblock: lb, X: x, Y: y, Z: z}, Heading: h, Scale: scale}, true
}

// displace is ObjectDesc::Place: the base offset, each axis moved by noise ×
// displacement when that displacement is > 0, then turned by a quarter turn
// chosen by the vertex's quadrant noise (≥ 0.75: (y, −x); ≥ 0.5: (−x, −y);
// ≥ 0.25: (−y, x)).
func displace(o *dat.ObjectDesc, gx, gy, k uint32) (x, y float32) {
	x, y = o.BaseLoc.X, o.BaseLoc.Y
	if o.DisplaceX > 0 {
		x = float32(objNoise(gx, gy, k, saltDispX)*float64(o.DisplaceX) + float64(x))
	}
	if o.DisplaceY > 0 {
		y = float32(objNoise(gx, gy, k, saltDispY)*float64(o.DisplaceY) + float64(y))
	}
	switch q := quadrantNoise(gx, gy); {
	case q >= 0.75:
		return y, -x
	case q >= 0.5:
		return -x, -y
	case q >= 0.25:
		return -y, x
	}
	return x, y
}

// roadMin, roadMax are on_road's margins in m: the road width 5 from a road
// vertex's sides, and the cell side 24 less it.
const roadMin, roadMax = 5, CellSize - 5

// onRoad is CLandBlock::on_road: is landblock-local (x, y) on a road? The
// cell's four corner vertices' road bits say which sides and corners carry
// road; (dx, dy) is the position within the cell. Corners 0 = SW, 1 = NW,
// 2 = SE, 3 = NE.
func onRoad(t *[81]uint16, x, y float32) bool {
	cx, cy := int(math.Floor(float64(x)/CellSize)), int(math.Floor(float64(y)/CellSize))
	i := cx*9 + cy
	r0, r1, r2, r3 := t[i]&3 != 0, t[i+1]&3 != 0, t[i+9]&3 != 0, t[i+10]&3 != 0
	if !r0 && !r1 && !r2 && !r3 {
		return false
	}
	dx := float64(x) - float64(cx)*CellSize
	dy := float64(y) - float64(cy)*CellSize
	switch {
	case r0 && r1 && r2 && r3:
		return true
	case r0 && r1 && r2:
		return dx < roadMin || dy < roadMin
	case r0 && r1 && r3:
		return dx < roadMin || dy > roadMax
	case r0 && r1:
		return dx < roadMin // the west side
	case r0 && r2 && r3:
		return dx > roadMax || dy < roadMin
	case r0 && r2:
		return dy < roadMin // the south side
	case r0 && r3:
		return math.Abs(dx-dy) < roadMin // the SW–NE diagonal
	case r0:
		return dx+dy < roadMin // the SW corner
	case r1 && r2 && r3:
		return dx > roadMax || dy > roadMax
	case r1 && r2:
		return math.Abs(dx+dy-CellSize) < roadMin // the NW–SE diagonal
	case r1 && r3:
		return dy > roadMax // the north side
	case r1:
		return CellSize+dx-dy < roadMin // the NW corner
	case r2 && r3:
		return dx > roadMax // the east side
	case r2:
		return CellSize-dx+dy < roadMin // the SE corner
	}
	return 2*CellSize-dx-dy < roadMin // r3 alone: the NE corner
}

// BuildingCells marks the land cells of lb holding a LandBlockInfo
// building's origin (retail adds a building to the outdoor cell of its
// frame; CSortCell::has_building then keeps scenery out of that cell).
func BuildingCells(info *dat.LandBlockInfo) *[64]bool {
	var cells [64]bool
	if info == nil {
		return &cells
	}
	for _, bd := range info.Buildings {
		x, y := bd.Frame.X, bd.Frame.Y
		if x >= 0 && y >= 0 && x < BlockSize && y < BlockSize {
			cells[int(x/CellSize)*8+int(y/CellSize)] = true
		}
	}
	return &cells
}

// ObjectKind names what an object id stands for: "scenery" (placed by the
// region's scenes), "building" or "static" (LandBlockInfo), "interior" (an
// EnvCell's static).
func ObjectKind(id uint32) string {
	switch {
	case id&InteriorIDBits == InteriorIDBits: // an EnvCell's static (interior.go)
		return "interior"
	case id&0x8000 != 0:
		return "building"
	case id&SceneryIDBit != 0:
		return "scenery"
	}
	return "static"
}
