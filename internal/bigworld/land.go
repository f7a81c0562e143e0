package bigworld

// land.go: the procedural terrain of all 255 × 255 landblocks, one pass over
// the 2041 × 2041 global vertices (landblocks share edge vertices, like
// retail's), in parallel by rows.

import (
	"context"
	"iter"
	"math"
	"runtime"
	"sort"

	"soundworld/internal/pool"
)

// Size of the world (W1, dat-format §3.1 LandDefs: 255 × 255 landblocks).
const (
	Blocks = 255          // landblocks per side (0..254)
	Verts  = Blocks*8 + 1 // global vertices per side
	Cells  = Blocks * Blocks * 64
)

// Terrain codes used by the generator (dat-format §5.2).
const (
	tBarrenRock      = 0
	tGrassland       = 1
	tIce             = 2
	tLushGrass       = 3
	tMarsh           = 4
	tMud             = 5
	tObsidian        = 6
	tPackedDirt      = 7
	tPatchyDirt      = 8
	tPatchyGrass     = 9
	tSandYellow      = 10
	tSandGrey        = 11
	tSandRock        = 12
	tSedimentary     = 13
	tSemiBarren      = 14
	tSnow            = 15
	tWaterRunning    = 16
	tWaterStanding   = 17
	tShallowSea      = 18
	tShallowStillSea = 19
	tDeepSea         = 20
	tForest          = 21
	tArgila          = 24
	tVolcano1        = 25
	tVolcano2        = 26
	tBlueIce         = 27
	tMoss            = 28
	tDarkMoss        = 29
	tOlthoi          = 30
	tDesolate        = 31
)

// Vertices holds every global vertex's terrain word and height index,
// index gx*Verts + gy (x-major like a landblock's own arrays).
type Vertices struct {
	Terrain []uint16
	Height  []uint8
}

// genVertices computes every vertex (deterministic; rows in parallel on
// internal/pool's workers).
func genVertices(table *[256]float32) *Vertices {
	v := &Vertices{Terrain: make([]uint16, Verts*Verts), Height: make([]uint8, Verts*Verts)}
	pool.Run(context.Background(), runtime.GOMAXPROCS(0), Verts, func(rows iter.Seq[int]) {
		for gx := range rows {
			for gy := range Verts {
				w, h := vertex(gx, gy)
				v.Terrain[gx*Verts+gy] = w
				v.Height[gx*Verts+gy] = heightIndex(table, h)
			}
		}
	})
	return v
}

// blob is 1 at the centre of a round zone of radius r vertices, 0 outside.
func blob(gx, gy, cx, cy, r float64) float64 {
	d := math.Hypot(gx-cx, gy-cy) / r
	return math.Max(0, 1-d*d)
}

// vertex decides one global vertex: its terrain word and height in metres.
// An island continent (the sea rises towards the map's edge), hills and
// mountains, rivers, roads, moisture and temperature bands, a volcanic zone
// in the south-east, an olthoi zone in the north-west.
func vertex(gx, gy int) (word uint16, h float64) {
	x, y := float64(gx), float64(gy)
	// Distance to the edge, 0 at the border, 1 at the middle.
	edge := math.Min(math.Min(x, y), math.Min(Verts-1-x, Verts-1-y)) / (Verts / 2)
	cont := fbm(x, y, 700, 6, 1) + 0.55*math.Sqrt(edge) - 0.72
	moist := fbm(x, y, 500, 4, 3)
	temp := 1 - y/Verts*0.9 + (fbm(x, y, 400, 3, 4)-0.5)*0.5 // colder to the north
	mount := math.Max(0, fbm(x, y, 260, 5, 2)-0.55) * 2.2
	wobble := 0.4 + 1.2*fbm(x, y, 90, 3, 7) // ragged zone edges
	volc := blob(x, y, 1650, 380, 200) * wobble
	olth := blob(x, y, 330, 1700, 170) * wobble

	var t int
	road := uint16(0)
	switch {
	case cont < -0.06:
		h, t = 1+8*(cont+0.5), tDeepSea
		h = math.Max(0, h)
	case cont < 0:
		h, t = 6, tShallowSea
		if fbm(x, y, 60, 2, 6) > 0.6 {
			t = tShallowStillSea
		}
	default:
		h = 12 + cont*420 + mount*mount*900
		t, h = landType(x, y, h, cont, moist, temp, volc, olth)
		t, h, road = waterways(x, y, t, h, volc)
	}
	// Scene ordinal: patches of ~1–2 landblocks per variant.
	n := len(terrainScenes[t])
	so := min(int(fbm(x, y, 24, 2, 20+uint32(t))*float64(n)*1.3), n-1)
	return road | uint16(t)<<2 | uint16(so)<<11, math.Min(math.Max(h, 0), 700)
}

