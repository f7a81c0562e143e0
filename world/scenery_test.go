package world

import (
	"math"
	"testing"

	"soundworld/dat"
)

// Scenery placement (E3's scenery; docs/formats.md "Scenery placement").
// Expected values are worked by hand from the documented formulas: the
// noise values below were computed outside Go (Python's arbitrary-precision
// integers, reduced mod 2^32) for global vertex (1355, 1445) — landblock
// 0xA9B4's vertex (3, 5): 0xA9·8 + 3, 0xB4·8 + 5.

// sceneFake is objFake plus Scene records (SceneReader).
type sceneFake struct {
	*objFake
	scenes map[uint32]*dat.Scene
}

func (f *sceneFake) Scene(id uint32) (*dat.Scene, error) { return record(f.scenes, id) }

const (
	sceneA, sceneB, sceneC uint32 = 0x12000001, 0x12000002, 0x12000003
	sceneryVX, sceneryVY          = 3, 5
	sceneryTerrain                = 5 // terrain type whose ordinal 0 lists scene type 4
)

// newSceneFake is newObjFake (flat 0xA9B4, one LandBlockInfo static) whose
// vertex (3, 5) has terrain type 5, scene ordinal 0 → scene type 4 →
// scenes A, B, C; every other vertex has no scenes.
func newSceneFake(t *testing.T, objs []dat.ObjectDesc) *sceneFake {
	f := &sceneFake{objFake: newObjFake(t), scenes: map[uint32]*dat.Scene{}}
	r := f.region
	r.Scene.SceneTypes = append(r.Scene.SceneTypes, dat.SceneType{StbIndex: dat.NoIndex, Scenes: []uint32{sceneA, sceneB, sceneC}})
	r.Terrain.TerrainTypes = append(r.Terrain.TerrainTypes, dat.TerrainType{Name: "scenic", SceneTypes: []uint32{4}})
	f.blocks[uint32(objLB)<<16|0xFFFF].Terrain[sceneryVX*9+sceneryVY] = sceneryTerrain << 2
	// Only the picked scene (B, see TestScenery_HandPlacement) holds objects;
	// A and C would place a marker object that must never appear.
	marker := []dat.ObjectDesc{{ObjID: 0x0200DEAD, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1}}
	f.scenes[sceneA] = &dat.Scene{ID: sceneA, Objects: marker}
	f.scenes[sceneB] = &dat.Scene{ID: sceneB, Objects: objs}
	f.scenes[sceneC] = &dat.Scene{ID: sceneC, Objects: marker}
	return f
}

func sceneryOf(t *testing.T, f *sceneFake) []Placed {
	t.Helper()
	land, err := NewLand(f)
	if err != nil {
		t.Fatal(err)
	}
	return NewObjectCatalog(land, f).Scenery(objLB)
}

