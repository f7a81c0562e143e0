package bigworld

// towns.go: settlements — LandBlockInfos with buildings and statics on dry,
// low land, so landmarks can be drawn (and read) at full scale. Model ids are
// dummy GfxObj ids (0x01…), as in the stand-in.

import (
	"math"

	"soundworld/dat"
)

// NumTowns is how many landblocks get a LandBlockInfo.
const NumTowns = 120

// townBlocks picks NumTowns landblocks whose centre vertex is land that is
// neither water nor snow nor rock, spread by a hash walk (deterministic).
func (w *World) townBlocks() []uint16 {
	var out []uint16
	seen := map[uint16]bool{}
	for i := uint32(0); len(out) < NumTowns && i < 200000; i++ {
		h := hash2(int32(i), 0, 4242)
		bx, by := int(h%(Blocks-2))+1, int((h>>12)%(Blocks-2))+1
		lb := uint16(bx<<8 | by)
		if seen[lb] {
			continue
		}
		t := int(w.Verts.Terrain[(bx*8+4)*Verts+by*8+4] >> 2 & 31)
		switch t {
		case tGrassland, tLushGrass, tPatchyGrass, tPackedDirt, tPatchyDirt, tForest, tSandRock:
		default:
			continue
		}
		seen[lb] = true
		out = append(out, lb)
	}
	return out
}

// townInfo builds landblock lb's LandBlockInfo: 4–9 buildings on a ring
// around the centre facing it, 3–10 statics between them.
func (w *World) townInfo(lb uint16, table *[256]float32) *dat.LandBlockInfo {
	bx, by := int(lb>>8), int(lb&0xFF)
	info := &dat.LandBlockInfo{ID: uint32(lb)<<16 | dat.LandBlockInfoL, Objects: []dat.Stab{}, Buildings: []dat.BuildInfo{}}
	h := hash2(int32(bx), int32(by), 99)
	nb, ns := 4+int(h%6), 3+int(h>>8%8)
	ground := func(x, y float64) float32 {
		gx, gy := bx*8+int(x/24), by*8+int(y/24)
		return table[w.Verts.Height[gx*Verts+gy]]
	}
	frame := func(x, y, heading float64) dat.Frame {
		half := heading * math.Pi / 360
		return dat.Frame{X: float32(x), Y: float32(y), Z: ground(x, y), QW: float32(math.Cos(half)), QZ: float32(-math.Sin(half))}
	}
	for i := range nb {
		a := 2 * math.Pi * float64(i) / float64(nb)
		x, y := 96+55*math.Sin(a), 96+55*math.Cos(a)
		facing := math.Mod(float64(i)*360/float64(nb)+180, 360) // towards the centre
		info.Buildings = append(info.Buildings, dat.BuildInfo{ModelID: 0x01000200 + h>>16%24, Frame: frame(x, y, facing), Portals: []dat.BldPortal{}})
	}
	for i := range ns {
		a := 2*math.Pi*float64(i)/float64(ns) + 0.3
		r := 20 + float64(hash2(int32(bx), int32(i), 98)%70)
		info.Objects = append(info.Objects, dat.Stab{ID: 0x01000100 + uint32(i%6), Frame: frame(96+r*math.Sin(a), 96+r*math.Cos(a), float64(i*37%360))})
	}
	info.Objects = append(info.Objects, townObjects(bx, by, frame)...) // E3 (objects.go)
	return info
}