// landType is the terrain type of land vertex x, y at height h (m), from
// its continent value (a coast below 0.02), moisture, temperature and volcanic and olthoi zone strengths, and its
// height after the type's own change (a volcano rises, standing water sinks).
func landType(x, y, h, cont, moist, temp, volc, olth float64) (t int, _ float64) {
	switch {
	case cont < 0.02:
		t = tSandYellow
		if moist > 0.55 {
			t = tSandGrey
		}
	case volc > 0.15:
		t = []int{tVolcano1, tVolcano2, tObsidian}[int(fbm(x, y, 30, 2, 8)*3)]
		h += volc * 250
	case olth > 0.2:
		t = tOlthoi
		if fbm(x, y, 40, 2, 9) > 0.6 {
			t = tDesolate
		}
	case h > 520 || (h > 380 && temp < 0.35):
		t = tSnow
		if temp < 0.2 && fbm(x, y, 50, 2, 10) > 0.55 {
			t = tBlueIce
		}
	case temp < 0.18:
		t = tIce
	case h > 400:
		t = tBarrenRock
	case h > 300:
		t = tSemiBarren
		if moist < 0.4 {
			t = tSedimentary
		}
	case moist < 0.33:
		t = []int{tSandRock, tPatchyDirt, tArgila, tSandYellow}[int(fbm(x, y, 90, 2, 11)*4)]
	case moist > 0.64 && h < 60:
		t = tMarsh
		if fbm(x, y, 25, 2, 12) > 0.62 {
			t = tWaterStanding
			h -= 2
		}
	case moist > 0.56:
		t = tForest
		if moist > 0.62 {
			t = []int{tForest, tMoss, tDarkMoss}[int(fbm(x, y, 70, 2, 13)*3)]
		}
	case moist > 0.5:
		t = tLushGrass
	case moist < 0.4:
		t = tPatchyGrass
		if fbm(x, y, 35, 2, 14) > 0.65 {
			t = tMud
		}
	default:
		t = tGrassland
	}
	return t, h
}

// waterways lays rivers and roads over land vertex x, y of type t at height
// h (m): a river takes the vertex below the snow line outside the volcanic
// zone; a road keeps the type (grass becomes packed dirt) and sets the road
// bits.
func waterways(x, y float64, t int, h, volc float64) (int, float64, uint16) {
	road := uint16(0)
	// Rivers: thin bands along a noise contour, below the snow line.
	if r := math.Abs(fbm(x, y, 320, 3, 5) - 0.5); r < 0.005 && h < 400 && volc < 0.15 {
		t, h = tWaterRunning, h-2
	} else if r := math.Abs(fbm(x, y, 280, 3, 15) - 0.5); r < 0.004 && t != tWaterStanding {
		// Roads: another contour; the terrain keeps its type, the road bits say road.
		road = 1
		if t == tGrassland || t == tLushGrass || t == tPatchyGrass {
			t = tPackedDirt
		}
	}
	return t, h, road
}

// heightIndex is the index of the table entry nearest to m (lowest on a tie);
// the table is non-decreasing.
func heightIndex(table *[256]float32, m float64) uint8 {
	i := sort.Search(256, func(i int) bool { return float64(table[i]) >= m })
	switch {
	case i == 256:
		return 255
	case i > 0 && m-float64(table[i-1]) <= float64(table[i])-m:
		return uint8(i - 1)
	}
	return uint8(i)
}