// TestScenery_HandPlacement: the scene pick, the frequency gate, the weenie
// exclusion, displacement with its quarter turn, heading and scale, each
// against hand-worked values.
func TestScenery_HandPlacement(t *testing.T) {
	// Noise values at (1355, 1445), each n/2^32:
	//   scene pick  gy(712977289gx+1813693831) − 1109124029gx + 2139937281 → 0.4331063749268651
	//               three scenes: floor(3 × 0.4331…) = 1 → scene B.
	//   quadrant    1813693831gy − gx(1870387557gy + 1109124029) − 402451965 → 0.31154408026486635
	//               in [0.25, 0.5): (x, y) → (−y, x).
	//   freq (salt 23399), k = 0..3: 0.9386555003002286, 0.6746549690142274,
	//               0.4106544377282262, 0.14665390644222498
	//   k = 1: displace x (salt 45773) 0.9267679760232568, y (72719) 0.16845194343477488,
	//          heading (63127) 0.4615480387583375, scale (32593) 0.45377032551914454.
	objs := []dat.ObjectDesc{
		// k=0: noise 0.93866 is not below 0.9386 → not placed.
		{ObjID: 0x02000A00, Freq: 0.9386, MinScale: 1, MaxScale: 1, MaxSlope: 1},
		// k=1: 0.67465 < 0.7 → placed, displaced, turned, scaled.
		{ObjID: 0x02000A01, BaseLoc: dat.Frame{X: 4, Y: 6, QW: 1}, Freq: 0.7, DisplaceX: 10, DisplaceY: 10,
			MinScale: 0.5, MaxScale: 2, MaxRotation: 360, MinSlope: 0, MaxSlope: 1},
		// k=2: 0.41065 < 0.5 but a weenie object → never placed by the client.
		{ObjID: 0x02000A02, Freq: 0.5, MinScale: 1, MaxScale: 1, MaxSlope: 1, WeenieObj: 7},
		// k=3: 0.14665 < 0.2 → placed at the vertex itself; no rotation: the
		// base frame's heading (a quarter turn clockwise: W4 east = 90).
		{ObjID: 0x01000A03, BaseLoc: dat.Frame{QW: float32(math.Sqrt(0.5)), QZ: -float32(math.Sqrt(0.5))}, Freq: 0.2,
			MinScale: 1.3, MaxScale: 1.3, MaxSlope: 1},
	}
	got := sceneryOf(t, newSceneFake(t, objs))
	if len(got) != 2 {
		t.Fatalf("placed %d objects, want 2 (k = 1 and 3): %+v", len(got), got)
	}
	// k = 1 by hand: displaced (4 + 10·0.92677, 6 + 10·0.16845) as floats,
	// turned to (−y, x), plus the vertex's (72, 120) m.
	dx := float32(4 + 10*0.9267679760232568)
	dy := float32(6 + 10*0.16845194343477488)
	wantX, wantY := float32(72-float64(dy)), float32(120+float64(dx))
	wantH := float32(0.4615480387583375 * 360)
	wantS := float32(math.Pow(2/0.5, 0.45377032551914454) * 0.5)
	p := got[0]
	if p.ObjID != 0x02000A01 || p.K != 1 || p.Scene != sceneB || p.VX != 3 || p.VY != 5 || p.Index != 0 {
		t.Errorf("first placement %+v, want object k=1 of scene B at vertex (3, 5)", p)
	}
	if p.Loc.X != wantX || p.Loc.Y != wantY || p.Loc.Landblock != objLB {
		t.Errorf("k=1 at (%v, %v), want (%v, %v) = (72 − 7.6845, 120 + 13.2677)", p.Loc.X, p.Loc.Y, wantX, wantY)
	}
	if math.Abs(float64(p.Heading-wantH)) > 1e-4 || math.Abs(float64(p.Scale-wantS)) > 1e-6 {
		t.Errorf("k=1 heading %v scale %v, want %v (166.16°) and %v (4^0.4538 · 0.5)", p.Heading, p.Scale, wantH, wantS)
	}
	// The flat fake's ground: height byte 0 → 0 m.
	if p.Loc.Z != 0 {
		t.Errorf("k=1 z = %v, want the ground (0)", p.Loc.Z)
	}
	q := got[1]
	if q.ObjID != 0x01000A03 || q.K != 3 || q.Index != 1 || q.Loc.X != 72 || q.Loc.Y != 120 {
		t.Errorf("second placement %+v, want k=3 at the vertex (72, 120)", q)
	}
	if math.Abs(float64(q.Heading-90)) > 1e-3 || q.Scale != 1.3 {
		t.Errorf("k=3 heading %v scale %v, want the base frame's 90 and min = max = 1.3", q.Heading, q.Scale)
	}
}

// TestScenery_RoadBuildingBounds: the same object is refused on a road
// vertex's margin, in a cell holding a building, and outside the landblock.
func TestScenery_RoadBuildingBounds(t *testing.T) {
	// k = 0's freq noise is 0.93866: freq 1 places it; displacement 0 and
	// base (1, 1) turned by the quadrant (−y, x) → (−1, 1): (71, 121), in
	// cell (2, 5), 23 m east and 1 m north of that cell's SW corner (48, 120).
	obj := []dat.ObjectDesc{{ObjID: 0x02000B00, BaseLoc: dat.Frame{X: 1, Y: 1, QW: 1}, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1}}
	f := newSceneFake(t, obj)
	if got := sceneryOf(t, f); len(got) != 1 || got[0].Loc.X != 71 || got[0].Loc.Y != 121 {
		t.Fatalf("open ground: %+v, want one object at (71, 121)", got)
	}
	// A road bit on the cell's SE vertex (3, 5) — the scene's own vertex:
	// alone it claims the SE corner, 24 − dx + dy < 5: 24 − 23 + 1 = 2 → on the road.
	f = newSceneFake(t, obj)
	f.blocks[uint32(objLB)<<16|0xFFFF].Terrain[3*9+5] |= 1
	if got := sceneryOf(t, f); len(got) != 0 {
		t.Errorf("SE road corner: placed %+v, want none", got)
	}
	// A building whose origin is in cell (2, 5) keeps scenery out of it.
	f = newSceneFake(t, obj)
	f.infos[uint32(objLB)<<16|0xFFFE].Buildings = []dat.BuildInfo{{ModelID: 0x01000077, Frame: dat.Frame{X: 60, Y: 130, QW: 1}}}
	if got := sceneryOf(t, f); len(got) != 0 {
		t.Errorf("building cell: placed %+v, want none", got)
	}
	// Base (−80, 1) → turned (−1, −80): y = 120 − 80 = 40 inside, but base
	// (1, 200) → (−200, 1): x = 72 − 200 < 0 → outside the landblock.
	f = newSceneFake(t, []dat.ObjectDesc{{ObjID: 0x02000B01, BaseLoc: dat.Frame{X: 1, Y: 200, QW: 1}, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1}})
	if got := sceneryOf(t, f); len(got) != 0 {
		t.Errorf("outside the landblock: placed %+v, want none", got)
	}
}

// TestScenery_Slope: on ground rising 4 m per 24 m eastward, every
// triangle's normal z is 1/√(1 + (1/6)²) = 6/√37 ≈ 0.98639; CheckSlope
// keeps min ≤ z ≤ max; an aligned object faces up the slope's horizontal
// part, east: W4 heading 90.
func TestScenery_Slope(t *testing.T) {
	nz := 6 / math.Sqrt(37)
	for _, c := range []struct {
		min, max float32
		align    uint32
		placed   bool
	}{
		{0.98, 1, 0, true},
		{0.99, 1, 0, false}, // too steep for it
		{0, 0.98, 0, false}, // too flat for it
		{0, 1, 1, true},
	} {
		f := newSceneFake(t, []dat.ObjectDesc{{ObjID: 0x02000C00, Freq: 1, MinScale: 1, MaxScale: 1, MinSlope: c.min, MaxSlope: c.max, Align: c.align}})
		b := f.blocks[uint32(objLB)<<16|0xFFFF]
		for vx := range 9 {
			for vy := range 9 {
				b.Height[vx*9+vy] = uint8(2 * vx) // 4 m a vertex east (table: 2·i m)
			}
		}
		got := sceneryOf(t, f)
		if (len(got) == 1) != c.placed {
			t.Errorf("slope [%v, %v] with normal z %.5f: placed %d, want placed=%v", c.min, c.max, nz, len(got), c.placed)
			continue
		}
		if c.placed {
			// At the vertex (72, 120): 4 m × 3 vertices east = 12 m.
			if got[0].Loc.Z != 12 {
				t.Errorf("z = %v, want 12", got[0].Loc.Z)
			}
			if c.align != 0 && math.Abs(float64(got[0].Heading-90)) > 1e-3 {
				t.Errorf("aligned heading %v, want 90 (east, up the slope)", got[0].Heading)
			}
		}
	}
}

// TestScenery_OnRoad: each corner pattern of CLandBlock::on_road at points
// worked by hand (road margin 5 m, far margin 19 m), in cell (0, 0) whose
// corners are vertices 0 (SW), 1 (NW), 9 (SE), 10 (NE).
func TestScenery_OnRoad(t *testing.T) {
	type pt struct {
		x, y float32
		on   bool
	}
	for _, c := range []struct {
		name    string
		corners [4]bool // SW, NW, SE, NE
		pts     []pt
	}{
		{"none", [4]bool{}, []pt{{0, 0, false}, {12, 12, false}}},
		{"all", [4]bool{true, true, true, true}, []pt{{12, 12, true}}},
		{"SW corner", [4]bool{true, false, false, false}, []pt{{2, 2.9, true}, {2, 3, false}, {12, 12, false}}},
		{"NW corner", [4]bool{false, true, false, false}, []pt{{1, 21, true}, {2, 20, false}}},   // 24 + dx − dy < 5
		{"SE corner", [4]bool{false, false, true, false}, []pt{{21, 1, true}, {20, 2, false}}},   // 24 − dx + dy < 5
		{"NE corner", [4]bool{false, false, false, true}, []pt{{22, 22, true}, {21, 22, false}}}, // 48 − dx − dy < 5
		{"west side", [4]bool{true, true, false, false}, []pt{{4.9, 12, true}, {5, 12, false}}},
		{"south side", [4]bool{true, false, true, false}, []pt{{12, 4.9, true}, {12, 5, false}}},
		{"east side", [4]bool{false, false, true, true}, []pt{{19.1, 12, true}, {19, 12, false}}},
		{"north side", [4]bool{false, true, false, true}, []pt{{12, 19.1, true}, {12, 19, false}}},
		{"SW–NE diagonal", [4]bool{true, false, false, true}, []pt{{12, 8, true}, {12, 7, false}}},   // |dx − dy| < 5
		{"NW–SE diagonal", [4]bool{false, true, true, false}, []pt{{12, 16, true}, {12, 17, false}}}, // |dx + dy − 24| < 5
		{"all but NE", [4]bool{true, true, true, false}, []pt{{4, 12, true}, {12, 4, true}, {12, 12, false}}},
		{"all but SE", [4]bool{true, true, false, true}, []pt{{4, 12, true}, {12, 20, true}, {12, 12, false}}},
		{"all but NW", [4]bool{true, false, true, true}, []pt{{20, 12, true}, {12, 4, true}, {12, 12, false}}},
		{"all but SW", [4]bool{false, true, true, true}, []pt{{20, 12, true}, {12, 20, true}, {12, 12, false}}},
	} {
		var terr [81]uint16
		for i, v := range []int{0, 1, 9, 10} {
			if c.corners[i] {
				terr[v] = 2
			}
		}
		for _, p := range c.pts {
			if got := onRoad(&terr, p.x, p.y); got != p.on {
				t.Errorf("%s: (%v, %v) on road = %v, want %v", c.name, p.x, p.y, got, p.on)
			}
		}
	}
}

// TestScenery_SoundingSourceInTheSim: a scenery Setup whose default
// animation holds a SoundHook is an object source with the scenery id bit,
// heard through sound_hook like a LandBlockInfo static (E3).
func TestScenery_SoundingSourceInTheSim(t *testing.T) {
	const tree, treeAnim uint32 = 0x02000D00, 0x03000D00
	f := newSceneFake(t, []dat.ObjectDesc{
		{ObjID: 0x01000D01, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1},                            // a GfxObj: placed, silent
		{ObjID: tree, BaseLoc: dat.Frame{X: 2, QW: 1}, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1}, // sounds
	})
	f.setups[objSetup] = &dat.Setup{ID: objSetup} // the LandBlockInfo static: silent
	f.setups[tree] = &dat.Setup{ID: tree, DefaultAnimation: treeAnim}
	a := &dat.Animation{ID: treeAnim, Frames: make([]dat.AnimFrame, 40)}
	a.Frames[9].Hooks = []dat.Hook{{Type: dat.HookSound, Dir: dat.HookBoth, Wave: 0x0A000001}}
	f.anims[treeAnim] = a
	evs := objSim(t, f, 1.0/16, 2)
	// Created at the first tick, 1/16 s; at 30 frames/s frame 9 ends 10/30 s
	// later, first passed at the tick 6/16 s after creation: 7/16 s.
	if len(evs) == 0 {
		t.Fatal("the sounding scenery object never played")
	}
	// The tree is the second placement (index 1): id 0xA9B4_4001.
	if ev := evs[0]; ev.Object == nil || ev.Object.ObjectID != uint32(objLB)<<16|SceneryIDBit|1 || ev.Object.Setup != tree ||
		ev.Object.Type != dat.HookSound || ev.Wave != 0x0A000001 || ev.Time != 7.0/16 {
		t.Errorf("first object event %+v %+v, want the tree 0x%08X's SoundHook at 7/16 s", ev.Play, ev.Object, uint32(objLB)<<16|SceneryIDBit|1)
	}
}
